import Router from '@koa/router';
import getRawBody from 'raw-body';
import type { Context, Middleware, Next } from 'koa';
import type { Sim } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { INTERFACE_A_PREFIX, WRONG_VERSION_PREFIX } from '../which.ts';
import { aGate } from './gate.ts';
import { servedNow } from './fault-routes.ts';
import { aRouteRegistrations } from './routes.ts';
import { readABody } from './body.ts';
import { acceptDefinition } from '../../domains/pipelines/accept.ts';
import { namesLapsedKey } from '../../domains/apikeys/authenticate.ts';
import { routedToV2 } from '../../domains/apikeys/model.ts';
import type { ARouter, AState } from './types.ts';

/** What app.ts mounts: Koa middleware for the routes, and the (no-op) allowed-methods stage. */
export interface MountedInterface {
  routes(): Middleware;
  allowedMethods(options?: { throw?: boolean }): Middleware;
}

/**
 * Interface A, rooted at `/api/public/v1`. Order of refusals: an unknown path falls through
 * (the app's fallback answers 404 with interface A's error object, because of the path); a
 * known path with another method is 405 with `Allow`; then the gate (the key: 401, A-AUTH-*);
 * then the route's own checks. Faults are read per request, so the control API can switch them live;
 * a route only a fault serves (fault-routes.ts) is left out of the match while its fault is off.
 */
