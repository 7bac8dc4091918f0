import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import type { IdNumbering } from '../../simulator/store.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { forwardWhole, frontServer, sendText } from '../support/front-server.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/**
 * b-dlv/delete on deployments that chose otherwise where the spec leaves them free: the read by
 * id (GET /deliveries/{id}) and the create (POST /deliveries) are extensions, so they may be
 * missing, refused to account 2, wrapped (`{"delivery": {...}}`), answered 410 once deleted, read
 * from a replica that lags as the lists do, or answer a deleted delivery as a tombstone. None is a
 * failure of B-DLV-1, and none may cost a verification the check could still make.
 */
async function deleteRun(conventions: ConventionsName, options: { faults?: FaultName[]; front?: Front; idNumbering?: IdNumbering; retarget?: (t: ResolvedTarget) => ResolvedTarget } = {}) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-dlv/delete'], seed: 7, runs: 3, conventions, ...options });
  return run.checks.find((c) => c.id === 'b-dlv/delete')!;
}

const DELIVERY = /^\/([^/]+)\/api\/deliveries\/(\d+)$/;
const DELIVERIES = /^\/([^/]+)\/api\/deliveries\/?$/;
const pathOf = (url: string | undefined) => (url ?? '').split('?')[0]!;
const wrapped = (body: string) => {
  const json = JSON.parse(body) as unknown;
  return JSON.stringify({ delivery: json });
};

/** Every 2xx answer carrying a delivery, wrapped in `{"delivery": ...}`: the create's (POST /deliveries) and the read's (GET /deliveries/{id}). */
const wrapsDeliveries = (which: 'create' | 'read'): Front =>
  rewriting((req, reply) => {
    const path = pathOf(req.url);
    const hit = which === 'create' ? req.method === 'POST' && DELIVERIES.test(path) : req.method === 'GET' && DELIVERY.test(path);
    return hit && reply.status < 300 && reply.body.startsWith('{') ? { body: wrapped(reply.body) } : undefined;
  });

/**
 * GET /deliveries/{id} served from a replica: a delivery read, made or listed before its DELETE is
 * still read for `lagMs` after the 204 (or for ever as a tombstone: `{..., "deleted": true}`).
 */
const laggingReads = (lagMs: number | 'tombstone'): Front => (upstream) => {
  const seen = new Map<string, string>();
  const deletedAt = new Map<string, number>();
  return frontServer(upstream, (req, _body, res, forward) => {
    const path = pathOf(req.url);
    const deleted = deletedAt.get(path);
    if (req.method === 'GET' && deleted !== undefined && seen.has(path) && (lagMs === 'tombstone' || Date.now() - deleted < lagMs)) {
      const kept = JSON.parse(seen.get(path)!) as Record<string, unknown>;
      res.writeHead(200, { 'content-type': 'application/vnd.service+json; version=2' }).end(JSON.stringify(lagMs === 'tombstone' ? { ...kept, deleted: true } : kept));
      return;
    }
    forwardWhole(forward, req.url ?? '/', ({ status, headers, body: text }) => {
      if (status < 300 && req.method === 'GET' && DELIVERY.test(path)) seen.set(path, text);
      if (status < 300 && req.method === 'POST' && DELIVERIES.test(path)) {
        const id = (JSON.parse(text) as { id?: unknown }).id;
        if (typeof id === 'number') seen.set(`${path.replace(/\/$/, '')}/${id}`, text);
      }
      if (status === 204 && req.method === 'DELETE' && DELIVERY.test(path) && !deletedAt.has(path)) deletedAt.set(path, Date.now());
      sendText(res, status, headers, text);
    });
  });
};

