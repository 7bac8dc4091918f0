import fc from 'fast-check';
import { stringify as toYaml } from 'yaml';
import { describeResponse } from './expect.ts';
import type { CheckContext, Exchange, InterfaceClient, RequestOptions } from './types.ts';

/**
 * Helpers of the interface A checks (a-*.spec.ts): reading answers, finding out what the target
 * serves beyond the spec, and making pipelines and keys that are removed again after the check.
 *
 * The spec fixes only `DELETE /pipelines/{id}` of interface A. Everything else these helpers use
 * (`GET/POST /pipelines`, start, stop, the definition document, `/api-keys`) is the simulator's
 * convention (docs/interface-a.md, gap clauses A-GAP-1..4): a check that needs it probes first
 * and skips, with the reason, against a target that does not serve it.
 */

export type JsonObject = Record<string, unknown>;
export type Account = 0 | 1;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function is2xx(ex: Exchange): boolean {
  return ex.response.status >= 200 && ex.response.status < 300;
}

export function pathOf(ex: Exchange): string {
  return new URL(ex.request.url).pathname;
}

/** `METHOD /path` of the exchange, for messages. */
export function requestLine(ex: Exchange): string {
  return `${ex.request.method} ${pathOf(ex)}`;
}

export function bearer(key: string): string {
  return `Bearer ${key}`;
}

/** An interface A client that sends `key` as a Bearer token. */
export function withKey(t: CheckContext, key: string): InterfaceClient {
  return t.aWithAuthorization(bearer(key));
}

/** The body as the interface A error object (`error` string), or null. */
export function errorObject(ex: Exchange): JsonObject | null {
  const body = ex.json;
  return isObject(body) && typeof body.error === 'string' ? body : null;
}

/** An integer id far beyond anything a test system holds: absent in practice. */
export function absentIdFrom(seed: number): number {
  return 1_900_000_000 + (Math.abs(Math.trunc(seed)) % 90_000_000);
}

/**
 * Path segments that are not a positive integer id, built around an absent id, so that a
 * lenient parser (parseInt, parseFloat, leading digits, other scripts' digits) reads them as an
 * id no system holds, or as none: safe to send with DELETE, PUT, PATCH and POST to any target.
 */
export function nonIntegerIdNear(): fc.Arbitrary<string> {
  const fullwidth = (n: number) => [...String(n)].map((d) => String.fromCharCode(0xff10 + Number(d))).join('');
  const arabicIndic = (n: number) => [...String(n)].map((d) => String.fromCharCode(0x0660 + Number(d))).join('');
  const around = fc.integer({ min: 0, max: 89_999_999 }).chain((seed) => {
    const a = absentIdFrom(seed);
    return fc.constantFrom(
      `${a}.5`,
      `${a}.0`,
      `-${a}`,
      `${a}e0`,
      `${a}abc`,
      `abc${a}`,
      `0x${a.toString(16)}`,
      `0${a}`,
      `${a}_0`,
      `${a}%20`,
      `%20${a}`,
      `${a}%2C5`,
      `${a}${'0'.repeat(20)}`,
      encodeURIComponent(fullwidth(a)),
      encodeURIComponent(arabicIndic(a)),
    );
  });
  return fc.oneof(around, fc.constantFrom('0', '-0', 'abc', 'null', 'NaN', 'undefined', 'Infinity', '-Infinity', 'true', '%5B%5D', '%7B%7D', 'pipeline'));
}

// ---------------------------------------------------------------------------------------------
// Refusals

/**
 * A request that must not authenticate: a 2xx (or the answer `accepted` describes) fails
 * `acceptedClause`; any other refusal than 401 with the error object fails A-AUTH-7.
 */
export function expectUnauthenticated(t: CheckContext, ex: Exchange, what: string, acceptedClause: string, accepted: (ex: Exchange) => boolean = is2xx): void {
  t.expect.that(!accepted(ex), {
    clause: acceptedClause,
    message: `${what} authenticated: ${requestLine(ex)} answered ${ex.response.status}`,
    expected: '401 with the error object',
    received: describeResponse(ex),
    exchange: ex,
  });
  t.expect.status(ex, 401, 'A-AUTH-7', `${what}: ${requestLine(ex)} answered ${ex.response.status}, expected 401 (a missing or invalid key)`);
  t.expect.errorObjectA(ex, 'A-AUTH-7');
}

