import { describe, expect, it } from 'vitest';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-NTF-1: the mark by id is the caller's. A deployment that checks the notification against the
 * account's owner, not the caller, refuses a member's mark of its own notification (404); b-ntf/mark
 * marks one by id with member_api_key too, and judges it as api_key's.
 */
describe.concurrent("b-ntf/mark marks a notification of member_api_key's user by its id", () => {
  it("a mark by id checked against the account's owner fails B-NTF-1, naming the member's 404", { timeout: 30_000 }, async () => {
    const { check, verdict } = await withEmbeddedTarget({ faults: ['b-mark-by-id-owner-only'] }, (embedded) => runOneCheck(embedded.target, 'b-ntf/mark', 'B-NTF-1', { seed: 3 }));
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/by member_api_key's user, of notification \d+, its own .* answered 404, expected 200/);
    expect(verdict?.verdict).toBe('fail');
  });

  it("faultless: the member's mark is seen to work, and B-NTF-1 passes", { timeout: 30_000 }, async () => {
    const { check, verdict } = await withEmbeddedTarget({}, (embedded) => runOneCheck(embedded.target, 'b-ntf/mark', 'B-NTF-1', { seed: 3 }));
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/member_api_key's user marked notification \d+, its own .*by its id: answered 200 and read after/);
    expect(verdict?.verdict).toBe('pass');
  });
});

/**
 * B-NTF-1: a notification a watch brought is the watcher's to mark. A deployment that marks a job's
 * notification under the job's own permission (its creator's) refuses a watcher of another user's
 * job (404); b-job/watch, which supports B-NTF-1, has the member mark by id the notification of
 * the job of api_key's user that it watches.
 */
describe.concurrent("b-job/watch: member_api_key's user marks by its id the notification of a job it watches", () => {
  it("a mark allowed only to the job's creator fails B-NTF-1, naming the watcher's 404", { timeout: 60_000 }, async () => {
    const { check, verdict } = await withEmbeddedTarget({ faults: ['b-mark-job-notification-creator-only'] }, (embedded) => runOneCheck(embedded.target, 'b-job/watch', 'B-NTF-1'));
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/by member_api_key's user .*, of the notification about job \d+ \(made by api_key's user, watched by the member\) .* answered 404, expected 200/);
    expect(verdict?.verdict).toBe('fail');
  });

  it("faultless: the watcher's mark is seen to work", { timeout: 60_000 }, async () => {
    const { check } = await withEmbeddedTarget({}, (embedded) => runOneCheck(embedded.target, 'b-job/watch', 'B-NTF-1'));
    expect(check.failures).toEqual([]);
    expect(check.notes.join('\n')).toMatch(/marked notification \d+, about job \d+ it watches and did not make, by its id: answered 200 and read after/);
  });
});

// B-NTF-1 in another account than the first: a deployment whose later accounts' inbox the mark
// does not reach answers account 2's mark 200 and leaves its notification unread.
describeCheckCatches("b-ntf/mark: account 2's user marks one of its own by its id", {
  check: 'b-ntf/mark',
  fault: 'b-mark-later-accounts-ignored',
  clause: 'B-NTF-1',
  message: /^account 2's notification \d+ is still unread .*after POST \/notifications\/mark \{"id": \d+\} with account 2's key$/,
});
