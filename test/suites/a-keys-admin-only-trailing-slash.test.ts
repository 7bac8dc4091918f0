import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * A-AUTH-5 at the key-management paths written with a trailing slash: a router that serves them
 * so, behind an admin rule matching the paths as written, lets a non-admin key make and revoke
 * keys there.
 */
async function adminOnly(fault: FaultName | undefined, conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ faults: fault ? [fault] : [], exactly: ['a-keys/admin-only'], seed: 7, runs: 3, conventions });
  return { failed: run.failedClauses, messages: run.checks.flatMap((c) => c.failures.map((f) => f.message)).join('\n') };
}

describe('a-keys/admin-only at the paths with a trailing slash', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails A-AUTH-5 where the admin rule misses a trailing slash (${conventions})`, { timeout: 60_000 }, async () => {
      const { failed, messages } = await adminOnly('a-admin-rule-exact-paths', conventions);
      expect(failed.has('A-AUTH-5')).toBe(true);
      expect(messages).toMatch(/trailing slash/);
    });
    it(`passes without a fault (${conventions})`, { timeout: 60_000 }, async () => {
      expect((await adminOnly(undefined, conventions)).failed.size).toBe(0);
    });
  }
});

// Mutation audit 29b: nor by a form body (a create that also takes the dashboard's form posts,
// behind an admin rule run for JSON requests only).
describeCheckCatches('a-keys/admin-only with a form body', {
  check: 'a-keys/admin-only',
  fault: 'a-key-create-form-skips-admin-rule',
  clause: 'A-AUTH-5',
  message: 'with a form body (application/x-www-form-urlencoded, name=...)',
});
