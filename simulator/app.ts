import Koa from 'koa';
import { constants as zlibConstants } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { AdjustableClock, type Clock } from './clock.ts';
import { Faults, type FaultName } from './faults.ts';
import { Store } from './store.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { defaultSimOptions, type Sim, type SimOptions } from './context.ts';
import { ApiError } from './http/errors.ts';
import { renderError, toApiError } from './http/render.ts';
import { interfaceBRouter } from './interfaces/b/router.ts';
import { interfaceARouter } from './interfaces/a/router.ts';
import { interfaceOf } from './interfaces/which.ts';
import { controlRouter } from './control/routes.ts';
import { applySeed, type SeedDocument } from './control/seed.ts';
import { recordStartup } from './control/startup.ts';
import { conventionsNamed } from './conventions.ts';
import { Journal } from './journal/journal.ts';
import { SIMULATOR_VERSION } from './version.ts';
import { journalMiddleware } from './journal/middleware.ts';
import { ChaosRules } from './chaos/rules.ts';
import { applyChaos } from './chaos/middleware.ts';
import { persistenceMiddleware } from './persistence/middleware.ts';
import { settleSoon } from './domains/settle-timer.ts';

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
  const conventions = conventionsNamed(options.conventions);
  const faults = [...(init.faults ?? [])];
  const sim: Sim = {
    store: new Store(conventions.firstId, options.idNumbering),
    clock,
    faults: new Faults(faults),
    options,
    conventions,
    rateLimiter: new RateLimiter(clock, options.rateLimitPerHour, conventions.b.rateLimitHeaders),
    journal: new Journal(options.journalSize, options.pipelineKeyPrefix),
    chaos: new ChaosRules(),
    lifetime: new AbortController(),
  };
  recordStartup(sim, { faults, chaos: [], rateLimitPerHour: sim.rateLimiter.limitPerHour, ...(init.seed ? { seed: init.seed } : {}) });
  sim.eventQueued = (due) => settleSoon(sim, due);
  if (init.seed) applySeed(sim, init.seed);

  const app = new Koa();
  // No stack traces, no console output per request: errors are rendered, never printed.
  app.silent = true;
  const control = controlRouter(sim);
  const a = interfaceARouter(sim);
  const b = interfaceBRouter(sim);
  const everyRouter = chain([control.routes(), control.allowedMethods(), a.routes(), a.allowedMethods(), b.dispatch] as Middleware[]);
  // A path of interface B goes to its routes alone: trying the control API's and interface A's
  // first costs their matching on every request and changes nothing.
  const onlyB = chain([b.dispatch]);
  // Likewise an interface A path (under /api/public/): no control or interface B route can match it.
  const onlyA = chain([a.routes(), a.allowedMethods()] as Middleware[]);
  const routersFor = { A: onlyA, B: onlyB, control: everyRouter };
  // Outside the journal, so that it records each answer as made, before it is compressed.
  if (options.compress) app.use(answerCompression());
  app.use(journalMiddleware(sim));
  app.use(persistenceMiddleware(sim));
  app.use(errorBoundary(sim, (ctx) => routersFor[interfaceOf(ctx.path)](ctx)));
  return { app, sim, clock };
}

/**
 * koa-compress, as its defaults negotiate (Accept-Encoding with q-values; br first, then gzip,
 * then deflate; nothing when the request names no coding, for a client that asks for none must
 * get plain bytes even though RFC 9110 would allow any), brotli at quality 4 as servers compress
 * answers made on the fly (the default 11 is for files compressed once). Loaded with the first
 * request (about 24 ms from node_modules with its MIME database; in the bundle of the package,
 * evaluated only then), which a simulator that does not compress must not pay at every start.
 */
function answerCompression(): Middleware {
  let loaded: Promise<Middleware> | undefined;
  return async (ctx, next) => {
    loaded ??= import('koa-compress').then(({ default: compress }) => compress({ threshold: 1024, br: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } }));
    return (await loaded)(ctx, next);
  };
}

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

/** Who answers: clients and certificates read what a server says about itself here. */
const SERVER = `disco-simulator/${SIMULATOR_VERSION}`;

