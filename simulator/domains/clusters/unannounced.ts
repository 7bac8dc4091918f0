import type { AccountState } from '../../store.ts';
import type { Cluster } from './types.ts';
import { clusterEvents } from './lifecycle.ts';
import { DueQueue } from '../shared/due-queue.ts';

/**
 * Per account, the clusters with an event still to announce (requested, available, terminated),
 * in a queue ordered by its moment, as jobs/unsettled.ts keeps jobs: settling costs the clusters
 * that are due, not every cluster. Keyed weakly: an account dropped by a reset takes its queue
 * with it.
 */
const byAccount = new WeakMap<AccountState, DueQueue>(); // account -> clusters by next event

/** When the cluster next has an event to announce (Infinity: none). */
export function nextClusterEventAt(cluster: Cluster): number {
  const until = cluster.announcedUntil;
  if (until === undefined) return Number.POSITIVE_INFINITY;
  return clusterEvents(cluster).find((e) => until === null || e.at > until)?.at ?? Number.POSITIVE_INFINITY;
}

function queueOf(account: AccountState): DueQueue {
  let q = byAccount.get(account);
  if (!q) {
    // First sight of this account (a seed, a restored state): pick up every cluster with an event to come.
    q = new DueQueue();
    byAccount.set(account, q);
    for (const cluster of account.clusters.values()) q.push(nextClusterEventAt(cluster), cluster.id);
  }
  return q;
}

/** Queues a cluster made, terminated or announced up to a moment; returns its next event's moment. */
export function trackCluster(account: AccountState, clusterId: number): number {
  const cluster = account.clusters.get(clusterId);
  const due = cluster ? nextClusterEventAt(cluster) : Number.POSITIVE_INFINITY;
  queueOf(account).push(due, clusterId);
  return due;
}

/** When the account's next queued cluster event falls due (Infinity: none; possibly a stale entry). */
export function nextClusterDueAt(account: AccountState): number {
  return queueOf(account).nextDue();
}

/**
 * The account's clusters with an event due at `now`, at most `limit` of them, taken off the queue:
 * the caller announces what is due (only what is after the cluster's `announcedUntil`, so a
 * cluster queued twice announces nothing twice) and queues them again for what comes next.
 */
export function dueClusters(account: AccountState, now: number, limit = Number.POSITIVE_INFINITY): Cluster[] {
  const q = queueOf(account);
  const due: Cluster[] = [];
  while (due.length < limit) {
    const id = q.popDue(now);
    if (id === undefined) break;
    const cluster = account.clusters.get(id);
    if (!cluster || nextClusterEventAt(cluster) > now) continue;
    due.push(cluster);
  }
  return due;
}
