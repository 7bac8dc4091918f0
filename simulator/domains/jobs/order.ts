import type { AccountState } from '../../store.ts';
import type { Job, JobStatus } from './types.ts';
import { jobStatusAt, type JobState } from './lifecycle.ts';
import { inListOrder, type ListOrder, type ListSorts } from '../shared/list-order.ts';

/**
 * Per account, job ids oldest first (jobs are never deleted): a page of `GET /jobs`, newest
 * first, is read off the end without sorting or copying every job, so its cost does not grow
 * with the number of jobs. Built once from the account's jobs (a seed, a restored state), then
 * appended to by `noteJobCreated`. Kept beside the account, weakly: a reset drops it with it.
 */
const orders = new WeakMap<AccountState, number[]>(); // account -> job ids, oldest first

function orderOf(account: AccountState): number[] {
  let ids = orders.get(account);
  if (!ids || ids.length !== account.jobs.size) {
    ids = [...account.jobs.values()].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id).map((j) => j.id);
    orders.set(account, ids);
  }
  return ids;
}

export function noteJobCreated(account: AccountState, job: Job): void {
  const ids = orders.get(account);
  // Ids and the clock only go forward, so a new job is the newest; a stale order is rebuilt on read.
  if (ids && ids.length === account.jobs.size - 1) ids.push(job.id);
}

/** How many jobs the account has, and the newest-first page from `offset`. */
export function jobsPage(account: AccountState, offset: number, limit: number): { total: number; items: Job[] } {
  const ids = orderOf(account);
  const items: Job[] = [];
  for (let i = ids.length - 1 - offset; i >= 0 && items.length < limit; i--) {
    const job = account.jobs.get(ids[i]!);
    if (job) items.push(job);
  }
  return { total: ids.length, items };
}

/** The job list at one moment: each job's state worked out once, for the status filter and the sorts alike. */
export interface JobListing {
  stateOf: (job: Job) => JobState;
  /** The real service's sorts of the job list: a job's `updated_at` is where its timeline has got to. */
  sorts: ListSorts<Job, 'updated'>;
}

export function jobListingAt(now: number): JobListing {
  const states = new Map<Job, JobState>();
  const stateOf = (job: Job): JobState => {
    let state = states.get(job);
    if (state === undefined) states.set(job, (state = jobStatusAt(job, now)));
    return state;
  };
  const updatedAt = (job: Job) => stateOf(job).updatedAt;
  return { stateOf, sorts: { keys: { created: (job) => job.createdAt, updated: updatedAt }, updatedAt } };
}

/** What the job list is filtered by: a status now, the package run (either undefined: any). */
export interface JobFilter {
  status: JobStatus | undefined;
  packageId: number | undefined;
}

/**
 * Every job of the account that `filter` keeps, in `order`: for a list asked to filter or sort,
 * which must look at every job (a list asked for neither is paged off the kept order by
 * `jobsPage`).
 */
export function jobsListed(account: AccountState, listing: JobListing, order: ListOrder<'updated' | 'created'>, filter: JobFilter): readonly Job[] {
  const all = jobsPage(account, 0, Number.MAX_SAFE_INTEGER).items;
  const { status, packageId } = filter;
  const kept = status === undefined && packageId === undefined ? all : all.filter((job) => (packageId === undefined || job.packageId === packageId) && (status === undefined || listing.stateOf(job).status === status));
  return inListOrder(kept, order, listing.sorts);
}
