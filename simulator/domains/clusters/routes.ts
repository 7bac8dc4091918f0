import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { notFound } from '../../http/errors.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { readChoice, readListOrder } from '../../http/list-query.ts';
import { inListOrder } from '../shared/list-order.ts';
import { pathId } from '../../http/path-id.ts';
import { registerWatcherRoutes } from '../shared/watcher-routes.ts';
import { parseClusterFields } from './input.ts';
import { CLUSTER_SORTS, clustersNewestFirst, clusterWatchers, createCluster, readCluster, terminateCluster, unwatchCluster, updateCluster, watchCluster } from './model.ts';
import { clusterUrl, presentCluster } from './present.ts';
import { CLUSTER_PLANS } from './plans.ts';
import { ACCOUNT_REGIONS, STACKS } from './placement.ts';
import { clusterStateAt } from './lifecycle.ts';
import { CLUSTER_STATUSES } from './types.ts';
import { registerSearchRoute } from '../shared/search-routes.ts';
import { CLUSTER_SEARCH } from './search.ts';
import { presentClusterInstances } from './instances.ts';

/**
 * Extensions (docs/interface-b.md): clusters as the real service's clients use them: list and
 * read, create (provisioned on the clock), change, terminate, and watch.
 */
export function registerClusterRoutes(router: BRouteTable, sim: Sim): void {
  router.get('/clusters', (ctx) => {
    const { account, links } = ctx.state;
    // status (or all), sort (updated, created), direction and since as the real service's.
    const order = readListOrder(sim, ctx, CLUSTER_SORTS);
    const status = readChoice(ctx, 'status', CLUSTER_STATUSES, { all: true });
    const now = sim.clock.now();
    const clusters = clustersNewestFirst(account).filter((c) => status === undefined || clusterStateAt(c, now).status === status);
    const page = pageOf(sim, ctx, inListOrder(clusters, order, CLUSTER_SORTS), readPage(sim, ctx));
    ctx.body = page.map((cluster) => presentCluster(sim, account, cluster, links));
  });

  router.get('/cluster_plans', (ctx) => {
    ctx.body = CLUSTER_PLANS.map((p) => ({ ...p }));
  });

  // Where a cluster may run and on what (placement.ts), as POST /clusters takes them.
  router.get('/regions', (ctx) => {
    ctx.body = ACCOUNT_REGIONS.map((r) => ({ ...r }));
  });

  router.get('/stacks', (ctx) => {
    ctx.body = STACKS.map((st) => ({ ...st }));
  });

  router.post('/clusters', async (ctx) => {
    const { account, user, links } = ctx.state;
    const fields = parseClusterFields(await readJsonObject(ctx, sim.options.bodyLimitBytes), true);
    const cluster = createCluster(sim, account, user, fields);
    ctx.status = sim.conventions.b.createdStatus;
    ctx.body = presentCluster(sim, account, cluster, links);
  });

  // The real service's search (shared/search.ts); before /clusters/:id, which would take `search` for an id.
  registerSearchRoute(router, sim, '/clusters/search', CLUSTER_SEARCH);

  router.get('/clusters/:id', (ctx) => {
    const { account, links } = ctx.state;
    const cluster = readCluster(account, pathId(ctx.params.id));
    if (!cluster) throw notFound();
    ctx.body = presentCluster(sim, account, cluster, links);
  });

  // Extension (docs/interface-b.md): the cluster's machines, as the real service lists them.
  router.get('/clusters/:id/instances', (ctx) => {
    const { account, links } = ctx.state;
    const cluster = readCluster(account, pathId(ctx.params.id));
    if (!cluster) throw notFound();
    ctx.body = presentClusterInstances(cluster, links, sim.clock.now());
  });

  router.put('/clusters/:id', async (ctx) => {
    const { account, links } = ctx.state;
    const id = pathId(ctx.params.id);
    if (!readCluster(account, id)) throw notFound();
    const fields = parseClusterFields(await readJsonObject(ctx, sim.options.bodyLimitBytes), false);
    ctx.body = presentCluster(sim, account, updateCluster(sim, account, id, fields), links);
  });

  router.delete('/clusters/:id', (ctx) => {
    const { account, links } = ctx.state;
    ctx.body = presentCluster(sim, account, terminateCluster(sim, account, pathId(ctx.params.id)), links);
  });

  registerWatcherRoutes(router, sim, '/clusters', {
    kind: 'cluster',
    url: clusterUrl,
    watch: watchCluster,
    unwatch: unwatchCluster,
    watchers: (account, id) => {
      const cluster = readCluster(account, id);
      if (!cluster) throw notFound();
      return clusterWatchers(account, cluster);
    },
  });
}
