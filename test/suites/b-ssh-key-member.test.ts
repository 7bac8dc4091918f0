import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { CheckResult, ResolvedTarget } from '../../suites/lib/types.ts';

/*
 * /user/keys are the caller's: B-KEY-1's check also has another user of the account
 * (member_api_key) create a key and read it back with its own key. A deployment that files every
 * new key under the account's owner (b-ssh-key-stored-under-owner) answers the member's POST 2xx
 * and its read 404; it passed while only api_key (the owner's) made and read keys.
 */

const verdicts = (checks: readonly CheckResult[]) => Object.fromEntries(checks.map((c) => [c.id, c.verdict]));

/** The target without member_api_key: the member's key cannot be made. */
const withoutMember = (target: ResolvedTarget): ResolvedTarget => ({ ...target, b: target.b.map(({ memberApiKey: _member, ...rest }) => rest) });

describe("B-KEY-1: a member's key is its own", () => {
  it.each(['standard', 'alt'] as const)("a key stored under the owner whoever calls fails B-KEY-1 (%s conventions)", { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ conventions, faults: ['b-ssh-key-stored-under-owner'], only: ['b-user/ssh-key'], seed: 7, runs: 2 });
    expect(verdicts(run.checks)['b-user/ssh-key']).toBe('fail');
    expect(run.failedClauses.has('B-KEY-1')).toBe(true);
  });

  it("without the fault the member's key is made, read back and deleted with the member's key", { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-user/ssh-key'], seed: 7, runs: 2 });
    expect(verdicts(run.checks)['b-user/ssh-key']).toBe('pass');
    expect(run.leftovers).toEqual([]);
    expect(run.checks.find((c) => c.id === 'b-user/ssh-key')?.notes.join('\n') ?? '').not.toMatch(/member_api_key/);
  });

  it('without member_api_key it is a note, not a partial', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-ssh-key-stored-under-owner'], only: ['b-user/ssh-key'], seed: 7, runs: 2, retarget: withoutMember });
    const result = run.checks.find((c) => c.id === 'b-user/ssh-key');
    expect(result?.verdict).toBe('pass');
    expect(result?.notes.join('\n')).toMatch(/member_api_key in the target document/);
  });
});
