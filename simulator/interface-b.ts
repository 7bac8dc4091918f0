import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { BState, Sim } from './context.ts';
import { ApiError } from './http/errors.ts';
import { acceptsVendorV2, VENDOR_MEDIA_TYPE } from './http/accept.ts';
import { basicKey } from './http/credentials.ts';
import { linksFor } from './http/links.ts';
import { bDomainRoutes } from './domains/b-routes.ts';
import { settleAccount } from './domains/settle.ts';

export type BRouter = Router<BState>;

/**
 * Interface B, rooted at `/{account_id}/api`. Order of refusals: unknown path (404, from the
 * app's fallback), then the versioned Accept header (406), then the key (401), then the
 * account: a key used on another account's path gets exactly what an unknown account gets (404).
 */
export function interfaceBRouter(sim: Sim): BRouter {
  const router: BRouter = new Router<BState>({ prefix: '/:account/api' });
  router.use(faultyErrorHandling(sim), versioning(sim), authenticate(sim));
  for (const register of bDomainRoutes) register(router, sim);
  return router;
}

/**
 * Faults that change how interface B answers errors and request bodies. Off by default; each
 * imitates a real mistake: a string comparison of Content-Type, a hand-written 404 body, a
 * JSON parse error that escapes to the framework's default 500 page.
 */
function faultyErrorHandling(sim: Sim) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const contentType = ctx.get('content-type');
    if (sim.faults.has('b-json-charset-refused') && contentType !== '' && contentType !== 'application/json') {
      throw new ApiError('unsupported_media_type', { message: 'Unsupported media type: send application/json.' });
    }
    try {
      await next();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'not_found' && sim.faults.has('b-404-without-message')) {
        ctx.status = 404;
        ctx.body = { error: 'not found' };
        ctx.type = 'application/json';
        return;
      }
      if (err.code === 'malformed_body' && sim.faults.has('b-malformed-json-500')) {
        ctx.status = 500;
        ctx.type = 'text/plain';
        ctx.body = `SyntaxError: ${err.message}\n    at JSON.parse (<anonymous>)\n    at parseJsonBody (/srv/app/lib/body.js:42:17)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n`;
        return;
      }
      throw err;
    }
  };
}

function versioning(sim: Sim) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const served = sim.faults.has('b-missing-accept-served') && !ctx.get('accept');
    if (!served && !acceptsVendorV2(ctx.get('accept'), sim.options.profile === 'lenient')) {
      throw new ApiError('not_acceptable', {
        message: `Not acceptable: send Accept: ${VENDOR_MEDIA_TYPE}.`,
        problems: [{ field: 'Accept', message: `must be ${VENDOR_MEDIA_TYPE}` }],
      });
    }
    await next();
    // B-VER-2: every successful body is labelled with the versioned vendor media type.
    if (ctx.status >= 200 && ctx.status < 300 && ctx.body !== undefined && ctx.body !== null) {
      ctx.set('Content-Type', sim.faults.has('b-wrong-success-content-type') ? 'application/json; charset=utf-8' : VENDOR_MEDIA_TYPE);
    }
  };
}

function authenticate(sim: Sim) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const lenient = sim.options.profile === 'lenient';
    const key = basicKey(ctx.get('authorization'), lenient);
    const slug = String(ctx.params?.account ?? '');
    let found = key === null ? null : sim.store.findUserKey(key);
    if (!found && key !== null && sim.faults.has('b-unknown-key-accepted')) {
      const account = sim.store.account(slug);
      const user = account?.users.values().next().value;
      if (account && user) found = { account, user };
    }
    if (!found) {
      throw new ApiError('unauthorized', {
        message: 'Unauthorized: send the API key as the username of HTTP Basic authentication, with an empty password.',
        headers: { 'WWW-Authenticate': 'Basic realm="service"' },
      });
    }
    let account = found.account;
    if (account.slug !== slug) {
      const other = sim.store.account(slug);
      if (!(other && sim.faults.has('b-cross-account-access'))) throw new ApiError('not_found');
      account = other;
    }
    const quota = sim.rateLimiter.take(`${found.account.slug}:${found.user.id}`);
    if (quota) {
      ctx.set('X-RateLimit-Limit', String(quota.limit));
      ctx.set('X-RateLimit-Remaining', String(quota.remaining));
      ctx.set('X-RateLimit-Reset', String(quota.resetAt));
    }
    settleAccount(sim, account, linksFor(ctx, account.slug));
    const state = ctx.state as BState;
    state.account = account;
    state.user = found.user;
    state.links = linksFor(ctx, account.slug);
    await next();
  };
}
