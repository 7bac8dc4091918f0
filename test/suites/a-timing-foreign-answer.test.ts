import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/*
 * a-timing sends hundreds of requests about account 2's pipelines over a while, and may meet one
 * in a state the A-ENUM-1 checks, run earlier, did not (a deployment that refuses the DELETE of a
 * pipeline deep in its sync with 409 before it asks whose it is). An answer other than the 404
 * absent ids get is A-ENUM-1's failure, not a timing left unverified.
 */
describe('a-timing/foreign-404-latency meeting another answer for another account\'s pipeline', () => {
  it('fails A-ENUM-1 where a DELETE of account 2\'s pipeline is answered 409 and absent ids 404', { timeout: 120_000 }, async () => {
    let foreign = new Set<string>();
    // Account 2's fixture pipelines, as the target document gives them: one of them is timed.
    const learnForeign = (target: ResolvedTarget): ResolvedTarget => {
      foreign = new Set((target.a[1]?.fixtures.pipeline_ids ?? []).map(String));
      return target;
    };
    const conflict = answering((req) => {
      const id = /^\/api\/public\/v1\/pipelines\/(\d+)$/.exec(req.url ?? '')?.[1];
      return req.method === 'DELETE' && id !== undefined && foreign.has(id) ? { status: 409, body: JSON.stringify({ error: 'conflict', message: 'a sync cycle is being written' }) } : undefined;
    });
    const run = await runSuitesAgainstSimulator({ only: ['a-pipe/delete-not-deployed', 'a-timing/'], profile: 'spec', front: conflict, retarget: learnForeign, seed: 5, runs: 3 });
    const timing = run.checks.find((c) => c.id === 'a-timing/foreign-404-latency');
    expect(timing?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(timing?.failures.map((f) => f.clause)).toEqual(['A-ENUM-1']);
    expect(timing?.failures[0]?.message).toMatch(/answered 409 with account 1's key, where absent ids of the same timing just answered 404/);
  });
});
