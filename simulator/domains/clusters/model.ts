import type { AccountState } from '../../store.ts';
import type { Cluster } from './types.ts';
import { newestFirst } from '../shared/ordering.ts';

/** Newest first (then highest id first): the order `GET /clusters` serves and pages over. */
export function clustersNewestFirst(account: AccountState): Cluster[] {
  return newestFirst(account.clusters.values());
}

/** The caller's cluster with this id, or null when it is absent or another account's. */
export function readCluster(account: AccountState, id: number): Cluster | null {
  return account.clusters.get(id) ?? null;
}
