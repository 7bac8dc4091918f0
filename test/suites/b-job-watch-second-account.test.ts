import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-5 in every account: a subscription written where the first account's are kept answers
 * 200 in account 2 and subscribes nobody. b-job/watch has account 2's user watch its own job
 * again after it stopped watching, and looks for it among the job's watchers.
 */
function watch(conventions: ConventionsName, faults: FaultName[] = []) {
  return runSuitesAgainstSimulator({ exactly: ['b-job/watch'], conventions, faults, seed: 7, runs: 3 });
}

describe("b-job/watch in account 2", () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a watch that subscribes nobody in account 2 fails B-JOB-5 (${conventions})`, { timeout: 60_000 }, async () => {
      const run = await watch(conventions, ['b-watch-later-accounts-subscribes-nobody']);
      const check = run.checks.find((c) => c.id === 'b-job/watch')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check.failures.map((f) => `${f.clause} ${f.message}`).join('\n')).toMatch(/^B-JOB-5 POST \/jobs\/\d+\/watchers with account 2's key answered 200, but account 2's user \(.+\) is not among job \d+'s watchers after it/m);
    });
    it(`passes without a fault (${conventions})`, { timeout: 60_000 }, async () => {
      const run = await watch(conventions);
      expect(run.failedClauses.has('B-JOB-5'), describeChecks(run.checks)).toBe(false);
    });
  }
});
