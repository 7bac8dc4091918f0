import { describe, expect, it } from 'vitest';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';

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
