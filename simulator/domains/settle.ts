import type { Links, Sim } from '../context.ts';
import type { AccountState } from '../store.ts';
import type { Job, JobStatus } from './jobs/types.ts';
import type { Cluster } from './clusters/types.ts';
import { emitEvent } from './events.ts';
import { linksAt } from '../http/links.ts';
import { notify } from './notifications/model.ts';
import { endedAt, isTerminal, jobEventsBeforeEnd, jobStatusAt, jobTimeline, type JobState } from './jobs/lifecycle.ts';
import { notifiedWatchers } from './jobs/model.ts';
import { presentJob } from './jobs/present.ts';
import { dueJobs, nextDueAt, trackJob } from './jobs/unsettled.ts';
import { clusterEvents } from './clusters/lifecycle.ts';
import { clusterWatchers } from './clusters/model.ts';
import { presentCluster } from './clusters/present.ts';
import { dueClusters, nextClusterDueAt, trackCluster } from './clusters/unannounced.ts';
import { afterJobEnded, runDueSchedules } from './schedules/runs.ts';
import { nextScheduleDueAt } from './schedules/due.ts';
import { upsertInitialized } from './deliveries/model.ts';

/**
 * Runs before every authenticated interface B request on `account`, and without one when an event
 * falls due (settle-timer.ts): the schedules whose slot has come run (schedules/runs.ts), then
 * what jobs and clusters have come to since they were last asked is announced, each event exactly
 * once and in the order it happened. A job fires `job.submitted`
 * when it is started (its cluster's watchers are told a job runs on it), `job.started` when it
 * begins running, and at its end notifies its watchers and fires `job.completed`, `job.failed`
 * or `job.stopped`; a cluster fires `cluster.requested`, then `cluster.available` and
 * `cluster.terminated` (its watchers told of both; one a schedule made also `cluster.idled`). A
 * job's end is also where a schedule's run retries it and idles its cluster. Lifecycles are worked out from the clock, so
 * this is where their consequences happen; it takes only the schedules, jobs and clusters with
 * something due, from queues ordered by that moment (schedules/due.ts, jobs/unsettled.ts,
 * clusters/unannounced.ts), so its cost does not grow with live jobs. Each event's payload shows the resource as it stood at the
 * event's moment.
 *
 * `links` gives the hook payload its absolute URLs: a request's, remembered for settling without
 * one; with none seen yet, they are built on a loopback origin. With `limit`, at most that many
 * schedules, jobs and clusters each are settled; returns whether more are due.
 */
export function settleAccount(sim: Sim, account: AccountState, links?: Links, limit = Number.POSITIVE_INFINITY): boolean {
  if (links && linksSeen.get(account)?.origin !== links.origin) linksSeen.set(account, links);
  const used = links ?? linksSeen.get(account) ?? fallbackLinks(account);
  const now = sim.clock.now();
  const schedules = runDueSchedules(sim, account, now, limit);
  const jobs = dueJobs(account, now, limit);
  for (const job of jobs) settleJob(sim, account, job, now, used);
  const clusters = dueClusters(account, now, limit);
  for (const cluster of clusters) announceCluster(sim, account, cluster, now, used);
  // The delivery initialization worker's upserts (none but under b-delivery-resurrected-after-init).
  upsertInitialized(account, now);
  if (schedules + jobs.length + clusters.length > 0) sim.touched?.add(account);
  return nextEventDueAt(account, now) <= now && (schedules === limit || jobs.length === limit || clusters.length === limit);
}

/** When the account next has something due, a schedule's slot, a job's or a cluster's event (Infinity: none queued). */
export function nextEventDueAt(account: AccountState, now: number): number {
  return Math.min(nextScheduleDueAt(account, now), nextDueAt(account), nextClusterDueAt(account));
}

/** The links of the last request that settled each account: a job settled without one uses them. */
const linksSeen = new WeakMap<AccountState, Links>();

