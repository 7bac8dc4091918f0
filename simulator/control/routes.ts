import Router from '@koa/router';
import type { Context } from 'koa';
import type { Sim } from '../context.ts';
import { AdjustableClock, isoTime, LATEST_TIME_MS, MAX_CLOCK_SPEED } from '../clock.ts';
import { ApiError, invalidField, invalidFields } from '../http/errors.ts';
import { accountProblems, seedProblems } from './seed-check.ts';
import { asObject } from '../http/body.ts';
import { readJsonObject } from '../http/json-body.ts';
import { CONTROL_PREFIX } from '../interfaces/which.ts';
import { FAULT_NAMES, faultCatalog, isFaultName } from '../faults.ts';
import { addPipelineKey, applySeed, seedAccount, type SeedAccount, type SeedDocument } from './seed.ts';
import { loadNamedSeed } from './seed-files.ts';
import { accountSnapshot } from './snapshot.ts';
import { parseIsoDateTime } from '../http/date-time.ts';
import { WEBHOOK_USER_AGENT } from '../domains/hooks/delivery.ts';
import { presentDeliveryLog } from '../domains/hooks/delivery-log.ts';
import { takenPipelineNames } from '../domains/pipelines/seeded.ts';
import { targetDescription } from './description.ts';
import { registerJournalRoutes } from './journal-routes.ts';
import { registerChaosRoutes } from './chaos-routes.ts';
import { registerWebhookRoutes } from './webhook-routes.ts';
import { registerStateRoutes } from './state-routes.ts';
import { registerOpenApiRoutes } from './openapi-routes.ts';
import { dropRetries, runDueRetries } from '../domains/hooks/retries.ts';
import { settleDueNow } from '../domains/settle-timer.ts';
import type { AccountState } from '../store.ts';
import type { FieldProblem } from '../http/errors.ts';
import { startupOf } from './startup.ts';

/**
 * The control API: set-up and inspection for tests, outside both interfaces. It is not part of
 * the service, has no authentication, and the simulator listens on loopback by default.
 */
