import fc from 'fast-check';

/**
 * HTTP methods beyond the seven both interfaces are built from (GET, HEAD, POST, PUT, PATCH,
 * DELETE, OPTIONS): methods a router with a table of those seven may not expect, and crash on
 * (X-ROB-1).
 *
 * The suites send through `node:http` (suites/lib/http.ts), not `fetch`: it sends any token
 * (upper-cased), TRACE and TRACK included, which `fetch` refuses. Two registered methods are left
 * out all the same, since no answer to them could be judged: CONNECT, whose answer `node:http`
 * takes for a tunnel (no `response` event) and whose target is an authority, not a path (RFC
 * 9110 9.3.6); and PRI, which is not a method but the start of HTTP/2's connection preface (RFC
 * 9113 3.4), so an HTTP/1.1 server may read what follows it as HTTP/2.
 */

/** The IANA HTTP Method Registry's methods, but the seven, CONNECT and PRI. */
const REGISTERED = [
  'ACL', 'BASELINE-CONTROL', 'BIND', 'CHECKIN', 'CHECKOUT', 'COPY', 'LABEL', 'LINK', 'LOCK', 'MERGE', 'MKACTIVITY', 'MKCALENDAR', 'MKCOL', 'MKREDIRECTREF', 'MKWORKSPACE', 'MOVE', 'ORDERPATCH', 'PROPFIND', 'PROPPATCH', 'REBIND', 'REPORT', 'SEARCH', 'TRACE', 'UNBIND', 'UNCHECKOUT', 'UNLINK', 'UNLOCK', 'UPDATE', 'UPDATEREDIRECTREF', 'VERSION-CONTROL',
] as const;

/**
 * Methods in use without a registration: PURGE (caches: Varnish, Squid, Fastly), QUERY (the HTTP
 * working group's safe method with a body), UPnP's M-SEARCH, NOTIFY, SUBSCRIBE and UNSUBSCRIBE,
 * Icecast's SOURCE, and IIS's TRACK.
 */
const UNREGISTERED_IN_USE = ['PURGE', 'QUERY', 'M-SEARCH', 'NOTIFY', 'SUBSCRIBE', 'UNSUBSCRIBE', 'SOURCE', 'TRACK'] as const;

/** Every unusual method the robustness checks name, registered first. */
export const UNUSUAL_METHODS: readonly string[] = [...REGISTERED, ...UNREGISTERED_IN_USE];

/** The methods the interfaces are built from: a made-up token is none of these, nor an unusual one. */
const USUAL_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'PRI'];

/**
 * A method token no registry or server knows, upper-case as `node:http` sends every method: a
 * letter, then letters, digits, dashes and underscores (RFC 9110 5.6.2's token characters a
 * server may well route on). A parser that knows only listed methods refuses it before any
 * router (Node's answers 400), one that takes any token hands it to the router.
 */
export function madeUpMethod(): fc.Arbitrary<string> {
  return fc.stringMatching(/^[A-Z][A-Z0-9_-]{2,11}$/).filter((m) => !USUAL_METHODS.includes(m) && !UNUSUAL_METHODS.includes(m));
}

/** An unusual method: one of `UNUSUAL_METHODS` four times in five, else a made-up token. */
export function unusualMethod(): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: fc.constantFrom(...UNUSUAL_METHODS), weight: 4 }, { arbitrary: madeUpMethod(), weight: 1 });
}
