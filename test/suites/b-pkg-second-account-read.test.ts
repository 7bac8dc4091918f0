import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * B-PKG-1 in every account: a deployment whose package read only finds the first account's
 * packages (a detail cache warmed from it, a miss answered 404) answers account 1's fixture
 * package right; account 2's fixture package, read with account 2's key, shows it.
 */
async function read(fault: FaultName | undefined, conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ faults: fault ? [fault] : [], exactly: ['b-pkg/read'], seed: 7, runs: 3, conventions });
  return { failed: run.failedClauses, messages: run.checks.flatMap((c) => c.failures.map((f) => f.message)).join('\n') };
}

describe("b-pkg/read of account 2's fixture package", () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-PKG-1 where only the first account's packages are found (${conventions})`, { timeout: 30_000 }, async () => {
      const { failed, messages } = await read('b-package-read-first-account-only', conventions);
      expect(failed.has('B-PKG-1')).toBe(true);
      expect(messages).toMatch(/account 2/);
    });
  }
  it('passes without a fault', { timeout: 30_000 }, async () => {
    expect((await read(undefined, 'standard')).failed.has('B-PKG-1')).toBe(false);
  });
});
