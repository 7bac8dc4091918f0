import type { Sim } from '../../context.ts';
import { isFaultName } from '../../faults.ts';

/**
 * Routes that exist only while a fault is on: a deployment bug that adds a way in (a `PATCH` that
 * brings a revoked key back) is a route the faultless simulator must not serve, not even as a
 * handler that declines, since a known path with an unserved method is 405 with `Allow`. Such a
 * route is registered under a name made here, and the router leaves it out of the match while
 * its fault is off; faults are switched live, so this is read per request.
 */

const PREFIX = 'fault:';

/** The route name that serves a route only while `fault` is on. */
export function faultRouteName(fault: string): string {
  if (!isFaultName(fault)) throw new Error(`no fault ${fault}`);
  return `${PREFIX}${fault}`;
}

/** Whether a route layer of this name is served now: every route, except a fault's while the fault is off. */
export function servedNow(sim: Sim, routeName: string | undefined): boolean {
  if (!routeName?.startsWith(PREFIX)) return true;
  const fault = routeName.slice(PREFIX.length);
  return isFaultName(fault) && sim.faults.has(fault);
}
