import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { presentTime } from '../../http/time.ts';

/**
 * Extension (docs/interface-b.md): `GET /rate_limit_status`, which the real service's Python
 * client reads as `{"limits": {"limit", "remaining"}}`. The request itself counts nothing and is
 * answered when the window is used up (the gate peeks instead of taking: "all API methods are
 * rate-limited except for querying the rate limit", the real docs); with limits off the limit is 0
 * and so is what remains.
 */
export function registerLimitRoutes(router: BRouteTable, sim: Sim): void {
  router.get('/rate_limit_status', (ctx) => {
    if (sim.rateLimiter.limitPerHour <= 0) {
      ctx.body = { limits: { limit: 0, remaining: 0 } };
      return;
    }
    const quota = ctx.state.quota;
    ctx.body = { limits: { limit: quota?.limit ?? 0, remaining: quota?.remaining ?? 0, ...(quota ? { reset_at: presentTime(sim, quota.resetAt * 1000) } : {}) } };
  });
}
