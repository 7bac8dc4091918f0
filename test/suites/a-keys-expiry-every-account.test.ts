import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-4 for every account's keys: both expiry checks also make a key of account 2 (with its
 * admin key from the target document) and see it refused once expired, so a gate whose expiry
 * table holds one account's keys (fault a-key-expiry-first-account-only) is caught, in real time
 * too. A target document without account 2's pipeline_admin_key leaves that part out, saying so in
 * a note: account 1's keys have verified A-AUTH-4 (as a-keys/revocation-final's account-2 case
 * leaves A-AUTH-6 verified), so the clause stays verified, never failed.
 */
const CHECKS = ['a-keys/expired-key-refused', 'a-keys/expiry-in-real-time'];

describe("expiry of account 2's keys", () => {
  it('fails A-AUTH-4 where only the first account\'s keys expire, in both checks', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: CHECKS, seed: 6, runs: 3, faults: ['a-key-expiry-first-account-only'] });
    expect(run.checks.map((c) => [c.id, c.verdict, [...new Set(c.failures.map((f) => f.clause))]]), describeChecks(run.checks)).toEqual(CHECKS.map((id) => [id, 'fail', ['A-AUTH-4']]));
    for (const check of run.checks) expect(check.failures.map((f) => f.message).join('\n'), check.id).toMatch(/^account 2's key \d+ s past its expiry/m);
  });

  it("notes what would let it run, the clause still verified, where the target document gives account 2 no admin key", { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: CHECKS, seed: 6, runs: 3, retarget: (target) => ({ ...target, a: target.a.map((a, i) => (i === 1 ? { ...a, adminKey: undefined } : a)) }) });
    expect(run.checks.map((c) => [c.id, c.verdict, c.failures.length]), describeChecks(run.checks)).toEqual(CHECKS.map((id) => [id, 'pass', 0]));
    for (const check of run.checks) {
      expect(check.partial ?? [], check.id).toEqual([]);
      expect(check.notes, check.id).toContainEqual(expect.stringMatching(/accounts\[1\]\.pipeline_admin_key/));
    }
  });
});
