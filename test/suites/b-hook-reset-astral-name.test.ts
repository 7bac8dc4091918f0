import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-HOOK-2's "nothing else changes" for a hook named with characters beyond U+FFFF: every run of
 * b-hook/reset-salt resets one such hook, so a reset that re-saves the name through a store of
 * the Basic Multilingual Plane alone ('?' for each such character) fails, in both conventions.
 */
function resetSalt(conventions: ConventionsName, faults: FaultName[] = []) {
  return runSuitesAgainstSimulator({ exactly: ['b-hook/reset-salt'], conventions, faults, seed: 7, runs: 3 });
}

describe('b-hook/reset-salt resets a hook named beyond U+FFFF', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a reset that loses such characters fails B-HOOK-2 (${conventions})`, { timeout: 30_000 }, async () => {
      const run = await resetSalt(conventions, ['b-hook-reset-name-bmp-only']);
      const check = run.checks.find((c) => c.id === 'b-hook/reset-salt')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      const messages = check.failures.map((f) => `${f.clause} ${f.message}`);
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.every((m) => /^B-HOOK-2 .*the hook's name changed, but a reset replaces only the salt$/.test(m)), messages.join('\n')).toBe(true);
    });
  }
});
