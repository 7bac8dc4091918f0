import type { AccountState } from '../../store.ts';

/**
 * Per account, the ids of jobs whose terminal status has not been settled yet (watchers not
 * notified, hooks not fired), oldest first. Settling then costs the number of live jobs, not the
 * number of jobs ever made. Keyed weakly: an account dropped by a reset takes its set with it.
 */
const unsettledByAccount = new WeakMap<AccountState, Set<number>>(); // account -> job ids

export function unsettledJobIds(account: AccountState): Set<number> {
  let ids = unsettledByAccount.get(account);
  if (!ids) {
    // First sight of this account: pick up any job made without going through trackJob.
    ids = new Set([...account.jobs.values()].filter((job) => !job.settled).map((job) => job.id));
    unsettledByAccount.set(account, ids);
  }
  return ids;
}

export function trackJob(account: AccountState, jobId: number): void {
  unsettledJobIds(account).add(jobId);
}
