import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-JOB-4 in every account: a deployment reporting progress in percent for every account but the
 * first (a runner version rolled out by account) shows 0..1 on every job of account 1; the job
 * b-job/lifecycle-poll starts in account 2 (its fixture package on its fixture cluster) shows it.
 */
async function poll(fault: FaultName | undefined, conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ faults: fault ? [fault] : [], exactly: ['b-job/lifecycle-poll'], seed: 7, runs: 3, conventions });
  return { failed: run.failedClauses, messages: run.checks.flatMap((c) => c.failures.map((f) => f.message)).join('\n') };
}

describe("b-job/lifecycle-poll's job in account 2", () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-JOB-4 where account 2's progress is in percent (${conventions})`, { timeout: 60_000 }, async () => {
      const { failed, messages } = await poll('b-job-later-accounts-progress-percent', conventions);
      expect(failed.has('B-JOB-4')).toBe(true);
      expect(messages).toMatch(/account 2/);
    });
  }
  it('passes without a fault', { timeout: 60_000 }, async () => {
    const { failed } = await poll(undefined, 'standard');
    expect(failed.has('B-JOB-4')).toBe(false);
    expect(failed.has('B-JOB-3')).toBe(false);
  });
});

// Account 2's job list too: a list served from another store for the accounts made after the
// first (a reporting shard keeping display labels) shows account 1's list right.
describeCheckCatches("b-job/lifecycle-poll's read of account 2's job list", {
  check: 'b-job/lifecycle-poll',
  fault: 'b-job-list-later-accounts-status-label',
  clause: 'B-JOB-3',
  message: /^account 2's job list \(GET \/jobs with its key, an extension\) shows job \d+ with the status "[A-Z][a-z]+( [a-z]+)?", not one of the nine/,
});
