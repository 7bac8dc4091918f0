import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-2: a value without the service prefix and `_` never authenticates. The twenty-seventh
 * mutation audit found keys made through key management sent only as their bare secret (no `_`),
 * while other prefixes were tried on the configured keys alone: a key service that splits
 * `<prefix>_<secret>` for made keys and never compares the prefix passed in std and alt.
 * a-auth/made-key-prefix-required now sends each made key's secret behind another prefix on one
 * probe (3 requests).
 */
describe('a-auth/made-key-prefix-required against a key service that takes any prefix for made keys', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails A-AUTH-2 (${conventions})`, { timeout: 90_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ exactly: ['a-auth/made-key-prefix-required'], seed: 7, runs: 3, conventions, faults: ['a-made-key-any-prefix'] });
      const check = run.checks.find((c) => c.id === 'a-auth/made-key-prefix-required')!;
      expect(check.verdict).toBe('fail');
      expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-2', message: expect.stringContaining('instead of') }));
    });
  }

  it('without the fault: passes', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-auth/made-key-prefix-required'], seed: 7, runs: 3 });
    const check = run.checks.find((c) => c.id === 'a-auth/made-key-prefix-required')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});