// ---------------------------------------------------------------------------------------------
// Error bodies that name a field

/**
 * The ways a body may spell the path of a field: `source.tables[0]` (the simulator's),
 * `source.tables.0`, the JSON pointer `/source/tables/0` and `source/tables/0`.
 */
export function fieldSpellings(segments: readonly (string | number)[]): string[] {
  let dotted = '';
  for (const s of segments) dotted += typeof s === 'number' ? `[${s}]` : dotted === '' ? s : `.${s}`;
  const plain = segments.map(String);
  return [...new Set([dotted, plain.join('.'), `/${plain.join('/')}`, plain.join('/')])];
}

/** Every string in a JSON value (keys too), so a field may be named anywhere in an error body. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => [k, ...stringsOf(v)]);
  return [];
}

/** Whether the body names one of the paths, whole (`source.port` is not named by `port`). */
export function namesField(body: unknown, paths: readonly (readonly (string | number)[])[]): boolean {
  const texts = stringsOf(body);
  return paths.some((path) =>
    fieldSpellings(path).some((spelling) => texts.some((text) => containsToken(text, spelling))),
  );
}

/** `spelling` in `text`, not glued to a longer name (`name` is not in `rename`). */
function containsToken(text: string, spelling: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(spelling, from);
    if (at === -1) return false;
    const before = text[at - 1];
    const after = text[at + spelling.length];
    // A longer name around it (`rename`, `a.name`) is another field; a deeper path (`tables[1]`) is within it.
    const gluedBefore = before !== undefined && /[A-Za-z0-9_.\]]/.test(before);
    const gluedAfter = after !== undefined && /[A-Za-z0-9_]/.test(after);
    if (!gluedBefore && !gluedAfter) return true;
    from = at + 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Paths a proxy may rewrite

/**
 * Whether a proxy or gateway in front of the service may normalise this (wire-encoded) path
 * segment out of the interface root before the service sees it: dot segments (plain,
 * percent-encoded or overlong UTF-8) and encoded slashes or backslashes. Whatever answers such a
 * path may not be the service, so only "no 5xx" is judged there, never the error object.
 */
export function proxyMayRewrite(segment: string): boolean {
  const lower = segment.toLowerCase();
  if (/%2f|%5c|%c0%ae|%c0%af|%c1%9c/.test(lower)) return true;
  const dots = lower.replace(/%2e/g, '.');
  return dots === '.' || dots === '..';
}

/** Whether any segment of a wire path (query aside) is one `proxyMayRewrite` flags. */
export function pathProxyMayRewrite(path: string): boolean {
  return (path.split('?')[0] ?? '').split('/').some(proxyMayRewrite);
}

// ---------------------------------------------------------------------------------------------
// Headers

/**
 * Headers that differ between any two answers, whatever they answer: the date, request and
 * trace ids, timings, and the connection's own.
 */
const VOLATILE_HEADERS = new Set([
  'date',
  'age',
  'expires',
  'last-modified',
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
  'via',
  'connection',
  'keep-alive',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'ratelimit-remaining',
  'ratelimit-reset',
  'set-cookie',
]);

/** Headers that follow from the body, compared through the body instead. */
const BODY_DERIVED = new Set(['content-length', 'etag']);

/** The headers two indistinguishable answers must share, name -> value. */
export function comparableHeaders(ex: Exchange): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(ex.response.headers)) {
    const n = name.toLowerCase();
    if (VOLATILE_HEADERS.has(n)) continue;
    out[n] = BODY_DERIVED.has(n) ? '(present)' : value;
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

  /** Learns from two answers to equivalent requests; `echoes[i]` are what request i named. */
  learn(a: Exchange, aEchoes: readonly string[], b: Exchange, bEchoes: readonly string[]): void {
    const ha = comparableHeaders(a);
    const hb = comparableHeaders(b);
    for (const n of new Set([...Object.keys(ha), ...Object.keys(hb)])) if (ha[n] !== hb[n]) this.headers.add(n);
    const ja = echoFreeJson(a, aEchoes);
    const jb = echoFreeJson(b, bEchoes);
    if (ja !== undefined && jb !== undefined) for (const path of differingPaths(ja, jb, '')) this.bodyPaths.add(path);
  }

  describe(): string {
    const parts = [...this.headers].sort().map((h) => `header ${h}`).concat([...this.bodyPaths].sort().map((p) => `body ${p === '' ? '(whole)' : p}`));
    return parts.length ? parts.join(', ') : '(nothing)';
  }
}

