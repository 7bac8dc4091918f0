import type { CheckContext, Exchange, InterfaceClient } from '../types.ts';
import type { TargetFixtures } from '../target-types.ts';
import { idOf, is2xx, isObject } from '../answers.ts';
import type { Account } from './removal.ts';
import { setupFailed } from './setup.ts';
import { ENDED_STATUSES } from '../job-statuses.ts';

/**
 * The one cleanup rule for jobs, which cannot be deleted: stop it (DELETE /jobs/{id}, an
 * extension). A refused stop is fine only when the job has ended anyway; otherwise the cleanup
 * throws, so the run lists the job as left behind (it runs to its end). `via`: the client of the
 * user who started it, where that is not the account's `api_key` (its `member_api_key`).
 */
export function stopJobOnCleanup(t: CheckContext, jobId: number, account: Account = 0, via?: InterfaceClient): void {
  t.cleanup(`stop job ${jobId} of account ${account + 1}`, async () => {
    const client = via ?? t.b(account);
    const stop = await client.delete(`/jobs/${jobId}`);
    if (is2xx(stop)) return;
    const read = await client.get(`/jobs/${jobId}`);
    const status = is2xx(read) && isObject(read.json) ? read.json.status : undefined;
    if (typeof status === 'string' && ENDED_STATUSES.has(status)) return;
    throw new Error(`DELETE /jobs/${jobId} answered ${stop.response.status} and the job has not ended (${typeof status === 'string' ? status : `GET /jobs/${jobId} answered ${read.response.status}`}); it runs to its end`);
  });
}

/** The body of POST /jobs for the fixture package on the fixture cluster, or undefined without those fixtures. */
export function jobBodyFrom(fixtures: TargetFixtures, variables: Record<string, string> = {}, dynamicVariables: Record<string, string> = {}): Record<string, unknown> | undefined {
  if (fixtures.package_id === undefined || fixtures.cluster_id === undefined) return undefined;
  return { cluster_id: fixtures.cluster_id, package_id: fixtures.package_id, variables, dynamic_variables: dynamicVariables };
}

/**
 * Starts a job of the account's fixture package on its fixture cluster and registers its stop.
 * Undefined when the account has no such fixtures.
 */
export async function makeJob(t: CheckContext, account: Account): Promise<{ id: number; created: Exchange } | undefined> {
  const body = jobBodyFrom(t.fixtures(account));
  if (!body) return undefined;
  const created = await t.b(account).post('/jobs', { body });
  const id = idOf(created);
  if (created.response.status >= 300 || id === undefined) setupFailed(t, `start a job with POST /jobs in account ${account + 1}`, created);
  stopJobOnCleanup(t, id, account);
  return { id, created };
}
