import type { AccountState } from '../../store.ts';
import type { Job } from './types.ts';

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
