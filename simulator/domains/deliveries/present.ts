import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import type { Delivery } from './types.ts';

/** Wire JSON of a delivery: the spec shows no fields, so this is the simulator's shape (docs/interface-b.md). */
export function presentDelivery(delivery: Delivery, links: Links, sim: Sim): Record<string, unknown> {
  return {
    id: delivery.id,
    name: delivery.name,
    status: delivery.status,
    created_at: presentTime(sim, delivery.createdAt),
    updated_at: presentTime(sim, delivery.updatedAt),
    url: `${links.api}/deliveries/${delivery.id}`,
  };
}
