import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * A-AUTH-1 for every key the target gives, not only its admin key: a deployment may take another
 * scheme for one kind of key (Basic for read-only keys handed to tools that only do Basic).
 */
async function otherSchemes(fault: FaultName | undefined, conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ faults: fault ? [fault] : [], exactly: ['a-auth/other-schemes-refused'], seed: 7, runs: 3, conventions });
  return { failed: run.failedClauses, messages: run.checks.flatMap((c) => c.failures.map((f) => f.message)).join('\n') };
}

describe('a-auth/other-schemes-refused with the non-admin key', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails A-AUTH-1 where a non-admin key is taken as Basic (${conventions})`, { timeout: 60_000 }, async () => {
      const { failed, messages } = await otherSchemes('a-nonadmin-key-basic-accepted', conventions);
      expect(failed.has('A-AUTH-1')).toBe(true);
      expect(messages).toMatch(/non-admin key/);
    });
    it(`passes without a fault (${conventions})`, { timeout: 60_000 }, async () => {
      expect((await otherSchemes(undefined, conventions)).failed.size).toBe(0);
    });
  }
});
