import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Sim } from '../../context.ts';
import { bGate } from './gate.ts';
import { bRouteRegistrations } from './routes.ts';
import { registerAccountlessRoutes } from './accountless-routes.ts';
import type { BRouter, BRouteTable, BState } from './types.ts';

const PREFIX = '/:account/api';

/** Interface B's routes, dispatched by the first segment after `/{account_id}/api`. */
export interface BInterface {
  /** Runs the routes of the request's segment, then their 405/501 answers; other paths go on. */
  dispatch: Middleware;
  /** Every layer of every segment's router (the OpenAPI test lists what is served). */
  readonly stack: BRouter['stack'];
}

/**
 * Interface B, rooted at `/{account_id}/api`. Order of refusals: unknown path (404, from the
 * app's fallback), then the gate: the versioned Accept header (406), the key (401), the account
 * (a key used on another account's path gets exactly what an unknown account gets: 404).
 *
 * One @koa/router per first path segment (`jobs`, `user`, `connections`, ...), because a router
 * tests every one of its layers' patterns on every request: with all of interface B's routes in
 * one router, matching cost half the throughput of a route that does nothing. Matching stays
 * @koa/router's (case-insensitive, trailing slash optional); every route of a segment lives in
 * the same router, so its 405 and `Allow` see all of them. The gate is one middleware (one
 * key-digest cache) put in front of each route's own handlers rather than `router.use`d: a
 * router-wide layer is matched, its parameters decoded and composed on every request, about 13 us
 * of a /packages/{id} answer's 77 (user CPU per request, median of 5 rounds: 77 -> 64 us,
 * 9,579 -> 10,592 rps). No route handler calls `next`, so the gate still runs once per request,
 * and only for a path and method some route serves (a 405 is answered before any key check).
 */
export function interfaceBRouter(sim: Sim): BInterface {
  const gate = bGate(sim);
  const bySegment = new Map<string, BRouter>();
  const routerFor = (path: string): BRouter => {
    const segment = segmentOfRoute(path);
    let router = bySegment.get(segment);
    if (!router) {
      router = new Router<BState>({ prefix: PREFIX });
      bySegment.set(segment, router);
    }
    return router;
  };
  const table = gatedTable(routerFor, gate);
  for (const register of bRouteRegistrations) register(table, sim);

  // The real service's few reads at the API's root (accountless-routes.ts): one small router,
  // tried only for a path that is not under `/{account}/api/`.
  const outside = new Router<BState>();
  registerAccountlessRoutes(gatedTable(() => outside, bGate(sim, { accountless: true })), sim);
  const outsideHandler = handlerOf(sim, outside);

  const handlers = new Map<string, Middleware>();
  for (const [segment, router] of bySegment) handlers.set(segment, handlerOf(sim, router));
  return {
    dispatch: (ctx, next) => {
      const segment = segmentOfRequest(ctx.path);
      const handler = segment === '' ? outsideHandler : handlers.get(segment);
      return handler ? handler(ctx, next) : next();
    },
    get stack() {
      return [...bySegment.values(), outside].flatMap((r) => r.stack);
    },
  };
}

/** `/jobs/:id` -> `jobs`. */
function segmentOfRoute(path: string): string {
  return (path.split('/')[1] ?? '').toLowerCase();
}

/** `/acme/api/jobs/7` -> `jobs`; '' when the path is not under `/{account}/api/`. Lower case: routes match case-insensitively. */
function segmentOfRequest(path: string): string {
  const parts = path.split('/', 4);
  if (parts.length < 4 || parts[1] === '' || parts[2]?.toLowerCase() !== 'api') return '';
  return parts[3]!.toLowerCase();
}

/** Where domains declare routes: each goes, `gate` first, into the router `routerFor` picks by its path. */
function gatedTable(routerFor: (path: string) => BRouter, gate: Middleware): BRouteTable {
  const forward =
    (method: 'get' | 'post' | 'put' | 'delete' | 'patch') =>
    (...args: unknown[]): BRouteTable => {
      const router = routerFor(String(args[0]));
      (router[method] as (...a: unknown[]) => unknown).apply(router, [args[0], gate, ...args.slice(1)]);
      return table;
    };
  const table = { get: forward('get'), post: forward('post'), put: forward('put'), delete: forward('delete'), patch: forward('patch') } as unknown as BRouteTable;
  return table;
}

/** A router's routes, then its 405 and `Allow` answers. */
function handlerOf(sim: Sim, router: BRouter): Middleware {
  const routes = router.routes() as Middleware;
  const allowed = router.allowedMethods() as Middleware;
  return (ctx, next) =>
    routes(ctx, () =>
      allowed(ctx, next).then(() => {
        // The fault: where a route serves the path (Allow names its methods) but the router
        // implements no such method (PROPFIND, PURGE: its 501), the handlers are looked up in a
        // table by method with no default, and what is called is nothing; before the key.
        if (ctx.status === 501 && ctx.response.get('Allow') && sim.faults.has('b-unusual-method-500')) throw new TypeError(`handlers[${JSON.stringify(ctx.method)}] is not a function`);
      }),
    );
}
