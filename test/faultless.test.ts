import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from './support/run-suites.ts';

describe('the faultless simulator passes every check (no false alarms)', () => {
  for (const seed of [1, 20261122]) {
    it(`with seed ${seed}, nothing fails or errors`, async () => {
      const run = await runSuitesAgainstSimulator({ seed, runs: 10 });
      const bad = run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error');
      expect(bad, describeChecks(bad)).toEqual([]);
      expect(run.leftovers).toEqual([]);
      // Skips against the simulator would hide untested clauses: the embedded target offers everything.
      const skipped = run.checks.filter((c) => c.verdict === 'skip');
      expect(skipped.map((c) => `${c.id}: ${c.reason}`)).toEqual([]);
    });
  }
});
