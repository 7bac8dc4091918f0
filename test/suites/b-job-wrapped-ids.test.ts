import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-2 at an id 2^32 above one that exists: a deployment that casts the parsed cluster_id to a
 * 32-bit integer finds the fixture cluster there and runs the job, and the drawn absent ids (their
 * own range, or beyond 32 bits at random) never wrap onto an id the account has.
 * b-job/absent-cluster-or-package posts 2^32 + the fixture's cluster and package ids too, once
 * account 1 is seen not to have them.
 */
async function absentIds(faults: FaultName[], conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-job/absent-cluster-or-package'], seed: 7, runs: 3, faults, conventions });
  const check = run.checks.find((c) => c.id === 'b-job/absent-cluster-or-package');
  if (!check) throw new Error('b-job/absent-cluster-or-package did not run');
  return check;
}

describe('b-job/absent-cluster-or-package posts ids 2^32 above the fixture\'s', () => {
  it.each(['standard', 'alt'] as const)('a cluster_id cast to 32 bits, running the job on the fixture cluster, fails B-JOB-2 (%s)', { timeout: 60_000 }, async (conventions) => {
    const check = await absentIds(['b-job-cluster-id-int32-truncated'], conventions);
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-JOB-2');
    expect(check.failures[0]?.message).toMatch(/^POST \/jobs naming cluster_id \d{10,} \(2\^32 \+ the fixture's\b.*\) answered 20[01] instead of the not-found error/);
  });

  it.each(['standard', 'alt'] as const)('faultless: it passes (%s)', { timeout: 60_000 }, async (conventions) => {
    const check = await absentIds([], conventions);
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});
