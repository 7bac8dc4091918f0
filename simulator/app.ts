import Koa from 'koa';
import type { Context, Middleware } from 'koa';
import { AdjustableClock, type Clock } from './clock.ts';
import { Faults, type FaultName } from './faults.ts';
import { Store } from './store.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { defaultSimOptions, type Sim, type SimOptions } from './context.ts';
import { ApiError } from './http/errors.ts';
import { renderError, toApiError, type Interface } from './http/render.ts';
import { interfaceBRouter } from './interface-b.ts';
import { interfaceARouter, INTERFACE_A_PREFIX } from './domains/pipelines/interface-a.ts';
import { controlRouter, CONTROL_PREFIX } from './control/routes.ts';
import { applySeed, type SeedDocument } from './control/seed.ts';

export interface SimulatorOptions {
  clock?: Clock;
  faults?: Iterable<FaultName>;
  options?: Partial<SimOptions>;
  seed?: SeedDocument;
}

export interface Simulator {
  app: Koa;
  sim: Sim;
  /** The clock, when it can be moved (always, unless a custom clock was given). */
  clock: Clock;
}

/** Builds the simulator: a Koa app and its state. Never listens; see server.ts. */
export function createSimulator(init: SimulatorOptions = {}): Simulator {
  const clock = init.clock ?? new AdjustableClock();
  const options = { ...defaultSimOptions, ...init.options };
  const sim: Sim = {
    store: new Store(),
    clock,
    faults: new Faults(init.faults ?? []),
    options,
    rateLimiter: new RateLimiter(clock, options.rateLimitPerHour),
  };
  if (init.seed) applySeed(sim, init.seed);

  const app = new Koa();
  // No stack traces, no console output per request: errors are rendered, never printed.
  app.silent = true;
  const control = controlRouter(sim);
  const a = interfaceARouter(sim);
  const b = interfaceBRouter(sim);
  const everyRouter = chain([control.routes(), control.allowedMethods(), a.routes(), a.allowedMethods(), b.routes(), b.allowedMethods()] as Middleware[]);
  // A path that neither the control API nor interface A can match goes to interface B alone:
  // trying the other routers first costs their matching on every request and changes nothing.
  const onlyB = chain([b.routes(), b.allowedMethods()] as Middleware[]);
  app.use(errorBoundary((ctx) => (mayReachControlOrA(ctx.path) ? everyRouter(ctx) : onlyB(ctx))));
  return { app, sim, clock };
}

/**
 * Whether the control router or interface A could match `path`. Every control layer starts with
 * `/_disco` (matched case-insensitively, ASCII only, like the router's own expressions) and every
 * interface A layer with `/api/public/v1` or `/api/public/v2` (case-sensitive).
 */
function mayReachControlOrA(path: string): boolean {
  return CONTROL_PATH.test(path) || path.startsWith('/api/public/');
}

const CONTROL_PATH = /^\/_disco/i; // CONTROL_PREFIX, as its routes match it

type Handler = (ctx: Context) => Promise<void>;

/** Runs middleware in order, like koa-compose: the last `next` resolves at once. */
function chain(middleware: readonly Middleware[]): Handler {
  const run = (ctx: Context, index: number): Promise<void> => {
    const fn = middleware[index];
    if (!fn) return Promise.resolve();
    try {
      return Promise.resolve(fn(ctx, () => run(ctx, index + 1)) as Promise<void>);
    } catch (err) {
      return Promise.reject(err);
    }
  };
  return (ctx) => run(ctx, 0);
}

export function createApp(init: SimulatorOptions = {}): Koa {
  return createSimulator(init).app;
}

function interfaceOf(path: string): Interface {
  if (path.startsWith(CONTROL_PREFIX)) return 'control';
  if (path === INTERFACE_A_PREFIX || path.startsWith(`${INTERFACE_A_PREFIX}/`) || path.startsWith('/api/public/')) return 'A';
  return 'B';
}

/** Security headers on every answer, then the routers, then the one error renderer. */
function errorBoundary(routers: Handler): Middleware {
  return async (ctx: Context): Promise<void> => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    try {
      await routers(ctx);
      // The routers answer an unmatched path with an empty 404, and a known path with the wrong
      // method with an empty 405 (or 501 for a method they do not know) plus `Allow`. Both get
      // the interface's error object here; an unknown method is a client error, never a 5xx.
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) throw new ApiError('not_found');
        if (ctx.status === 405 || ctx.status === 501) throw new ApiError('method_not_allowed');
      }
      // The routers answer OPTIONS themselves with an empty 200; neither interface offers it.
      if (ctx.method === 'OPTIONS' && ctx.status === 200 && !ctx.body) throw new ApiError('method_not_allowed');
      serializeJson(ctx);
    } catch (err) {
      renderError(ctx, toApiError(err), interfaceOf(ctx.path));
    }
  };
}

/**
 * Serialises JSON bodies here, inside the boundary, rather than in Koa's respond step: a value
 * that cannot be serialised then gets the interface's error object instead of Koa's plain-text
 * 500. The Content-Type set by the route (JSON or the vendor type) is kept.
 */
function serializeJson(ctx: Context): void {
  const body: unknown = ctx.body;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return;
  const type = ctx.response.get('Content-Type') || 'application/json; charset=utf-8';
  ctx.body = JSON.stringify(body);
  ctx.set('Content-Type', type);
}