export function interfaceARouter(sim: Sim): MountedInterface {
  const served = { v1: buildRouter(sim, INTERFACE_A_PREFIX), v2: buildRouter(sim, WRONG_VERSION_PREFIX) };
  const dispatch = { v1: served.v1.routes() as Middleware, v2: served.v2.routes() as Middleware };
  const serve: Middleware = async (ctx: Context, next: Next) => {
    // The fault: interface A moved to v2, and v1 kept as a redirect: the gateway still
    // authenticates v1 requests first, then sends every routed one on to v2 (308), which serves it.
    const redirecting = sim.faults.has('a-keyed-v1-redirects-to-v2');
    const version = redirecting && ctx.path.startsWith(`${WRONG_VERSION_PREFIX}/`) ? 'v2' : servedVersion(sim, ctx);
    const match = served[version].match(ctx.path, ctx.method);
    if (!match.pathAndMethod.some((layer) => layer.methods.length > 0 && servedNow(sim, layer.name))) {
      let allowed = [...new Set(match.path.filter((layer) => servedNow(sim, layer.name)).flatMap((layer) => layer.methods))];
      if (sim.faults.has('a-enum-405-allow-narrowed') && archivedInAnyAccount(sim, ctx.path)) {
        // The fault: Allow says what the resource permits now, an archived pipeline being
        // read-only; looked up in every account, before the key.
        allowed = allowed.filter((m) => m === 'GET' || m === 'HEAD');
      }
      if (allowed.length && sim.faults.has('a-unusual-method-500') && !served[version].methods.includes(ctx.method)) {
        // The fault: the resource's handlers are looked up in a table by method with no
        // default, so a method the router does not know (PROPFIND, PURGE) calls nothing; before the key.
        throw new TypeError(`handlers[${JSON.stringify(ctx.method)}] is not a function`);
      }
      if (allowed.length) throw new ApiError('method_not_allowed', { message: `Method not allowed: use ${allowed.join(', ')}.`, headers: { Allow: allowed.join(', ') } });
      // The fault: a pipeline sub-router loads its pipeline by id (any account: the owner is
      // compared in the handlers) before it looks for a handler, and names what it did not find;
      // before the key.
      const sub = PIPELINE_SUBPATH_ID.exec(ctx.path);
      if (sub && sim.faults.has('a-pipeline-subpath-404-owner-known') && [...sim.store.accounts.values()].some((a) => a.pipelines.has(Number(sub[1])))) {
        throw new ApiError('not_found', { message: `No route ${ctx.method} ${ctx.path}.` });
      }
      if (sim.faults.has('a-pipeline-subpath-404-message') && PIPELINE_SUBPATH.test(ctx.path)) {
        // The fault's broken body: a pipeline sub-router of its own answers what it does not
        // know, apart from the one renderer (and before the key).
        ctx.status = 404;
        ctx.body = { message: 'No such sub-resource of a pipeline.' };
        return;
      }
      return next();
    }
    if (sim.faults.has('a-long-bearer-plain-401') && (/^bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1]?.length ?? 0) > 128) {
      // The fault's broken body: a cheap guard before the key lookup (keys are 44 characters)
      // refuses a far longer value apart from the one renderer, in plain text.
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
      ctx.body = 'Unauthorized';
      return;
    }
    if (sim.faults.has('a-form-body-access-token-accepted') && ctx.get('authorization') === '' && ctx.method !== 'GET' && ctx.method !== 'HEAD' && /^application\/x-www-form-urlencoded\b/i.test(ctx.get('content-type'))) {
      // The fault: RFC 6750 2.2's form-encoded body parameter, for clients that cannot set
      // headers; the form is consumed here, so the operation sees no body.
      const form = new URLSearchParams((await getRawBody(ctx.req, { limit: '64kb' })).toString('utf8'));
      const token = form.get('access_token');
      if (token) {
        ctx.request.headers.authorization = `Bearer ${token}`;
        form.delete('access_token');
        if ([...form.keys()].length === 0) {
          ctx.request.headers['content-length'] = '0';
          delete ctx.request.headers['content-type'];
          delete ctx.request.headers['transfer-encoding'];
        }
      }
    }
    const presented = /^bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
    if (sim.faults.has('a-key-length-guard-401-without-error') && presented?.startsWith(`${sim.options.pipelineKeyPrefix}_`) && presented.length !== sim.options.pipelineKeyPrefix.length + 41) {
      // The fault's broken body: a format guard before the lookup, written with the framework's
      // own UnauthorizedException, whose body is {statusCode, message}.
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer');
      ctx.body = { statusCode: 401, message: 'Unauthorized' };
      return;
    }
    // The fault: an edge cache in front of the gate keeps the list's later pages by URL alone.
    const edge = sim.faults.has('a-later-list-pages-edge-cached') && laterPipelineListPage(ctx) ? edgeCache(sim) : undefined;
    const cached = edge?.get(ctx.url);
    if (cached && sim.clock.now() < cached.until) {
      ctx.status = 200;
      ctx.type = cached.type;
      ctx.body = JSON.parse(cached.body) as unknown;
      return;
    }
    try {
      aGate(sim, ctx);
    } catch (err) {
      // The fault: create and validate check the document in a step mounted before the key's, so
      // a request the key refuses gets the document's 400 or 422 first (and its 401 only when
      // the document is fine).
      if (sim.faults.has('a-definition-checked-before-key') && postsADefinition(sim, ctx)) acceptDefinition(sim, await readABody(ctx, sim, { formats: ['json', 'yaml'] }));
      if (sim.faults.has('a-lapsed-key-401-message') && err instanceof ApiError && err.status === 401 && namesLapsedKey(sim, ctx.get('authorization') || undefined)) {
        // The fault's broken body: a key found but revoked or expired is refused by a check of
        // the key's lifecycle written apart from the one renderer, with a body of its own.
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer');
        ctx.body = { message: 'Unauthorized: this API key has expired or was revoked.' };
        return;
      }
      throw err;
    }
    if (redirecting && version === 'v1') {
      ctx.status = 308;
      ctx.set('Location', `${WRONG_VERSION_PREFIX}${ctx.path.slice(INTERFACE_A_PREFIX.length)}${ctx.search}`);
      ctx.body = '';
      return;
    }
    try {
      await dispatch[version](ctx, next);
      if (edge && ctx.status === 200) edge.set(ctx.url, { body: JSON.stringify(ctx.body), type: ctx.response.get('Content-Type') || 'application/json', until: sim.clock.now() + EDGE_CACHE_TTL_MS });
    } catch (err) {
      // The fault: field-level validation details are shown to admin keys only (they describe
      // the schema); a non-admin key's failed validation keeps only the generic message.
      if (sim.faults.has('a-field-details-admin-only') && err instanceof ApiError && err.code === 'invalid_definition' && !(ctx.state as AState).apiKey?.admin) throw new ApiError('invalid_definition');
      // The fault: field-level validation details behind a per-account feature flag, rolled out
      // to the first account only; any other account's failed validation keeps the generic message.
      if (sim.faults.has('a-field-details-first-account-only') && err instanceof ApiError && err.code === 'invalid_definition' && (ctx.state as AState).account !== sim.store.firstAccount()) throw new ApiError('invalid_definition');
      // The fault: a browser following a dashboard link to a pipeline gets a page, not JSON.
      if (sim.faults.has('a-404-html-for-browsers') && err instanceof ApiError && err.status === 404 && /\/pipelines\//.test(ctx.path) && ctx.accepts('application/json', 'text/html') === 'text/html') {
        ctx.status = 404;
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = '<!doctype html><title>Not found</title><h1>Pipeline not found</h1>';
        return;
      }
      if (sim.faults.has('a-404-without-error') && err instanceof ApiError && err.status === 404) {
        // The fault's broken body, written here because the one renderer never writes it.
        ctx.status = 404;
        ctx.body = { message: err.message };
        return;
      }
      throw err;
    }
  };
  return {
    routes: () => serve,
    // 405 is answered above, before authentication; nothing is left for this stage.
    allowedMethods: () => (_ctx, next) => next(),
  };
}

