import { describe, expect, it } from 'vitest';
import { faultCatalog, type FaultName } from '../../simulator/faults.ts';
import { describeCheck, describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

const FAULT_SEED = 99;

/**
 * The self-test of one family of checks: against the faultless simulator nothing fails, errors
 * or skips (two seeds), and each fault of the family's clauses makes the family fail naming the
 * fault's clause. One simulator run per seed and per fault, with few cases, to stay fast.
 */
export function proveFamily(family: string, faults: FaultName[], options: { runs?: number } = {}): void {
  const runs = options.runs ?? 6;
  describe(`${family}: the faultless simulator passes`, () => {
    // FAULT_SEED is one of them: the fault runs below differ from a passing run by the fault only.
    for (const seed of [FAULT_SEED, 20261122]) {
      it(`with seed ${seed}, every check passes`, async () => {
        const run = await runSuitesAgainstSimulator({ only: [`${family}/`], seed, runs });
        expect(run.checks.length, `no check of ${family}`).toBeGreaterThan(0);
        const bad = run.checks.filter((c) => c.verdict !== 'pass');
        expect(bad.map(describeCheck), describeChecks(run.checks)).toEqual([]);
        expect(run.leftovers).toEqual([]);
      });
    }
  });

  if (faults.length === 0) return;
  describe(`${family}: each fault of its clauses is caught`, () => {
    it.each(faults)('%s fails the family, naming its clause', async (fault) => {
      const { clause } = faultCatalog[fault];
      const run = await runSuitesAgainstSimulator({ only: [`${family}/`], faults: [fault], seed: FAULT_SEED, runs });
      expect([...run.failedClauses], describeChecks(run.checks)).toContain(clause);
    });
  });
}
