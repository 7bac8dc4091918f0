import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * Mutation audit 17 m05 (B-AUTH-2): a replaced key put on a revocation deny-list whose entries
 * expire after an hour (simulator time), its index row kept: refused at once, it authenticates
 * again later. The B-AUTH-2 checks tried a replaced key only minutes after its regeneration, so
 * they passed it. Only the control API's clock can carry a key that far.
 */
const CHECK = 'b-auth/replaced-key-refused-days-later';

describe('b-auth: a replaced key days after its regeneration', () => {
  it('authenticating again once its deny-list entry expired (b-replaced-key-denied-for-an-hour): the days-later check fails B-AUTH-2', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [CHECK], faults: ['b-replaced-key-denied-for-an-hour'], profile: 'spec', seed: 7, runs: 3 });
    const check = run.checks.find((c) => c.id === CHECK);
    expect(check?.verdict).toBe('fail');
    expect(check?.failures.map((f) => [f.clause, f.message])).toEqual([['B-AUTH-2', expect.stringMatching(/^api_key, replaced by POST \/user\/tokens, authenticates again 2 days later \(simulator clock; GET \/connections\/types answered 200\)/)]]);
  });

  it('still refused two days later (the simulator as it is): the check passes', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [CHECK], profile: 'spec', seed: 7, runs: 3 });
    expect(run.checks.map((c) => [c.id, c.verdict])).toEqual([[CHECK, 'pass']]);
  });

  it('is skipped without the control API (the alt conventions), as an accelerator', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [CHECK], conventions: 'alt', seed: 7, runs: 3 });
    expect(run.checks.map((c) => [c.id, c.verdict, c.accelerator])).toEqual([[CHECK, 'skip', true]]);
  });
});
