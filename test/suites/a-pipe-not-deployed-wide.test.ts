import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-PIPE-2 for a wide pipeline (audit mut18 a): the generated definitions list 1 to 5 tables, so
 * an archive that takes another way past some table count (a bulk-cleanup queue answering 202)
 * was missed by a-pipe/delete-not-deployed.
 */

const CHECK = 'a-pipe/delete-not-deployed';

describe('a-pipe/delete-not-deployed with a wide pipeline', () => {
  it.each(['standard', 'alt'] as const)('fails A-PIPE-2 with a-wide-archive-202 (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-wide-archive-202'], exactly: [CHECK], conventions, seed: 7, runs: 3 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-PIPE-2');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/answered 202, expected 200/);
  });

  it('passes the simulator without the fault', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], seed: 7, runs: 3 });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
});
