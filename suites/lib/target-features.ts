import type { CheckContext } from './types.ts';
import { isObject } from './answers.ts';
import { aSend } from '../catalog/a-requests.ts';

/**
 * What the target serves beyond the spec, found out before a check relies on it: interface A's
 * pipeline endpoints and key management are the simulator's conventions (A-GAP-1, A-GAP-4), and
 * the control API exists only on the simulator.
 */

/**
 * Skips unless the target serves the simulator's pipeline endpoints (A-GAP-1): `GET /pipelines`
 * answers 200 with `{items: [...]}`. Checks that create, start or read pipelines need them.
 */
export async function requirePipelineEndpoints(t: CheckContext, purpose: string): Promise<void> {
  const ex = await aSend(t, t.a(), 'pipelines.list');
  if (ex.response.status === 200 && isObject(ex.json) && Array.isArray(ex.json.items)) return;
  t.skip(`the target does not serve the simulator's pipeline endpoints (GET /pipelines answered ${ex.response.status}; list, create, start and stop are not in the spec, A-GAP-1), so ${purpose}`);
}

/** Skips unless the target serves the simulator's key management (A-GAP-4): `GET /api-keys` is 200. */
export async function requireKeyManagement(t: CheckContext, purpose: string): Promise<void> {
  const ex = await aSend(t, t.a(), 'keys.list');
  if (ex.response.status === 200 && isObject(ex.json)) return;
  t.skip(`the target does not serve key management over the API (GET /api-keys answered ${ex.response.status}; the spec's keys are made in a dashboard, A-GAP-4), so ${purpose}`);
}

/** The simulator's now, from its control API (needs 'control'). */
export async function simulatorNow(t: CheckContext): Promise<number> {
  const ex = await t.http.request('GET', `${t.target.controlUrl}/clock`);
  const now = isObject(ex.json) ? ex.json.now_ms : undefined;
  if (ex.response.status !== 200 || typeof now !== 'number') throw new Error(`the control API did not tell the time: GET /clock answered ${ex.response.status}`);
  return now;
}
