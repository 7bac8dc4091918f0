import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import { answering } from '../support/answering-front.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { basicAuthorization } from '../../suites/lib/clients.ts';

/**
 * B-JOB-2 for another account's ids, both ways: a lookup that finds one account's clusters for
 * every account (the first account's, once a shared pool) refuses account 2's cluster to account 1
 * and makes account 2's job on account 1's. b-job/foreign-cluster-or-package posts account 1's
 * ids with account 2's key too, beside account 2's own package and cluster.
 */
async function foreign(faults: FaultName[], conventions: 'standard' | 'alt', idNumbering?: 'account', seen?: { front: Front; retarget: (target: ResolvedTarget) => ResolvedTarget }) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-job/foreign-cluster-or-package'], seed: 7, runs: 3, faults, conventions, ...(idNumbering ? { idNumbering, profile: 'spec' as const } : {}), ...seen });
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

  it('account 2 refused every job (402, a body without `message`): the other direction is judged, and the refusal noted', { timeout: 60_000 }, async () => {
    let second: string | undefined;
    const retarget = (target: ResolvedTarget): ResolvedTarget => {
      const key = target.b[1]?.apiKey;
      second = key === undefined ? undefined : basicAuthorization(key);
      return target;
    };
    const front = answering((req) => (req.method === 'POST' && /\/api\/jobs$/.test(req.url ?? '') && second !== undefined && req.headers.authorization === second ? { status: 402, body: '{"error":"payment required"}' } : undefined));
    const check = await foreign(['b-job-first-account-clusters-found-everywhere'], 'standard', undefined, { front, retarget });
    expect(second).toBeDefined();
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/POST \/jobs naming account 1's (cluster|package) \d+ with account 2's api_key \(402\).* was refused the poster/);
  });
});
