import { expect, it } from 'vitest';
import { faultCatalog, type FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from './run-suites.ts';

const PROOF = { seed: 99, runs: 15 } as const;

/**
 * For each fault: the checks that name the fault's clause, run against a simulator with that
 * fault on, must fail and name the clause. A fault no check trips means an untested rule. The
 * same checks with the same seed pass against the faultless simulator, so the failure is the
 * fault's and not one the checks would report anyway.
 */
export function proveFaults(faults: FaultName[]): void {
  for (const clause of new Set(faults.map((fault) => faultCatalog[fault].clause))) {
    it(`the faultless simulator passes the checks naming ${clause}`, async () => {
      const run = await runSuitesAgainstSimulator({ only: [clause], ...PROOF });
      expect(run.checks.filter((c) => c.clauses.includes(clause)).length, `no check names ${clause}`).toBeGreaterThan(0);
      const bad = run.checks.filter((c) => c.verdict !== 'pass');
      expect(bad, describeChecks(bad)).toEqual([]);
    });
  }
  for (const fault of faults) {
    const { clause } = faultCatalog[fault];
    it(`${fault} makes the suites fail naming ${clause}`, async () => {
      const run = await runSuitesAgainstSimulator({ faults: [fault], only: [clause], ...PROOF });
      const named = run.checks.filter((c) => c.clauses.includes(clause));
      expect(named.length, `no check names ${clause}`).toBeGreaterThan(0);
      expect([...run.failedClauses], describeChecks(run.checks)).toContain(clause);
    });
  }
}
