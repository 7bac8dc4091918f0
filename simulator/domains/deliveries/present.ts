import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { presentTime } from '../../http/time.ts';
import type { Delivery, DeliveryEnd } from './types.ts';
import { deliveryStatusAt } from './model.ts';

/**
 * Wire JSON of a delivery: the spec shows no fields, so this is the real service's shape (its API
 * docs; docs/interface-b.md): source and destination name a connection of the account by id and
 * type (the type as the connection has it now), with their properties.
 */
export function presentDelivery(account: AccountState, delivery: Delivery, links: Links, sim: Sim): Record<string, unknown> {
  return {
    id: delivery.id,
    name: delivery.name,
    description: delivery.description ?? null,
    status: deliveryStatusAt(delivery, sim.clock.now()),
    interval_amount: delivery.intervalAmount ?? 1,
    interval_unit: delivery.intervalUnit ?? 'days',
    source: presentEnd(account, delivery.source),
    destination: presentEnd(account, delivery.destination),
    owner_id: delivery.ownerId ?? null,
    created_at: presentTime(sim, delivery.createdAt),
    updated_at: presentTime(sim, delivery.updatedAt),
    url: `${links.api}/deliveries/${delivery.id}`,
  };
}

function presentEnd(account: AccountState, end: DeliveryEnd | undefined): Record<string, unknown> {
  const connection = end?.connectionId == null ? undefined : account.connections.get(end.connectionId);
  return { connection: connection ? { type: connection.type, id: connection.id } : null, properties: end?.properties ?? {} };
}
