import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { readChoice, readListOrder } from '../../http/list-query.ts';
import { inListOrder } from '../shared/list-order.ts';
import { roleOf } from '../members/model.ts';
import { MEMBER_ROLES } from '../users/types.ts';
import { parseAccountPatch } from './input.ts';
import { ACCOUNT_SORTS, readOwnAccount, updateAccount } from './model.ts';
import { presentAccount } from './present.ts';

/**
 * Extensions outside the account path (docs/interface-b.md): the caller's account, as the real
 * service's API docs give it at `/accounts`. Creating and deleting accounts is not modelled (a
 * user belongs to one simulated account): those methods answer 405 with `Allow`.
 */
export function registerAccountRoutes(router: BRouteTable, sim: Sim): void {
  // role (admin, member or all), sort (created, updated, id, name), direction and since, as the
  // docs'; paged like every list.
  router.get('/accounts', (ctx) => {
    const { account, user, links } = ctx.state;
    const order = readListOrder(sim, ctx, ACCOUNT_SORTS);
    const role = readChoice(ctx, 'role', MEMBER_ROLES, { all: true });
    const holds = role === undefined || roleOf(account, user) === role;
    // The fault joins no membership: every account of the store where the caller's own role fits.
    const mine = sim.faults.has('b-root-accounts-lists-all') ? (holds ? [...sim.store.accounts.values()] : []) : holds ? [account] : [];
    ctx.body = pageOf(sim, ctx, inListOrder(mine, order, ACCOUNT_SORTS), readPage(sim, ctx)).map((a) => presentAccount(sim, a, user, links));
  });

  router.get('/accounts/:account_id', (ctx) => {
    const { account, user, links } = ctx.state;
    ctx.body = presentAccount(sim, readOwnAccount(account, ctx.params.account_id ?? ''), user, links);
  });

  router.put('/accounts/:account_id', async (ctx) => {
    const { account, user, links } = ctx.state;
    const slug = ctx.params.account_id ?? '';
    // b-account-put-any-slug: an admin manages accounts: the one the path names, once the caller's role is known to be admin.
    const foreign = sim.faults.has('b-account-put-any-slug') && roleOf(account, user) === 'admin' ? sim.store.account(slug) : undefined;
    const own = foreign ?? readOwnAccount(account, slug);
    const patch = parseAccountPatch(await readJsonObject(ctx, sim.options.bodyLimitBytes));
    ctx.body = presentAccount(sim, updateAccount(sim, own, user, patch), user, links);
  });
}
