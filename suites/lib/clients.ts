import type { CheckContext, Exchange, HttpClient, InterfaceClient, RequestOptions } from './types.ts';

/** Interface B's root for one account, as the spec lays it out: `{base_url}/{account_id}/api`. */
export function interfaceBRoot(baseUrl: string, accountId: string): string {
  return `${baseUrl}/${encodeURIComponent(accountId)}/api`;
}

/** Interface A's root, version 1 in the path (A-VER-1): `{cdc_base_url}/api/public/v1`. */
export function interfaceARoot(cdcBaseUrl: string): string {
  return `${cdcBaseUrl}/api/public/v1`;
}

/** Interface B's required Accept value (spec section 9). */
export const B_ACCEPT = 'application/vnd.service+json; version=2';

export function basicAuthorization(key: string): string {
  return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
}

/** Interface A's Authorization value for `key` (spec section 5A.1). */
export function bearer(key: string): string {
  return `Bearer ${key}`;
}

/** A client for one interface root with default headers; per-request headers override them. */
export function interfaceClient(http: HttpClient, base: string, defaults: Record<string, string | null>, movePath: (method: string, path: string) => string = (_method, path) => path): InterfaceClient {
  const request = (method: string, path: string, options: RequestOptions = {}): Promise<Exchange> => {
    const headers: Record<string, string | null> = {};
    for (const [k, v] of Object.entries(defaults)) headers[k.toLowerCase()] = v;
    for (const [k, v] of Object.entries(options.headers ?? {})) headers[k.toLowerCase()] = v;
    return http.request(method, `${base}${movePath(method, path)}`, { ...options, headers });
  };
  return {
    base,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    patch: (path, options) => request('PATCH', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}

/**
 * An interface B client at the API's root (`{base_url}`, outside every account path) sending
 * `key`: the real service's few root calls (`GET /user`, `/accounts/{account_id}`), which a target
 * may not serve (extensions).
 */
export function bRootClient(t: Pick<CheckContext, 'http' | 'target'>, key: string): InterfaceClient {
  return interfaceClient(t.http, t.target.baseUrl ?? '', { accept: B_ACCEPT, authorization: basicAuthorization(key) });
}

/** An interface A client of the check that sends `key` as a Bearer token. */
export function withKey(t: CheckContext, key: string): InterfaceClient {
  return t.aWithAuthorization(bearer(key));
}
