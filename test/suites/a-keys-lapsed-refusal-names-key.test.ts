import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-3: no answer after a key's creation returns its full value. The twenty-seventh mutation
 * audit found the refusals of expired keys never scanned: a deployment whose 401 to a key that
 * lapsed names it whole ("the API key fdk_... expired at ...") passed in std and alt. The expiry
 * checks now scan the expired key's own 401 for its value (no added request).
 */
describe('the expiry checks against a deployment whose 401 names the lapsed key', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a-keys/expiry-in-real-time fails A-AUTH-3 (${conventions})`, { timeout: 90_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/expiry-in-real-time'], seed: 7, runs: 3, conventions, faults: ['a-lapsed-key-401-names-key'] });
      const check = run.checks.find((c) => c.id === 'a-keys/expiry-in-real-time')!;
      expect(check.verdict).toBe('fail');
      expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-3', message: expect.stringContaining('the refusal of the key once expired') }));
    });
  }

  it('a-keys/expired-key-refused fails A-AUTH-3 (standard)', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/expired-key-refused'], seed: 7, runs: 3, faults: ['a-lapsed-key-401-names-key'] });
    const check = run.checks.find((c) => c.id === 'a-keys/expired-key-refused')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-3', message: expect.stringContaining('the refusal of the key once expired') }));
  });

  it('without the fault: both pass', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/expiry-in-real-time', 'a-keys/expired-key-refused'], seed: 7, runs: 3 });
    for (const check of run.checks) {
      expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
      expect(check.verdict).toBe('pass');
    }
  });
});
