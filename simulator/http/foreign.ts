import type { Sim } from '../context.ts';
import type { AccountState } from '../store.ts';
import { ApiError } from './errors.ts';

/**
 * The `b-foreign-resource-403` fault for ids that are not in the caller's account: when another
 * account holds the id, answer 403, which tells the caller the id exists (breaks B-AUTH-3).
 * With the fault off nothing is looked up outside the caller's account, so a foreign id costs
 * exactly what an absent one does.
 */
export function refuseForeignUnderFault(sim: Sim, caller: AccountState, holds: (other: AccountState) => boolean): void {
  if (!sim.faults.has('b-foreign-resource-403')) return;
  for (const other of sim.store.accounts.values()) {
    if (other !== caller && holds(other)) {
      throw new ApiError('forbidden', { message: 'Forbidden: this resource belongs to another account.' });
    }
  }
}
