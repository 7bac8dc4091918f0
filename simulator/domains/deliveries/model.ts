import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { notFound } from '../../http/errors.ts';
import type { Delivery } from './types.ts';

/** The caller's deliveries, oldest first. */
export function listDeliveries(account: AccountState): Delivery[] {
  return [...account.deliveries.values()];
}

/** Deletes one of the caller's delivery blueprints and returns it; any other id is not found. */
export function deleteDelivery(sim: Sim, account: AccountState, id: number): Delivery {
  const delivery = account.deliveries.get(id);
  if (!delivery) throw notFound();
  if (!sim.faults.has('b-delivery-delete-ignored')) account.deliveries.delete(delivery.id);
  return delivery;
}
