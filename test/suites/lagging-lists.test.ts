import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * A deployment may serve its extension lists (GET /jobs, GET /hooks) from an index that lags the
 * store by a moment (the third freedom audit's variations fd 1 and 7): the spec nowhere says a
 * list shows a write at once. The checks that compare a list before and after writes that must be
 * refused see the run's own earlier writes surface late; they tell them by the run's write ledger
 * and pass, and still fail a refused write that took effect.
 */
const LAG_MS = 1_500;

/** A front whose GET of each of `lists` (the standard conventions' paging, offset/limit) shows the list as it was `LAG_MS` ago. */
function laggingLists(lists: readonly string[] = ['jobs', 'hooks']) {
  const names = lists.join('|');
  const LIST = new RegExp(`^(/[^/]+/api)/(${names})(?:\\?(.*))?$`);
  const ITEM = new RegExp(`^(/[^/]+/api)/(${names})/(\\d+)$`);
  const MADE = new RegExp(`^(/[^/]+/api)/(${names})$`);
  // Per account and list: when each id was created, and what was deleted when (as it was).
  const created = new Map<string, number>();
  const deleted = new Map<string, { at: number; item: Record<string, unknown> }[]>();
  return rewriting((req, reply) => {
    const url = req.url ?? '';
    const now = Date.now();
    const made = MADE.exec(url);
    if (req.method === 'POST' && made && reply.status < 300) {
      const id = parsed(reply.body)?.id;
      if (typeof id === 'number') created.set(`${made[1]} ${made[2]} ${id}`, now);
      return undefined;
    }
    const gone = ITEM.exec(url);
    if (req.method === 'DELETE' && gone && reply.status < 300) {
      const key = `${gone[1]} ${gone[2]}`;
      const item = parsed(reply.body) ?? { id: Number(gone[3]) };
      deleted.set(key, [...(deleted.get(key) ?? []), { at: now, item }]);
      return undefined;
    }
    const list = LIST.exec(url);
    if (req.method !== 'GET' || !list || reply.status !== 200) return undefined;
    let items: unknown;
    try {
      items = JSON.parse(reply.body);
    } catch {
      return undefined;
    }
    if (!Array.isArray(items)) return undefined;
    const key = `${list[1]} ${list[2]}`;
    const shown = items.filter((x) => !(isRecord(x) && now - (created.get(`${key} ${String(x.id)}`) ?? 0) < LAG_MS));
    // Deleted ones still shown: on an unfiltered first page with room for them (the page size kept).
    const query = new URLSearchParams(list[3] ?? '');
    const limit = Number(query.get('limit') ?? 20);
    const plain = [...query.keys()].every((k) => k === 'limit' || k === 'offset') && Number(query.get('offset') ?? 0) === 0;
    if (plain) {
      for (const { at, item } of deleted.get(key) ?? []) {
        if (now - at < LAG_MS && shown.length < limit && !shown.some((x) => isRecord(x) && x.id === item.id)) shown.push(item);
      }
    }
    return { body: JSON.stringify(shown) };
  });
}

function parsed(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const CHECKS = ['b-auth/refused-writes-change-nothing', 'b-iso/foreign-writes-change-nothing'];

describe('job and hook lists that show writes 1.5 s late', () => {
  it('are no change: the checks comparing lists before and after refused writes pass', { timeout: 180_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, front: laggingLists(), seed: 7, runs: 5 });
    const judged = CHECKS.map((id) => run.checks.find((c) => c.id === id));
    expect(judged.map((c) => [c?.id, c?.verdict, c?.failures.map((f) => f.message)])).toEqual(CHECKS.map((id) => [id, 'pass', []]));
  });

  it('still fail a refused DELETE that took effect (B-AUTH-1)', { timeout: 180_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-auth/refused-writes-change-nothing'], faults: ['b-unknown-key-deletes-as-first-user'], front: laggingLists(), seed: 7, runs: 5 });
    const check = run.checks.find((c) => c.id === 'b-auth/refused-writes-change-nothing');
    expect(check?.verdict).toBe('fail');
    expect(check?.failures[0]?.clause).toBe('B-AUTH-1');
  });

  it("still fail a foreign write that took effect (X-ISO-1)", { timeout: 180_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-iso/foreign-writes-change-nothing'], faults: ['b-foreign-watch-allowed'], front: laggingLists(), seed: 7, runs: 5 });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-writes-change-nothing');
    expect(check?.verdict).toBe('fail');
    expect(check?.failures[0]?.clause).toBe('X-ISO-1');
  });
});

describe('a delivery list that shows a deletion 1.5 s late', () => {
  const declaring = (seconds: number) => (target: ResolvedTarget): ResolvedTarget => ({ ...target, interfaceB: { ...target.interfaceB, listLagMs: seconds * 1000 } });

  it('is no failure where the target document says the lists may lag 2 s (interface_b.list_lag_seconds): B-DLV-1 passes, seen in the list', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-dlv/delete'], front: laggingLists(['deliveries']), retarget: declaring(2), seed: 7, runs: 5 });
    const check = run.checks.find((c) => c.id === 'b-dlv/delete');
    expect([check?.verdict, check?.failures.map((f) => f.message), check?.partial ?? []]).toEqual(['pass', [], []]);
  });

  it('fails B-DLV-1 where the document promises 1 s, saying how long it waited and why', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-dlv/delete'], front: laggingLists(['deliveries']), retarget: declaring(1), seed: 7, runs: 5 });
    const check = run.checks.find((c) => c.id === 'b-dlv/delete');
    expect(check?.verdict).toBe('fail');
    expect(check?.failures[0]?.clause).toBe('B-DLV-1');
    expect(check?.failures[0]?.message).toMatch(/is still listed by GET \/deliveries 1 s \(the target document's interface_b\.list_lag_seconds\) after its deletion/);
  });
});
