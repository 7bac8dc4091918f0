import type { Links, Sim } from '../../context.ts';
import { accountOwner, type AccountState } from '../../store.ts';
import type { Job, JobStatus } from './types.ts';
import { presentOptionalTime, presentTime } from '../../http/time.ts';
import { packageUrl } from '../packages/present.ts';
import { clusterUrl } from '../clusters/present.ts';
import { presentCreator, type Maker } from '../shared/creator.ts';
import { jobStateNow } from './model.ts';
import { jobOutputs, outputPreview } from './outputs.ts';
import { isTerminal, type JobState } from './lifecycle.ts';

export function jobUrl(links: Links, id: number): string {
  return `${links.api}/jobs/${id}`;
}


/**
 * A job as interface B returns it (spec section 2, plus `completed_at` as in the real service),
 * in `state` (where it stands now, unless the caller has worked that out already). `GET /jobs`
 * and `GET /jobs/{id}` reuse its bytes while what it reads stays the same (wire.ts): what it
 * comes to read, wire.ts must compare.
 */
export function presentJob(sim: Sim, account: AccountState, job: Job, links: Links, state: JobState = jobStateNow(sim, job)): Record<string, unknown> {
  const pkg = account.packages.get(job.packageId);
  const cluster = account.clusters.get(job.clusterId);
  const packageName = pkg?.name ?? '';
  const outputs = state.status === 'completed' && state.completedAt !== null ? presentOutputs(sim, job, packageName, state.completedAt, links) : [];
  return {
    id: job.id,
    // b-job-aborted-on-terminated-cluster: a job whose cluster was terminated under it reads `aborted`, whatever its run had reached.
    // b-job-cancelled-when-package-archived: a run whose package was archived under it has its workflow withdrawn, and the runner's word for that, `cancelled`, is shown until the run ends.
    status: sim.faults.has('b-job-cancelled-when-package-archived') && pkg?.status === 'archived' && !isTerminal(state.status) ? 'cancelled' : sim.faults.has('b-job-aborted-on-terminated-cluster') && terminatedUnder(sim, cluster, state) ? 'aborted' : wireStatus(sim, state.status, endedLongAgo(state, sim.clock.now())),
    owner_id: job.ownerId,
    // b-job-progress-summed-over-nodes: each node of the cluster reports the run's progress, and the job's is their sum, not their mean.
    // b-job-stopped-run-progress-percent: a run stopped after it began shows the runner's stop report, in percent.
    // b-member-job-progress-percent: a member's job runs on the team runner, which reports in percent.
    progress: sim.faults.has('b-member-job-progress-percent') && job.createdBy === undefined && job.ownerId !== accountOwner(account)?.id ? state.progress * 100 : sim.faults.has('b-job-stopped-run-progress-percent') && job.stopRequestedAt !== null && state.startedAt !== null && state.startedAt <= job.stopRequestedAt ? state.progress * 100 : sim.faults.has('b-progress-above-one') || (sim.faults.has('b-job-later-accounts-progress-percent') && account !== sim.store.firstAccount()) ? state.progress * 100 : sim.faults.has('b-job-progress-summed-over-nodes') ? Math.round(state.progress * Math.max(1, cluster?.nodes ?? 1) * 1000) / 1000 : sim.faults.has('b-job-progress-estimate-overshoots') && state.status === 'running' ? Math.round((state.progress / 0.9) * 1000) / 1000 : state.progress,
    outputs_count: outputs.length,
    outputs,
    variables: { ...job.variables },
    dynamic_variables: { ...job.dynamicVariables },
    // b-later-accounts-job-created-at-no-zone: a formatter rolled out by account writes every later account's jobs' created_at without T and zone.
    created_at: sim.faults.has('b-later-accounts-job-created-at-no-zone') && account !== sim.store.firstAccount() ? new Date(job.createdAt).toISOString().replace('T', ' ').replace(/\.\d+Z$/, '') : presentTime(sim, job.createdAt),
    started_at: presentOptionalTime(sim, state.startedAt),
    completed_at: presentOptionalTime(sim, state.completedAt),
    // b-failed-at-runner-local-time: the failure time is the runner's report, passed through as the runner writes it (no T, no zone).
    failed_at: sim.faults.has('b-failed-at-runner-local-time') && state.failedAt !== null ? new Date(state.failedAt).toISOString().replace('T', ' ').replace(/\.\d+Z$/, '') : presentOptionalTime(sim, state.failedAt),
    updated_at: presentTime(sim, state.updatedAt),
    cluster_id: job.clusterId,
    package_id: job.packageId,
    errors: state.status === 'failed' ? failureSummary(packageName, state) : '',
    runtime_in_seconds: sim.faults.has('b-job-runtime-as-string') ? String(state.runtimeSeconds) : sim.faults.has('b-job-runtime-unfloored') ? unflooredRuntime(job, state) : state.runtimeSeconds,
    url: jobUrl(links, job.id),
    html_url: `${links.html}/jobs/${job.id}`,
    log_url: `${jobUrl(links, job.id)}/log`,
    master_auto_retry_attempts: job.createdBy?.maxAttempts ?? null,
    attempts: job.createdBy?.attempt ?? 0,
    creator: jobCreator(sim, account, job, links),
    // b-archived-package-job-package-null: the job's package association goes through the packages' default scope (active ones only), so an archived package's job shows none.
    package: sim.faults.has('b-archived-package-job-package-null') && pkg?.status === 'archived' ? null : { id: job.packageId, name: packageName, url: packageUrl(links, job.packageId) },
    cluster: { id: job.clusterId, name: cluster?.name ?? '', url: clusterUrl(links, job.clusterId) },
  };
}