function echoFreeJson(ex: Exchange, echoes: readonly string[]): unknown {
  if (ex.json === undefined) return undefined;
  try {
    return JSON.parse(normalisedBody(ex, echoes)) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON paths (`a.b[0]`) where two values differ, as deep as both are objects or arrays. */
function differingPaths(a: unknown, b: unknown, at: string): string[] {
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => differingPaths(a[k], b[k], at === '' ? k : `${at}.${k}`));
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) return a.flatMap((v, i) => differingPaths(v, b[i], `${at}[${i}]`));
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [at];
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
    return JSON.stringify(maskPaths(JSON.parse(text) as unknown, volatility.bodyPaths, ''));
  } catch {
    return text;
  }
}

/**
 * The body with the request's echoes taken out: each id the request named is replaced by a
 * placeholder, so two not-found answers that only repeat what they were asked compare equal.
 * JSON is re-serialised with sorted keys (key order is never a difference).
 */
export function normalisedBody(ex: Exchange, echoes: readonly string[]): string {
  const text = ex.json === undefined ? ex.response.body : JSON.stringify(sortKeys(ex.json));
  let out = text;
  for (const echo of [...echoes].filter((e) => e !== '').sort((x, y) => y.length - x.length)) {
    out = out.replace(new RegExp(`(?<![0-9A-Za-z])${echo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`, 'g'), '{id}');
  }
  return out;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isObject(value)) return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
  return value;
}

// ---------------------------------------------------------------------------------------------
// What the target serves beyond the spec

/**
 * Stops the check when setting up failed: an error on the simulator (a bug there), a skip with
 * the reason elsewhere (the target may take other payloads for what the spec leaves open).
 */
export function setupFailed(t: CheckContext, what: string, ex: Exchange): never {
  const reason = `could not ${what}: ${describeResponse(ex)}`;
  if (t.target.controlUrl !== undefined) throw new Error(reason);
  t.skip(reason);
}

/**
 * Skips unless the target serves the simulator's pipeline endpoints (A-GAP-1): `GET /pipelines`
 * answers 200 with `{items: [...]}`. Checks that create, start or read pipelines need them.
 */
export async function requirePipelineEndpoints(t: CheckContext, purpose: string): Promise<void> {
  const ex = await t.a().get('/pipelines');
  if (ex.response.status === 200 && isObject(ex.json) && Array.isArray(ex.json.items)) return;
  t.skip(`the target does not serve the simulator's pipeline endpoints (GET /pipelines answered ${ex.response.status}; list, create, start and stop are not in the spec, A-GAP-1), so ${purpose}`);
}

/** Skips unless the target serves the simulator's key management (A-GAP-4): `GET /api-keys` is 200. */
export async function requireKeyManagement(t: CheckContext, purpose: string): Promise<void> {
  const ex = await t.a().get('/api-keys');
  if (ex.response.status === 200 && isObject(ex.json)) return;
  t.skip(`the target does not serve key management over the API (GET /api-keys answered ${ex.response.status}; the spec's keys are made in a dashboard, A-GAP-4), so ${purpose}`);
}

// ---------------------------------------------------------------------------------------------
// Pipelines

export type DocumentFormat = 'json' | 'yaml';

