import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { Package } from './types.ts';
import { readOwn } from '../shared/foreign.ts';
import { newestFirst } from '../shared/ordering.ts';
import type { ListSorts } from '../shared/list-order.ts';

/** Newest first (then highest id first): the order `GET /packages` serves and pages over. */
/** The real service's sorts of the package list. */
export const PACKAGE_SORTS: ListSorts<Package, 'name' | 'updated'> = {
  keys: { created: (p) => p.createdAt, updated: (p) => p.updatedAt, name: (p) => p.name },
  updatedAt: (p) => p.updatedAt,
};

export function packagesNewestFirst(account: AccountState): Package[] {
  return newestFirst(account.packages.values());
}

/** The caller's package with this id, or null when it is absent or another account's. */
export function readPackage(sim: Sim, account: AccountState, id: number): Package | null {
  return readOwn(sim, account, (holder) => holder.packages.get(id));
}
