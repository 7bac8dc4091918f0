import type { CheckContext, Exchange } from '../types.ts';
import { describeResponse } from '../expect.ts';
import { is2xx, isObject, pathOf, createdId, requestLine, stringsOf } from '../answers.ts';
import { setupFailed } from './setup.ts';
import { isPrefixedKey } from '../redact.ts';
import { aRoute, aSend } from '../../catalog/a-requests.ts';
import { aEndpoint } from '../../catalog/a-endpoints.ts';

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

/** The full key in a create answer: its `key` field, or any string that starts with the prefix. */
export function keyValueIn(body: unknown, prefix: string): string | undefined {
  if (isObject(body) && typeof body.key === 'string') return body.key;
  return stringsOf(body).find((s) => isPrefixedKey(s, prefix));
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
