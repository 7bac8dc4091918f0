/**
 * Request headers the spec names nowhere but that reach a deployment all the same: those a proxy
 * in front of it sets, and the conditional-request headers pollers send. Both interfaces' robustness
 * checks send the same values (b-rob/forwarding-headers and b-rob/conditional-headers on interface B,
 * a-rob/accept-headers-on-reads on interface A): one list, so a value added for one interface is
 * sent to the other too.
 */

/** One header and the values sent in it. */
export interface HeaderProbes {
  name: string;
  values: readonly string[];
}

/**
 * The headers a proxy in front of a deployment sets to say how the client addressed it, which an
 * application may trust to build absolute links (a hook's `url`, paging links, a `Location`): a host
 * that is no host (a space, a port past 65535, an unclosed IPv6 bracket), a list, an odd scheme,
 * port or prefix, and RFC 7239's `Forwarded` with the same. The spec names none of them: a
 * deployment may honour them, ignore them, or its proxy may replace or refuse them (in its own
 * words). What it may not do is crash on one, the way a link built with `new URL()` from the
 * forwarded host does.
 */
export const FORWARDING_HEADERS: readonly HeaderProbes[] = [
  { name: 'x-forwarded-host', values: ['a b', 'x:99999', '[::1', 'example.invalid:8443, other.invalid', '%zz'] },
  { name: 'x-forwarded-proto', values: ['ht tp', 'ftp', 'https, http'] },
  { name: 'x-forwarded-port', values: ['99999', 'abc'] },
  { name: 'x-forwarded-prefix', values: ['a b', '/../%zz'] },
  { name: 'forwarded', values: ['host="a b"', 'for=unknown;host=[::1;proto="x y"', 'host'] },
];

/**
 * Conditional-request headers (RFC 9110 section 13): HTTP-dates in the past and the future and the
 * two obsolete date forms, then what is no HTTP-date at all (ISO text, words, an entity tag where a
 * date goes, numbers, an impossible date, nothing); entity tags and the wildcard, then what is no
 * entity tag (unquoted, a date where a tag goes, a lone quote, nothing). The spec names none of
 * them, so a deployment may honour them (a 304, a 412) or ignore them; what it may not do is crash
 * on one. RFC 9110 13.1.3 asks a recipient to ignore a date that is not a valid HTTP-date.
 */
export const HTTP_DATES = ['Sun, 06 Nov 1994 08:49:37 GMT', 'Sunday, 06-Nov-94 08:49:37 GMT', 'Sun Nov  6 08:49:37 1994', 'Fri, 31 Dec 9999 23:59:59 GMT'] as const;
export const NOT_HTTP_DATES = ['yesterday', '"abc"', '2026-01-01T00:00:00Z', '0', '-1', 'Mon, 32 Foo 2026 25:61:61 GMT', ''] as const;
export const ENTITY_TAGS = ['*', '"abc"', 'W/"abc"', '"a", W/"b"'] as const;
export const NOT_ENTITY_TAGS = ['abc', 'Sun, 06 Nov 1994 08:49:37 GMT', '"', ''] as const;

/** The four conditional headers, each with what it should hold (`wellFormed`) and what it should not (`malformed`). */
export const CONDITIONAL_HEADERS: readonly (HeaderProbes & { wellFormed: readonly string[]; malformed: readonly string[] })[] = [
  { name: 'if-modified-since', wellFormed: HTTP_DATES, malformed: NOT_HTTP_DATES },
  { name: 'if-unmodified-since', wellFormed: HTTP_DATES, malformed: NOT_HTTP_DATES },
  { name: 'if-none-match', wellFormed: ENTITY_TAGS, malformed: NOT_ENTITY_TAGS },
  { name: 'if-match', wellFormed: ENTITY_TAGS, malformed: NOT_ENTITY_TAGS },
].map((h) => ({ ...h, values: [...h.wellFormed, ...h.malformed] }));

/** One header with one value, sent to one of several requests. */
export interface SpreadProbe<R> {
  to: R;
  name: string;
  value: string;
}

/**
 * Every value of `headers` once, dealt out over `requests` in turn (the first value of the first
 * header to the first request, the next to the next, on through the headers): each request gets a
 * share of every kind of value at the cost of one request per value, not one per value and request.
 * The deal goes on across headers, so with more requests than one header has values the next
 * header starts where it stopped. Empty when there is no request.
 */
export function spreadOver<R>(requests: readonly R[], headers: readonly HeaderProbes[]): SpreadProbe<R>[] {
  if (requests.length === 0) return [];
  const out: SpreadProbe<R>[] = [];
  for (const { name, values } of headers) for (const value of values) out.push({ to: requests[out.length % requests.length]!, name, value });
  return out;
}

/**
 * Each of `requests` sent each header once with a value it should not hold: the header's malformed
 * values in turn, the next header going on where the previous one stopped (so with fewer values than
 * requests every value is still sent, and two headers of the same kind together send more of them).
 * One request per request and header, whatever the number of values.
 */
export function malformedForEach<R>(requests: readonly R[], headers: readonly { name: string; malformed: readonly string[] }[]): SpreadProbe<R>[] {
  const out: SpreadProbe<R>[] = [];
  headers.forEach(({ name, malformed }, h) => {
    if (malformed.length === 0) return;
    requests.forEach((to, r) => out.push({ to, name, value: malformed[(h * requests.length + r) % malformed.length]! }));
  });
  return out;
}
