import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { notFound } from '../../http/errors.ts';
import type { Delivery } from './types.ts';
import type { ListSorts } from '../shared/list-order.ts';

/** The real service's sorts of the delivery list. */
export const DELIVERY_SORTS: ListSorts<Delivery, 'updated'> = {
  keys: { created: (d) => d.createdAt, updated: (d) => d.updatedAt },
  updatedAt: (d) => d.updatedAt,
};

/** The caller's deliveries, newest first: the real service's default order (`created`, `desc`). */
export function listDeliveries(account: AccountState): Delivery[] {
  return [...account.deliveries.values()].reverse();
}

/** One of the caller's delivery blueprints; an absent id and another account's are the same not-found. */
export function readDelivery(account: AccountState, id: number): Delivery {
  const delivery = account.deliveries.get(id);
  if (!delivery) throw notFound();
  return delivery;
}

/** Deletes one of the caller's delivery blueprints and returns it; any other id is not found. */
export function deleteDelivery(sim: Sim, account: AccountState, id: number): Delivery {
  const delivery = readDelivery(account, id);
  if (!sim.faults.has('b-delivery-delete-ignored')) account.deliveries.delete(delivery.id);
  return delivery;
}
