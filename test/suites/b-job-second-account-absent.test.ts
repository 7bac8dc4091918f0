import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { answering } from '../support/answering-front.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { basicAuthorization } from '../../suites/lib/clients.ts';

/**
 * B-JOB-2 holds in every account: a cluster lookup behind a feature flag switched on for the
 * first account only makes account 2's job on an absent cluster, while every absent id account 1
 * posts is refused. b-job/absent-cluster-or-package posts an absent cluster and an absent package
 * with account 2's own api_key too, and compares its answer with account 1's to the same request:
 * another status (402, no billing) refuses account 2's jobs at all and verifies nothing.
 */
async function absentIds(faults: FaultName[], options: { conventions?: 'standard' | 'alt'; retarget?: (target: ResolvedTarget) => ResolvedTarget; front?: ReturnType<typeof answering> } = {}) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-job/absent-cluster-or-package'], profile: 'spec', seed: 7, runs: 3, faults, ...options });
  const check = run.checks.find((c) => c.id === 'b-job/absent-cluster-or-package');
  if (!check) throw new Error('b-job/absent-cluster-or-package did not run');
  return check;
}

/** Account 2 without the package and cluster fixtures a job of its own names. */
const secondWithoutFixtures = (target: ResolvedTarget): ResolvedTarget => {
  const [first, second] = target.b;
  if (!first || !second) return target;
  const { cluster_id: _cluster, package_id: _package, ...rest } = second.fixtures;
  return { ...target, b: [first, { ...second, fixtures: rest }] };
};

describe('b-job/absent-cluster-or-package posts absent ids in account 2 too', () => {
  it.each(['standard', 'alt'] as const)('a deployment that makes account 2\'s job on an absent cluster fails B-JOB-2 (%s)', async (conventions) => {
    const check = await absentIds(['b-job-missing-cluster-accepted-after-first-account'], { conventions });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-JOB-2');
    expect(check.failures[0]?.message).toMatch(/^POST \/jobs with account 2's api_key naming an absent cluster \(\d+\) beside account 2's own package answered 20[01] instead of the not-found error/);
  });

  it('faultless, account 2 gets the not-found error object too: it passes', async () => {
    const check = await absentIds([]);
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.requests).toBeGreaterThan(0);
  });

  it('where account 2 has no package and cluster in the target document, it says the absent ids were posted in account 1 only', async () => {
    const check = await absentIds(['b-job-missing-cluster-accepted-after-first-account'], { retarget: secondWithoutFixtures });
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/gives account 2 no fixtures.package_id and cluster_id: the absent cluster and package were posted in account 1 only/);
  });

  it.each([[[]], [['b-job-missing-cluster-accepted-after-first-account']]] as [FaultName[]][])('where account 2 is refused every POST /jobs with 402 (no billing), its answer is no not-found answer: B-JOB-2 not verified, saying so (faults %j)', async (faults) => {
    let secondAuthorization: string | undefined;
    const seeSecond = (target: ResolvedTarget): ResolvedTarget => {
      const key = target.b[1]?.apiKey;
      secondAuthorization = key === undefined ? undefined : basicAuthorization(key);
      return target;
    };
    const noBilling = answering((req) => (req.method === 'POST' && /\/api\/jobs$/.test(req.url ?? '') && secondAuthorization !== undefined && req.headers.authorization === secondAuthorization ? { status: 402, body: '{"message":"Add a payment method to run jobs."}' } : undefined));
    const check = await absentIds(faults, { front: noBilling, retarget: seeSecond });
    expect(secondAuthorization).toBeDefined();
    expect(check.failures).toEqual([]);
    expect(check.partial?.map((p) => p.clause)).toContain('B-JOB-2');
    expect(check.partial?.map((p) => p.reason).join('\n')).toMatch(/POST \/jobs with account 2's api_key naming an absent cluster \(\d+\) beside account 2's own package answered 402 where account 1's api_key got 404 for the same request/);
  });

  /** Account 2's not-found answer (404) replaced by `body` with 422: a flag-off code path validating the cluster itself. */
  const secondAnswers422 = (body: string) => {
    let secondAuthorization: string | undefined;
    const seeSecond = (target: ResolvedTarget): ResolvedTarget => {
      const key = target.b[1]?.apiKey;
      secondAuthorization = key === undefined ? undefined : basicAuthorization(key);
      return target;
    };
    const front = rewriting((req, reply) => (req.method === 'POST' && /\/api\/jobs$/.test(req.url ?? '') && secondAuthorization !== undefined && req.headers.authorization === secondAuthorization && reply.status === 404 ? { status: 422, body } : undefined));
    return { front, retarget: seeSecond };
  };

  it('where account 2 answers the absent id 422 without the error object (a model validation body), B-JOB-2 fails: a 422 is an answer about the id, not a refusal of the poster', async () => {
    const check = await absentIds([], secondAnswers422('{"errors":{"cluster":["must exist"]}}'));
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toContain('B-JOB-2');
    expect(check.failures.map((f) => f.received).join('\n')).toMatch(/422/);
    expect(check.partial ?? []).toEqual([]);
  });

  it('where account 2 answers the absent id 422 with the error object, it passes: the status is the deployment\'s', async () => {
    const check = await absentIds([], secondAnswers422('{"message":"Cluster not found."}'));
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect((check.partial ?? []).map((p) => p.reason).join('\n')).not.toMatch(/account 2's api_key/);
  });
});
