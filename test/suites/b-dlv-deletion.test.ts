import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import { answering } from '../support/answering-front.ts';
import { rewriting } from '../support/rewriting-front.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { runOneCheck, runSuitesAgainstSimulator, withEmbeddedTarget } from '../support/run-suites.ts';

/**
 * B-DLV-1 says the DELETE deletes the blueprint. Where the delivery list (an extension) is not
 * served, a second DELETE finding nothing to delete shows it; a 204 alone does not. The fixture's
 * deletion is judged here: without control_url and the permissions create_connections and create_deliveries the
 * check makes no delivery of its own (whose read after its DELETE would show a deletion ignored).
 */
function fixturesOnly(target: ResolvedTarget): ResolvedTarget {
  // A document with control_url has every permission (the control API undoes what they allow).
  const { controlUrl: _controlUrl, ...rest } = target;
  return { ...rest, permissions: [] };
}
function deleteWithoutList(faults: FaultName[]) {
  return withEmbeddedTarget({ faults }, async (embedded) => {
    // Nor the read by id (also an extension), which would show a delivery kept otherwise.
    for (const path of ['/*/api/deliveries', '/*/api/deliveries/*']) {
      const rule = await fetch(`${embedded.target.controlUrl}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'GET', path, status: 404 }) });
      expect(rule.status).toBeLessThan(300);
    }
    return runOneCheck(fixturesOnly(embedded.target), 'b-dlv/delete', 'B-DLV-1');
  });
}

describe('b-dlv/delete on a target without GET /deliveries', () => {
  it('sees the deletion by a second DELETE finding nothing: B-DLV-1 passes', { timeout: 60_000 }, async () => {
    const { check, verdict } = await deleteWithoutList([]);
    expect(check.verdict).toBe('pass');
    expect(check.partial ?? []).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });

  it('a delivery that a 204 left in place is not a pass: B-DLV-1 not verified, saying why', { timeout: 60_000 }, async () => {
    const { check, verdict } = await deleteWithoutList(['b-delivery-delete-ignored']);
    expect(check.partial?.map((p) => p.clause)).toEqual(['B-DLV-1']);
    expect(check.partial?.[0]?.reason).toMatch(/GET \/deliveries \(an extension\) is not served, and a second DELETE \/deliveries\/\d+ answered 204/);
    expect(verdict?.verdict).toBe('not-verified');
  });
});

/** GET /deliveries lists nothing (a deployment whose list filters by default), and GET /deliveries/{id} is not served. */
const emptyDeliveryList = answering((req) => {
  if (req.method !== 'GET') return undefined;
  if (/^\/[^/]+\/api\/deliveries\/?(\?|$)/.test(req.url ?? '')) return { status: 200, body: '[]' };
  return /^\/[^/]+\/api\/deliveries\/\d+$/.test(req.url ?? '') ? { status: 404, body: '{"message":"Not found"}' } : undefined;
});

describe('b-dlv/delete on a target whose delivery list never showed the delivery', () => {
  it('a 204 that left the delivery in place is not a pass because the list does not show it: B-DLV-1 not verified, saying why', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-delivery-delete-ignored'], only: ['b-dlv/delete'], profile: 'spec', front: emptyDeliveryList, retarget: fixturesOnly });
    const check = run.checks.find((c) => c.id === 'b-dlv/delete')!;
    expect(check.verdict).toBe('pass');
    expect(check.partial?.map((p) => p.clause)).toEqual(['B-DLV-1']);
    expect(check.partial?.[0]?.reason).toMatch(/GET \/deliveries \(an extension\) did not list it before its deletion either, and a second DELETE \/deliveries\/\d+ answered 204/);
    expect(clauseVerdicts(run.checks, { profile: 'spec' }).find((v) => v.id === 'B-DLV-1')?.verdict).toBe('not-verified');
  });
});

describe('b-dlv/delete where an earlier run used up a delivery', () => {
  it('moves on past one that answers 410 Gone (which code a used-up delivery gets is the deployment\'s) and deletes the next', { timeout: 60_000 }, async () => {
    let first = true;
    const usedUp = answering((req) => {
      if (req.method !== 'DELETE' || !/^\/[^/]+\/api\/deliveries\/\d+$/.test(req.url ?? '') || !first) return undefined;
      first = false;
      return { status: 410, body: '{"message":"Gone."}' };
    });
    const run = await runSuitesAgainstSimulator({ only: ['b-dlv/delete'], profile: 'spec', front: usedUp });
    const check = run.checks.find((c) => c.id === 'b-dlv/delete')!;
    expect(first).toBe(false);
    expect([check.verdict, check.partial ?? []]).toEqual(['pass', []]);
    expect(check.notes.some((n) => /^deleted delivery \d+$/.test(n))).toBe(true);
  });
});

describe('b-dlv/delete where a used-up delivery is refused with another code', () => {
  /**
   * The first fixture delivery answers its DELETE 422 with the error object ("can no longer be
   * deleted"); `listed`: whether the delivery list still shows it.
   */
  function refusingFirst(listed: boolean) {
    const first = { id: '', refused: false };
    const front = rewriting((req, reply) => {
      const url = req.url ?? '';
      if (req.method === 'DELETE' && url.endsWith(`/api/deliveries/${first.id}`)) {
        first.refused = true;
        return { status: 422, body: '{"message":"This delivery can no longer be deleted."}' };
      }
      if (listed || req.method !== 'GET' || !/^\/[^/]+\/api\/deliveries\/?(\?|$)/.test(url)) return undefined;
      return { body: JSON.stringify((JSON.parse(reply.body) as { id: number }[]).filter((d) => String(d.id) !== first.id)) };
    });
    const retarget = (target: ResolvedTarget): ResolvedTarget => {
      first.id = String(target.b[0]?.fixtures.delivery_ids?.[0]);
      return target;
    };
    return { front, retarget, first };
  }

  it('moves on past a 422 for one the list does not show, and deletes the next', { timeout: 60_000 }, async () => {
    const { front, retarget, first } = refusingFirst(false);
    const run = await runSuitesAgainstSimulator({ only: ['b-dlv/delete'], profile: 'spec', front, retarget });
    const check = run.checks.find((c) => c.id === 'b-dlv/delete')!;
    expect(first.refused).toBe(true);
    expect([check.verdict, check.reason, check.partial ?? []]).toEqual(['pass', undefined, []]);
    expect(check.notes.some((n) => /^deleted delivery \d+$/.test(n) && n !== `deleted delivery ${first.id}`)).toBe(true);
  });

  it('fails B-DLV-1 on a 422 for one the list showed', { timeout: 60_000 }, async () => {
    const { front, retarget } = refusingFirst(true);
    const run = await runSuitesAgainstSimulator({ only: ['b-dlv/delete'], profile: 'spec', front, retarget });
    expect([...run.failedClauses]).toEqual(['B-DLV-1']);
  });
});

describe('b-dlv/delete and the deliveries it did not name', () => {
  it('fails B-DLV-1 where the DELETE of one delivery deletes every delivery of the account', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-delivery-delete-removes-all'], only: ['b-dlv/delete'], profile: 'spec' });
    const check = run.checks.find((c) => c.id === 'b-dlv/delete')!;
    expect([...run.failedClauses]).toEqual(['B-DLV-1']);
    expect(check.failures[0]?.message).toMatch(/after DELETE \/deliveries\/\d+, 2 of the 2 other deliveries listed before it are listed no more/);
  });

  it('says so in a note where the list cannot be read, and still passes on a second DELETE finding nothing', { timeout: 60_000 }, async () => {
    const { check, verdict } = await deleteWithoutList([]);
    expect(verdict?.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/whether the other deliveries were kept was not seen: GET \/deliveries \(an extension\) could not be read whole/);
  });
});

/**
 * A deletion must reach every view of the list: a status filter served from an index of its own
 * that a deletion never reaches still listed the deleted delivery, and passed (only the unfiltered
 * list was read). Judged only where the filtered list showed the delivery before the DELETE.
 */
describe('b-dlv/delete and the list filtered by the deleted delivery\'s status', () => {
  it.each(['standard', 'alt'] as const)('fails B-DLV-1 where GET /deliveries?status=... still lists the deleted delivery (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-delivery-status-index-keeps-deleted'], only: ['b-dlv/delete'], conventions, seed: 7, runs: 5 });
    const check = run.checks.find((c) => c.id === 'b-dlv/delete')!;
    expect([...run.failedClauses]).toEqual(['B-DLV-1']);
    // Standard's target description says its lists are current (list_lag_seconds 0): one read; alt's says nothing: 5 s.
    const waited = conventions === 'standard' ? /right after its deletion \(the target document says its lists are current: interface_b\.list_lag_seconds 0\)/ : /5 s \(a list.s lag when the target document gives no interface_b\.list_lag_seconds\) after its deletion/;
    expect(check.failures[0]?.message).toMatch(/delivery \d+ is still listed by GET \/deliveries\?status=\w+ /);
    expect(check.failures[0]?.message).toMatch(waited);
  });

  it('a target refusing the status filter (an extension) passes, saying the filtered list was not seen', { timeout: 60_000 }, async () => {
    const refuseStatus = answering((req) => (req.method === 'GET' && /^\/[^/]+\/api\/deliveries\?(.*&)?status=/.test(req.url ?? '') ? { status: 422, body: '{"message":"unknown parameter status"}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-dlv/delete'], seed: 7, runs: 5, front: refuseStatus });
    const check = run.checks.find((c) => c.id === 'b-dlv/delete')!;
    expect([check.verdict, check.partial ?? []]).toEqual(['pass', []]);
    expect(check.notes.join('\n')).toMatch(/whether delivery \d+ left the list filtered by its status was not seen: GET \/deliveries\?status=\w+ \(the real service's status filter, an extension\) did not list it/);
  });
});
