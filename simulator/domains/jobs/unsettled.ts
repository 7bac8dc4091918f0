import type { AccountState } from '../../store.ts';
import type { Job } from './types.ts';
import { endOf, jobEventsBeforeEnd, jobTimeline, type TimelineEntry } from './lifecycle.ts';
import { DueQueue } from '../shared/due-queue.ts';

/**
 * Per account, the jobs whose terminal status has not been settled yet (watchers not notified,
 * hooks not fired), in a queue ordered by the moment each next has something to announce: its
 * submission or start (`job.submitted`, `job.started`), then its end. Settling then costs the jobs
 * that are due, not every live job: with 100,000 jobs running, a request that settles nothing
 * looks at one queue entry. A job announced up to a moment before its end is queued again for its
 * next event, and a stop request, which moves the end earlier, queues it again too (`trackJob`);
 * stale entries are dropped when they come up. Keyed weakly: an account dropped by a reset takes
 * its queue with it.
 */
export interface Unsettled {
  /** Ids of jobs not settled yet. */
  readonly ids: Set<number>;
  readonly queue: DueQueue;
  /**
   * The same jobs by cluster, those started only (a job never started runs nowhere): a cluster's
   * `running_jobs_count` without a walk of the account's jobs.
   */
  readonly byCluster: Map<number, Set<number>>;
}

const byAccount = new WeakMap<AccountState, Unsettled>(); // account -> unsettled jobs

/**
 * When the job next has something to announce: the first of its events before its end not
 * announced yet, else its end (Infinity: a settled job, or one never started). `timeline` is the
 * job's (`jobTimeline`), when the caller has it already.
 */
export function nextEventAt(job: Job, timeline: readonly TimelineEntry[] = jobTimeline(job)): number {
  if (job.settled) return Number.POSITIVE_INFINITY;
  const until = job.announcedUntil;
  if (until !== undefined) {
    const next = jobEventsBeforeEnd(timeline).find((e) => until === null || e.at > until);
    if (next) return next.at;
  }
  return endOf(timeline);
}

function queueOf(account: AccountState): Unsettled {
  let q = byAccount.get(account);
  if (!q) {
    // First sight of this account (a seed, a restored state): pick up every job not settled.
    q = { ids: new Set(), queue: new DueQueue(), byCluster: new Map() };
    byAccount.set(account, q);
    for (const job of account.jobs.values()) if (!job.settled) enqueue(q, job);
  }
  return q;
}

function enqueue(q: Unsettled, job: Job, timeline?: readonly TimelineEntry[]): number {
  q.ids.add(job.id);
  if (job.submittedAt !== null) {
    let onCluster = q.byCluster.get(job.clusterId);
    if (!onCluster) q.byCluster.set(job.clusterId, (onCluster = new Set()));
    onCluster.add(job.id);
  }
  const due = nextEventAt(job, timeline);
  q.queue.push(due, job.id);
  return due;
}

function forget(q: Unsettled, job: Job): void {
  const onCluster = q.byCluster.get(job.clusterId);
  onCluster?.delete(job.id);
  if (onCluster?.size === 0) q.byCluster.delete(job.clusterId);
}

/**
 * How many jobs run on the cluster: started and not ended as of the account's last settle, which
 * every authenticated request begins with, so exact when a request reads it.
 */
export function runningJobCount(account: AccountState, clusterId: number): number {
  return queueOf(account).byCluster.get(clusterId)?.size ?? 0;
}

/** How many of the account's jobs run: started and not ended, on any cluster (the account's `running_jobs_count`). */
export function runningJobsOfAccount(account: AccountState): number {
  let running = 0;
  for (const onCluster of queueOf(account).byCluster.values()) running += onCluster.size;
  return running;
}

/** The ids of the account's jobs not settled yet. */
export function unsettledJobIds(account: AccountState): ReadonlySet<number> {
  return queueOf(account).ids;
}

/**
 * Queues a job made, started, stopped or announced up to a moment before its end: its next event
 * decides when it is settled (`timeline`: the job's, when the caller has it). Returns that moment
 * (Infinity for a job that never ends, or one not queued).
 */
export function trackJob(account: AccountState, jobId: number, timeline?: readonly TimelineEntry[]): number {
  const job = account.jobs.get(jobId);
  return job && !job.settled ? enqueue(queueOf(account), job, timeline) : Number.POSITIVE_INFINITY;
}

/**
 * When the account's next queued job event falls due (Infinity: none queued). It may be a stale
 * entry (the job was stopped and ends earlier, or went): asking then finds nothing due and the
 * next one.
 */
export function nextDueAt(account: AccountState): number {
  return queueOf(account).queue.nextDue();
}

/**
 * The account's unsettled jobs with an event due at `now`, at most `limit` of them, taken off the
 * queue: the caller announces what is due and queues again (`trackJob`) a job whose end is still
 * to come. A job whose end is due leaves the unsettled set here, so its end is handed out once; a
 * job queued twice for a moment before its end may be handed out twice, which announces nothing
 * twice (the caller announces only what is after the job's `announcedUntil`). Entries whose job
 * moved (a later stop) or went are skipped.
 */
export function dueJobs(account: AccountState, now: number, limit = Number.POSITIVE_INFINITY): Job[] {
  const q = queueOf(account);
  const due: Job[] = [];
  while (due.length < limit) {
    const id = q.queue.popDue(now);
    if (id === undefined) break;
    const job = account.jobs.get(id);
    if (!job || job.settled || !q.ids.has(id)) continue;
    const timeline = jobTimeline(job);
    if (nextEventAt(job, timeline) > now) continue; // a stale entry: the job's current moment is queued too
    if (endOf(timeline) <= now) {
      q.ids.delete(id);
      forget(q, job);
    }
    due.push(job);
  }
  return due;
}
