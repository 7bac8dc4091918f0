import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/*
 * B-KEY-1 beyond a key made fresh and read at once: b-user/ssh-key also adds a public key again
 * after deleting it (DELETE /user/keys/{id}, an extension), and reads a key back after PUT /user
 * changed the user's email (where change_user_email is permitted). A store whose unique
 * (user, fingerprint) index keeps soft-deleted rows (b-ssh-key-deleted-still-registered) and one
 * that files keys under the user's email at creation (b-ssh-key-lost-on-email-change) passed while
 * every key was fresh and the email never moved under one.
 */

/** A document without control_url, hence without change_user_email: the email may not be changed. */
function withoutEmailChange(target: ResolvedTarget): ResolvedTarget {
  const { controlUrl: _controlUrl, ...rest } = target;
  return { ...rest, permissions: [] };
}

describe('B-KEY-1: a deleted key can be added again, and keys outlive an email change', () => {
  it.each(['b-ssh-key-deleted-still-registered', 'b-ssh-key-lost-on-email-change'] as const)('%s fails B-KEY-1', { timeout: 60_000 }, async (fault) => {
    const run = await runSuitesAgainstSimulator({ faults: [fault], only: ['b-user/ssh-key'], seed: 7, runs: 2 });
    expect(run.checks.find((c) => c.id === 'b-user/ssh-key')?.verdict).toBe('fail');
    expect(run.failedClauses.has('B-KEY-1')).toBe(true);
  });

  it('without a fault both are seen, and the keys and the email are put back', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-user/ssh-key'], seed: 7, runs: 2 });
    const result = run.checks.find((c) => c.id === 'b-user/ssh-key');
    expect(result?.verdict).toBe('pass');
    expect(run.leftovers).toEqual([]);
    expect(result?.notes.join('\n') ?? '').not.toMatch(/deleted can be added again|email changed/);
  });

  it('where the email may not be changed it is a note, not a change of the email', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-ssh-key-lost-on-email-change'], only: ['b-user/ssh-key'], seed: 7, runs: 2, retarget: withoutEmailChange });
    const result = run.checks.find((c) => c.id === 'b-user/ssh-key');
    expect(result?.verdict).toBe('pass');
    expect(result?.notes.join('\n')).toMatch(/the user's email may not be changed/);
  });
});
