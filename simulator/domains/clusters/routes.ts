import type { Sim } from '../../context.ts';
import type { BRouter } from '../../interfaces/b/types.ts';
import { notFound } from '../../http/errors.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { pathId } from '../../http/path-id.ts';
import { clustersNewestFirst, readCluster } from './model.ts';
import { presentCluster } from './present.ts';

/** Extensions (docs/interface-b.md): clusters are read-only here; seeds and the control API make them. */
export function registerClusterRoutes(router: BRouter, sim: Sim): void {
  router.get('/clusters', (ctx) => {
    const { account, links } = ctx.state;
    const page = pageOf(sim, ctx, clustersNewestFirst(account), readPage(sim, ctx));
    ctx.body = page.map((cluster) => presentCluster(sim, cluster, links));
  });

  router.get('/clusters/:id', (ctx) => {
    const { account, links } = ctx.state;
    const cluster = readCluster(account, pathId(ctx.params.id));
    if (!cluster) throw notFound();
    ctx.body = presentCluster(sim, cluster, links);
  });
}
