import type { Sim } from '../../context.ts';
import { roleOf } from '../members/model.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { expectNoBody } from '../../http/body.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { readListOrder, readNames } from '../../http/list-query.ts';
import { inListOrder } from '../shared/list-order.ts';
import { pathId } from '../../http/path-id.ts';
import { parseHookCreate, parseHookUpdate, type HookFields } from './input.ts';
import { eventNamed } from './vocabulary.ts';
import type { HookEvent } from './events.ts';
import type { AccountState } from '../../store.ts';
import { HOOK_SORTS, createHook, deleteHook, hookCreators, hooksNewestFirst, ownHook, pingHook, readHook, resetSalt, updateHook } from './model.ts';
import { presentHook, presentHookType, presentPingedHook } from './present.ts';
import { HOOK_TYPE_CATALOG, HOOK_TYPES } from './catalog.ts';
import { registerSearchRoute } from '../shared/search-routes.ts';
import { HOOK_SEARCH } from './search.ts';

/**
 * b-hook-refused-create-leaves-hook: the row is inserted first and its event subscriptions after,
 * each known event one by one: a body refused for an unknown event kind leaves the hook behind
 * with the known ones (none, it may be). Throws the refusal as before.
 */
function parseAfterInserting(sim: Sim, account: AccountState, body: Record<string, unknown>): HookFields {
  const words = sim.conventions.b.hooks;
  try {
    return parseHookCreate(body, words);
  } catch (refusal) {
    const events = Array.isArray(body.events) ? body.events : [];
    const known = events.map((e) => eventNamed(words, e)).filter((e): e is HookEvent => e !== undefined);
    let row: HookFields | undefined;
    try {
      row = parseHookCreate({ ...body, events: [words.events.job] }, words);
    } catch {
      // The row itself is refused too: nothing is inserted.
    }
    if (row) createHook(sim, account, { ...row, events: known });
    throw refusal;
  }
}

export function registerHookRoutes(router: BRouteTable, sim: Sim): void {
  // Extension (docs/interface-b.md): the account's hooks, newest first, offset/limit paged;
  // type (names joined with commas, or all), sort (name, updated, created), direction and since
  // as the real service's.
  router.get('/hooks', (ctx) => {
    const { account, links } = ctx.state;
    const order = readListOrder(sim, ctx, HOOK_SORTS);
    const words = sim.conventions.b.hooks;
    const types = readNames(ctx, 'type', HOOK_TYPES.map((type) => words.types[type]));
    const hooks = hooksNewestFirst(account).filter((h) => types === undefined || types.has(words.types[h.type]));
    const page = pageOf(sim, ctx, inListOrder(hooks, order, HOOK_SORTS), readPage(sim, ctx));
    ctx.body = page.map((hook) => presentHook(sim, hook, links));
  });

  // Extension (docs/interface-b.md): the hook types, as the real service lists them. Registered
  // before /hooks/:hook_id, which would otherwise take `types` for an id and answer 404.
  const typesJson = Buffer.from(JSON.stringify(HOOK_TYPE_CATALOG.map((entry) => presentHookType(entry, sim.conventions.b.hooks))));
  router.get('/hooks/types', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = typesJson;
  });

  // The real service's search (shared/search.ts); before /hooks/:hook_id, which would take `search` for an id.
  registerSearchRoute(router, sim, '/hooks/search', HOOK_SEARCH);

  // Extension (docs/interface-b.md): fires a test delivery (the event `ping`) to the hook.
  router.get('/hooks/:hook_id/ping', (ctx) => {
    const { account, links } = ctx.state;
    const hook = pingHook(sim, account, pathId(ctx.params.hook_id), (h) => presentPingedHook(sim, h, links));
    ctx.body = presentHook(sim, hook, links);
  });

  router.post('/hooks', async (ctx) => {
    const { account, links } = ctx.state;
    const body = await readJsonObject(ctx, sim.options.bodyLimitBytes);
    if (sim.faults.has('b-wrong-type-500') && body.name !== undefined && typeof body.name !== 'string') throw new TypeError('body.name.trim is not a function');
    const fields = sim.faults.has('b-hook-refused-create-leaves-hook') ? parseAfterInserting(sim, account, body) : parseHookCreate(body, sim.conventions.b.hooks);
    // b-hook-member-stored-inactive: a plain member's hook "awaits an admin's approval", stored inactive whatever was sent.
    const hook = createHook(sim, account, sim.faults.has('b-hook-member-stored-inactive') && roleOf(account, ctx.state.user) === 'member' ? { ...fields, active: false } : fields);
    // b-hook-reset-creator-scoped: the row's user_id, which the fault's reset is scoped to.
    if (sim.faults.has('b-hook-reset-creator-scoped')) hookCreators.set(hook, ctx.state.user.id);
    ctx.status = sim.conventions.b.createdStatus;
    // b-hook-active-created-200: an active hook is pinged as it is made, and the ping's answer path sets its own 200.
    if (sim.faults.has('b-hook-active-created-200') && hook.active) ctx.status = 200;
    ctx.body = presentHook(sim, hook, links);
  });

  router.get('/hooks/:hook_id', (ctx) => {
    const { account, links } = ctx.state;
    ctx.body = presentHook(sim, readHook(sim, account, pathId(ctx.params.hook_id)), links);
  });

  // Extension (docs/interface-b.md): partial update.
  router.put('/hooks/:hook_id', async (ctx) => {
    const { account, links } = ctx.state;
    const hook = ownHook(account, pathId(ctx.params.hook_id));
    const { fields, changed } = parseHookUpdate(await readJsonObject(ctx, sim.options.bodyLimitBytes), hook, sim.conventions.b.hooks);
    ctx.body = presentHook(sim, updateHook(sim, hook, fields, changed), links);
  });

  // Extension (docs/interface-b.md): 200 with the hook as it was, as the real docs show.
  router.delete('/hooks/:hook_id', (ctx) => {
    const { account, links } = ctx.state;
    ctx.body = presentHook(sim, deleteHook(sim, account, pathId(ctx.params.hook_id)), links);
  });

  // The operation takes no body; one that is sent must still be JSON (and is ignored).
  router.put('/hooks/:hook_id/reset', async (ctx) => {
    await expectNoBody(ctx, sim.options.bodyLimitBytes);
    const { account, links } = ctx.state;
    ctx.body = presentHook(sim, resetSalt(sim, account, pathId(ctx.params.hook_id), ctx.state.user.id), links);
  });

  // Extension: the same reset at the path the real service's docs and Java client use, answering
  // only the new salt, as its docs show (sections/reset-hook-salt.md).
  router.put('/hooks/:hook_id/reset_salt', async (ctx) => {
    await expectNoBody(ctx, sim.options.bodyLimitBytes);
    ctx.body = { salt: resetSalt(sim, ctx.state.account, pathId(ctx.params.hook_id), ctx.state.user.id).salt };
  });
}
