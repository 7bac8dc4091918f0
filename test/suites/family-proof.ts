import { describe, expect, it } from 'vitest';
import { faultCatalog, type FaultName } from '../../simulator/faults.ts';
import { runSuitesAgainstSimulator, type SuiteRun } from '../support/run-suites.ts';

/**
 * The self-test of one family of checks: against the faultless simulator nothing fails, errors
 * or skips (two seeds), and each fault of the family's clauses makes the family fail naming the
 * fault's clause. One simulator run per seed and per fault, with few cases, to stay fast.
 */
export function proveFamily(family: string, faults: FaultName[], options: { runs?: number } = {}): void {
  const runs = options.runs ?? 6;
  describe(`${family}: the faultless simulator passes`, () => {
    for (const seed of [7, 20261122]) {
      it(`with seed ${seed}, every check passes`, async () => {
        const run = await runSuitesAgainstSimulator({ only: [`${family}/`], seed, runs });
        expect(run.checks.length, `no check of ${family}`).toBeGreaterThan(0);
        const bad = run.checks.filter((c) => c.verdict !== 'pass');
        expect(bad.map(describeCheck), describeRun(run)).toEqual([]);
        expect(run.leftovers).toEqual([]);
      });
    }
  });

  if (faults.length === 0) return;
  describe(`${family}: each fault of its clauses is caught`, () => {
    it.each(faults)('%s fails the family, naming its clause', async (fault) => {
      const { clause } = faultCatalog[fault];
      const run = await runSuitesAgainstSimulator({ only: [`${family}/`], faults: [fault], seed: 99, runs });
      expect([...run.failedClauses], describeRun(run)).toContain(clause);
    });
  });
}

function describeCheck(c: SuiteRun['checks'][number]): string {
  return `${c.id}: ${c.verdict}${c.reason ? ` (${c.reason})` : ''}`;
}

function describeRun(run: SuiteRun): string {
  return run.checks
    .map((c) => `${describeCheck(c)}${c.failures.map((f) => `\n  ${f.clause} ${f.message}\n  expected ${f.expected ?? '-'}\n  received ${f.received ?? '-'}`).join('')}`)
    .join('\n');
}
