import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-PIPE-2's "nothing else" beside a not-deployed pipeline whose name folds to the archived one's
 * slug (audit mut18 a): an archive written as one UPDATE over the account's not-deployed pipelines
 * of that slug archives the twin too. a-pipe/delete-not-deployed only looked at a deployed twin.
 */

const CHECK = 'a-pipe/delete-not-deployed';

describe('a-pipe/delete-not-deployed beside a not-deployed slug twin', () => {
  it.each(['standard', 'alt'] as const)('fails A-PIPE-2 with a-archive-takes-not-deployed-slug-twins (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-archive-takes-not-deployed-slug-twins'], exactly: [CHECK], conventions, seed: 7, runs: 3 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-PIPE-2');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/left pipeline \d+ .*created and never started, .*archived/);
  });

  it('passes the simulator without the fault', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], seed: 7, runs: 3 });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
});