/** Security headers, Server and the simulated Date on every answer, then the routers, then the one error renderer. */
function errorBoundary(sim: Sim, routers: Handler): Middleware {
  const server = `${SERVER} (${sim.conventions.name} conventions)`;
  return async (ctx: Context): Promise<void> => {
    ctx.set('Server', server);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    // The Date header tells the simulator's own time, not the host's: a moved or sped-up clock
    // is then visible to clients (and to the suites' wall-clock checks) the way a real server's
    // clock is, through Date.
    ctx.set('Date', new Date(sim.clock.now()).toUTCString());
    try {
      // A chaos rule may answer (a status: thrown, rendered below) or take the answer away.
      if ((await applyChaos(sim, ctx)) === 'handled') return;
      await routers(ctx);
      // The routers answer an unmatched path with an empty 404, and a known path with the wrong
      // method with an empty 405 (or 501 for a method they do not know) plus `Allow`. Both get
      // the interface's error object here; an unknown method is a client error, never a 5xx.
      // @koa/router's 501 comes whether or not a route serves the path; where none does (its
      // Allow is empty), the path is what is unknown: a 404, as a GET there gets, not a 405
      // whose empty Allow says the resource exists and allows no method (RFC 9110 15.5.6, 10.2.1).
      if (ctx.status === 501 && (ctx.body === undefined || ctx.body === null) && !ctx.response.get('Allow')) {
        ctx.remove('Allow');
        ctx.status = 404;
      }
      unknownPathUnderFault(sim, ctx);
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) throw new ApiError('not_found');
        if (ctx.status === 405 || ctx.status === 501) throw new ApiError('method_not_allowed');
      }
      // The routers answer OPTIONS themselves with an empty 200; neither interface offers it.
      if (ctx.method === 'OPTIONS' && ctx.status === 200 && !ctx.body) throw new ApiError('method_not_allowed');
      serializeJson(ctx, sim);
    } catch (err) {
      renderError(ctx, toApiError(err), interfaceOf(ctx.path), sim.conventions, sim.faults);
      // Serialised here too, so the journal (outside this boundary) keeps an error's body as it
      // keeps any other: left to Koa's respond step, it was still an object when recorded, and
      // every 4xx was journaled without the body that says why.
      serializeJson(ctx, sim);
    }
  };
}

/**
 * The faults of an unknown path: the framework's plain-text 404 left as it is (interface B), or
 * a fallback handler that crashes (interface A). Without them, nothing happens here.
 */
function unknownPathUnderFault(sim: Sim, ctx: Context): void {
  if (ctx.status !== 404 || (ctx.body !== undefined && ctx.body !== null)) return;
  const iface = interfaceOf(ctx.path);
  if (iface === 'A' && sim.faults.has('a-unknown-path-500')) throw new Error('no handler for this path');
  if (iface === 'B' && sim.faults.has('b-unknown-path-empty-404')) {
    ctx.status = 404;
    ctx.type = 'text/plain';
    ctx.body = 'Not Found';
  }
}

/**
 * Serialises JSON bodies here, inside the boundary, rather than in Koa's respond step: a value
 * that cannot be serialised then gets the interface's error object instead of Koa's plain-text
 * 500. The Content-Type set by the route (JSON or the vendor type) is kept.
 */
function serializeJson(ctx: Context, sim: Sim): void {
  const body: unknown = ctx.body;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return;
  const type = ctx.response.get('Content-Type') || 'application/json; charset=utf-8';
  // a-sparse-fieldsets-filter-errors: `?fields=` applied here, to every interface A body, errors included.
  ctx.body = JSON.stringify(sim.faults.has('a-sparse-fieldsets-filter-errors') ? sparseFieldset(ctx, body) : body);
  ctx.set('Content-Type', type);
}

/**
 * a-sparse-fieldsets-filter-errors: an interface A object body with only the members a `fields`
 * query parameter lists (comma-separated), as the dashboard's tables ask for their columns;
 * lists, other interfaces and requests without `fields` keep the body whole.
 */
function sparseFieldset(ctx: Context, body: object): unknown {
  const fields = ctx.query.fields;
  if (typeof fields !== 'string' || interfaceOf(ctx.path) !== 'A' || Array.isArray(body)) return body;
  const kept = fields.split(',');
  return Object.fromEntries(Object.entries(body).filter(([member]) => kept.includes(member)));
}
