import type { Sim } from '../../context.ts';
import { invalidField } from '../../http/errors.ts';
import type { AccountState } from '../../store.ts';
import type { Cluster } from '../clusters/types.ts';
import { CLUSTER_PHASES_MS, clusterStateAt, idleTerminationAhead, isTerminatingOrGone } from '../clusters/lifecycle.ts';
import { createCluster } from '../clusters/model.ts';
import { typeForNodes } from '../clusters/size.ts';
import { trackCluster } from '../clusters/unannounced.ts';
import type { Job, JobStatus } from '../jobs/types.ts';
import { endedAt, isTerminal, jobStatusAt, type JobState } from '../jobs/lifecycle.ts';
import { startJob } from '../jobs/model.ts';
import { SCHEDULE_DEFAULTS, type Schedule } from './types.ts';
import { nextRunAt } from './timing.ts';
import { dueSchedules, trackSchedule } from './due.ts';

/**
 * A schedule's runs, as the real service's API docs describe them (resources/schedule.md): at
 * each slot of an enabled schedule (its start, then every interval), and at once on
 * `POST /schedules/{id}/run`, every package of its task is run as a job, on a cluster picked by
 * its `reuse_cluster_strategy` (`none`: a new one; `self`: one this schedule made, else a new one;
 * `any`: any cluster of the account with at least the task's nodes, else a new one). A cluster the
 * run makes has the task's nodes and is terminated `time_to_idle` seconds after its last job ends
 * when `terminate_on_idle` (the docs: "by default, the cluster is taken down as soon as package
 * execution is completed"). With `overlap` false, a slot that comes while the last run's jobs
 * still run is skipped. With `auto_retry`, a job of a run that fails is run again, up to
 * `auto_retry_attempts` times.
 */

/** Slots gone through at most in one catch-up (the clock moved far at once), run or skipped by `overlap`; the rest are skipped. */
export const MAX_CATCH_UP_SLOTS = 100;

/**
 * Runs the schedules of the account whose slot has come by `now`, each slot at its own moment, in
 * order; returns how many schedules ran. Called by settle.ts before jobs are settled, so the jobs a
 * run started announce their submission in the same pass.
 */
export function runDueSchedules(sim: Sim, account: AccountState, now: number, limit: number): number {
  const due = dueSchedules(account, now, limit);
  for (const schedule of due) {
    let slots = 0;
    for (let slot = schedule.nextRunAt; slot !== null && slot !== undefined && slot <= now; slot = schedule.nextRunAt) {
      if (slots++ === MAX_CATCH_UP_SLOTS) {
        schedule.nextRunAt = nextRunAt(schedule, now + 1);
        break;
      }
      if ((schedule.overlap ?? SCHEDULE_DEFAULTS.overlap) || !lastRunGoing(account, schedule, slot)) runSchedule(sim, account, schedule, slot);
      schedule.nextRunAt = nextRunAt(schedule, slot + 1);
    }
    sim.eventQueued?.(trackSchedule(account, schedule, now));
  }
  return due.length;
}

/** `POST /schedules/{id}/run`: runs it now, enabled or not; its slots stay as they were. */
export function runScheduleNow(sim: Sim, account: AccountState, schedule: Schedule): Schedule {
  const now = sim.clock.now();
  if (!(schedule.overlap ?? SCHEDULE_DEFAULTS.overlap) && lastRunGoing(account, schedule, now)) {
    throw invalidField('overlap', 'is false and the last run of this schedule is still going, so it cannot run again yet');
  }
  runSchedule(sim, account, schedule, now);
  return schedule;
}

/** Starts a job for every package of the task that can run, at `at`; a package since deleted or archived is left out. */
function runSchedule(sim: Sim, account: AccountState, schedule: Schedule, at: number): void {
  const cluster = reusableCluster(sim, account, schedule, at) ?? newClusterFor(sim, account, schedule, at);
  const maxAttempts = schedule.autoRetry ?? SCHEDULE_DEFAULTS.autoRetry ? (schedule.autoRetryAttempts ?? SCHEDULE_DEFAULTS.autoRetryAttempts) : null;
  const jobs: number[] = [];
  for (const { package_id, variables } of schedule.task.packages) {
    const pkg = account.packages.get(package_id);
    if (!pkg || pkg.status === 'archived') continue;
    const createdBy = { scheduleId: schedule.id, attempt: 0, maxAttempts };
    jobs.push(startJob(sim, account, { ownerId: schedule.ownerId, clusterId: cluster.id, packageId: package_id, variables: { ...variables }, dynamicVariables: {}, outcome: pkg.outcome, createdBy }, at).id);
  }
  schedule.executionCount = (schedule.executionCount ?? 0) + 1;
  schedule.lastRunAt = at;
  schedule.lastRunJobIds = jobs;
  // A run that started nothing leaves its cluster idle from the start.
  terminateIfIdle(sim, account, cluster, at);
}

/** Whether a job of the schedule's last run has not ended by `at`. */
function lastRunGoing(account: AccountState, schedule: Schedule, at: number): boolean {
  return lastRunStatus(account, schedule, at) === 'running';
}

/**
 * `last_run_status`: null before the first run; else where its jobs stand: `running` while one
 * has not ended, then `failed` if one failed, `stopped` if one was stopped, else `completed` (a
 * run whose packages were all gone started nothing, and failed). The real docs name the field
 * and not its values: the simulator uses the job statuses.
 */
