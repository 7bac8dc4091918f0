import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ERR-2 for a broken item of source.tables (audit mut18 a): naming the list counts as naming
 * the field (the list holds the bad item), but the check also took another item of it
 * (`source.tables[2]` for a bad `source.tables[1]`, a 1-based index) for the field named.
 */

const CHECK = 'a-err/invalid-definition-400';

describe('a-err/invalid-definition-400 with table items named one past', () => {
  it.each(['standard', 'alt'] as const)('fails A-ERR-2 with a-table-index-one-based (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-table-index-one-based'], exactly: [CHECK], conventions, seed: 7, runs: 10 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ERR-2');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/names another item of source\.tables/);
  });

  it('passes the simulator without the fault', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], seed: 7, runs: 10 });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
});
