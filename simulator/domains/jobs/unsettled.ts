import type { AccountState } from '../../store.ts';
import type { Job } from './types.ts';
import { isTerminal, jobTimeline } from './lifecycle.ts';

/**
 * Per account, the jobs whose terminal status has not been settled yet (watchers not notified,
 * hooks not fired), in a queue ordered by the moment each becomes terminal. Settling then costs
 * the jobs that are due, not every live job: with 100,000 jobs running, a request that settles
 * nothing looks at one queue entry. A stop request moves a job's end earlier and queues it again
 * (`trackJob`); stale entries are dropped when they come up. Keyed weakly: an account dropped by a
 * reset takes its queue with it.
 */
export interface Unsettled {
  /** Ids of jobs not settled yet. */
  readonly ids: Set<number>;
  /** [due ms, job id], a binary min-heap on due. */
  readonly heap: [number, number][];
}

const byAccount = new WeakMap<AccountState, Unsettled>(); // account -> unsettled jobs

/** When the job's status becomes terminal, if nothing changes it; Infinity for a job never started. */
export function terminalAt(job: Pick<Job, 'createdAt' | 'submittedAt' | 'outcome' | 'stopRequestedAt' | 'pace'>): number {
  const last = jobTimeline(job).at(-1);
  return last && isTerminal(last.status) ? last.at : Number.POSITIVE_INFINITY;
}

function queueOf(account: AccountState): Unsettled {
  let q = byAccount.get(account);
  if (!q) {
    // First sight of this account (a seed, a restored state): pick up every job not settled.
    q = { ids: new Set(), heap: [] };
    byAccount.set(account, q);
    for (const job of account.jobs.values()) if (!job.settled) enqueue(q, job);
  }
  return q;
}

function enqueue(q: Unsettled, job: Job): number {
  q.ids.add(job.id);
  const due = terminalAt(job);
  if (due === Number.POSITIVE_INFINITY) return due;
  q.heap.push([due, job.id]);
  let i = q.heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (q.heap[parent]![0] <= q.heap[i]![0]) break;
    [q.heap[parent], q.heap[i]] = [q.heap[i]!, q.heap[parent]!];
    i = parent;
  }
  return due;
}

function popMin(q: Unsettled): [number, number] | undefined {
  const top = q.heap[0];
  const last = q.heap.pop();
  if (!top || !last || q.heap.length === 0) return top;
  q.heap[0] = last;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let smallest = i;
    if (l < q.heap.length && q.heap[l]![0] < q.heap[smallest]![0]) smallest = l;
    if (r < q.heap.length && q.heap[r]![0] < q.heap[smallest]![0]) smallest = r;
    if (smallest === i) break;
    [q.heap[smallest], q.heap[i]] = [q.heap[i]!, q.heap[smallest]!];
    i = smallest;
  }
  return top;
}

/** The ids of the account's jobs not settled yet. */
export function unsettledJobIds(account: AccountState): ReadonlySet<number> {
  return queueOf(account).ids;
}

/**
 * Queues a job made, started or stopped: its (new) terminal moment decides when it is settled.
 * Returns that moment (Infinity for a job that never ends, or one not queued).
 */
export function trackJob(account: AccountState, jobId: number): number {
  const job = account.jobs.get(jobId);
  return job && !job.settled ? enqueue(queueOf(account), job) : Number.POSITIVE_INFINITY;
}

/**
 * When the account's next queued job ends (Infinity: none queued). It may be a stale entry (the
 * job was stopped and ends earlier, or went): asking then finds nothing due and the next one.
 */
export function nextDueAt(account: AccountState): number {
  return queueOf(account).heap[0]?.[0] ?? Number.POSITIVE_INFINITY;
}

/**
 * The account's unsettled jobs that are terminal at `now`, at most `limit` of them, taken off the
 * queue (each once): the caller settles them. Entries whose job moved (a later stop) or went are
 * skipped.
 */
export function dueJobs(account: AccountState, now: number, limit = Number.POSITIVE_INFINITY): Job[] {
  const q = queueOf(account);
  const due: Job[] = [];
  while (due.length < limit && q.heap.length && q.heap[0]![0] <= now) {
    const [, id] = popMin(q)!;
    const job = account.jobs.get(id);
    if (!job || job.settled || !q.ids.has(id)) continue;
    if (terminalAt(job) > now) continue; // a stale entry: the job's current end is queued too
    q.ids.delete(id);
    due.push(job);
  }
  return due;
}
