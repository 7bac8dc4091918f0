import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { Package } from './types.ts';
import { readOwn } from '../shared/foreign.ts';
import { newestFirst } from '../shared/ordering.ts';

/** Newest first (then highest id first): the order `GET /packages` serves and pages over. */
export function packagesNewestFirst(account: AccountState): Package[] {
  return newestFirst(account.packages.values());
}

/** The caller's package with this id, or null when it is absent or another account's. */
export function readPackage(sim: Sim, account: AccountState, id: number): Package | null {
  return readOwn(sim, account, (holder) => holder.packages.get(id));
}
