import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-HOOK-2 holds in every account: b-hook/reset-salt also resets a hook of account 2 with its
 * own key and reads it back, so a re-salt written for the first account only (answered, never
 * stored, elsewhere) fails, in both conventions.
 */
function resetSalt(conventions: ConventionsName, faults: FaultName[] = []) {
  return runSuitesAgainstSimulator({ exactly: ['b-hook/reset-salt'], conventions, faults, seed: 7, runs: 3 });
}

describe('b-hook/reset-salt resets a hook of the second account too', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a reset stored for the first account only fails B-HOOK-2 (${conventions})`, { timeout: 30_000 }, async () => {
      const run = await resetSalt(conventions, ['b-hook-reset-first-account-only-saved']);
      const check = run.checks.find((c) => c.id === 'b-hook/reset-salt')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-HOOK-2', expect.stringMatching(/^GET \/hooks\/\d+ of account 2 after PUT \/hooks\/\d+\/reset with its api_key does not show the salt the reset returned/)]]);
    });

    it(`faultless: B-HOOK-2 passes (${conventions})`, { timeout: 30_000 }, async () => {
      const run = await resetSalt(conventions);
      expect(run.checks.find((c) => c.id === 'b-hook/reset-salt')?.verdict, describeChecks(run.checks)).toBe('pass');
    });
  }
});

// B-HOOK-2 whoever made the hook: api_key's user resets the hook member_api_key's user made, so a
// re-salt scoped to the caller's own hooks (answered, never stored, for another user's) fails.
describeCheckCatches("b-hook/reset-salt: a reset of a hook another user of the account made is stored", {
  check: 'b-hook/reset-salt',
  fault: 'b-hook-reset-creator-scoped',
  clause: 'B-HOOK-2',
  message: /^GET \/hooks\/\d+ after PUT \/hooks\/\d+\/reset with api_key, of the hook member_api_key's user made does not show the salt the reset returned: the reset was answered, not stored$/,
});