/** GET /deliveries/{id} not served (404 always), and a DELETE of a delivery already deleted answered 204 again (DELETE is idempotent). */
const unreadIdempotent: Front = (upstream) => {
  const deleted = new Set<string>();
  return frontServer(upstream, (req, _body, res, forward) => {
    const path = pathOf(req.url);
    if (req.method === 'GET' && DELIVERY.test(path)) {
      res.writeHead(404, { 'content-type': 'application/vnd.service+json; version=2' }).end('{"message":"Not found"}');
      return;
    }
    if (req.method === 'DELETE' && DELIVERY.test(path) && deleted.has(path)) {
      res.writeHead(204).end();
      return;
    }
    forward(req.url ?? '/', (reply) => {
      if (req.method === 'DELETE' && reply.statusCode === 204) deleted.add(path);
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
  });
};

/**
 * GET /deliveries/{id} not served (404 always), and a DELETE of a delivery account 1 made through
 * the API (not a seeded one) answered 204 and ignored: a deletion the read by id cannot show.
 */
const unreadIgnoringMadeOnes: Front = (upstream) => {
  const made = new Set<string>();
  return frontServer(upstream, (req, _body, res, forward) => {
    const path = pathOf(req.url);
    if (req.method === 'GET' && DELIVERY.test(path)) {
      res.writeHead(404, { 'content-type': 'application/vnd.service+json; version=2' }).end('{"message":"Not found"}');
      return;
    }
    if (req.method === 'DELETE' && made.has(path)) {
      res.writeHead(204).end();
      return;
    }
    forwardWhole(forward, req.url ?? '/', ({ status, headers, body: text }) => {
      const m = DELIVERIES.exec(path);
      if (req.method === 'POST' && m && m[1] !== SECOND && status < 300) {
        const id = (JSON.parse(text) as { id?: unknown }).id;
        if (typeof id === 'number') made.add(`${path.replace(/\/$/, '')}/${id}`);
      }
      sendText(res, status, headers, text);
    });
  });
};

const withListLag = (ms: number) => (t: ResolvedTarget): ResolvedTarget => ({ ...t, interfaceB: { ...t.interfaceB, listLagMs: ms } });

/** Account 2 is the second account of the embedded target's document. */
const SECOND = 'disco-two';

describe('b-dlv/delete where the deployment chose otherwise (conformant)', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    const passes = async (options: Parameters<typeof deleteRun>[1]) => {
      const check = await deleteRun(conventions, options);
      expect(check.verdict, describeChecks([check])).toBe('pass');
      expect(check.partial ?? []).toEqual([]);
      return check;
    };
    it(`GET /deliveries/{id} not served (404 always): passes (${conventions})`, { timeout: 60_000 }, async () => {
      await passes({ front: answering((req) => (req.method === 'GET' && DELIVERY.test(pathOf(req.url)) ? { status: 404, body: '{"message":"Not found"}' } : undefined)) });
    });
    it(`GET /deliveries/{id} refused to account 2 (403), deleted ones answered 410: passes (${conventions})`, { timeout: 60_000 }, async () => {
      await passes({
        front: rewriting((req, reply) => {
          const m = DELIVERY.exec(pathOf(req.url));
          if (req.method !== 'GET' || !m) return undefined;
          if (m[1] === SECOND) return { status: 403, body: '{"message":"Forbidden"}' };
          return reply.status === 404 ? { status: 410, body: '{"message":"Gone"}' } : undefined;
        }),
      });
    });
    it(`account 2 refused to make deliveries (402): passes, noted (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await passes({ front: answering((req) => (req.method === 'POST' && DELIVERIES.test(pathOf(req.url)) && pathOf(req.url).startsWith(`/${SECOND}/`) ? { status: 402, body: '{"message":"Upgrade your plan"}' } : undefined)) });
      expect(check.notes.join('\n')).toMatch(/no delivery of account 2 was deleted: POST \/deliveries .* answered 402/);
    });
    it(`GET /deliveries/{id} not served and a repeated DELETE answered 204 (idempotent): passes, the list showing the deletions (${conventions})`, { timeout: 60_000 }, async () => {
      await passes({ front: unreadIdempotent });
    });
    it(`ids numbered per account: passes (${conventions})`, { timeout: 60_000 }, async () => {
      await passes({ idNumbering: 'account' });
    });
    it(`reads by id from a replica lagging 1.5 s (list_lag_seconds 3): passes (${conventions})`, { timeout: 90_000 }, async () => {
      await passes({ front: laggingReads(1500), retarget: withListLag(3000) });
    });
    it(`a deleted delivery read as a tombstone ({..., "deleted": true}): passes (${conventions})`, { timeout: 90_000 }, async () => {
      const check = await passes({ front: laggingReads('tombstone') });
      expect(check.notes.join('\n')).toMatch(/marked deleted/);
    });
  }
});

describe('b-dlv/delete where the deployment chose otherwise, and the deletion fails (non-conformant)', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`creates answered wrapped ({"delivery": ...}): account 2's delete that only unschedules still fails B-DLV-1 (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await deleteRun(conventions, { faults: ['b-delivery-delete-later-account-unscheduled'], front: wrapsDeliveries('create') });
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-DLV-1', expect.stringMatching(/^delivery \d+ of account 2 is still read by GET \/deliveries\/\d+ with its api_key /)]]);
    });
    it(`GET /deliveries/{id} not served, repeated DELETEs answered 204: account 2's delete that only unschedules still fails B-DLV-1 (the list shows it) (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await deleteRun(conventions, { faults: ['b-delivery-delete-later-account-unscheduled'], front: unreadIdempotent });
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-DLV-1', expect.stringMatching(/^delivery \d+ of account 2 is still listed by GET \/deliveries /)]]);
    });
    it(`GET /deliveries/{id} not served: a delivery made through the API whose DELETE is ignored still fails B-DLV-1 (the list shows it) (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await deleteRun(conventions, { front: unreadIgnoringMadeOnes });
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-DLV-1', expect.stringMatching(/^delivery \d+ .*deleted first.* is still listed by GET \/deliveries /)]]);
    });
    it(`reads answered wrapped ({"delivery": ...}): a read cache keeping the deleted delivery still fails B-DLV-1 (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await deleteRun(conventions, { faults: ['b-delivery-read-cache-keeps-deleted'], front: wrapsDeliveries('read') });
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => f.clause)).toContain('B-DLV-1');
    });
  }
});
