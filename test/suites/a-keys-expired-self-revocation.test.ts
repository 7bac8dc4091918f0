import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * A-AUTH-4: an expired key does not authenticate, on its own record either. The seventeenth
 * mutation audit's m08 found a-keys/expired-key-refused passing a deployment for which "an expired
 * key may always be cleaned up": the revocation of a key by itself skipped the expiry test. The
 * check sent the expired key to the revocation of another key only; it now also sends the
 * revocation of the expired key's own record (once a run), which must be refused.
 */
describe('a-keys/expired-key-refused against a deployment that lets an expired key revoke itself', () => {
  const run = (faults: FaultName[]) => runSuitesAgainstSimulator({ only: ['a-keys/expired-key-refused'], profile: 'simulator', seed: 7, runs: 3, faults });

  it('an expired admin key revokes itself (200): fails A-AUTH-4', { timeout: 90_000 }, async () => {
    const check = (await run(['a-expired-key-revokes-itself'])).checks.find((c) => c.id === 'a-keys/expired-key-refused')!;
    expect(check.verdict, check.reason).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-4', message: expect.stringMatching(/past its expiry on its own revocation authenticated: /) }));
  });

  it('without a fault: passes', { timeout: 90_000 }, async () => {
    const check = (await run([])).checks.find((c) => c.id === 'a-keys/expired-key-refused')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});

/**
 * Freedom audit 21, item 2: the self-revocation went only with the first case that drew an admin
 * key, so a run drawing none (seed 9 at 3 runs) never sent it, and passed the fault silently. An
 * admin key made to expire for it after the property now sends it in such a run.
 */
describe('a-keys/expired-key-refused in a run whose cases draw no admin key (seed 9, 3 runs)', () => {
  const run = (faults: FaultName[]) => runSuitesAgainstSimulator({ exactly: ['a-keys/expired-key-refused'], profile: 'simulator', seed: 9, runs: 3, faults });

  it('still sends an expired admin key its own revocation: fails A-AUTH-4 with the fault', { timeout: 60_000 }, async () => {
    const check = (await run(['a-expired-key-revokes-itself'])).checks[0]!;
    expect(check.verdict, check.reason).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-4', message: expect.stringMatching(/^an admin key made for it, 1 s past its expiry, on its own revocation authenticated: /) }));
  });

  it('without a fault: passes', { timeout: 60_000 }, async () => {
    const check = (await run([])).checks[0]!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});
