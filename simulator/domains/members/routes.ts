import type { Context } from 'koa';
import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { pathId } from '../../http/path-id.ts';
import { readChoice, readListOrder } from '../../http/list-query.ts';
import { invalidField } from '../../http/errors.ts';
import { carryParameter, queryValue } from '../../http/query.ts';
import { inListOrder } from '../shared/list-order.ts';
import { MAX_ADDRESS } from '../users/email.ts';
import { MEMBER_ROLES } from '../users/types.ts';
import { parseMemberInput, parseRoleInput } from './input.ts';
import { MEMBER_SORTS, addMember, sameAddress, membersNewestFirst, readMember, removeMember, roleOf, setMemberRole } from './model.ts';
import { presentMember } from './present.ts';

/** Extensions (docs/interface-b.md): the account's members, as the real service's API docs give them. */
export function registerMemberRoutes(router: BRouteTable, sim: Sim): void {
  // role (admin, member or all), email (one address, in any case), sort (updated, created, name,
  // email), direction and since, as the docs'; paged like every list.
  router.get('/members', (ctx) => {
    const { account, links } = ctx.state;
    const order = readListOrder(sim, ctx, MEMBER_SORTS);
    const role = readChoice(ctx, 'role', MEMBER_ROLES, { all: true });
    const email = readAddressFilter(ctx);
    const members = membersNewestFirst(account).filter((u) => (role === undefined || roleOf(account, u) === role) && (email === undefined || sameAddress(u.email, email)));
    const page = pageOf(sim, ctx, inListOrder(members, order, MEMBER_SORTS), readPage(sim, ctx));
    ctx.body = page.map((u) => presentMember(sim, account, u, links));
  });

  router.post('/members', async (ctx) => {
    const { account, user, links } = ctx.state;
    const input = parseMemberInput(await readJsonObject(ctx, sim.options.bodyLimitBytes));
    const member = addMember(sim, account, user, input);
    // 200, not the conventions' created status: the real docs answer adding a member so (sections/add-member.md).
    ctx.body = presentMember(sim, account, member, links);
  });

  router.get('/members/:member_id', (ctx) => {
    const { account, links } = ctx.state;
    ctx.body = presentMember(sim, account, readMember(account, pathId(ctx.params.member_id)), links);
  });

  router.put('/members/:member_id', async (ctx) => {
    const { account, user, links } = ctx.state;
    const role = parseRoleInput(await readJsonObject(ctx, sim.options.bodyLimitBytes));
    ctx.body = presentMember(sim, account, setMemberRole(sim, account, user, pathId(ctx.params.member_id), role), links);
  });

  // The docs answer the member removed, as it was (what a member shows does not change with the removal).
  router.delete('/members/:member_id', (ctx) => {
    const { account, user, links } = ctx.state;
    ctx.body = presentMember(sim, account, removeMember(sim, account, user, pathId(ctx.params.member_id)), links);
  });
}

/**
 * The `email` filter: one address, spaces around it ignored. One longer than any address can be
 * matches nobody and is refused, as an unknown value of any filter is; the paging links carry it
 * trimmed (a 10 KB value, carried three times, would overflow the headers a client reads).
 */
function readAddressFilter(ctx: Context): string | undefined {
  const email = queryValue(ctx, 'email')?.trim();
  if (email === undefined) return undefined;
  if (email.length > MAX_ADDRESS) throw invalidField('email', `must be an address of at most ${MAX_ADDRESS} characters`);
  carryParameter(ctx, 'email', email);
  return email;
}
