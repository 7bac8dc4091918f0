import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import type { User } from '../users/types.ts';
import { expectNoBody } from '../../http/body.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { pathId } from '../../http/path-id.ts';
import { presentWatcher } from '../jobs/present.ts';

/** What a watchable resource's model offers its watcher routes; each throws not-found for an id that is not the caller's. */
export interface Watchable {
  watch(account: AccountState, user: User, id: number): void;
  unwatch(account: AccountState, user: User, id: number): void;
  watchers(account: AccountState, id: number): User[];
}

/**
 * `POST`, `GET` and `DELETE {collection}/{id}/watchers`, as the real service serves them for
 * clusters and schedules: the caller's watcher entry (no body taken), the watchers paged, and 204.
 */
export function registerWatcherRoutes(router: BRouteTable, sim: Sim, collection: string, model: Watchable): void {
  router.post(`${collection}/:id/watchers`, async (ctx) => {
    await expectNoBody(ctx, sim.options.bodyLimitBytes);
    const { account, user, links } = ctx.state;
    model.watch(account, user, pathId(ctx.params.id));
    ctx.body = presentWatcher(user, links);
  });

  router.get(`${collection}/:id/watchers`, (ctx) => {
    const { account, links } = ctx.state;
    ctx.body = pageOf(sim, ctx, model.watchers(account, pathId(ctx.params.id)), readPage(sim, ctx)).map((u) => presentWatcher(u, links));
  });

  router.delete(`${collection}/:id/watchers`, (ctx) => {
    const { account, user } = ctx.state;
    model.unwatch(account, user, pathId(ctx.params.id));
    ctx.status = 204;
  });
}
