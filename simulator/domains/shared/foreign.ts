import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * The `b-foreign-resource-403` fault for ids that are not in the caller's account: when another
 * account holds the id, answer 403, which tells the caller the id exists (breaks B-AUTH-3).
 * With the fault off nothing is looked up outside the caller's account, so a foreign id costs
 * exactly what an absent one does.
 */
export function refuseForeignUnderFault(sim: Sim, caller: AccountState, holds: (other: AccountState) => boolean): void {
  if (!sim.faults.has('b-foreign-resource-403')) return;
  if (inOtherAccount(sim, caller, (other) => holds(other) || undefined)) {
    throw new ApiError('forbidden', { message: 'Forbidden: this resource belongs to another account.' });
  }
}

/**
 * What `pick` finds in the caller's account, or null; for a miss, `refuseForeignUnderFault`
 * first gets its chance to answer 403 when another account holds what was asked for.
 */
export function readOwn<T>(sim: Sim, caller: AccountState, pick: (account: AccountState) => T | undefined): T | null {
  const own = pick(caller);
  if (own !== undefined) return own;
  refuseForeignUnderFault(sim, caller, (other) => pick(other) !== undefined);
  return null;
}

/**
 * The first thing `pick` finds in an account other than the caller's, in the store's account
 * order. Only faults (and what they leave behind, such as a foreign watcher) look outside the
 * caller's account, so callers reach this only once their own account has missed.
 */
/**
 * The legacy-store faults' fallback: what `pick` finds in the first account, for any other caller
 * (records made before accounts were split out stay there; the first account looks nowhere else).
 */
export function inFirstAccount<T>(sim: Sim, caller: AccountState, pick: (first: AccountState) => T | undefined): T | undefined {
  const first = sim.store.firstAccount();
  return first && first !== caller ? pick(first) : undefined;
}

export function inOtherAccount<T>(sim: Sim, caller: AccountState, pick: (other: AccountState) => T | undefined): T | undefined {
  for (const other of sim.store.accounts.values()) {
    if (other === caller) continue;
    const found = pick(other);
    if (found !== undefined) return found;
  }
  return undefined;
}
