import type { CheckContext } from '../types.ts';
import { deleteOnCleanup, type Account } from './removal.ts';

/**
 * The type the catalog makes and tests new connections of (`POST /connections/{type}`, `.../test`),
 * whose `{type}` no id names. (Apart from connections.ts, whose rename rule reads the catalog's
 * lists, which the undo rules of undo.ts must not import.)
 */
export const NEW_CONNECTION_TYPE = 'mysql';

/**
 * A MySQL connection at a host of the reserved `.invalid` domain (RFC 2606), which never resolves:
 * a deployment that makes or tests it connects nowhere. Making and testing connections are marked
 * destructive (a deployment may connect out to test them), so the run sends this only where it
 * must be refused.
 */
export function unreachableConnectionBody(name: string): Record<string, unknown> {
  return { name, host: 'db.disco.invalid', port: 3306, username: 'disco', password: 'disco-conformance-only', database: 'disco' };
}

/** A curl request (`POST /connections/curl/test`) to a URL of the reserved `.invalid` domain: a deployment that made it would reach nothing. */
export function unreachableCurlBody(): Record<string, unknown> {
  return { url: 'https://api.disco.invalid/conformance', method: 'GET' };
}

/**
 * A connection of a service the dashboard authorises (OAuth: `salesforce`, `bingads`), as the
 * real service's docs give one: a made-up token (`password`) and, for Salesforce, the environment
 * (`production` unless `sandbox` is asked: the docs' two, a sandbox org served from its own host).
 * The token authorises nothing, so a deployment that fetches the service's metadata with it
 * reaches no account's data.
 */
export function madeUpOAuthConnectionBody(type: 'salesforce' | 'bingads', name: string, environment: 'production' | 'sandbox' = 'production'): Record<string, unknown> {
  return { name, password: 'disco-conformance-only', ...(type === 'salesforce' ? { environment } : {}) };
}

/** A connection a check made is removed with `DELETE /connections/{type}/{id}` (an extension). */
export function deleteConnectionOnCleanup(t: CheckContext, id: number, account: Account = 0, type: string = NEW_CONNECTION_TYPE): void {
  deleteOnCleanup(t, account, `delete ${type} connection ${id} of account ${account + 1}`, `/connections/${type}/${id}`, `/connections/${type}/${id}`);
}
