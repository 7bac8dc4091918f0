import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * a-err's sweeps send broken definitions only where a valid one is taken: a validation the target
 * routes that refuses the definition the create took (here the simulator's validation "moved to
 * v2", 404 with a key) is left out of them, and a note says so, where it used to drop silently.
 * That the route is not served under v1 is a-ver/key-accepted-under-v1's to judge (A-VER-1).
 */
describe('a-err where the validation refuses a valid definition', () => {
  it('notes the validation left out of the sweeps, and still passes A-ERR-2 on the others', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-err/invalid-definition-400'], faults: ['a-validate-moved-to-v2'], seed: 3, runs: 3 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason ?? JSON.stringify(check.failures)).toBe('pass');
    expect(check.notes).toContainEqual(expect.stringMatching(/^the definition the create took was refused where the target routes it \(POST \S+\/pipelines\/validate answered 404\): invalid and misshapen definitions were not sent there$/));
  });
});
