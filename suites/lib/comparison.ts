import type { CheckContext, Exchange } from './types.ts';
import { describeResponse } from './expect.ts';
import { isObject } from './answers.ts';
import { parseJsonWithBigIds, withRealIds } from './big-ids.ts';
import { PRESENCE_TELLS } from './header-presence.ts';
import { zonedDateTimeMs } from './dates.ts';

/**
 * Comparing answers that must be alike (a foreign id and an absent one, A-ENUM-1 and B-AUTH-3):
 * the body with the request's own echoes taken out, the headers that differ between any two
 * answers set aside, and what the target varies per answer learnt from two equivalent requests.
 */

/**
 * The body of an answer with the echoes of the request taken out: each `echo` (the id or the
 * account id the request named) is replaced by a placeholder, so that two not-found answers
 * that only repeat what they were asked still compare equal. Key order does not matter (JSON is
 * re-serialised with sorted keys).
 */
export function normalisedBody(exchange: Exchange, echoes: readonly string[] = []): string {
  const replace = (text: string): string => {
    let out = text;
    // Whole tokens only: the id 5 must not blank out every digit 5 of the body. An id beyond
    // 2^53 is echoed in a body that is not JSON as the target wrote it, not as its stand-in.
    const written = new Set(echoes.flatMap((e) => [e, withRealIds(e)]));
    for (const echo of [...written].filter((e) => e !== '').sort((a, b) => b.length - a.length)) {
      out = out.replace(new RegExp(`(?<![0-9A-Za-z])${escapeRegExp(echo)}(?![0-9A-Za-z])`, 'g'), '{echo}');
    }
    return out;
  };
  if (exchange.json === undefined) return replace(exchange.response.body);
  return replace(JSON.stringify(sortKeys(exchange.json)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * Fails `clause` unless `subject` got the same answer as `reference` (status and body, request
 * echoes aside, and the body fields `volatility` learnt vary per answer). `what` names the two
 * requests for the message.
 */
export function expectSameAnswer(
  t: CheckContext,
  subject: Exchange,
  reference: Exchange,
  options: { clause: string; what: string; echoes?: { subject: string[]; reference: string[] }; volatility?: Volatility },
): void {
  const body = (ex: Exchange, echoes: readonly string[] = []): string => (options.volatility ? comparableBody(ex, echoes, options.volatility) : normalisedBody(ex, echoes));
  const a = body(subject, options.echoes?.subject);
  const b = body(reference, options.echoes?.reference);
  t.expect.that(subject.response.status === reference.response.status && a === b, {
    clause: options.clause,
    message: `${options.what}: the answers differ, so the caller can tell them apart`,
    expected: describeResponse(reference),
    received: describeResponse(subject),
    exchange: subject,
  });
}

// ---------------------------------------------------------------------------------------------
// Headers

/**
 * Headers that differ between any two answers, whatever they answer: the date, request and
 * trace ids, timings, a cache's age, and the connection's own. (A cookie, `Last-Modified` and
 * `Expires` differ in value too, but their presence is compared: `header-presence.ts`.)
 */
const VOLATILE_HEADERS = new Set([
  'date',
  'age',
  'x-request-id',
  'request-id',
  'x-correlation-id',
  'correlation-id',
  'x-trace-id',
  'traceparent',
  'tracestate',
  'x-amzn-requestid',
  'x-amzn-trace-id',
  'x-amz-cf-id',
  'x-amz-request-id',
  'x-cloud-trace-context',
  'cf-ray',
  'x-runtime',
  'x-response-time',
  'server-timing',
  'x-served-by',
  'x-cache',
  'x-timer',
  // A gateway's per-answer timings and ids, as the suite's own x-runtime and server-timing
  // (A-ENUM-1 exempts "date and request-id style headers"; a timing is of that kind: it differs
  // from one answer to the next whatever the answer says): Envoy/Istio, Kong, AWS API Gateway,
  // Fastly (x-timer above), Azure Front Door. (Cloudflare's cf-ray is above.)
  'x-envoy-upstream-service-time',
  'x-kong-upstream-latency',
  'x-kong-proxy-latency',
  'x-kong-response-latency',
  'x-kong-request-id',
  'x-amz-apigw-id',
  'x-amzn-apigateway-api-id',
  'x-cache-hits',
  'x-ms-request-id',
  'x-azure-ref',
  'via',
  'connection',
  'keep-alive',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'ratelimit-remaining',
  'ratelimit-reset',
]);

/**
 * Headers that may follow from the body (an ETag hashed from it, which then differs wherever the
 * body echoes the id), or may not (an ETag stamped from the record the handler loaded). Their
 * values are compared where answers to equivalent requests share them, by presence where those
 * differ (`Volatility.presenceOnly`). An ETag is compared weakly (RFC 9110 8.8.3.2): a gateway
 * that compresses an answer marks its ETag weak, `W/"x"` for `"x"`.
 */
const MAYBE_BODY_DERIVED = new Set(['etag']);

function weakly(etag: string): string {
  return etag.trim().replace(/^W\//, '');
}

/**
 * How a body travels, not what it says: a gateway may compress one answer with gzip and the next
 * with br (each is acceptable to a request naming no Accept-Encoding), or send one whole, with
 * its length, and another chunked. The bodies are compared decoded; two answers alike but for
 * these are alike.
 */
const TRANSFER_HEADERS = new Set(['content-encoding', 'transfer-encoding', 'content-length']);

/**
 * The headers two indistinguishable answers must share, name -> value; those of `presenceOnly`
 * (what equivalent requests were seen to get with other values) by their presence alone.
 */
export function comparableHeaders(ex: Exchange, presenceOnly: ReadonlySet<string> = new Set()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(ex.response.headers)) {
    const n = name.toLowerCase();
    if (VOLATILE_HEADERS.has(n) || TRANSFER_HEADERS.has(n) || PRESENCE_TELLS.includes(n)) continue;
    out[n] = presenceOnly.has(n) ? '(present)' : n === 'etag' ? weakly(value) : value;
  }
  return out;
}

/** The differences between two header sets, as lines; empty when they are the same. */
export function headerDifferences(a: Record<string, string>, b: Record<string, string>, ignore: ReadonlySet<string> = new Set()): string[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((n) => !ignore.has(n)).sort();
  return names.filter((n) => a[n] !== b[n]).map((n) => `${n}: ${a[n] === undefined ? '(absent)' : JSON.stringify(a[n])} vs ${b[n] === undefined ? '(absent)' : JSON.stringify(b[n])}`);
}

/**
 * What differs between two answers that must be alike (two absent ids asked the same way):
 * headers and body fields the target varies per answer (proxy timings, cache status, request
 * ids in the body). The static list above cannot know every proxy's headers; whatever two
 * absent-id answers disagree on cannot tell a foreign id from an absent one either.
 */
export class Volatility {
  readonly headers = new Set<string>();
  readonly bodyPaths = new Set<string>();
  /**
   * Headers that may follow from the body (an ETag) seen on both of two equivalent answers with
   * other values: compared by presence only. Where every pair shared the value (an ETag of an
   * error body that does not echo the id), another value for a foreign id is a tell: the ETag was
   * stamped from the record found.
   */
  readonly presenceOnly = new Set<string>();

  /** Learns from two answers to equivalent requests; `echoes[i]` are what request i named. */
  learn(a: Exchange, aEchoes: readonly string[], b: Exchange, bEchoes: readonly string[]): void {
    const ha = comparableHeaders(a);
    const hb = comparableHeaders(b);
    for (const n of new Set([...Object.keys(ha), ...Object.keys(hb)])) {
      if (ha[n] === hb[n]) continue;
      if (MAYBE_BODY_DERIVED.has(n) && ha[n] !== undefined && hb[n] !== undefined) this.presenceOnly.add(n);
      else this.headers.add(n);
    }
    const ja = echoFreeJson(a, aEchoes);
    const jb = echoFreeJson(b, bEchoes);
    if (ja !== undefined && jb !== undefined) for (const path of differingPaths(ja, jb, '')) this.bodyPaths.add(path);
  }

  /**
   * Learns, from two answers that must be alike (a foreign id's and an absent one's), the body
   * paths where each holds a time stamp of its own answer (`isAnswerStamp`): a per-answer
   * timestamp, as Spring's error bodies carry, that the two equivalent answers `learn` was given
   * happened to share (sent within the same millisecond, or second). A record's own times are no
   * answer's stamp unless they fall within a minute of it and sit where the other answer has one.
   * Read from the bodies as they came, not with the request's echoes taken out: a stamp holding
   * the digits of an id (`14:16:15` and id 16) is a stamp all the same, alike or not.
   */
  learnStamps(a: Exchange, b: Exchange): void {
    for (const [path, va, vb] of sharedLeaves(a.json, b.json, '')) if (isAnswerStamp(va, a, vb) && isAnswerStamp(vb, b, va)) this.bodyPaths.add(path);
  }

  /** `comparableHeaders` with what this learnt: the headers compared by presence only so. */
  comparableHeaders(ex: Exchange): Record<string, string> {
    return comparableHeaders(ex, this.presenceOnly);
  }

  describe(): string {
    const parts = [...this.headers].sort().map((h) => `header ${h}`).concat([...this.presenceOnly].sort().map((h) => `header ${h}'s value`)).concat([...this.bodyPaths].sort().map((p) => `body ${p === '' ? '(whole)' : p}`));
    return parts.length ? parts.join(', ') : '(nothing)';
  }
}

function echoFreeJson(ex: Exchange, echoes: readonly string[]): unknown {
  if (ex.json === undefined) return undefined;
  try {
    return parseJsonWithBigIds(normalisedBody(ex, echoes));
  } catch {
    return undefined;
  }
}

/** JSON paths (`a.b[0]`) where two values differ, as deep as both are objects or arrays. */
function differingPaths(a: unknown, b: unknown, at: string): string[] {
  return differingLeaves(a, b, at).map(([path]) => path);
}

/** `differingPaths`, each with the two values there. */
function differingLeaves(a: unknown, b: unknown, at: string): [string, unknown, unknown][] {
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => differingLeaves(a[k], b[k], at === '' ? k : `${at}.${k}`));
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) return a.flatMap((v, i) => differingLeaves(v, b[i], `${at}[${i}]`));
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [[at, a, b]];
}

/** The leaves (not objects or arrays) at paths both values have, each with the two values there. */
function sharedLeaves(a: unknown, b: unknown, at: string): [string, unknown, unknown][] {
  if (isObject(a) && isObject(b)) return Object.keys(a).filter((k) => Object.hasOwn(b, k)).flatMap((k) => sharedLeaves(a[k], b[k], at === '' ? k : `${at}.${k}`));
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) return a.flatMap((v, i) => sharedLeaves(v, b[i], `${at}[${i}]`));
  return isObject(a) || isObject(b) || Array.isArray(a) || Array.isArray(b) ? [] : [[at, a, b]];
}

