import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concurrentCreates, interruptDrill, malformedFlood, pathologicalInputs, startDrillTarget, type DrillTarget } from './support/drills.ts';

/**
 * What must keep holding, CI-sized (the long forms run in `npm run soak`): malformed requests,
 * raw and framed, get no 5xx, no hang, no stack trace and always the error object; concurrent
 * creates in two accounts lose nothing, double nothing and never cross over.
 */
describe('robustness drills (a sample; npm run soak runs the long forms)', () => {
  let target: DrillTarget;
  beforeAll(async () => {
    target = await startDrillTarget();
  });
  afterAll(() => target.close());

  it('3,000 malformed requests: no 5xx, no hang, no stack trace, every 4xx the error object', async () => {
    const r = await malformedFlood(target, 3_000, { seed: 20261124, concurrency: 50 });
    expect(r.sent).toBe(3_000);
    expect(r.serverErrors).toEqual([]);
    expect(r.hangs).toBe(0);
    expect(r.stackTraces).toEqual([]);
    expect(r.withoutErrorObject).toEqual([]);
    // Live heap after a full collection: the journal's ring (1,000 entries, bodies capped) at most.
    expect(r.heapGrowthMb).toBeLessThan(32);
  }, 60_000);

  it('inputs shaped to make a backtracking pattern work hard: each gets its 4xx error object, none hangs', async () => {
    const r = await pathologicalInputs(target);
    expect(r.answers.map((a) => a.label)).toHaveLength(3);
    for (const a of r.answers) {
      expect(a.status, a.label).toBeGreaterThanOrEqual(400);
      expect(a.status, a.label).toBeLessThan(500);
      expect(a.errorObject, a.label).toBe(true);
    }
  }, 60_000);

  it('400 concurrent creates x 2 rounds over two accounts: none lost, none doubled, none listed in the other account', async () => {
    const r = await concurrentCreates(target, 400, 2);
    expect(r.failed).toEqual([]);
    expect(r.made).toBe(800);
    expect(r.duplicateIds).toBe(0);
    expect(r.missing).toBe(0);
    expect(r.crossListed).toBe(0);
  }, 60_000);

  it('Ctrl-C 3 s into a full disco check: exit 130 within 0.3 s, reports marked interrupted, nothing left behind', async () => {
    const r = await interruptDrill(3_000);
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(300);
    expect(r.interrupted).toBe('SIGINT');
    expect(r.leftovers).toBe(0);
  }, 60_000);

  it('tells a Ctrl-C that came while disco check was still starting from one it handled, instead of failing to read a report', async () => {
    // 50 ms after the spawn a checkout is still compiling: Node's default ends it, twice.
    await expect(interruptDrill(50)).rejects.toThrow(/still starting/);
  }, 60_000);
});
