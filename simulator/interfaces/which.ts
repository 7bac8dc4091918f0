/** The three surfaces the simulator serves: the two interfaces of the spec and its own control API. */
export type InterfaceName = 'A' | 'B' | 'control';

/** Interface A's root as the spec fixes it (A-VER-1). */
export const INTERFACE_A_PREFIX = '/api/public/v1';
/** Where the fault `a-wrong-version-prefix` serves interface A instead. */
export const WRONG_VERSION_PREFIX = '/api/public/v2';
/** The control API's prefix: account slugs never start with `_`, and interface A lives under `/api`. */
export const CONTROL_PREFIX = '/_disco';

/**
 * Every interface A layer starts with `/api/public/` (the served version, or the fault's other
 * one). Account slugs cannot be `api`'s siblings here: `/api/public/...` is never an interface B
 * path, whose second segment is `api`.
 */
const INTERFACE_A_ROOT = '/api/public/';

/** The account an interface B path names (`/{account}/api...`), as sent; undefined for any other path. */
export function accountInPath(path: string): string | undefined {
  return /^\/([^/]+)\/api(?:\/|$)/.exec(path)?.[1];
}

/** The control router matches its prefix case-insensitively (ASCII), like every @koa/router layer. */
const CONTROL_PATH = /^\/_disco/i;

/**
 * Which surface a request path belongs to: the one rule that both the dispatch (which routers may
 * match) and the error renderer (which error object to write) follow, so an answer's shape never
 * disagrees with the router that produced it. Paths are taken as the client sent them: no dot
 * segment is removed and no percent-escape decoded.
 */
export function interfaceOf(path: string): InterfaceName {
  if (CONTROL_PATH.test(path)) return 'control';
  if (path.startsWith(INTERFACE_A_ROOT)) return 'A';
  return 'B';
}
