import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-2 for another account's ids, both ways: a lookup that finds one account's clusters for
 * every account (the first account's, once a shared pool) refuses account 2's cluster to account 1
 * and makes account 2's job on account 1's. b-job/foreign-cluster-or-package posts account 1's
 * ids with account 2's key too, beside account 2's own package and cluster.
 */
async function foreign(faults: FaultName[], conventions: 'standard' | 'alt', idNumbering?: 'account') {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-job/foreign-cluster-or-package'], seed: 7, runs: 3, faults, conventions, ...(idNumbering ? { idNumbering, profile: 'spec' as const } : {}) });
  const check = run.checks.find((c) => c.id === 'b-job/foreign-cluster-or-package');
  if (!check) throw new Error('b-job/foreign-cluster-or-package did not run');
  return check;
}

describe('b-job/foreign-cluster-or-package names each account\'s ids with the other\'s key', () => {
  it.each(['standard', 'alt'] as const)('account 2 running a job on account 1\'s cluster fails B-JOB-2 (%s)', { timeout: 60_000 }, async (conventions) => {
    const check = await foreign(['b-job-first-account-clusters-found-everywhere'], conventions);
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-JOB-2');
    expect(check.failures[0]?.message).toMatch(/^POST \/jobs naming account 1's cluster \d+ with account 2's api_key answered 20[01] instead of the not-found error/);
  });

  it.each(['standard', 'alt'] as const)('faultless: it passes (%s)', { timeout: 60_000 }, async (conventions) => {
    const check = await foreign([], conventions);
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
  });

  it('ids numbered per account: each account\'s ids are the other\'s own too, none is posted as foreign, and it says so', { timeout: 60_000 }, async () => {
    const check = await foreign([], 'standard', 'account');
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('skip');
    expect(check.notes.join('\n')).toMatch(/account 2's key reads account 1's clusters \d+.*: not used as foreign ids/);
  });
});
