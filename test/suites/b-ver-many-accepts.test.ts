import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-VER-1 after many Accept headers (fourth mutation audit #47): a bounded cache of Accept
 * verdicts that, once full, serves what it has not judged (b-accept-cache-fails-open) was never
 * reached, since the suites sent fewer than 256 distinct Accept headers. b-ver/accept-required
 * sends 320 distinct spellings of the versioned media type, each to be served, and then wrong
 * ones, each to be refused; the fault's cache is its simulator's own, so the run alone fills it.
 */
describe('b-ver/accept-required after many spellings of Accept', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails a verdict cache that serves everything once full (b-accept-cache-fails-open), ${conventions} conventions`, { timeout: 60_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ only: ['b-ver/accept-required'], profile: 'spec', faults: ['b-accept-cache-fails-open'], conventions, seed: 7, runs: 5 });
      const check = run.checks.find((c) => c.id === 'b-ver/accept-required')!;
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => f.clause)).toEqual(['B-VER-1']);
      expect(check.failures[0]?.message).toMatch(/after 320 distinct spellings of the required media type were served/);
    });
  }

  it('passes without the fault, every spelling served', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ver/accept-required'], profile: 'spec', seed: 7, runs: 5 });
    const check = run.checks.find((c) => c.id === 'b-ver/accept-required')!;
    expect([check.verdict, check.failures], describeChecks([check])).toEqual(['pass', []]);
  });
});
