import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { forwardWhole, frontServer, sendText } from '../support/front-server.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/**
 * b-conn/types-of-made-connections on deployments that chose otherwise where the spec leaves them
 * free: POST /connections/{type} and GET /connections/{type}/{id} are extensions, so they may
 * answer the connection wrapped (`{"connection": {...}}`), and a connection may be made in the
 * background (202, read only a moment later, within the list's lag). A types list that leaves
 * out the made type must still fail B-CONN-1 there, not turn into "not verified".
 */
async function typesRun(conventions: ConventionsName, options: { faults?: FaultName[]; front?: Front; retarget?: (t: ResolvedTarget) => ResolvedTarget } = {}) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-conn/types-of-made-connections'], seed: 7, runs: 3, conventions, ...options });
  return run.checks.find((c) => c.id === 'b-conn/types-of-made-connections')!;
}

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0]!;
const MAKE = /^\/[^/]+\/api\/connections\/(?!types$)[a-z0-9_-]+\/?$/;
const READ = /^\/[^/]+\/api\/connections\/(?!types$)[a-z0-9_-]+\/(\d+)$/;

const wrapsConnections = (which: 'create' | 'read'): Front =>
  rewriting((req, reply) => {
    const path = pathOf(req.url);
    const hit = which === 'create' ? req.method === 'POST' && MAKE.test(path) : req.method === 'GET' && READ.test(path);
    return hit && reply.status < 300 && reply.body.startsWith('{') ? { body: JSON.stringify({ connection: JSON.parse(reply.body) as unknown }) } : undefined;
  });

/** A connection made in the background: POST answers 202, and its read is 404 for `ms` after. */
const backgroundMade = (ms: number): Front => (upstream) => {
  const madeAt = new Map<string, number>();
  return frontServer(upstream, (req, _body, res, forward) => {
    const path = pathOf(req.url);
    const read = READ.exec(path);
    const since = read ? madeAt.get(read[1]!) : undefined;
    if (req.method === 'GET' && since !== undefined && Date.now() - since < ms) {
      res.writeHead(404, { 'content-type': 'application/vnd.service+json; version=2' }).end('{"message":"Not found"}');
      return;
    }
    forwardWhole(forward, req.url ?? '/', (reply) => {
      let status = reply.status;
      if (req.method === 'POST' && MAKE.test(path) && status < 300) {
        const id = (JSON.parse(reply.body) as { id?: unknown }).id;
        if (typeof id === 'number') madeAt.set(String(id), Date.now());
        status = 202;
      }
      sendText(res, status, reply.headers, reply.body);
    });
  });
};

/** GET /connections/types keyed by id, its `type` a category (`{"id": "redshift", "name": ..., "type": "catalog"}`). */
const typesKeyedById: Front = rewriting((req, reply) => {
  if (req.method !== 'GET' || !/\/connections\/types$/.test(pathOf(req.url)) || reply.status >= 300) return undefined;
  const items = JSON.parse(reply.body) as unknown;
  if (!Array.isArray(items)) return undefined;
  return { body: JSON.stringify(items.map((i: unknown) => (typeof i === 'object' && i !== null && 'type' in i ? { ...i, id: (i as { type: unknown }).type, type: 'catalog' } : i))) };
});

/**
 * A deployment whose own name for a Redshift connection is `amazon_redshift`: POST
 * /connections/redshift (the path's spelling, taken) answers that type, the connection is read
 * under it alone, and the types list spells it so.
 */
const ownSpelling: Front = (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    const path = pathOf(req.url);
    if (req.method === 'GET' && /\/connections\/redshift\/\d+$/.test(path)) {
      res.writeHead(404, { 'content-type': 'application/vnd.service+json; version=2' }).end('{"message":"Not found"}');
      return;
    }
    forwardWhole(forward, (req.url ?? '/').replace('/connections/amazon_redshift/', '/connections/redshift/'), (reply) => {
      const renamed = reply.status < 300 && /\/connections\/(types|redshift\/?|amazon_redshift\/\d+)$/.test(path);
      sendText(res, reply.status, reply.headers, renamed ? reply.body.replace(/"redshift"/g, '"amazon_redshift"') : reply.body);
    });
  });

const withListLag = (ms: number) => (t: ResolvedTarget): ResolvedTarget => ({ ...t, interfaceB: { ...t.interfaceB, listLagMs: ms } });

describe('b-conn/types-of-made-connections where the deployment chose otherwise (conformant)', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    for (const [what, front, retarget] of [
      ['the make answered wrapped', wrapsConnections('create'), undefined],
      ['the read answered wrapped', wrapsConnections('read'), undefined],
      ['connections made in the background (202, read 1 s later; list_lag_seconds 3)', backgroundMade(1000), withListLag(3000)],
      ['the types list keyed by id (its type a category)', typesKeyedById, undefined],
      ['a Redshift connection answered, read and listed as amazon_redshift', ownSpelling, undefined],
    ] as const) {
      it(`${what}: passes, the made type found (${conventions})`, { timeout: 60_000 }, async () => {
        const check = await typesRun(conventions, { front, ...(retarget ? { retarget } : {}) });
        expect(check.verdict, describeChecks([check])).toBe('pass');
        expect(check.partial ?? []).toEqual([]);
      });
      it(`${what}: a types list without warehouses still fails B-CONN-1 (${conventions})`, { timeout: 60_000 }, async () => {
        const check = await typesRun(conventions, { faults: ['b-connection-types-omits-warehouses'], front, ...(retarget ? { retarget } : {}) });
        expect(check.verdict, describeChecks([check])).toBe('fail');
        expect(check.failures.map((f) => f.clause)).toEqual(['B-CONN-1']);
      });
    }
    it(`every make refused by the plan (402): not verified, saying so, never a failure (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await typesRun(conventions, { front: answering((req) => (req.method === 'POST' && MAKE.test(pathOf(req.url)) ? { status: 402, body: '{"message":"Upgrade your plan"}' } : undefined)) });
      expect(check.verdict, describeChecks([check])).toBe('pass');
      expect((check.partial ?? []).map((p) => p.reason).join('\n')).toMatch(/no connection of a type account 1 holds none of could be made .*402/);
    });
  }
});