export function controlRouter(sim: Sim): Router {
  const router = new Router({ prefix: CONTROL_PREFIX });
  // Defence in depth next to the delivery rule: the simulator's own webhooks never reach here.
  router.use(async (ctx, next) => {
    if (ctx.get('x-hook-signature') !== '' || ctx.get('user-agent') === WEBHOOK_USER_AGENT) throw new ApiError('forbidden', { message: 'Forbidden: webhooks cannot call the control API.' });
    await next();
  });
  // Seeds are big documents: the control API takes more than the interfaces do.
  const json = (ctx: Context): Promise<Record<string, unknown>> => readJsonObject(ctx, 16 * 1024 * 1024);

  router.get('/health', (ctx) => {
    ctx.body = { ok: true, accounts: sim.store.accounts.size, now: isoTime(sim.clock.now()), faults: sim.faults.list(), conventions: sim.conventions.name };
  });

  // The target document's sections that describe the simulator's conventions (interface_a, interface_b).
  router.get('/target-description', (ctx) => {
    ctx.body = targetDescription(sim.conventions);
  });

  // Empties the state, then applies `{seed: SeedDocument}`, `{seed_name: "default" | "empty"}`, or the seed the simulator started with.
  router.post('/reset', async (ctx) => {
    const body = await json(ctx);
    const seed = await seedFrom(body);
    if (seed) {
      const problems = seedProblems(seed);
      if (problems.length) throw invalidFields(problems);
    }
    sim.store.reset();
    sim.rateLimiter.reset();
    dropRetries(sim);
    // Back to how the simulator started, as a test's `beforeEach(reset)` needs: its faults,
    // chaos rules (spent ones whole again) and rate limit, an empty journal, and its seed unless
    // another is named.
    const startup = startupOf(sim);
    sim.rateLimiter.limitPerHour = startup.rateLimitPerHour;
    sim.faults.set(startup.faults);
    sim.chaos.restart(startup.chaos);
    sim.journal.clear();
    const applied = seed ?? startup.seed;
    ctx.body = { accounts: applied ? applySeed(sim, applied) : [] };
  });

  // Creates an account (or adds to an existing one) from a SeedAccount document.
  router.post('/accounts', async (ctx) => {
    const body = await json(ctx);
    const existing = typeof body.slug === 'string' ? sim.store.account(body.slug) : undefined;
    const problems = accountProblems(body, 'body', connectionNamesOf(existing)).map((p) => ({ ...p, field: p.field.replace(/^body\./, '') }));
    problems.push(...pipelineNameConflicts(existing, body));
    if (problems.length) throw invalidFields(problems);
    ctx.status = 201;
    ctx.body = seedAccount(sim, body as unknown as SeedAccount);
  });

  router.get('/accounts', (ctx) => {
    ctx.body = [...sim.store.accounts.values()].map((a) => ({ account_id: a.slug, numeric_id: a.id, name: a.name }));
  });

  router.get('/accounts/:slug', (ctx) => {
    const account = sim.store.account(ctx.params.slug ?? '');
    if (!account) throw new ApiError('not_found');
    ctx.body = accountSnapshot(sim, account);
  });

  router.post('/accounts/:slug/seed', async (ctx) => {
    const account = sim.store.account(ctx.params.slug ?? '');
    if (!account) throw new ApiError('not_found');
    const body = { ...(await json(ctx)), slug: account.slug };
    const problems = accountProblems(body, 'body', connectionNamesOf(account)).map((p) => ({ ...p, field: p.field.replace(/^body\./, '') }));
    problems.push(...pipelineNameConflicts(account, body));
    if (problems.length) throw invalidFields(problems);
    ctx.body = seedAccount(sim, body as unknown as SeedAccount);
  });

  // The account's last 100 webhook delivery attempts, oldest first (no salts, no credentials).
  router.get('/accounts/:slug/webhook-deliveries', (ctx) => {
    const account = sim.store.account(ctx.params.slug ?? '');
    if (!account) throw new ApiError('not_found');
    ctx.body = presentDeliveryLog(account);
  });

  // Mints an interface A key, as the dashboard does in the real service.
  router.post('/accounts/:slug/pipeline-keys', async (ctx) => {
    const account = sim.store.account(ctx.params.slug ?? '');
    if (!account) throw new ApiError('not_found');
    const body = await json(ctx);
    if (typeof body.name !== 'string' || body.name === '') throw invalidField('name', 'is required');
    const expires = body.expires_at;
    if (expires !== undefined && expires !== null && (typeof expires !== 'string' || parseIsoDateTime(expires) === null)) {
      throw invalidField('expires_at', 'must be an ISO 8601 date-time or null');
    }
    ctx.status = 201;
    ctx.body = addPipelineKey(sim, account, { name: body.name, admin: body.admin === true, expires_at: (expires as string | null | undefined) ?? null });
  });

  // `{current, replacement}`: gives the user whose interface B key is `current` the key
  // `replacement` instead. Lets a test undo `POST /user/tokens` (the target file keeps working).
  router.post('/accounts/:slug/user-keys/replace', async (ctx) => {
    const account = sim.store.account(ctx.params.slug ?? '');
    if (!account) throw new ApiError('not_found');
    const body = await json(ctx);
    if (typeof body.current !== 'string') throw invalidField('current', 'must be the key to replace');
    if (typeof body.replacement !== 'string' || !/^[A-Za-z0-9_-]{20,200}$/.test(body.replacement)) throw invalidField('replacement', 'must be 20 to 200 letters, digits, _ or -');
    // A replaced key whose linger (alt conventions) is over names nobody any more.
    const found = sim.store.findUserKey(body.current, sim.clock.now());
    if (!found || found.account !== account) throw invalidField('current', 'is no key of this account');
    if (body.replacement !== body.current && sim.store.findUserKey(body.replacement, sim.clock.now())) throw invalidField('replacement', 'is already in use');
    sim.store.unindexUserKey(body.current);
    found.user.apiKey = body.replacement;
    sim.store.indexUserKey(account.slug, found.user.id, body.replacement);
    ctx.body = { user_id: found.user.id };
  });

  router.get('/clock', (ctx) => {
    ctx.body = clockState(sim);
  });

  // `{ms}` or `{seconds}` to move forward.
  router.post('/clock/advance', async (ctx) => {
    const clock = adjustable(sim);
    const body = await json(ctx);
    const ms = typeof body.ms === 'number' ? body.ms : typeof body.seconds === 'number' ? body.seconds * 1000 : NaN;
    if (!Number.isFinite(ms) || ms < 0) throw invalidField('ms', 'must be a non-negative number (or give seconds)');
    if (sim.clock.now() + ms > LATEST_TIME_MS) throw invalidField('ms', 'would move the clock past the year 9999');
    clock.advance(ms);
    settleDueNow(sim);
    runDueRetries(sim);
    ctx.body = clockState(sim);
  });

  // `{at: ISO date-time}` to move to; `{frozen: true}` stops real time from flowing, `{frozen:
  // false}` lets it flow again; `{speed: F}` makes it flow F times as fast.
  router.post('/clock/set', async (ctx) => {
    const clock = adjustable(sim);
    const body = await json(ctx);
    // Everything is checked before anything changes: a refused request changes nothing.
    let at: number | undefined;
    if (body.at !== undefined) {
      at = (typeof body.at === 'string' ? parseIsoDateTime(body.at) : null) ?? NaN;
      if (Number.isNaN(at)) throw invalidField('at', 'must be an ISO 8601 date-time');
      if (at < sim.clock.now()) throw invalidField('at', 'must not be in the past: the clock never goes backwards');
      if (at > LATEST_TIME_MS) throw invalidField('at', 'must not be after the year 9999');
    }
    if (body.frozen !== undefined && typeof body.frozen !== 'boolean') throw invalidField('frozen', 'must be a boolean');
    if (body.speed !== undefined && (typeof body.speed !== 'number' || !(body.speed > 0) || body.speed > MAX_CLOCK_SPEED)) throw invalidField('speed', `must be a number above 0 and at most ${MAX_CLOCK_SPEED}`);
    if (typeof body.speed === 'number') clock.setSpeed(body.speed);
    if (body.frozen === true) clock.freeze();
    if (body.frozen === false) clock.unfreeze();
    if (at !== undefined) clock.set(at);
    settleDueNow(sim);
    runDueRetries(sim);
    ctx.body = clockState(sim);
  });

  router.get('/limits', (ctx) => {
    ctx.body = { requests_per_hour: sim.rateLimiter.limitPerHour };
  });

  // `{requests_per_hour: N}`: interface B requests per user per clock hour; 0 switches limits off.
  router.put('/limits', async (ctx) => {
    const body = await json(ctx);
    const limit = body.requests_per_hour;
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) throw invalidField('requests_per_hour', 'must be an integer >= 0 (0 switches limits off)');
    sim.rateLimiter.limitPerHour = limit;
    sim.rateLimiter.reset();
    ctx.body = { requests_per_hour: limit };
  });

  router.get('/faults', (ctx) => {
    ctx.body = { active: sim.faults.list(), available: FAULT_NAMES.map((name) => ({ name, ...faultCatalog[name] })) };
  });

  // `{active: [names]}` replaces the set of active faults.
  router.put('/faults', async (ctx) => {
    const body = await json(ctx);
    const names = body.active;
    if (!Array.isArray(names) || !names.every((n): n is string => typeof n === 'string')) throw invalidField('active', 'must be an array of fault names');
    const unknown = names.filter((n) => !isFaultName(n));
    if (unknown.length) throw invalidField('active', `names unknown faults: ${unknown.join(', ')}`);
    sim.faults.set(names.filter(isFaultName));
    ctx.body = { active: sim.faults.list() };
  });

  registerJournalRoutes(router, sim);
  registerChaosRoutes(router, sim);
  registerWebhookRoutes(router, sim);
  registerStateRoutes(router, sim);
  registerOpenApiRoutes(router, sim);
  return router;
}