export function lastRunStatus(account: AccountState, schedule: Schedule, now: number): JobStatus | 'running' | null {
  if (schedule.lastRunAt === undefined || schedule.lastRunAt === null) return null;
  const states = (schedule.lastRunJobIds ?? []).map((id) => account.jobs.get(id)).filter((j): j is Job => j !== undefined).map((j) => jobStatusAt(j, now).status);
  if (states.length === 0) return 'failed';
  if (states.some((s) => !isTerminal(s))) return 'running';
  return states.includes('failed') ? 'failed' : states.includes('stopped') ? 'stopped' : 'completed';
}

/** The cluster `reuse_cluster_strategy` picks at `at`, or null for a new one; a planned idle termination is called off. */
function reusableCluster(sim: Sim, account: AccountState, schedule: Schedule, at: number): Cluster | null {
  if (schedule.reuseClusterStrategy === 'none') return null;
  let best: Cluster | null = null;
  for (const cluster of account.clusters.values()) {
    if (schedule.reuseClusterStrategy === 'self' && cluster.scheduleId !== schedule.id) continue;
    if (cluster.nodes < schedule.task.nodes) continue;
    const status = clusterStateAt(cluster, at).status;
    if (isTerminatingOrGone(status) || status === 'error') continue;
    // The smallest that fits, then the oldest.
    if (best === null || cluster.nodes < best.nodes || (cluster.nodes === best.nodes && cluster.id < best.id)) best = cluster;
  }
  if (best && idleTerminationAhead(best, at)) {
    best.terminateRequestedAt = null;
    best.terminatedOnIdle = false;
    best.idleSince = null;
    best.updatedAt = at;
    sim.eventQueued?.(trackCluster(account, best.id));
  }
  return best;
}

function newClusterFor(sim: Sim, account: AccountState, schedule: Schedule, at: number): Cluster {
  return createCluster(
    sim,
    account,
    { id: schedule.ownerId },
    {
      description: `Made by schedule ${schedule.id} (${schedule.name})`.slice(0, 1000),
      nodes: schedule.task.nodes,
      type: typeForNodes(schedule.task.nodes),
      terminateOnIdle: schedule.task.terminate_on_idle ?? SCHEDULE_DEFAULTS.terminateOnIdle,
      timeToIdle: schedule.task.time_to_idle ?? SCHEDULE_DEFAULTS.timeToIdleSeconds,
    },
    { at, scheduleId: schedule.id },
  );
}

/**
 * Called when a job ends (settle.ts), with where it stands: a failed job of a run with retries
 * left is run again, on the same cluster, from the moment it failed (the schedule's last run then
 * counts the new attempt instead); and a cluster a schedule made, with `terminate_on_idle`, is
 * terminated `time_to_idle` seconds after its last job ended, once every job on it has.
 */
export function afterJobEnded(sim: Sim, account: AccountState, job: Job, state: JobState, now: number): void {
  const cluster = account.clusters.get(job.clusterId);
  const by = job.createdBy;
  if (by && state.status === 'failed' && by.maxAttempts !== null && by.attempt < by.maxAttempts && state.failedAt !== null) {
    const retry = startJob(sim, account, { ownerId: job.ownerId, clusterId: job.clusterId, packageId: job.packageId, variables: { ...job.variables }, dynamicVariables: { ...job.dynamicVariables }, outcome: job.outcome, createdBy: { ...by, attempt: by.attempt + 1 } }, state.failedAt);
    const runJobs = account.schedules.get(by.scheduleId)?.lastRunJobIds;
    const at = runJobs?.indexOf(job.id) ?? -1;
    if (runJobs && at >= 0) runJobs[at] = retry.id;
  }
  if (cluster) terminateIfIdle(sim, account, cluster, now);
}

/** Plans the termination of a schedule's idle cluster (see afterJobEnded); does nothing while a job on it runs. */
function terminateIfIdle(sim: Sim, account: AccountState, cluster: Cluster, now: number): void {
  if (cluster.scheduleId === undefined || !cluster.terminateOnIdle) return;
  if (cluster.terminateRequestedAt !== null && cluster.terminateRequestedAt !== undefined) return;
  // Idle from when it is available at the earliest: a job's end before that leaves it provisioning.
  let idleSince = (cluster.requestedAt ?? cluster.createdAt) + CLUSTER_PHASES_MS.pending + CLUSTER_PHASES_MS.creating;
  const running: number[] = [];
  for (const id of cluster.jobIds ?? []) {
    const job = account.jobs.get(id);
    if (!job) continue;
    const state = jobStatusAt(job, now);
    if (!isTerminal(state.status)) running.push(id);
    else idleSince = Math.max(idleSince, endedAt(state) ?? now);
  }
  // Jobs that ended are dropped: one still running ends later than any of them, so the list stays
  // as short as what runs on the cluster, whoever keeps putting jobs on it.
  cluster.jobIds = running;
  if (running.length > 0) return;
  cluster.idleSince = idleSince;
  cluster.terminateRequestedAt = idleSince + (cluster.timeToIdle ?? SCHEDULE_DEFAULTS.timeToIdleSeconds) * 1000;
  cluster.terminatedOnIdle = true;
  sim.eventQueued?.(trackCluster(account, cluster.id));
}
