import { ApiError } from '../../http/errors.ts';
import type { Sim } from '../../context.ts';
import type { RouterMiddleware } from '@koa/router';
import type { BRouteTable, BState } from '../../interfaces/b/types.ts';
import { expectNoBody } from '../../http/body.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { pathId } from '../../http/path-id.ts';
import { readListOrder } from '../../http/list-query.ts';
import { inListOrder } from '../shared/list-order.ts';
import { parseSshKeyInput, parseUserPatch } from './input.ts';
import { SSH_KEY_SORTS, addSshKey, deleteSshKey, readSshKey, regenerateApiKey, sshKeysOldestFirst, updateUser } from './model.ts';
import { presentSshKey, presentUser } from './present.ts';
import { registerSearchRoute } from '../shared/search-routes.ts';
import { SSH_KEY_SEARCH } from './key-search.ts';
import { accountOwner } from '../../store.ts';

/**
 * The same calls at the API's root, where the real docs give them (`GET /user`, `/user/keys`, ...),
 * for the key's own user, and the key's regeneration under the docs' name,
 * `POST /user/regenerate-tokens` (the spec's `/user/tokens`, served at both places).
 */
export function registerRootUserRoutes(router: BRouteTable, sim: Sim): void {
  registerUserRoutes(router, sim);
  router.post('/user/regenerate-tokens', regenerateTokens(sim));
}

/** The operation takes no body; one that is sent must still be JSON (and is ignored). */
function regenerateTokens(sim: Sim): RouterMiddleware<BState> {
  return async (ctx) => {
    await expectNoBody(ctx, sim.options.bodyLimitBytes);
    const { account, user, links } = ctx.state;
    const answer = presentUser(sim, account, regenerateApiKey(sim, account, user), links);
    // b-token-answer-epoch-times: the row as the rotation handler reads it back from the driver, times in epoch seconds.
    ctx.body = sim.faults.has('b-token-answer-epoch-times') ? withEpochTimes(answer) : answer;
  };
}

/** The user's times (`*_at`, `last_login`) as Unix epoch seconds: the fault `b-token-answer-epoch-times`. */
function withEpochTimes(user: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(user).map(([k, v]) => [k, typeof v === 'string' && (k.endsWith('_at') || k === 'last_login') ? Math.floor(Date.parse(v) / 1000) : v]));
}

/**
 * The user's API key as the profile routes first saw it (GET or PUT /user): the profile cache that
 * b-user-update-restores-replaced-key saves the whole row from; POST /user/tokens never refreshes it.
 */
const profileKeys = new WeakMap<object, string>();

function cacheProfile(sim: Sim, user: { apiKey: string }): string {
  // Kept only while the fault is on: the faultless simulator caches no profile.
  if (!sim.faults.has('b-user-update-restores-replaced-key')) return user.apiKey;
  const cached = profileKeys.get(user) ?? user.apiKey;
  profileKeys.set(user, cached);
  return cached;
}

export function registerUserRoutes(router: BRouteTable, sim: Sim): void {
  // Extension (docs/interface-b.md): the authenticated user, e.g. to read the unread notification count.
  router.get('/user', (ctx) => {
    const { account, user, links } = ctx.state;
    cacheProfile(sim, user);
    ctx.body = presentUser(sim, account, user, links);
  });

  router.put('/user', async (ctx) => {
    const { account, user, links } = ctx.state;
    // b-user-put-own-body-limit: the profile form may carry an inline avatar, so the route reads with a larger limit of its own.
    const patch = parseUserPatch(await readJsonObject(ctx, sim.faults.has('b-user-put-own-body-limit') ? 16 * 1024 * 1024 : sim.options.bodyLimitBytes));
    // b-user-update-writes-owner: the profile looked up by the account (its first user, the
    // owner) instead of by the caller, as a single-user build of the service would.
    const updated = sim.faults.has('b-user-update-writes-owner') ? (accountOwner(account) ?? user) : user;
    const cachedKey = cacheProfile(sim, updated);
    // b-user-update-restores-replaced-key: the profile row saved whole from the cache, with the
    // key it held before a regeneration.
    if (sim.faults.has('b-user-update-restores-replaced-key') && cachedKey !== updated.apiKey) {
      sim.store.unindexUserKey(updated.apiKey);
      updated.apiKey = cachedKey;
      sim.store.indexUserKey(account.slug, updated.id, cachedKey);
    }
    const answer = presentUser(sim, account, updateUser(sim, updated, patch), links);
    // b-user-put-answer-counts-zero: the answer is the saved row, without the counts a read joins in.
    ctx.body = sim.faults.has('b-user-put-answer-counts-zero') ? { ...answer, notifications_count: 0, unread_notifications_count: 0 } : answer;
  });

  router.post('/user/tokens', regenerateTokens(sim));

  // Extension (docs/interface-b.md): the caller's keys, oldest first (the real service's default:
  // sort created, direction asc), offset/limit paged; sort (name, updated, created), direction and since.
  router.get('/user/keys', (ctx) => {
    const { account, user, links } = ctx.state;
    const order = readListOrder(sim, ctx, SSH_KEY_SORTS);
    const page = pageOf(sim, ctx, inListOrder(sshKeysOldestFirst(account, user), order, SSH_KEY_SORTS), readPage(sim, ctx));
    ctx.body = page.map((key) => presentSshKey(sim, key, links));
  });

  router.post('/user/keys', async (ctx) => {
    const { account, user, links } = ctx.state;
    // b-hdr-user-keys-no-ows: the key upload endpoint, shared with the CLI, checks Content-Type
    // again with a hand-written pattern that allows no whitespace before `;`.
    if (sim.faults.has('b-hdr-user-keys-no-ows') && ctx.get('content-type') !== '' && !/^application\/json(;[ \t]*charset="?utf-8"?)?$/i.test(ctx.get('content-type'))) {
      throw new ApiError('unsupported_media_type', { message: 'Unsupported media type: send application/json.' });
    }
    const input = parseSshKeyInput(await readJsonObject(ctx, sim.options.bodyLimitBytes));
    const key = addSshKey(sim, account, user, input);
    ctx.status = sim.conventions.b.createdStatus;
    ctx.body = presentSshKey(sim, key, links);
  });

  // The real service's search (shared/search.ts); before /user/keys/:key_id, which would take `search` for an id.
  registerSearchRoute(router, sim, '/user/keys/search', SSH_KEY_SEARCH);

  router.get('/user/keys/:key_id', (ctx) => {
    const { account, user, links } = ctx.state;
    ctx.body = presentSshKey(sim, readSshKey(sim, account, user, pathId(ctx.params.key_id)), links);
  });

  // Extension (docs/interface-b.md): 200 with the key as it was, as the real docs show.
  router.delete('/user/keys/:key_id', (ctx) => {
    const { account, user, links } = ctx.state;
    ctx.body = presentSshKey(sim, deleteSshKey(sim, account, user, pathId(ctx.params.key_id)), links);
  });
}
