import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-1's "creates and starts" in every account: a job queue consumed for the first account
 * alone leaves every other account's jobs idle. b-job/create-starts posts one job in account 2,
 * with its key and fixtures, and watches it leave idle as account 1's.
 */
function createStarts(conventions: ConventionsName, faults: FaultName[] = []) {
  return runSuitesAgainstSimulator({ exactly: ['b-job/create-starts'], conventions, faults, seed: 7, runs: 3 });
}

describe("b-job/create-starts watches account 2's job start", () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`account 2's job left idle fails B-JOB-1 (${conventions})`, { timeout: 30_000 }, async () => {
      const run = await createStarts(conventions, ['b-job-later-accounts-not-started']);
      const check = run.checks.find((c) => c.id === 'b-job/create-starts')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      const messages = check.failures.map((f) => `${f.clause} ${f.message}`);
      expect(messages.some((m) => /^B-JOB-1 job \d+, posted with account 2's key, of its fixture package on its fixture cluster, was created but not started/.test(m)), messages.join('\n')).toBe(true);
    });
    it(`passes without a fault (${conventions})`, { timeout: 30_000 }, async () => {
      const run = await createStarts(conventions);
      expect(run.failedClauses.has('B-JOB-1'), describeChecks(run.checks)).toBe(false);
    });
  }
});
