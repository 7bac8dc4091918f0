import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import type { User } from '../users/types.ts';
import { expectNoBody } from '../../http/body.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { pathId } from '../../http/path-id.ts';
import { presentWatch, presentWatcher } from './watcher-present.ts';

/** What a watchable resource's model offers its watcher routes; each throws not-found for an id that is not the caller's. */
export interface Watchable {
  /** What the watch answer names the watched resource's URL after (`cluster_url`), and that URL. */
  kind: 'cluster' | 'schedule';
  url(links: Links, id: number): string;
  watch(account: AccountState, user: User, id: number): void;
  unwatch(account: AccountState, user: User, id: number): void;
  watchers(account: AccountState, id: number): User[];
}

/**
 * `POST`, `GET` and `DELETE {collection}/{id}/watchers`, as the real service serves them for
 * clusters and schedules: the caller's watcher entry with the docs' `created_at` and
 * `{kind}_url` (no body taken), the watchers paged, and 204.
 */
export function registerWatcherRoutes(router: BRouteTable, sim: Sim, collection: string, model: Watchable): void {
  router.post(`${collection}/:id/watchers`, async (ctx) => {
    await expectNoBody(ctx, sim.options.bodyLimitBytes);
    const { account, user, links } = ctx.state;
    const id = pathId(ctx.params.id);
    model.watch(account, user, id);
    ctx.body = presentWatch(sim, user, links, { kind: model.kind, url: model.url(links, id) });
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
