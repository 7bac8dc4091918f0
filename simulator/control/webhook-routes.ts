import type Router from '@koa/router';
import type { Sim } from '../context.ts';
import { ApiError, invalidField } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import { deliveriesSettled, inFlightCount } from '../domains/hooks/delivery-log.ts';
import { waitingRetries } from '../domains/hooks/retries.ts';
import { settleDueNow } from '../domains/settle-timer.ts';

const MAX_WAIT_MS = 120_000;

/**
 * `POST /_disco/webhooks/wait {timeout_ms}`: answers once no web hook delivery is pending, in
 * flight or waiting for a retry (jobs whose end has come are settled first, so their events
 * count), so a client test can assert "my receiver got it" without sleeping. Retries wait for
 * the simulator clock: on a frozen clock advance it first. A 409 names what is still pending
 * when the time is up.
 */
export function registerWebhookRoutes(router: Router, sim: Sim): void {
  router.post('/webhooks/wait', async (ctx) => {
    const body = await readJsonObject(ctx, 4096);
    const timeout = body.timeout_ms ?? 10_000;
    if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout < 0 || timeout > MAX_WAIT_MS) throw invalidField('timeout_ms', `must be milliseconds from 0 to ${MAX_WAIT_MS}`);
    const deadline = performance.now() + timeout;
    for (;;) {
      // A job whose end has just come, and whose timer has not run yet, has its hook event sent now.
      settleDueNow(sim);
      const pending = pendingDeliveries(sim);
      if (pending === 0) {
        ctx.body = { pending: 0 };
        return;
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        throw new ApiError('conflict', { message: `${pending} web hook deliveries are still pending after ${timeout} ms (${waitingRetries(sim)} waiting for a retry on the simulator clock: advance it to run them).` });
      }
      const accounts = [...sim.store.accounts.values()];
      await Promise.race([Promise.all(accounts.map((a) => deliveriesSettled(a))), new Promise((resolve) => setTimeout(resolve, Math.min(left, 50)))]);
    }
  });
}

export function pendingDeliveries(sim: Sim): number {
  let n = waitingRetries(sim);
  for (const account of sim.store.accounts.values()) n += inFlightCount(account);
  return n;
}
