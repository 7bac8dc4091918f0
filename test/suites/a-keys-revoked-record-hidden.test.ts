import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-3: no later read returns a key's full value. The twenty-seventh mutation audit found a
 * key's record never read after its revocation (the revocation answer was the last one scanned):
 * a store that moves revoked keys to an audit table kept in clear, which later reads are served
 * from, passed in std and alt. a-keys/value-shown-once now reads one revoked key's record once a
 * run (1 request).
 */
describe('a-keys/value-shown-once against a deployment that keeps revoked keys in clear', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails A-AUTH-3 (${conventions})`, { timeout: 90_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/value-shown-once'], seed: 7, runs: 3, conventions, faults: ['a-revoked-key-record-shows-value'] });
      const check = run.checks.find((c) => c.id === 'a-keys/value-shown-once')!;
      expect(check.verdict).toBe('fail');
      expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-3', message: expect.stringMatching(/^GET .*\/api[-_]keys\/\d+ shows the full value/) }));
    });
  }

  it('without the fault: passes', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/value-shown-once'], seed: 7, runs: 3 });
    const check = run.checks.find((c) => c.id === 'a-keys/value-shown-once')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});
