import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { STANDARD_CONVENTIONS } from '../../simulator/conventions.ts';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';

/**
 * B-JOB-2: a POST /jobs answered not found makes no job. The answer alone passed a service that
 * checks the cluster only after inserting the job: the job list (GET /jobs, an extension) is read
 * after the refused creations for a job naming an id sent as absent. Where the list is not
 * served, that is noted: the answer B-JOB-2 states is judged all the same.
 */

function absentClusterOrPackage(faults: FaultName[], hideJobList: boolean) {
  return withEmbeddedTarget({ faults }, async (embedded) => {
    if (hideJobList) {
      // A deployment without the job list: it answers 404.
      const rules = [{ method: 'GET', path: '/*/api/jobs', status: 404, message: STANDARD_CONVENTIONS.b.notFoundText }];
      const added = await fetch(`${embedded.target.controlUrl!}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules }) });
      expect(added.status, await added.text()).toBeLessThan(300);
    }
    return runOneCheck(embedded.target, 'b-job/absent-cluster-or-package', 'B-JOB-2', { seed: 3, runs: 5 });
  });
}

describe('b-job/absent-cluster-or-package: a refused job is not made', () => {
  it('a job inserted before the cluster check (answered not found all the same) fails B-JOB-2 by the job list', { timeout: 30_000 }, async () => {
    const { check, verdict } = await absentClusterOrPackage(['b-job-inserted-before-cluster-check'], false);
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/GET \/jobs lists \d+ jobs? on a cluster or package that POST \/jobs answered not found for/);
  });

  it('without the job list, the kept job is not seen, and the note says so (the answers B-JOB-2 states are judged)', { timeout: 30_000 }, async () => {
    const { check, verdict } = await absentClusterOrPackage(['b-job-inserted-before-cluster-check'], true);
    expect(check.failures).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
    expect(check.partial ?? []).toEqual([]);
    expect(check.notes.join('\n')).toMatch(/GET \/jobs, an extension\) is not served \(404\), so whether the \d+ refused POST \/jobs made a job anyway was not seen/);
  });

  it('faultless: B-JOB-2 passes', { timeout: 30_000 }, async () => {
    const { check, verdict } = await absentClusterOrPackage([], false);
    expect(check.failures).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });
});