/**
 * The version prefix that serves this request: the spec's v1, unless a fault moved interface A,
 * its reads or its writes (the spec's archive aside) to v2. Under the other prefix nothing
 * matches, so the request falls through to the unknown path's 404.
 */
function servedVersion(sim: Sim, ctx: Context): 'v1' | 'v2' {
  // The fault: tenants moved to a new cluster (every account but the first) are routed there by
  // their key, and that cluster serves /api/public/v2 only.
  if (sim.faults.has('a-later-accounts-v2-only') && movedAccountKey(sim, ctx)) return 'v2';
  // The fault: scoped (non-admin) keys came with the new gateway, which their key routes them to.
  if (sim.faults.has('a-scoped-keys-v2-only') && scopedKey(sim, ctx)) return 'v2';
  // The fault: keys made through the API after v2's launch carry the gateway's routing to v2.
  if (sim.faults.has('a-api-made-keys-v2-only') && apiMadeKey(sim, ctx)) return 'v2';
  // The fault: list paging was reworked in v2, and the gateway sends every paged list request there.
  if (sim.faults.has('a-paged-lists-v2-only') && pagedListRequest(sim, ctx)) return 'v2';
  // The fault: the gateway's version negotiation gives a client that pins no media type the newest.
  if (sim.faults.has('a-unpinned-accept-served-v2') && unpinnedAccept(ctx.get('accept'))) return 'v2';
  if (sim.faults.has('a-wrong-version-prefix')) return 'v2';
  if ((ctx.method === 'GET' || ctx.method === 'HEAD') && sim.faults.has('a-reads-under-v2')) return 'v2';
  if (WRITES.has(ctx.method) && !(ctx.method === 'DELETE' && PIPELINE_PATH.test(ctx.path)) && sim.faults.has('a-writes-under-v2')) return 'v2';
  return 'v1';
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A GET of the pipeline or key list carrying a paging parameter (a-paged-lists-v2-only), under either version prefix. */
function pagedListRequest(sim: Sim, ctx: Context): boolean {
  const list = ctx.path.replace(/^\/api\/public\/v\d+/, '').replace(/\/$/, '');
  return ctx.method === 'GET' && (list === '/pipelines' || list === sim.conventions.a.paths.keys) && (ctx.query.page !== undefined || ctx.query.page_size !== undefined);
}

/** Whether an Accept header pins no media type (a-unpinned-accept-served-v2): absent, or only wildcard ranges (any type, or any subtype of one). */
function unpinnedAccept(accept: string): boolean {
  return accept.split(',').map((range) => range.split(';')[0]?.trim() ?? '').filter((type) => type !== '').every((type) => type.includes('*'));
}

/** Whether the request's Bearer key is a key of an account other than the first made. */
function movedAccountKey(sim: Sim, ctx: Context): boolean {
  const token = /^bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
  const owner = token === undefined ? null : sim.store.findPipelineKey(token);
  return owner !== null && owner.account !== sim.store.firstAccount();
}

/** Whether the request's Bearer key is a non-admin key of any account. */
function scopedKey(sim: Sim, ctx: Context): boolean {
  const token = /^bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
  const owner = token === undefined ? null : sim.store.findPipelineKey(token);
  return owner !== null && !owner.key.admin;
}

/** Whether the request's Bearer key was made through the API (a-api-made-keys-v2-only). */
function apiMadeKey(sim: Sim, ctx: Context): boolean {
  const token = /^bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
  const owner = token === undefined ? null : sim.store.findPipelineKey(token);
  return owner !== null && routedToV2.has(owner.key);
}

/** How long the edge cache of the fault `a-later-list-pages-edge-cached` keeps a page. */
const EDGE_CACHE_TTL_MS = 60_000;

/** The fault `a-later-list-pages-edge-cached`'s cache: URL to page. Written and read only while it is on. */
const edgeCaches = new WeakMap<Sim, Map<string, { body: string; type: string; until: number }>>();

function edgeCache(sim: Sim): Map<string, { body: string; type: string; until: number }> {
  let cache = edgeCaches.get(sim);
  if (!cache) edgeCaches.set(sim, (cache = new Map()));
  return cache;
}

/** A GET of a later page of the pipeline list (`page` past 1), under either version prefix. */
function laterPipelineListPage(ctx: Context): boolean {
  const page = ctx.query.page;
  return ctx.method === 'GET' && /^\/api\/public\/v\d+\/pipelines\/?$/.test(ctx.path) && typeof page === 'string' && Number(page) > 1;
}

/** One pipeline's path (`/pipelines/{id}`), under either version prefix. */
const PIPELINE_PATH = /^\/api\/public\/v\d+\/pipelines\/[^/]+$/;

/** Whether the path names one pipeline (`/pipelines/{id}`) that some account, any, has archived. */
function archivedInAnyAccount(sim: Sim, path: string): boolean {
  const id = /^\/api\/public\/v\d+\/pipelines\/(\d+)$/.exec(path)?.[1];
  if (id === undefined) return false;
  return [...sim.store.accounts.values()].some((a) => (a.pipelines.get(Number(id))?.archivedAt ?? null) !== null);
}

/** A path under one pipeline's (`/pipelines/{id}/...`), under either version prefix. */
const PIPELINE_SUBPATH = /^\/api\/public\/v\d+\/pipelines\/[^/]+\/./;
const PIPELINE_SUBPATH_ID = /^\/api\/public\/v\d+\/pipelines\/(\d+)\/./;

/** POST /pipelines (create) or POST of a definition to its validation, under either version prefix. */
function postsADefinition(sim: Sim, ctx: Context): boolean {
  if (ctx.method !== 'POST') return false;
  const path = ctx.path.replace(/^\/api\/public\/v\d+/, '');
  return path === '/pipelines' || path === sim.conventions.a.paths.validate;
}

function buildRouter(sim: Sim, prefix: string): ARouter {
  // Paths are exact: `/API/Public/V1` is not interface A.
  const router = new Router<AState>({ prefix, sensitive: true });
  for (const register of aRouteRegistrations) register(router, sim, prefix);
  return router;
}
