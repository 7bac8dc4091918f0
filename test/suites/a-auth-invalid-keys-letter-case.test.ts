import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * A-AUTH-7 for the key with letters of its secret in another case, its prefix as it is: a key
 * column with a case-insensitive collation takes it, and the whole key upper- or lower-cased (the
 * property's) is refused first for its prefix.
 */
async function invalidKeys(fault: FaultName | undefined, conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ faults: fault ? [fault] : [], exactly: ['a-auth/invalid-keys-401'], seed: 7, runs: 3, conventions });
  return { failed: run.failedClauses, messages: run.checks.flatMap((c) => c.failures.map((f) => f.message)).join('\n') };
}

describe('a-auth/invalid-keys-401 with the secret in another letter case', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails A-AUTH-7 where keys are looked up without letter case (${conventions})`, { timeout: 60_000 }, async () => {
      const { failed, messages } = await invalidKeys('a-key-lookup-case-insensitive', conventions);
      expect(failed.has('A-AUTH-7')).toBe(true);
      expect(messages).toMatch(/in the other case/);
    });
    it(`passes without a fault (${conventions})`, { timeout: 60_000 }, async () => {
      expect((await invalidKeys(undefined, conventions)).failed.size).toBe(0);
    });
  }
});
