import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { Package } from './types.ts';
import { refuseForeignUnderFault } from '../../http/foreign.ts';

/** Newest first (then highest id first): the order `GET /packages` serves and pages over. */
export function packagesNewestFirst(account: AccountState): Package[] {
  return [...account.packages.values()].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
}

/** The caller's package with this id, or null when it is absent or another account's. */
export function readPackage(sim: Sim, account: AccountState, id: number): Package | null {
  const found = account.packages.get(id);
  if (found) return found;
  refuseForeignUnderFault(sim, account, (other) => other.packages.has(id));
  return null;
}