/** b-job-aborted-on-terminated-cluster: whether the job's cluster was asked to terminate while the job had not ended. */
function terminatedUnder(sim: Sim, cluster: { terminateRequestedAt?: number | null } | undefined, state: JobState): boolean {
  const at = cluster?.terminateRequestedAt ?? null;
  return at !== null && at <= sim.clock.now() && !isTerminal(state.status);
}

/**
 * b-job-runtime-unfloored: a job stopped while it ran reports its run time as the stop request's
 * timestamp difference in seconds as they come (21.473), not the whole seconds; other jobs as usual.
 */
function unflooredRuntime(job: Job, state: JobState): number {
  const { stopRequestedAt } = job;
  const { startedAt } = state;
  if (stopRequestedAt === null || startedAt === null || stopRequestedAt <= startedAt || state.completedAt !== null || state.failedAt !== null) return state.runtimeSeconds;
  return (stopRequestedAt - startedAt) / 1000;
}

/**
 * The job's `creator`. b-member-job-creator-id-string: a user's id read, for any user but the
 * account's first (its owner), from the members' table, which holds it as text: only a job a
 * member started shows it. b-scheduled-job-creator-id-token: a job a schedule started shows the
 * scheduler's token for it (`sched-1`), not the schedule's integer id.
 */
function jobCreator(sim: Sim, account: AccountState, job: Job, links: Links): Record<string, unknown> | null {
  const creator = presentCreator(account, links, makerOf(job));
  if (creator?.type === 'User' && sim.faults.has('b-member-job-creator-id-string') && job.ownerId !== accountOwner(account)?.id) return { ...creator, id: String(creator.id) };
  // b-scheduled-job-creator-id-token: a schedule's run names its maker by the scheduler's token ('sched-1'), not the schedule's id.
  if (sim.faults.has('b-scheduled-job-creator-id-token') && creator?.type === 'Schedule') return { ...creator, id: `sched-${String(creator.id)}` };
  return creator;
}

/** Who started the job: its schedule's run, else its user. */
export function makerOf(job: Job): Maker {
  return { scheduleId: job.createdBy?.scheduleId, userId: job.ownerId };
}

/** How long after its end a retention sweep would archive a job (b-job-ended-archived-after-a-day): a day. */
export const RETENTION_MS = 86_400_000;

/**
 * Whether the job ended more than RETENTION_MS before `now`. Only the fault's status reads it,
 * but a job's kept bytes (wire.ts) must be made again when it turns, or the fault would show only
 * on a job first read a day after its end.
 */
export function endedLongAgo(state: JobState, now: number): boolean {
  return isTerminal(state.status) && now - state.updatedAt > RETENTION_MS;
}

function wireStatus(sim: Sim, status: JobStatus, longEnded: boolean): string {
  // b-job-ended-archived-after-a-day: a retention sweep's view of a job ended long ago.
  if (longEnded && sim.faults.has('b-job-ended-archived-after-a-day')) return 'archived';
  if (status === 'completed' && sim.faults.has('b-job-status-unknown-value')) return 'finished';
  // b-stopped-job-status-canceled: the stop's end named as many job runners name it.
  if (status === 'stopped' && sim.faults.has('b-stopped-job-status-canceled')) return 'canceled';
  return status;
}

/** The component a failing package fails in (simulator convention: a package seeded to fail). */
const FAILING_COMPONENT = 'warehouse_destination';

