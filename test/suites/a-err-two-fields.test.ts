import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ERR-2 for a definition that fails at two fields (audit26 a): a service that names the field
 * only where one field failed, and sums several up by their count, named no field for such a
 * definition; the check sent only definitions broken at one field, so it passed.
 */

const CHECK = 'a-err/invalid-definition-400';

describe('a-err/invalid-definition-400 with two fields broken', () => {
  it.each(['standard', 'alt'] as const)('fails A-ERR-2 with a-several-problems-counted (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-several-problems-counted'], exactly: [CHECK], conventions, seed: 7, runs: 10 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ERR-2');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/two fields; either named will do\) does not name the field/);
  });

  it.each(['standard', 'alt'] as const)('passes the simulator without the fault (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], conventions, seed: 7, runs: 10 });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
});
