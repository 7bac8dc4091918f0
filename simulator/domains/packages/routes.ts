import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { notFound } from '../../http/errors.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { readListOrder } from '../../http/list-query.ts';
import { inListOrder } from '../shared/list-order.ts';
import { pathId } from '../../http/path-id.ts';
import { PACKAGE_SORTS, packagesNewestFirst, readPackage } from './model.ts';
import { presentPackage } from './present.ts';

export function registerPackageRoutes(router: BRouteTable, sim: Sim): void {
  // Extension (docs/interface-b.md): the account's packages, newest first, offset/limit paged.
  router.get('/packages', (ctx) => {
    const { account, links } = ctx.state;
    // sort (name, updated, created), direction and since as the real service's.
    const order = readListOrder(ctx, PACKAGE_SORTS);
    const page = pageOf(sim, ctx, inListOrder(packagesNewestFirst(account), order, PACKAGE_SORTS), readPage(sim, ctx));
    ctx.body = page.map((pkg) => presentPackage(sim, pkg, links));
  });

  router.get('/packages/:id', (ctx) => {
    const { account, links } = ctx.state;
    const asked = readPackage(sim, account, pathId(ctx.params.id));
    const pkg = asked && sim.faults.has('b-package-read-another') ? (packagesNewestFirst(account).find((p) => p.id !== asked.id) ?? asked) : asked;
    if (pkg) {
      ctx.body = presentPackage(sim, pkg, links);
    } else if (sim.faults.has('b-package-absent-200-null')) {
      // A JSON `null` body: Koa would turn a null ctx.body into 204.
      ctx.body = 'null';
      ctx.status = 200;
    } else {
      throw notFound();
    }
  });
}