function failureSummary(packageName: string, state: JobState): string {
  return `Package ${packageName} failed after ${state.runtimeSeconds} seconds of running: component ${FAILING_COMPONENT} could not write its records (simulator convention: the package's outcome is failed).`;
}

/**
 * `GET /jobs/{id}/log`, the real service's log summary: `body`, a line on how the run stands or
 * ended (the failure's summary when it failed, as `errors` gives it), and the summary's own `url`.
 */
export function presentJobLog(sim: Sim, account: AccountState, job: Job, links: Links): Record<string, unknown> {
  const state = jobStateNow(sim, job);
  const name = account.packages.get(job.packageId)?.name ?? '';
  return { body: logSummary(job, name, state), url: `${jobUrl(links, job.id)}/log` };
}

/**
 * `GET /jobs/{id}?include=log_summary`: the log summary the real docs add to a job
 * (sections/get-job-information.md): `body` as `GET /jobs/{id}/log` gives it, the failure's
 * `error_summary` and `action_items` when the job failed (null and none otherwise), `created_at`
 * the job's last change. There is one summary per job here, so its `id` is the job's; the
 * simulator runs no model, so `openai_extract` is null.
 */
export function presentLogSummary(sim: Sim, account: AccountState, job: Job, state: JobState = jobStateNow(sim, job)): Record<string, unknown> {
  const name = account.packages.get(job.packageId)?.name ?? '';
  const failed = state.status === 'failed';
  return {
    id: job.id,
    body: logSummary(job, name, state),
    error_summary: failed ? `Component ${FAILING_COMPONENT} could not write its records.` : null,
    openai_extract: null,
    action_items: failed ? [`Check that the destination of component ${FAILING_COMPONENT} accepts the records and its connection works.`, 'Run the job again.'] : [],
    created_at: presentTime(sim, state.updatedAt),
  };
}

/** The body of the job's log summary: how the run stands or ended. */
export function logSummary(job: Job, packageName: string, state: JobState): string {
  switch (state.status) {
    case 'completed': {
      const outputs = jobOutputs(job.id, packageName);
      const records = outputs.reduce((sum, output) => sum + output.recordsCount, 0);
      return `Package ${packageName} completed in ${state.runtimeSeconds} seconds of running: ${outputs.length} outputs, ${records} records written.`;
    }
    case 'failed':
      return failureSummary(packageName, state);
    case 'stopped':
      return `Job stopped after ${state.runtimeSeconds} seconds of running.`;
    case 'pending_stoppage':
    case 'stopping':
      return `Job is stopping after ${state.runtimeSeconds} seconds of running.`;
    case 'running':
      return `Package ${packageName} has been running for ${state.runtimeSeconds} seconds.`;
    default:
      return 'Job has not started running yet.';
  }
}

/**
 * `GET /jobs/{id}/outputs/{output_id}/preview`: `{preview, url}` (the real docs' fields), or null
 * when the job has no such output now (outputs exist once a job has completed).
 */
export function presentOutputPreview(sim: Sim, account: AccountState, job: Job, outputId: number, links: Links): Record<string, unknown> | null {
  if (jobStateNow(sim, job).status !== 'completed') return null;
  const output = jobOutputs(job.id, account.packages.get(job.packageId)?.name ?? '').find((o) => o.id === outputId);
  return output ? { preview: outputPreview(output), url: outputPreviewUrl(links, job.id, output.id) } : null;
}

export function outputPreviewUrl(links: Links, jobId: number, outputId: number): string {
  return `${jobUrl(links, jobId)}/outputs/${outputId}/preview`;
}

function presentOutputs(sim: Sim, job: Job, packageName: string, completedAt: number, links: Links): Record<string, unknown>[] {
  return jobOutputs(job.id, packageName).map((output) => ({
    id: output.id,
    name: output.name,
    // b-job-output-records-count-text: the count read from a bigint column, which the driver hands over as text.
    records_count: sim.faults.has('b-job-output-records-count-text') ? String(output.recordsCount) : output.recordsCount,
    progress: 1,
    created_at: presentTime(sim, completedAt),
    updated_at: presentTime(sim, completedAt),
    url: `${jobUrl(links, job.id)}/outputs/${output.id}`,
    preview_url: outputPreviewUrl(links, job.id, output.id),
    // Raw lines, tab-separated (outputs.ts): the real docs name json and csv as examples of the field.
    preview_type: 'tsv',
    component: output.component,
  }));
}
