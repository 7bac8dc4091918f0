import type { FieldProblem } from './errors.ts';

/**
 * Request matchers on headers, query parameters and the body (WireMock's `withHeader`,
 * `withQueryParam`, `withRequestBody(containing)`), shared by the journal's filters and the chaos
 * rules so both read and match them alike. Plain data and plain code: each caller says what a
 * request looks like to it (`RequestFacts`), which is where secrets are hidden (the journal
 * matches an entry as it shows it, so a filter never tells more than a reader could see).
 */

/** `name` (present) or `name: text` (its value contains `text`). */
export interface HeaderMatcher {
  /** Lower case: header names are case-insensitive. */
  name: string;
  /** The text the value must contain (case-sensitive); absent: the header is present. */
  contains?: string;
  /** As written, for showing the rule or filter back. */
  source: string;
}

/** `name` (present) or `name=value` (one of its values equals `value`), both decoded as a query string is. */
export interface QueryMatcher {
  name: string;
  equals?: string;
  source: string;
}

/** The matchers a filter or rule carries; every one given must match. */
export interface RequestMatchers {
  header?: HeaderMatcher[];
  query?: QueryMatcher[];
  /** Text the body must contain (case-sensitive). */
  body?: string;
}

/**
 * A request as a matcher sees it, each part asked for only when a matcher needs it (a body may
 * have to be parsed to be redacted). Headers by lower-case name, several values of one header
 * joined with `, `; the query as parsed (values decoded); the body as text.
 */
export interface RequestFacts {
  headers(): Readonly<Record<string, string>>;
  query(): Readonly<Record<string, string | readonly string[] | undefined>>;
  body(): string | undefined;
}

export type MatcherField = keyof RequestMatchers;

/** At most this many header or query matchers in one filter or rule, each at most this long. */
export const MAX_MATCHERS = 20;
export const MAX_MATCHER_LENGTH = 1000;

/** An RFC 9110 token: what a header name is made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function hasRequestMatchers(m: RequestMatchers): boolean {
  return m.header !== undefined || m.query !== undefined || m.body !== undefined;
}

/** Whether every matcher in `m` matches the request; none given: true. */
export function matchesRequest(m: RequestMatchers, request: RequestFacts): boolean {
  if (m.header) {
    const headers = request.headers();
    for (const h of m.header) {
      const value = headers[h.name];
      if (value === undefined || (h.contains !== undefined && !value.includes(h.contains))) return false;
    }
  }
  if (m.query) {
    const query = request.query();
    for (const q of m.query) {
      const value = query[q.name];
      if (value === undefined) return false;
      if (q.equals !== undefined && !(typeof value === 'string' ? value === q.equals : value.includes(q.equals))) return false;
    }
  }
  if (m.body !== undefined && !(request.body() ?? '').includes(m.body)) return false;
  return true;
}

/**
 * The matchers among `fields` of a filter or rule document, with a problem for each bad one,
 * named by field (`header`, or `header[1]` for an entry of an array): `header` and `query` are a
 * string or an array of strings, `body` a string.
 */
export function readRequestMatchers(doc: Readonly<Record<string, unknown>>, fields: readonly MatcherField[]): { matchers: RequestMatchers; problems: FieldProblem[] } {
  const matchers: RequestMatchers = {};
  const problems: FieldProblem[] = [];
  if (fields.includes('header') && doc.header !== undefined) {
    const header = list(doc.header, 'header', readHeaderMatcher, problems);
    if (header) matchers.header = header;
  }
  if (fields.includes('query') && doc.query !== undefined) {
    const query = list(doc.query, 'query', readQueryMatcher, problems);
    if (query) matchers.query = query;
  }
  if (fields.includes('body') && doc.body !== undefined) {
    if (typeof doc.body === 'string' && doc.body !== '' && doc.body.length <= MAX_MATCHER_LENGTH) matchers.body = doc.body;
    else problems.push({ field: 'body', message: `must be one text of 1 to ${MAX_MATCHER_LENGTH} characters the request body contains` });
  }
  return { matchers, problems };
}

/** How a rule or filter shows its matchers: as written, `header` and `query` always as arrays. */
export function matchersView(m: RequestMatchers): { header?: string[]; query?: string[]; body?: string } {
  return {
    ...(m.header ? { header: m.header.map((h) => h.source) } : {}),
    ...(m.query ? { query: m.query.map((q) => q.source) } : {}),
    ...(m.body !== undefined ? { body: m.body } : {}),
  };
}

function list<T>(value: unknown, field: string, read: (text: string) => T | string, problems: FieldProblem[]): T[] | undefined {
  const many = Array.isArray(value);
  const items: unknown[] = many ? value : [value];
  if (items.length === 0 || items.length > MAX_MATCHERS) {
    problems.push({ field, message: `must be a string or an array of 1 to ${MAX_MATCHERS} strings` });
    return undefined;
  }
  const out: T[] = [];
  items.forEach((item, i) => {
    const name = many ? `${field}[${i}]` : field;
    if (typeof item !== 'string' || item.trim() === '' || item.length > MAX_MATCHER_LENGTH) {
      problems.push({ field: name, message: `must be a non-empty string of at most ${MAX_MATCHER_LENGTH} characters` });
      return;
    }
    const parsed = read(item);
    if (typeof parsed === 'string') problems.push({ field: name, message: parsed });
    else out.push(parsed);
  });
  return out.length === items.length ? out : undefined;
}

/** `X-Retry`, `X-Retry: 1`: the name up to the first colon (a name never holds one), the text after it, trimmed as HTTP trims values. */
function readHeaderMatcher(text: string): HeaderMatcher | string {
  const colon = text.indexOf(':');
  const name = (colon < 0 ? text : text.slice(0, colon)).trim();
  if (!TOKEN.test(name)) return 'must be a header name, or "name: text" for a value that contains text';
  const source = text.trim();
  if (colon < 0) return { name: name.toLowerCase(), source };
  const contains = text.slice(colon + 1).trim();
  // `Name:` with nothing after it asks no more than `Name`: present.
  return contains === '' ? { name: name.toLowerCase(), source } : { name: name.toLowerCase(), contains, source };
}

/**
 * `offset`, `offset=100`: one pair as it is written in a URL, split at the first `=` and decoded
 * as the request's own query is (percent-escapes, `+` for a space), so `q=a+b`, `q=a%20b` and
 * `?q=a b` all mean the same value.
 */
function readQueryMatcher(text: string): QueryMatcher | string {
  const eq = text.indexOf('=');
  const name = decode(eq < 0 ? text : text.slice(0, eq));
  if (name === '') return 'must be a parameter name, or "name=value"';
  return eq < 0 ? { name, source: text } : { name, equals: decode(text.slice(eq + 1)), source: text };
}

/**
 * One name or value decoded as Koa parses each request's query (URLSearchParams: `+` a space,
 * percent-escapes decoded, a malformed one left as written); an `&` in it is its own, not a split.
 */
function decode(text: string): string {
  return new URLSearchParams(`k=${text.replace(/&/g, '%26')}`).get('k') ?? '';
}
