import type { Context, Middleware } from 'koa';
import type { Sim } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { renderError } from '../http/render.ts';
import { interfaceOf } from '../interfaces/which.ts';
import type { AccountState } from '../store.ts';

/**
 * With `--state FILE`: once a request is answered in memory and before the answer is sent, what
 * it changed is written and synced. If that fails the client gets a 503 with the interface's
 * error object, never an acknowledgement of a write that is not on disk.
 */
export function persistenceMiddleware(sim: Sim): Middleware {
  return async (ctx: Context, next) => {
    await next();
    if (!sim.saveAfter || ctx.respond === false) return;
    const surface = interfaceOf(ctx.path);
    const account = (ctx.state as { account?: AccountState }).account;
    try {
      await sim.saveAfter({ surface, method: ctx.method, status: ctx.status, ...(account ? { account } : {}) });
    } catch {
      renderError(ctx, new ApiError('service_unavailable', { message: 'Service unavailable: the change could not be saved to the state file.' }), surface, sim.conventions);
    }
  };
}
