import type { CheckContext, Exchange } from '../types.ts';
import { documentBody, type DocumentFormat } from '../documents.ts';
import { is2xx, isObject, pathOf, type JsonObject } from '../answers.ts';
import type { Account } from './removal.ts';
import { setupFailed } from './setup.ts';
import { aPath } from '../../catalog/a-endpoints.ts';
import { aSend } from '../../catalog/a-requests.ts';

/**
 * Pipelines a check makes on interface A, archived again after it. The spec fixes only
 * `DELETE /pipelines/{id}`; create, start and read are the simulator's conventions
 * (docs/interface-a.md, A-GAP-1): a check that needs them probes first and skips, with the
 * reason, against a target that does not serve them.
 */

// ---------------------------------------------------------------------------------------------
// Pipelines

export interface Pipeline {
  id: number;
  created: Exchange;
}

/**
 * Registers the removal of a pipeline this check made (DELETE archives it; a second DELETE of
 * an archived pipeline is harmless). Whoever made it, its own account removes it.
 */
export function archiveOnCleanup(t: CheckContext, account: Account, id: number): void {
  t.cleanup(`archive pipeline ${id} of account ${account + 1}`, async () => {
    const ex = await aSend(t, t.a(account), 'pipelines.archive', id);
    if (ex.response.status >= 500) throw new Error(`DELETE /pipelines/${id} answered ${ex.response.status}`);
  });
}

/**
 * Registers the removal of whatever a request that should have been refused created anyway
 * (a 2xx `POST /pipelines` with an integer id), so that a failing target is left clean.
 */
export function archiveIfCreated(t: CheckContext, account: Account, ex: Exchange): void {
  if (ex.request.method !== 'POST' || !pathOf(ex).endsWith(aPath('pipelines.create')) || !is2xx(ex)) return;
  const id = isObject(ex.json) ? ex.json.id : undefined;
  if (typeof id === 'number') archiveOnCleanup(t, account, id);
}

/** Creates a pipeline from `document` in `account`; it is archived after the check. */
export async function createPipeline(t: CheckContext, account: Account, document: unknown, format: DocumentFormat = 'json'): Promise<Pipeline> {
  const created = await aSend(t, t.a(account), 'pipelines.create', documentBody(document, format));
  const id = isObject(created.json) ? created.json.id : undefined;
  if (!is2xx(created) || typeof id !== 'number') setupFailed(t, `create a pipeline with POST /pipelines in account ${account + 1}`, created);
  archiveOnCleanup(t, account, id);
  return { id, created };
}

/** Starts (deploys) a pipeline; skips when the target has no start endpoint. */
export async function startPipeline(t: CheckContext, account: Account, id: number): Promise<Exchange> {
  const ex = await aSend(t, t.a(account), 'pipelines.start', id);
  if (ex.response.status === 404 || ex.response.status === 405) {
    t.skip(`the target has no POST /pipelines/{id}/start (start is not in the spec, A-GAP-1; answered ${ex.response.status}), so a pipeline cannot be deployed`);
  }
  if (!is2xx(ex)) setupFailed(t, `start pipeline ${id}`, ex);
  return ex;
}

/** `GET /pipelines/{id}` as a JSON object, or a setup failure. */
export async function readPipeline(t: CheckContext, account: Account, id: number): Promise<{ body: JsonObject; exchange: Exchange }> {
  const exchange = await aSend(t, t.a(account), 'pipelines.read', id);
  if (exchange.response.status !== 200 || !isObject(exchange.json)) setupFailed(t, `read pipeline ${id} with GET /pipelines/${id}`, exchange);
  return { body: exchange.json, exchange };
}

/** A pipeline's history as `from -> to (reason)` triples, when the target shows one. */
export interface Transition {
  from: string;
  to: string;
  reason: string;
}

export function historyOf(body: JsonObject): Transition[] | undefined {
  const history = body.history;
  if (!Array.isArray(history)) return undefined;
  return history.filter(isObject).map((h) => ({ from: String(h.from), to: String(h.to), reason: String(h.reason) }));
}

export function showTransitions(entries: readonly Transition[]): string {
  return entries.length === 0 ? '(none)' : entries.map((e) => `${e.from} -> ${e.to} (${e.reason})`).join(', ');
}
