import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-JOB-2 right after a job of the same package and variables: a double-submit guard keyed
 * without the cluster, run before the lookups, answers the earlier job to a request naming an
 * absent cluster. b-job/absent-cluster-or-package makes one job of the fixture package and posts
 * the same body with an absent cluster at once.
 */
async function absentIds(faults: FaultName[], conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-job/absent-cluster-or-package'], seed: 7, runs: 3, faults, conventions });
  const check = run.checks.find((c) => c.id === 'b-job/absent-cluster-or-package');
  if (!check) throw new Error('b-job/absent-cluster-or-package did not run');
  return check;
}

describe('b-job/absent-cluster-or-package posts an absent cluster right after a job of the same request', () => {
  it.each(['standard', 'alt'] as const)('a double-submit guard answering the earlier job fails B-JOB-2 (%s)', { timeout: 60_000 }, async (conventions) => {
    const check = await absentIds(['b-job-double-submit-answers-earlier-job'], conventions);
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-JOB-2');
    expect(check.failures[0]?.message).toMatch(/^POST \/jobs naming an absent cluster \(\d+\) right after job \d+ of the same package and variables answered 20[01] instead of the not-found error/);
  });

  it.each(['standard', 'alt'] as const)('faultless: it passes, saying which job came first (%s)', { timeout: 60_000 }, async (conventions) => {
    const check = await absentIds([], conventions);
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/an absent cluster was posted right after job \d+ of the same package and variables/);
  });
});

// A 4xx without the error object to an absent id with dynamic variables may be a refusal of the
// expressions: where the same expressions with the account's own package and cluster make a job,
// it is not, and fails.
describeCheckCatches('b-job/absent-cluster-or-package with dynamic variables the deployment takes', {
  check: 'b-job/absent-cluster-or-package',
  fault: 'b-job-dynvars-absent-422-errors',
  clause: 'B-JOB-2',
  message: /^POST \/jobs naming an absent (cluster|package|cluster and package) \(\d+\) with dynamic variables .* answered 422 without the not-found error object, while the same variables and dynamic variables with the account's own package and cluster made a job/,
});