/** Request options that send `document` as JSON or YAML, with its media type. */
export function documentBody(document: unknown, format: DocumentFormat = 'json'): RequestOptions {
  if (format === 'yaml') return { body: toYaml(document), headers: { 'content-type': 'application/yaml' } };
  return { body: JSON.stringify(document), headers: { 'content-type': 'application/json' } };
}

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
    const ex = await t.a(account).delete(`/pipelines/${id}`);
    if (ex.response.status >= 500) throw new Error(`DELETE /pipelines/${id} answered ${ex.response.status}`);
  });
}

/**
 * Registers the removal of whatever a request that should have been refused created anyway
 * (a 2xx `POST /pipelines` with an integer id), so that a failing target is left clean.
 */
export function archiveIfCreated(t: CheckContext, account: Account, ex: Exchange): void {
  if (ex.request.method !== 'POST' || !pathOf(ex).endsWith('/pipelines') || !is2xx(ex)) return;
  const id = isObject(ex.json) ? ex.json.id : undefined;
  if (typeof id === 'number') archiveOnCleanup(t, account, id);
}

/** Creates a pipeline from `document` in `account`; it is archived after the check. */
export async function createPipeline(t: CheckContext, account: Account, document: unknown, format: DocumentFormat = 'json'): Promise<Pipeline> {
  const created = await t.a(account).post('/pipelines', documentBody(document, format));
  const id = isObject(created.json) ? created.json.id : undefined;
  if (!is2xx(created) || typeof id !== 'number') setupFailed(t, `create a pipeline with POST /pipelines in account ${account + 1}`, created);
  archiveOnCleanup(t, account, id);
  return { id, created };
}

/** Starts (deploys) a pipeline; skips when the target has no start endpoint. */
export async function startPipeline(t: CheckContext, account: Account, id: number): Promise<Exchange> {
  const ex = await t.a(account).post(`/pipelines/${id}/start`);
  if (ex.response.status === 404 || ex.response.status === 405) {
    t.skip(`the target has no POST /pipelines/{id}/start (start is not in the spec, A-GAP-1; answered ${ex.response.status}), so a pipeline cannot be deployed`);
  }
  if (!is2xx(ex)) setupFailed(t, `start pipeline ${id}`, ex);
  return ex;
}

/** `GET /pipelines/{id}` as a JSON object, or a setup failure. */
export async function readPipeline(t: CheckContext, account: Account, id: number): Promise<{ body: JsonObject; exchange: Exchange }> {
  const exchange = await t.a(account).get(`/pipelines/${id}`);
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
  return stringsOf(body).find((s) => s.startsWith(`${prefix}_`) && s.length > prefix.length + 16 && !s.endsWith('…'));
}

/** Registers the revocation of a key, by the admin key of account 1. */
export function revokeOnCleanup(t: CheckContext, id: number): void {
  t.cleanup(`revoke API key ${id}`, async () => {
    const ex = await t.a().delete(`/api-keys/${id}`);
    if (ex.response.status >= 500) throw new Error(`DELETE /api-keys/${id} answered ${ex.response.status}`);
  });
}

/** Revokes whatever key a create that should have been refused made anyway. */
export function revokeIfCreated(t: CheckContext, ex: Exchange): void {
  if (!is2xx(ex) || !isObject(ex.json) || typeof ex.json.id !== 'number') return;
  revokeOnCleanup(t, ex.json.id);
}

/** Creates a key in account 1 with its admin key; it is revoked after the check. */
export async function createKey(t: CheckContext, body: { name: string; admin?: boolean; expires_at?: string | null }): Promise<CreatedKey> {
  const created = await t.a().post('/api-keys', { body });
  const id = isObject(created.json) ? created.json.id : undefined;
  if (!is2xx(created) || typeof id !== 'number') setupFailed(t, 'create an API key with POST /api-keys', created);
  revokeOnCleanup(t, id);
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

/** An ISO 8601 UTC date-time, whole seconds. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** The simulator's now, from its control API (needs 'control'). */
export async function simulatorNow(t: CheckContext): Promise<number> {
  const ex = await t.http.request('GET', `${t.target.controlUrl}/clock`);
  const now = isObject(ex.json) ? ex.json.now_ms : undefined;
  if (ex.response.status !== 200 || typeof now !== 'number') throw new Error(`the control API did not tell the time: GET /clock answered ${ex.response.status}`);
  return now;
}
