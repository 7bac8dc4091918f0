import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { readChoice, readListOrder } from '../../http/list-query.ts';
import { DELIVERY_STATUSES, type Delivery } from './types.ts';
import { inListOrder } from '../shared/list-order.ts';
import { pathId } from '../../http/path-id.ts';
import { createDelivery, DELIVERY_SORTS, deleteDelivery, deliveryStatusAt, listDeliveries, readDelivery } from './model.ts';
import { parseNewDelivery } from './input.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { presentDelivery } from './present.ts';

/** b-delivery-status-index-keeps-deleted: each account's status index, kept only while the fault is on. */
const staleStatusIndex = new WeakMap<object, Delivery[]>();

/** b-delivery-read-cache-keeps-deleted: each account's read cache of GET /deliveries/{id}, kept only while the fault is on. */
const readCache = new WeakMap<object, Map<number, Delivery>>();

export function registerDeliveryRoutes(router: BRouteTable, sim: Sim): void {
  // Extension (docs/interface-b.md): the caller's deliveries, newest first, paged like invoices;
  // status (or all), sort (updated, created), direction and since as the real service's.
  router.get('/deliveries', (ctx) => {
    const { account, links } = ctx.state;
    const order = readListOrder(sim, ctx, DELIVERY_SORTS);
    const status = readChoice(ctx, 'status', DELIVERY_STATUSES, { all: true });
    const page = readPage(sim, ctx);
    const now = sim.clock.now();
    // b-delivery-status-filter-every-account: a status filter goes through a status index that holds every account's deliveries.
    let candidates = status !== undefined && sim.faults.has('b-delivery-status-filter-every-account') ? [...sim.store.accounts.values()].flatMap((a) => listDeliveries(a)) : listDeliveries(account);
    // b-delivery-status-index-keeps-deleted: a status filter reads a status index that new deliveries are added to and a deletion never reaches.
    if (status !== undefined && sim.faults.has('b-delivery-status-index-keeps-deleted')) {
      const indexed = staleStatusIndex.get(account) ?? [];
      for (const d of candidates) if (!indexed.includes(d)) indexed.push(d);
      staleStatusIndex.set(account, indexed);
      candidates = indexed;
    }
    const deliveries = candidates.filter((d) => status === undefined || deliveryStatusAt(d, now) === status);
    ctx.body = pageOf(sim, ctx, inListOrder(deliveries, order, DELIVERY_SORTS), page).map((d) => presentDelivery(account, d, links, sim));
  });

  // Extension (docs/interface-b.md): a new delivery blueprint, 201 as the real service's.
  router.post('/deliveries', async (ctx) => {
    const { account, user, links } = ctx.state;
    const delivery = createDelivery(sim, account, user, parseNewDelivery(await readJsonObject(ctx, sim.options.bodyLimitBytes), sim.faults));
    ctx.status = sim.conventions.b.createdStatus;
    ctx.body = presentDelivery(account, delivery, links, sim);
  });

  // Extension (docs/interface-b.md): one delivery, as the real service's.
  router.get('/deliveries/:delivery_id', (ctx) => {
    const { account, links } = ctx.state;
    const id = pathId(ctx.params.delivery_id);
    // b-delivery-read-cache-keeps-deleted: a read-through cache filled here that DELETE never evicts.
    if (sim.faults.has('b-delivery-read-cache-keeps-deleted')) {
      const cache = readCache.get(account) ?? new Map<number, Delivery>();
      readCache.set(account, cache);
      const delivery = cache.get(id) ?? readDelivery(sim, account, id);
      cache.set(id, delivery);
      ctx.body = presentDelivery(account, delivery, links, sim);
      return;
    }
    ctx.body = presentDelivery(account, readDelivery(sim, account, id), links, sim);
  });

  router.delete('/deliveries/:delivery_id', (ctx) => {
    const { account, user, links } = ctx.state;
    const deleted = deleteDelivery(sim, account, pathId(ctx.params.delivery_id), user.id);
    if (sim.faults.has('b-delivery-delete-orphan-500')) {
      // b-delivery-delete-orphan-500: an audit line naming both ends' connections is written after the delete; an end whose connection was deleted since is undefined, and reading its name crashes the handler, the delivery already gone.
      const ends = [deleted.source?.connectionId, deleted.destination?.connectionId].filter((id): id is number => typeof id === 'number');
      if (ends.some((id) => !account.connections.has(id))) throw new TypeError("Cannot read properties of undefined (reading 'name')");
    }
    // b-delivery-delete-destination-gone-500: after the drop the destination's connector is told to release the delivery's landing table, reading the destination connection's name; one deleted since is undefined, and the handler crashes, the delivery already gone.
    if (sim.faults.has('b-delivery-delete-destination-gone-500') && typeof deleted.destination?.connectionId === 'number' && !account.connections.has(deleted.destination.connectionId)) {
      throw new TypeError("Cannot read properties of undefined (reading 'name')");
    }
    if (sim.faults.has('b-delivery-delete-200-body')) {
      // b-delivery-delete-200-body: answers 200 with the deleted record instead of 204.
      ctx.status = 200;
      ctx.body = presentDelivery(account, deleted, links, sim);
      return;
    }
    ctx.status = 204;
  });
}
