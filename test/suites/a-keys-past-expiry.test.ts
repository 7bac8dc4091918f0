import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-4: an expired key does not authenticate. The twenty-seventh mutation audit found every
 * key the checks made with an expiry made to expire ahead: a deployment that takes an expiry
 * already past and enforces expiry through a cache TTL of `expires_at - now`, set only where
 * that is positive, keeps such a key working for ever. a-keys/expiry-in-real-time now makes one
 * key with an expiry an hour past; where the target makes it, it must be refused at once.
 */
describe('a-keys/expiry-in-real-time against a deployment that never expires a key made already expired', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails A-AUTH-4 (${conventions})`, { timeout: 90_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/expiry-in-real-time'], seed: 7, runs: 3, conventions, faults: ['a-past-expiry-never-enforced'] });
      const check = run.checks.find((c) => c.id === 'a-keys/expiry-in-real-time')!;
      expect(check.verdict).toBe('fail');
      expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-4', message: expect.stringContaining('an hour before the target\'s time') }));
    });
  }

  it('without the fault: passes', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/expiry-in-real-time'], seed: 7, runs: 3 });
    const check = run.checks.find((c) => c.id === 'a-keys/expiry-in-real-time')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});