function adjustable(sim: Sim): AdjustableClock {
  if (sim.clock instanceof AdjustableClock) return sim.clock;
  throw new ApiError('conflict', { message: 'This simulator runs on a clock that cannot be moved.' });
}

function clockState(sim: Sim): Record<string, unknown> {
  return { now: isoTime(sim.clock.now()), now_ms: sim.clock.now(), frozen: sim.clock instanceof AdjustableClock ? sim.clock.frozen : false, speed: sim.clock instanceof AdjustableClock ? sim.clock.speed : 1 };
}

async function seedFrom(body: Record<string, unknown>): Promise<SeedDocument | null> {
  if (body.seed !== undefined) {
    const seed = asObject(body.seed, 'seed');
    if (!Array.isArray(seed.accounts)) throw invalidField('seed.accounts', 'must be an array');
    return seed as unknown as SeedDocument;
  }
  if (body.seed_name !== undefined) {
    if (typeof body.seed_name !== 'string') throw invalidField('seed_name', 'must be a string');
    const seed = await loadNamedSeed(body.seed_name);
    if (!seed) throw invalidField('seed_name', 'names no seed in fixtures/seed');
    return seed;
  }
  return null;
}

/** The names of an existing account's connections, which a seed extending it may name. */
function connectionNamesOf(account: AccountState | undefined): string[] {
  return account ? [...account.connections.values()].map((c) => c.name) : [];
}

/** A seed's pipelines whose names the existing account already uses: refused before anything is applied. */
function pipelineNameConflicts(account: AccountState | undefined, body: Record<string, unknown>): FieldProblem[] {
  const seeds = Array.isArray(body.pipelines) ? body.pipelines : [];
  const names = seeds.map((p: unknown) => (typeof p === 'object' && p !== null && typeof (p as { name?: unknown }).name === 'string' ? (p as { name: string }).name : ''));
  const taken = new Set(takenPipelineNames(account, names));
  return names.flatMap((name, i) => (taken.has(name) ? [{ field: `pipelines[${i}].name`, message: 'is the name of a pipeline the account already has' }] : []));
}
