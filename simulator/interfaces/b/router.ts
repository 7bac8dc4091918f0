import Router from '@koa/router';
import type { Sim } from '../../context.ts';
import { bGate } from './gate.ts';
import { bRouteRegistrations } from './routes.ts';
import type { BRouter, BState } from './types.ts';

/**
 * Interface B, rooted at `/{account_id}/api`. Order of refusals: unknown path (404, from the
 * app's fallback), then the gate: the versioned Accept header (406), the key (401), the account
 * (a key used on another account's path gets exactly what an unknown account gets: 404).
 */
export function interfaceBRouter(sim: Sim): BRouter {
  const router: BRouter = new Router<BState>({ prefix: '/:account/api' });
  // One gate middleware rather than one per step: each router layer costs a match and a
  // parameter decode on every request.
  router.use(bGate(sim));
  for (const register of bRouteRegistrations) register(router, sim);
  return router;
}
