import type { AccountState } from '../../store.ts';
import type { Job, JobStatus } from './types.ts';
import { jobStatusAt } from './lifecycle.ts';
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

/**
 * The real service's sorts of the job list at `now`: a job's `updated_at` is where its timeline
 * has got to, worked out once per job and request.
 */
export function jobSorts(now: number): ListSorts<Job, 'updated'> {
  const updated = new Map<Job, number>();
  const updatedAt = (job: Job): number => {
    let at = updated.get(job);
    if (at === undefined) updated.set(job, (at = jobStatusAt(job, now).updatedAt));
    return at;
  };
  return { keys: { created: (job) => job.createdAt, updated: updatedAt }, updatedAt };
}

/**
 * Every job of the account with `status` at `now` (any when undefined), in `order`: for a list
 * asked to filter or sort, which must look at every job (a list asked for neither is paged off
 * the kept order by `jobsPage`).
 */
export function jobsListed(account: AccountState, now: number, order: ListOrder<'updated' | 'created'>, sorts: ListSorts<Job, 'updated'>, status: JobStatus | undefined): readonly Job[] {
  const all = jobsPage(account, 0, Number.MAX_SAFE_INTEGER).items;
  const kept = status === undefined ? all : all.filter((job) => jobStatusAt(job, now).status === status);
  return inListOrder(kept, order, sorts);
}
