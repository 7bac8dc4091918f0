import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ERR-2 for every rule of the definition table, each broken once in every run: the property's
 * draws meet each rule only now and then, so a rule whose field was named wrong (a table item's
 * index counted from 1) passed whole seeds (99 and 4 at 10 cases, with the two-field cases in the
 * draw). With one case per property the sweep alone still meets it.
 */

const CHECK = 'a-err/invalid-definition-400';

describe('a-err/invalid-definition-400 breaks every rule once', () => {
  it.each([['standard', 99], ['alt', 3], ['alt', 5]] as const)('fails A-ERR-2 with a-table-index-one-based at one case (%s conventions, seed %i)', { timeout: 60_000 }, async (conventions, seed) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-table-index-one-based'], exactly: [CHECK], conventions, seed, runs: 1 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => `${f.clause} ${f.message}`).join('\n')).toMatch(/A-ERR-2 the 400 for source\.tables.* names another item of source\.tables/);
  });
});
