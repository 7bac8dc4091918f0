import type { CheckContext, Exchange } from '../types.ts';
import { describeResponse } from '../expect.ts';
import { is2xx, isObject, pathOf, createdId, requestLine, stringsOf } from '../answers.ts';
import { setupFailed } from './setup.ts';
import { isPrefixedKey } from '../redact.ts';
import { aRoute, aSend } from '../../catalog/a-requests.ts';
import { aEndpoint } from '../../catalog/a-endpoints.ts';
import { isoSeconds } from '../formats.ts';

/**
 * Interface A keys a check makes through key management (the simulator's convention,
 * `POST/GET /api-keys`, `DELETE /api-keys/{id}`: A-GAP-4), revoked again after the check.
 */

// ---------------------------------------------------------------------------------------------
// Keys (simulator convention: POST/GET /api-keys, GET/DELETE /api-keys/{id})

export interface CreatedKey {
  id: number;
  /** The full key value (a secret: never put it in a message). */
  key: string;
  created: Exchange;
}

/**
 * Whether a value can be sent as a Bearer credential: visible ASCII only. (Node refuses to send
 * a header holding a preview's '…' at all: 'Invalid character in header content'.)
 */
function sendable(value: string): boolean {
  return /^[\x21-\x7e]+$/.test(value);
}

/**
 * The full key in a create answer: a string anywhere that is a full key (the prefix, enough
 * characters, no preview's '…'), its `key` member first; failing that, a `key` member of another
 * form (a deployment whose keys are shorter). A member named `key` may hold only the preview,
 * with the full value under another name (`secret`), so a full key anywhere comes before it; a
 * value a header cannot carry is never returned (`unsendableKeyIn` says why none was).
 */
export function keyValueIn(body: unknown, prefix: string): string | undefined {
  const named = isObject(body) && typeof body.key === 'string' ? body.key : undefined;
  const full = [...(named === undefined ? [] : [named]), ...stringsOf(body)].find((s) => isPrefixedKey(s, prefix) && sendable(s));
  if (full !== undefined) return full;
  return named !== undefined && sendable(named) && !named.endsWith('…') ? named : undefined;
}

/**
 * Whether a create answer holds what looks like the full key but in characters a header cannot
 * carry, so it cannot be sent to verify anything (said so, not sent and not failed).
 */
export function unsendableKeyIn(body: unknown, prefix: string): boolean {
  return keyValueIn(body, prefix) === undefined && stringsOf(body).some((s) => isPrefixedKey(s, prefix) && !sendable(s));
}

/** Registers the revocation of a key, by the admin key of its account (account 1 unless said). */
export function revokeOnCleanup(t: Pick<CheckContext, 'target' | 'a' | 'cleanup'>, id: number, account: 0 | 1 = 0): void {
  t.cleanup(`revoke API key ${id}${account === 1 ? ' of account 2' : ''}`, async () => {
    const ex = await aSend(t, t.a(account), 'keys.revoke', id);
    if (ex.response.status >= 500) throw new Error(`${requestLine(ex)} answered ${ex.response.status}`);
  });
}

/**
 * Revokes whatever key an exchange made: a create that should have been refused, or any request
 * of a check that sends all kinds of bodies to many routes. Only a success of the key create as
 * this target routes it (`interface_a.operations`, the convention where the document is silent)
 * counts, so a target that keeps its keys elsewhere than the simulator gets its keys revoked too;
 * `account` is the one whose key sent the create (its admin key revokes it).
 */
export function revokeIfCreated(t: Pick<CheckContext, 'target' | 'a' | 'cleanup'>, ex: Exchange, account: 0 | 1 = 0): void {
  const route = aRoute(t, 'keys.create') ?? aEndpoint('keys.create');
  if (ex.request.method !== route.method || !pathOf(ex).endsWith(route.path) || !is2xx(ex)) return;
  const id = createdId(ex);
  if (typeof id !== 'number') return;
  revokeOnCleanup(t, id, account);
}

/** Creates a key in account 1 (or `account`) with its admin key; it is revoked after the check. */
export async function createKey(t: CheckContext, body: { name: string; admin?: boolean; expires_at?: string | null }, account: 0 | 1 = 0): Promise<CreatedKey> {
  return keyMade(t, await aSend(t, t.a(account), 'keys.create', { body }), account);
}

/**
 * As createKey, but a create the target refuses with a 4xx other than 401 and 403 is handed back (`{ refused }`) rather
 * than ending the check: for a body a deployment may refuse by its own rules where the spec sets
 * none (an expiry beyond the longest lifetime it grants).
 */
export async function createKeyUnlessRefused(t: CheckContext, body: { name: string; admin?: boolean; expires_at?: string | null }, account: 0 | 1 = 0): Promise<CreatedKey | { refused: Exchange }> {
  const created = await aSend(t, t.a(account), 'keys.create', { body });
  // 401 and 403 say the admin key itself was refused: that ends the check as createKey's would.
  const status = created.response.status;
  if (status >= 400 && status < 500 && status !== 401 && status !== 403) return { refused: created };
  return keyMade(t, created, account);
}

/** The key a create answer made (revoked after the check), or the check ends. */
function keyMade(t: CheckContext, created: Exchange, account: 0 | 1): CreatedKey {
  const id = createdId(created);
  if (!is2xx(created) || typeof id !== 'number') setupFailed(t, `create an API key with POST /api-keys${account === 1 ? ' in account 2' : ''}`, created);
  revokeOnCleanup(t, id, account);
  const key = keyValueIn(created.json, t.target.keyPrefix);
  if (key === undefined && unsendableKeyIn(created.json, t.target.keyPrefix)) {
    t.skip(`the answer to POST /api-keys shows the new key in characters an Authorization header cannot carry (beyond visible ASCII), so it could not be sent: nothing was verified with it`);
  }
  if (key === undefined) {
    t.fail({
      clause: 'A-AUTH-3',
      message: 'the answer to POST /api-keys does not show the new key, so it is never shown at all',
      expected: `the full key (${t.target.keyPrefix}_...) in the create answer`,
      received: describeResponse(created),
      exchange: created,
    });
  }
  return { id, key, created };
}

/**
 * A key of `account` made with an expiry ahead (`expires_at`, UTC to the second): a deployment may
 * authenticate keys that carry an expiry apart from those that do not (a TTL cache of expiring
 * keys, which may lack the role or the revocation), so a rule seen only with keys made without one
 * is seen for half of them. The expiry is in 2090, whatever the target's clock says; one refused
 * with a 4xx (a longest lifetime of the deployment's own: key management is not in the spec,
 * A-GAP-4) is asked again 30 days ahead of this machine's clock. Both refused: noted (`what` says
 * what was not seen), and nothing handed back. 1 or 2 requests.
 */
export async function createKeyWithExpiry(t: CheckContext, body: { name: string; admin: boolean }, what: string, account: 0 | 1 = 0): Promise<CreatedKey | undefined> {
  const far = await createKeyUnlessRefused(t, { ...body, expires_at: isoSeconds(Date.UTC(2090, 0, 1)) }, account);
  if (!('refused' in far)) return far;
  const near = await createKeyUnlessRefused(t, { ...body, name: `${body.name}-30d`, expires_at: isoSeconds(Math.floor(Date.now() / 1000) * 1000 + 30 * 86_400_000) }, account);
  if (!('refused' in near)) return near;
  t.note(`${what} was not seen: the create of a key with an expiry (2090, then 30 days ahead) answered ${describeResponse(far.refused)}, then ${describeResponse(near.refused)}`);
  return undefined;
}
