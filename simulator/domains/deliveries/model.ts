import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { ApiError, invalidFields, notFound, type FieldProblem } from '../../http/errors.ts';
import type { Delivery, DeliveryStatus } from './types.ts';
import type { User } from '../users/types.ts';
import type { NewDelivery } from './input.ts';
import { ownConnectionOfType } from '../connections/model.ts';
import type { ListSorts } from '../shared/list-order.ts';

/** The real service's sorts of the delivery list. */
export const DELIVERY_SORTS: ListSorts<Delivery, 'updated'> = {
  keys: { created: (d) => d.createdAt, updated: (d) => d.updatedAt },
  updatedAt: (d) => d.updatedAt,
};

/** How long a delivery made through the API initializes before it is enabled (the simulator's choice). */
export const DELIVERY_INITIALIZATION_MS = 120_000;

/** The delivery's status at `now`: a new one is idle while it initializes, then enabled. */
export function deliveryStatusAt(delivery: Delivery, now: number): DeliveryStatus {
  return delivery.enabledAt !== undefined && now >= delivery.enabledAt ? 'enabled' : delivery.status;
}

/**
 * `POST /deliveries`: a delivery blueprint between two connections of the caller's account, each
 * named by its type and id (another account's, an absent one or one of another type: 422 naming
 * the field, the same for all three, so nothing about other accounts leaks). Named `Delivery <id>`
 * unless a name is given; idle while it initializes, then enabled.
 */
export function createDelivery(sim: Sim, account: AccountState, user: User, input: NewDelivery): Delivery {
  const problems: FieldProblem[] = [];
  for (const end of ['source', 'destination'] as const) {
    const { type, id } = input[end].connection;
    if (!ownConnectionOfType(account, type, id)) problems.push({ field: `${end}.connection.id`, message: `names no ${type} connection of this account` });
  }
  if (problems.length) throw invalidFields(problems);
  const now = sim.clock.now();
  const id = sim.store.nextId('delivery', account);
  const delivery: Delivery = {
    id,
    name: input.name ?? `Delivery ${id}`,
    status: 'idle',
    createdAt: now,
    updatedAt: now,
    description: input.description,
    intervalAmount: input.intervalAmount,
    intervalUnit: input.intervalUnit,
    source: { connectionId: input.source.connection.id, properties: input.source.properties },
    destination: { connectionId: input.destination.connection.id, properties: input.destination.properties },
    ownerId: user.id,
    enabledAt: now + DELIVERY_INITIALIZATION_MS,
  };
  account.deliveries.set(id, delivery);
  return delivery;
}

/**
 * Deliveries an initialization worker still holds, by account: it upserts each back when its
 * initialization ends. Only `b-delivery-resurrected-after-init` leaves any here.
 */
const initializing = new WeakMap<AccountState, Delivery[]>();

/** The initialization worker's upserts that have fallen due by `now` (run before every delivery route). */
export function upsertInitialized(account: AccountState, now: number): void {
  const held = initializing.get(account);
  if (!held) return;
  const due = held.filter((d) => d.enabledAt !== undefined && now >= d.enabledAt);
  for (const delivery of due) account.deliveries.set(delivery.id, delivery);
  initializing.set(account, held.filter((d) => !due.includes(d)));
}

/** The caller's deliveries, newest first: the real service's default order (`created`, `desc`). */
export function listDeliveries(account: AccountState): Delivery[] {
  return [...account.deliveries.values()].reverse();
}

/**
 * b-deleted-delivery-tombstone-text: the ids of deleted blueprints, kept (only while the fault is
 * on) so a later read of one can say it was deleted.
 */
const tombstones = new WeakMap<AccountState, Set<number>>();

/** One of the caller's delivery blueprints; an absent id and another account's are the same not-found. */
export function readDelivery(sim: Sim, account: AccountState, id: number): Delivery {
  const delivery = account.deliveries.get(id);
  if (!delivery && sim.faults.has('b-deleted-delivery-tombstone-text') && tombstones.get(account)?.has(id)) throw new ApiError('not_found', { message: `Delivery ${id} has been deleted.` });
  if (!delivery) throw notFound();
  return delivery;
}

/** Deletes one of the account's delivery blueprints (for its caller, `callerId`) and returns it; any other id is not found. */
export function deleteDelivery(sim: Sim, account: AccountState, id: number, callerId: number): Delivery {
  const delivery = readDelivery(sim, account, id);
  // b-delivery-delete-removes-all: the deletion loses its id condition and empties the account's deliveries.
  if (sim.faults.has('b-delivery-delete-removes-all')) account.deliveries.clear();
  // b-disabled-delivery-delete-ignored: the drop sits in the branch that unschedules the blueprint, and a disabled one is unscheduled already.
  else if (sim.faults.has('b-disabled-delivery-delete-ignored') && deliveryStatusAt(delivery, sim.clock.now()) === 'disabled') return delivery;
  // b-delivery-delete-owner-scoped: the drop is scoped to the caller's own blueprints (WHERE id = ? AND owner_id = ?), and no row affected is still a success.
  else if (sim.faults.has('b-delivery-delete-owner-scoped') && typeof delivery.ownerId === 'number' && delivery.ownerId !== callerId) return delivery;
  // b-delivery-delete-later-account-unscheduled: past the first account the deletion goes through the new scheduler, which only unschedules: the blueprint stays, disabled.
  else if (sim.faults.has('b-delivery-delete-later-account-unscheduled') && account !== sim.store.firstAccount()) {
    delete delivery.enabledAt;
    delivery.status = 'disabled';
    return delivery;
  } else if (!sim.faults.has('b-delivery-delete-ignored')) account.deliveries.delete(delivery.id);
  if (sim.faults.has('b-deleted-delivery-tombstone-text')) tombstones.set(account, (tombstones.get(account) ?? new Set<number>()).add(delivery.id));
  // b-delivery-delete-by-name-every-account: a blueprint scheduler that addresses blueprints by
  // name unschedules that name everywhere, every account's delivery of it deleted with this one.
  if (sim.faults.has('b-delivery-delete-by-name-every-account')) {
    for (const other of sim.store.accounts.values()) for (const d of [...other.deliveries.values()]) if (d.name === delivery.name) other.deliveries.delete(d.id);
  }
  // b-delivery-resurrected-after-init: the deletion does not cancel the initialization worker,
  // which upserts a delivery deleted while it initialized back when it is done.
  if (delivery.enabledAt !== undefined && sim.clock.now() < delivery.enabledAt && sim.faults.has('b-delivery-resurrected-after-init')) {
    initializing.set(account, [...(initializing.get(account) ?? []), delivery]);
  }
  return delivery;
}
