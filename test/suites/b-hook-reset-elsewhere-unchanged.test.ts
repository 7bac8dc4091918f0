import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/**
 * "Nothing else changes" binds the resets b-hook/reset-salt makes outside its property too: one
 * by member_api_key and one in account 2. A reset that saves back the member's masked view of the
 * settings, or one that, past the first account, writes the row back without `active` (the column
 * default making an inactive hook active), keeps the salt it answers, and fails only there.
 */
function resetSalt(conventions: ConventionsName, options: { faults?: FaultName[]; front?: Front } = {}) {
  return runSuitesAgainstSimulator({ exactly: ['b-hook/reset-salt'], conventions, seed: 7, runs: 3, ...options });
}

describe('b-hook/reset-salt: nothing else changes in a reset by a member or in account 2', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a member's reset that masks the settings fails B-HOOK-2 (${conventions})`, { timeout: 30_000 }, async () => {
      const run = await resetSalt(conventions, { faults: ['b-hook-member-reset-masks-settings'] });
      const check = run.checks.find((c) => c.id === 'b-hook/reset-salt')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-HOOK-2', expect.stringMatching(/^PUT \/hooks\/\d+\/reset with member_api_key \(of its own hook\): the hook's settings changed, but a reset replaces only the salt$/)]]);
    });

    it(`a reset in account 2 that makes the hook active fails B-HOOK-2 (${conventions})`, { timeout: 30_000 }, async () => {
      const run = await resetSalt(conventions, { faults: ['b-hook-reset-later-account-activates'] });
      const check = run.checks.find((c) => c.id === 'b-hook/reset-salt')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-HOOK-2', expect.stringMatching(/^PUT \/hooks\/\d+\/reset of account 2's hook: the hook's active changed, but a reset replaces only the salt$/)]]);
    });
  }
});
