import { expect, it } from 'vitest';
import { faultCatalog, type FaultName } from '../../simulator/faults.ts';
import { runSuitesAgainstSimulator } from './run-suites.ts';

/**
 * For each fault: the checks that name the fault's clause, run against a simulator with that
 * fault on, must fail and name the clause. A fault no check trips means an untested rule.
 */
export function proveFaults(faults: FaultName[]): void {
  for (const fault of faults) {
    const { clause } = faultCatalog[fault];
    it(`${fault} makes the suites fail naming ${clause}`, async () => {
      const run = await runSuitesAgainstSimulator({ faults: [fault], only: [clause], seed: 99, runs: 15 });
      const named = run.checks.filter((c) => c.clauses.includes(clause));
      expect(named.length, `no check names ${clause}`).toBeGreaterThan(0);
      const summary = run.checks.map((c) => `${c.id}: ${c.verdict}${c.reason ? ` (${c.reason})` : ''}`).join('\n');
      expect([...run.failedClauses], summary).toContain(clause);
    });
  }
}