/** How near its answer's time a stamp must be to be taken for the answer's own. */
const ANSWER_STAMP_WINDOW_MS = 60_000;

/**
 * A date-time with its zone within a minute of the answer's `Date` header (or, where the answer
 * has none, of the other answer's stamp `other`): when the answer was made, not a record's time.
 */
function isAnswerStamp(value: unknown, ex: Exchange, other: unknown): boolean {
  const at = zonedDateTimeMs(value);
  if (at === undefined) return false;
  const dateHeader = ex.response.headers.date;
  const answered = typeof dateHeader === 'string' ? Date.parse(dateHeader) : Number.NaN;
  const near = Number.isNaN(answered) ? zonedDateTimeMs(other) : answered;
  return near !== undefined && Math.abs(at - near) <= ANSWER_STAMP_WINDOW_MS;
}

function maskPaths(value: unknown, paths: ReadonlySet<string>, at: string): unknown {
  if (paths.has(at)) return '(volatile)';
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskPaths(v, paths, at === '' ? k : `${at}.${k}`)]));
  if (Array.isArray(value)) return value.map((v, i) => maskPaths(v, paths, `${at}[${i}]`));
  return value;
}

/** `normalisedBody`, with the body fields the target varies per answer masked. */
export function comparableBody(ex: Exchange, echoes: readonly string[], volatility: Volatility): string {
  const text = normalisedBody(ex, echoes);
  if (ex.json === undefined || volatility.bodyPaths.size === 0) return text;
  try {
    return JSON.stringify(maskPaths(parseJsonWithBigIds(text), volatility.bodyPaths, ''));
  } catch {
    return text;
  }
}

/**
 * Field names of a record's bookkeeping of its own changes: when it was last changed (under any
 * name), a revision or version counter, an etag. A write moves them as it moves `updated_at`;
 * "nothing else changes" is not about them.
 */
export const CHANGE_BOOKKEEPING = /updated|modified|version|revision|etag/i;
