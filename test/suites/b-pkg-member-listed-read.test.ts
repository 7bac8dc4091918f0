import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * B-PKG-1 for another user of the account: a read scoped to the packages the caller owns answers
 * a member 404 for the fixture package, which the member's own GET /packages lists. A member's
 * refusal is the deployment's choice, but a package the member is shown is not absent.
 */
async function read(fault: FaultName | undefined, conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ faults: fault ? [fault] : [], exactly: ['b-pkg/read'], seed: 7, runs: 3, conventions });
  return { failed: run.failedClauses, messages: run.checks.flatMap((c) => c.failures.map((f) => f.message)).join('\n') };
}

describe("b-pkg/read by member_api_key of a package the member's list shows", () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-PKG-1 where a member reads only its own packages (${conventions})`, { timeout: 30_000 }, async () => {
      const { failed, messages } = await read('b-package-member-reads-own-only', conventions);
      expect(failed.has('B-PKG-1')).toBe(true);
      expect(messages).toMatch(/with member_api_key answered 404, though GET \/packages with the same key lists that package/);
    });
    it(`passes without a fault (${conventions})`, { timeout: 30_000 }, async () => {
      expect((await read(undefined, conventions)).failed.has('B-PKG-1')).toBe(false);
    });
  }
});
