import type { CheckContext, Exchange } from './types.ts';
import { ControlApiError } from './failure.ts';
import { describeResponse } from './expect.ts';
import { isObject } from './answers.ts';
import { aRoute, aSend, listItemsOf, routeOrSkip, skipUnlessServed } from '../catalog/a-requests.ts';

/**
 * What the target serves beyond the spec, found out before a check relies on it: interface A's
 * lists and key management go along the routes its target document describes (the real service's
 * conventions by default, A-GAP-1, A-GAP-4); the control API exists only on the simulator. A
 * check that needs what the target does not serve skips, naming the document field that would
 * enable it, and its clauses are not verified.
 */

/**
 * The items of `kind`'s list (`pipelines.list` or `keys.list`, account 1's admin key), or the end
 * of the check: the route is not served, or its answer has no items where the document says.
 */
export async function requireList(t: CheckContext, kind: 'pipelines' | 'keys', purpose: string, query: Record<string, string | number> = {}): Promise<{ items: unknown[]; exchange: Exchange }> {
  const operation = kind === 'pipelines' ? 'pipelines.list' : 'keys.list';
  routeOrSkip(t, operation, purpose);
  const exchange = await aSend(t, t.a(), operation, { query });
  skipUnlessServed(t, operation, exchange, purpose);
  const items = listItemsOf(t, kind, exchange.json);
  if (exchange.response.status !== 200 || !items) {
    t.skip(`${operation} answered ${describeResponse(exchange)}, with no list of ${kind} where interface_a.list_items.${kind} of the target document says (default "items"), so ${purpose}`);
  }
  return { items, exchange };
}

/** Skips unless the target manages keys over the API at the described routes (A-GAP-4; the spec's keys are made in a dashboard). */
export async function requireKeyManagement(t: CheckContext, purpose: string): Promise<void> {
  for (const op of ['keys.create', 'keys.revoke'] as const) routeOrSkip(t, op, purpose);
  if (aRoute(t, 'keys.list') === null) return;
  await requireList(t, 'keys', purpose);
}

/** The simulator's now, from its control API (needs 'control'). */
export async function simulatorNow(t: CheckContext): Promise<number> {
  const ex = await t.http.request('GET', `${t.target.controlUrl}/clock`);
  const now = isObject(ex.json) ? ex.json.now_ms : undefined;
  if (ex.response.status !== 200 || typeof now !== 'number') throw new ControlApiError(`the control API did not tell the time: GET /clock answered ${ex.response.status}`);
  return now;
}