/** Announces the job's events due by `now` not announced yet, then its end if it has come. */
function settleJob(sim: Sim, account: AccountState, job: Job, now: number, links: Links): void {
  const timeline = jobTimeline(job);
  const until = job.announcedUntil;
  if (until !== undefined) {
    for (const { event, at } of jobEventsBeforeEnd(timeline)) {
      if ((until !== null && at <= until) || at > now) continue;
      if (event === 'job.submitted') tellClusterWatchersOfJob(sim, account, job, at);
      // b-watch-while-running-not-notified: the run takes its list of whom to notify along when it starts.
      if (sim.faults.has('b-watch-while-running-not-notified') && event === 'job.started') job.runRecipientIds = new Set(job.watcherIds);
      emitEvent(sim, account, event, () => presentJob(sim, account, job, links, jobStatusAt(job, at, timeline)));
    }
    job.announcedUntil = now;
  }
  const state = jobStatusAt(job, now, timeline);
  if (!isTerminal(state.status)) {
    sim.eventQueued?.(trackJob(account, job.id, timeline));
    return;
  }
  job.settled = true;
  announceEnd(sim, account, job, state, links);
  afterJobEnded(sim, account, job, state, now);
}

function announceEnd(sim: Sim, account: AccountState, job: Job, state: JobState, links: Links): void {
  const event = `job.${state.status}`;
  const message = `Job ${job.id} (${packageNameOf(account, job)}) ${verb(state.status)}`;
  const at = endedAt(state) ?? sim.clock.now();
  for (const { user, home } of notifiedWatchers(sim, account, job)) {
    // b-failed-job-notifies-owner-only: a failure is an alert for the job's owner (the failure-alert path), not for its watchers.
    if (sim.faults.has('b-failed-job-notifies-owner-only') && state.status === 'failed' && user.id !== job.ownerId) continue;
    // b-scheduled-run-notifies-schedule-owner-only: a run a schedule made reports to the schedule's owner (the scheduler's own notifier), not to the job's watchers.
    if (sim.faults.has('b-scheduled-run-notifies-schedule-owner-only') && job.createdBy !== undefined && user.id !== job.ownerId) continue;
    // b-completed-job-notifies-owner-only: a completion is the owner's "your job is done" mail; only stops and failures go to the watchers.
    if (sim.faults.has('b-completed-job-notifies-owner-only') && state.status === 'completed' && user.id !== job.ownerId) continue;
    notify(sim, home, user.id, event, message, job.id, at);
    sim.touched?.add(home);
  }
  emitEvent(sim, account, event, () => presentJob(sim, account, job, links, state));
}

/** The real service tells a cluster's watchers when a new job is run on it. */
function tellClusterWatchersOfJob(sim: Sim, account: AccountState, job: Job, at: number): void {
  const cluster = account.clusters.get(job.clusterId);
  if (!cluster?.watcherIds?.size) return;
  const message = `Job ${job.id} (${packageNameOf(account, job)}) was submitted to cluster ${account.slug}/${cluster.name}`;
  for (const user of clusterWatchers(account, cluster)) notify(sim, account, user.id, 'job.submitted', message, job.id, at);
}

/** Announces the cluster's events due by `now` not announced yet, and queues it for its next. */
function announceCluster(sim: Sim, account: AccountState, cluster: Cluster, now: number, links: Links): void {
  const until = cluster.announcedUntil;
  if (until === undefined) return;
  for (const { event, at } of clusterEvents(cluster)) {
    if ((until !== null && at <= until) || at > now) continue;
    // The real service tells a cluster's watchers when it is available or terminated, not when it idles.
    if (event === 'cluster.available' || event === 'cluster.terminated') {
      const message = clusterMessage(account, cluster, event);
      for (const user of clusterWatchers(account, cluster)) notify(sim, account, user.id, event, message, null, at);
    }
    emitEvent(sim, account, event, () => presentCluster(sim, account, cluster, links, at));
  }
  cluster.announcedUntil = now;
  sim.eventQueued?.(trackCluster(account, cluster.id));
}

/** Worded as the real service's cluster notifications (its API docs), without their link markup. */
function clusterMessage(account: AccountState, cluster: Cluster, event: 'cluster.available' | 'cluster.terminated'): string {
  const name = `${account.slug}/${cluster.name}`;
  return event === 'cluster.available' ? `Cluster ${name} is available.` : `Cluster ${name} was terminated.`;
}

function packageNameOf(account: AccountState, job: Job): string {
  return account.packages.get(job.packageId)?.name ?? `package ${job.packageId}`;
}

function verb(status: JobStatus): string {
  return status === 'completed' ? 'completed successfully' : status === 'failed' ? 'failed' : 'was stopped';
}

function fallbackLinks(account: AccountState): Links {
  return linksAt('http://127.0.0.1', account.slug);
}
