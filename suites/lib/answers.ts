import { describePaging, onePageQuery, walkPageQuery, type ListPagingNames } from './paging.ts';
import type { CheckContext, Exchange, InterfaceClient, ResolvedTarget, UnreadList } from './types.ts';
import { describeResponse } from './expect.ts';
import { REDACTED, looksSecret } from './redact.ts';
import { standInFor } from './big-ids.ts';

/**
 * Reading answers: what a body is, what an exchange asked, what a list holds. Every check reads
 * answers through these, so "a JSON object", "a success" and "the request's path" mean one thing
 * across the suites.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A 2xx answer. */
export function is2xx(ex: Exchange): boolean {
  return ex.response.status >= 200 && ex.response.status < 300;
}

/** Whether an answer says the route does not exist here (rather than answering for the thing it names). */
export function routeMissing(ex: Exchange): boolean {
  return ex.response.status === 404 || ex.response.status === 405 || ex.response.status === 501;
}

/** The path the exchange asked for (the raw URL when it does not parse). */
export function pathOf(ex: Exchange): string {
  try {
    return new URL(ex.request.url).pathname;
  } catch {
    return ex.request.url;
  }
}

/** `METHOD /path` of the exchange, for messages. */
export function requestLine(ex: Exchange): string {
  return `${ex.request.method} ${pathOf(ex)}`;
}

/** The body as the interface A error object (`error` string), or null. */
export function errorObjectA(ex: Exchange): JsonObject | null {
  return errorObjectOf(ex, 'error');
}

/** The body as an error object whose `member` is a string (`error`: interface A's; `message`: interface B's), or null. */
export function errorObjectOf(ex: Exchange, member: 'error' | 'message'): JsonObject | null {
  const body = ex.json;
  return isObject(body) && typeof body[member] === 'string' ? body : null;
}

/** Every string in a JSON value (keys too), so a field may be named anywhere in an error body. */
export function stringsOf(value: unknown): string[] {
  const out: string[] = [];
  collectStrings(value, out);
  return out;
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, out);
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      collectStrings(v, out);
    }
  }
}

/**
 * `stringsOf` a parsed answer, kept per answer: `bodyShows` asks one answer for many texts (a-keys
 * every key the run made, the robustness checks every trace and secret), and walking the body
 * again for each took about 0.7 s of a whole run's one thread. Answers are not changed once parsed.
 */
const answerStrings = new WeakMap<object, readonly string[]>();

function stringsOfAnswer(json: unknown): readonly string[] {
  if (json === null || typeof json !== 'object') return stringsOf(json);
  let strings = answerStrings.get(json);
  if (strings === undefined) {
    strings = stringsOf(json);
    answerStrings.set(json, strings);
  }
  return strings;
}

/**
 * Whether an answer's body shows `text`: in its text, or in its strings as parsed, for JSON may
 * write a string's characters as escapes (`\/` for `/`, PHP's default; `\u003d` for `=`, Gson's)
 * and the text then holds no copy of a value its strings do.
 */
export function bodyShows(ex: Exchange, text: string): boolean {
  return ex.response.body.includes(text) || stringsOfAnswer(ex.json).some((s) => s.includes(text));
}

/** The integer `id` of a created resource, or undefined. */
export function idOf(ex: Exchange): number | undefined {
  const body = ex.json;
  const id = body && typeof body === 'object' ? (body as Record<string, unknown>).id : undefined;
  return typeof id === 'number' ? id : undefined;
}

/**
 * The record an answer about one thing carries: the body itself where it has a numeric `id`,
 * else the one member object that has (`{"pipeline": {id, ...}}`, `{"api_key": {id, ...},
 * "secret": "..."}`). Where the spec shows no answer (a pipeline's create, key management), a
 * deployment may wrap the record so.
 */
export function recordIn(body: unknown): JsonObject | undefined {
  if (!isObject(body)) return undefined;
  if (typeof body.id === 'number') return body;
  const wrapped = Object.values(body).filter((v): v is JsonObject => isObject(v) && typeof v.id === 'number');
  return wrapped.length === 1 ? wrapped[0] : undefined;
}

/**
 * The fields an answer about one thing shows: its record (`recordIn`), else the body itself where
 * it is an object. A create may answer the record's fields with its id only in the `Location`
 * (`{name, key, expires_at}`), so a field is read from there too.
 */
export function fieldsIn(body: unknown): JsonObject | undefined {
  return recordIn(body) ?? (isObject(body) ? body : undefined);
}

/**
 * The id of what a 2xx create made: the record's in the body (`recordIn`), else the integer last
 * segment of the answer's `Location`. A 201 with a Location and no body is plain HTTP, and the
 * spec shows no create answer for pipelines or keys, so a deployment may answer so. An id beyond
 * 2^53 becomes its stand-in, as in a body (big-ids.ts).
 */
export function createdId(ex: Exchange): number | undefined {
  const id = recordIn(ex.json)?.id;
  if (typeof id === 'number') return id;
  const location = ex.response.headers.location;
  if (location === undefined || ex.response.status < 200 || ex.response.status >= 300) return undefined;
  let path: string;
  try {
    path = new URL(location, ex.request.url).pathname;
  } catch {
    return undefined;
  }
  return idOfSegment(path.replace(/\/+$/, '').split('/').at(-1) ?? '');
}

/**
 * The id a path segment of digits names (leading zeros aside; beyond 2^53, its stand-in, as in a
 * body: big-ids.ts), or undefined for any other segment.
 */
export function idOfSegment(segment: string): number | undefined {
  if (!/^\d+$/.test(segment)) return undefined;
  const literal = segment.replace(/^0+(?=\d)/, '');
  const n = Number(literal);
  return Number.isSafeInteger(n) ? n : standInFor(literal);
}

/** The body as a JSON object, or a failure naming `clause`. */
export function objectBody(t: CheckContext, ex: Exchange, clause: string, what: string): JsonObject {
  const body = ex.json;
  if (!isObject(body)) {
    t.fail({ clause, message: `${what}: the body is not a JSON object`, expected: 'a JSON object', received: describeResponse(ex), exchange: ex });
  }
  return body;
}

/** The body as a JSON array, or a failure naming `clause`. */
export function arrayBody(t: CheckContext, ex: Exchange, clause: string, what: string): unknown[] {
  const body = ex.json;
  if (!Array.isArray(body)) {
    t.fail({ clause, message: `${what}: the body is not a JSON array`, expected: 'a JSON array', received: describeResponse(ex), exchange: ex });
  }
  return body;
}

/** An integer id field of a body, or a failure naming `clause`. */
export function integerId(t: CheckContext, ex: Exchange, body: JsonObject, clause: string, what: string): number {
  const id = body.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    t.fail({ clause, message: `${what}: the body has no integer id`, expected: 'an integer "id"', received: describeResponse(ex), exchange: ex });
  }
  return id;
}

/**
 * Whether the target serves an extension read (docs/interface-b.md): a 2xx with a JSON body. Anything else
 * (404, 405, a 4xx of any kind) means the check cannot rely on it.
 */
export async function serves(client: InterfaceClient, path: string): Promise<Exchange | null> {
  const ex = await client.get(path);
  return is2xx(ex) && ex.json !== undefined ? ex : null;
}

/**
 * Everything a paged list holds, walked in pages of 100 (or what the target takes: `walkList`) with the target's paging parameters
 * (`pagingNames`); null when the list is not served. `complete` only when the walk reached the end
 * of a list that honours the page size: a target that ignores the parameter (other names than the
 * document says) answers a short first page that would look like the whole list, so a page of
 * one is asked first.
 */
export async function listAll(client: InterfaceClient, path: string, names: ListPagingNames, maxPages = 100): Promise<ListWalk | null> {
  const walked = await walkList(client, path, names, { maxPages });
  return 'refused' in walked ? null : walked;
}

/**
 * `listAll`, with the answer that ended the walk when the list was not served (a caller may tell a
 * 404 from other refusals), the probe left out when the caller already knows how the list pages
 * (`paging` or `pageSizeHonoured`, from an earlier walk of the same list and account), and other
 * query parameters on every request.
 *
 * Only GET /invoices has a page size the spec bounds (1 to 100, section 8); every other interface B
 * list is an extension whose page size limit is the deployment's. So a page size of 100 refused
 * with a 4xx (not 401, 403, 404 or 405: those say nothing of the size) is asked again smaller
 * (PAGE_SIZES, then none) before the list counts as not served; and a page shorter than asked is
 * the end only where a page of that size is known to hold more (`ListPaging.holds`): a target may
 * lower a page size silently, so otherwise the next offset is asked, and an empty page (or one
 * repeating the page before: the offset is not taken) ends the walk. A list paged by page number
 * (`PageNumberNames`) is walked the same way, page 1, 2, ... in place of offsets; an unpaged one
 * (`Unpaged`) is read in one request, which holds it whole.
 */
export async function walkList(client: InterfaceClient, path: string, names: ListPagingNames, options: WalkOptions = {}): Promise<ListWalk | { refused: Exchange }> {
  const extra = options.query ?? {};
  // The items of an answer where the list keeps them; an answer without is a refusal.
  const itemsOf = (ex: Exchange): unknown[] | undefined => (is2xx(ex) ? listItemsIn(ex.json, names.items) : undefined);
  const refused = (ex: Exchange): { refused: Exchange } => {
    const unread = unreadList(path, ex, names.items);
    if (unread !== undefined) client.unreadList?.(unread);
    return { refused: ex };
  };
  if ('unpaged' in names) {
    const ex = await client.get(path, Object.keys(extra).length ? { query: { ...extra } } : {});
    const all = itemsOf(ex);
    if (!all) return refused(ex);
    // Nothing was left out, so the list counts as honouring a page size (the one page is the end).
    return { items: [...all], complete: true, pageSizeHonoured: true, exchanges: [ex], pages: [all], paging: { pageSizeHonoured: true, size: undefined, holds: all.length } };
  }
  const known = options.paging;
  let pageSizeHonoured = known?.pageSizeHonoured ?? options.pageSizeHonoured;
  if (pageSizeHonoured === undefined) {
    const probe = await client.get(path, { query: { ...extra, ...onePageQuery(names) } });
    const one = itemsOf(probe);
    if (!one) return refused(probe);
    pageSizeHonoured = one.length <= 1;
  }
  let size = known ? known.size : PAGE_SIZES[0];
  let holds = known?.holds ?? 0;
  const items: unknown[] = [];
  const exchanges: Exchange[] = [];
  const pages: unknown[][] = [];
  const paging = (): ListPaging => ({ pageSizeHonoured: pageSizeHonoured === true, size, holds });
  const end = (complete: boolean): ListWalk => ({ items, complete, pageSizeHonoured: pageSizeHonoured === true, exchanges, pages, paging: paging() });
  // The length of a page shorter than asked whose meaning the next page tells (the end, or a lowered size).
  let short: number | undefined;
  let previous: unknown[] | undefined;
  // The budget is maxPages pages of 100 items: a target whose pages hold fewer is read as far (in
  // at most ten times the pages), and the page telling whether a short page ended the list is
  // asked past it, so a list on one short page stays whole to a caller that allows one page.
  const budget = (options.maxPages ?? 100) * 100;
  const within = (page: number) => items.length < budget && page < budget / 10;
  for (let page = 0; within(page) || short !== undefined; page++) {
    let ex = await client.get(path, { query: { ...extra, ...walkPageQuery(names, { index: page, offset: items.length, size }) } });
    while (!exchanges.length && refusesSize(ex) && size !== undefined) {
      size = PAGE_SIZES[PAGE_SIZES.indexOf(size) + 1];
      ex = await client.get(path, { query: { ...extra, ...walkPageQuery(names, { index: 0, offset: 0, size }) } });
    }
    const got = itemsOf(ex);
    if (!got) return refused(ex);
    exchanges.push(ex);
    pages.push(got);
    if (short !== undefined) {
      // The page after a short one: empty, the list ended there; the same items again, the offset
      // is not taken and nothing past the first page can be read; else the short page was the
      // most a page holds here.
      if (!got.length) return end(pageSizeHonoured);
      if ((previous && sameJson(got, previous)) || !within(page)) {
        exchanges.pop();
        pages.pop();
        return end(false);
      }
      short = undefined;
    }
    items.push(...got);
    // A page below the most a page was seen to hold was not lowered: the list ends there.
    if (!got.length || got.length < holds) return end(pageSizeHonoured);
    holds = Math.max(holds, got.length);
    if (size === undefined || got.length < size) short = got.length;
    previous = got;
  }
  return end(false);
}

/**
 * The items of a list answer at `at` (`ListItemsAt`: a member name or dotted path, optionally
 * after `$`; `$` or undefined: the body itself); undefined when no array is there.
 */
export function listItemsIn(body: unknown, at: string | undefined): unknown[] | undefined {
  let node: unknown = body;
  for (const part of (at ?? '$').replace(/^\$\.?/, '').split('.').filter((p) => p !== '')) node = isObject(node) ? node[part] : undefined;
  return Array.isArray(node) ? node : undefined;
}

/**
 * The items of an answer of one of interface B's paged extension lists (`GET /jobs`, `/packages`,
 * `/hooks`, ...: the catalog's `answer.paged` beside `source: 'extension'`) where the target
 * document says they are (`interface_b.extension_list_items`; the body itself by default). A walk
 * of such a list reads them so (`extensionPaging`); this is for a single page read otherwise.
 */
export function extensionListItems(target: Pick<ResolvedTarget, 'interfaceB'>, body: unknown): unknown[] | undefined {
  return listItemsIn(body, target.interfaceB.extensionListItems);
}

/**
 * An extension list's 2xx answer that is a JSON object with no items where the target document
 * says (`at`, from `interface_b.extension_list_items`), for the walk's check to say why the list
 * was read as not served. Undefined for a list that is not an extension's (`at` undefined: the
 * invoice list, an array by the spec) or an answer that is no object.
 */
function unreadList(path: string, ex: Exchange, at: string | undefined): UnreadList | undefined {
  if (at === undefined || !is2xx(ex) || !isObject(ex.json)) return undefined;
  return { path, at, arrays: Object.entries(ex.json).filter(([, v]) => Array.isArray(v)).map(([k]) => k) };
}

/**
 * Why the extension lists `lists` were read as not served, in one sentence per kind of answer,
 * naming the target document's field: the array an envelope holds is named, never taken for the
 * items (a deployment declares where they are).
 */
export function describeUnreadLists(lists: readonly UnreadList[]): string {
  const kinds = new Map<string, string[]>();
  for (const list of lists) {
    const where = list.at === '$' ? 'as a bare array (the default)' : `under ${list.at}`;
    const found = list.arrays.length === 1 ? `its one array is the member ${JSON.stringify(list.arrays[0])}` : list.arrays.length ? `its arrays are the members ${list.arrays.map((a) => JSON.stringify(a)).join(', ')}` : 'it holds no array';
    const kind = `not its items ${where} where interface_b.extension_list_items of the target document says (${found})`;
    const paths = kinds.get(kind) ?? [];
    if (!paths.includes(list.path)) paths.push(list.path);
    kinds.set(kind, paths);
  }
  return [...kinds].map(([kind, paths]) => `GET ${paths.join(', ')} answered a JSON object, ${kind}, so ${paths.length === 1 ? 'it was' : 'each was'} read as not served`).join('; ');
}

/**
 * Why a walk that is not complete stopped short, for a message: more pages than were read, or a
 * page size not taken as asked (`names`: then where the target document says how the list pages).
 */
export function whyNotWhole(walk: ListWalk, names: ListPagingNames): string {
  if (walk.pageSizeHonoured) return `${walk.items.length} items read, and the list goes on`;
  return `${walk.items.length} items read: it did not page as asked, by ${describePaging(names)} (interface_b.extension_paging says how the extension lists page)`;
}

/** The page sizes a walk asks, largest first, until one is not refused; undefined: none (the target's default). */
const PAGE_SIZES: readonly (number | undefined)[] = [100, 50, 20, 10, undefined];

/** A 4xx that may be about the page size: not an authentication, absence or method refusal. */
function refusesSize(ex: Exchange): boolean {
  const status = ex.response.status;
  return status >= 400 && status < 500 && ![401, 403, 404, 405].includes(status);
}

/** The first page of a walk that lists an item `lists` picks out (the exchange to show), or undefined when none does. */
export function pageListing(walk: ListWalk, lists: (item: unknown) => boolean): Exchange | undefined {
  return walk.exchanges.find((_, i) => walk.pages[i]?.some(lists));
}

export interface WalkOptions {
  /** Pages of 100 items to read at most (default 100): as many items on a target whose pages hold fewer, in at most ten times the pages. */
  maxPages?: number;
  /** Known from an earlier walk of the same list: the probe of a page of one is left out. */
  pageSizeHonoured?: boolean;
  /** Known from an earlier walk of the same list and account (its `paging`): no probe, and the page size and what a page holds are not learned again. */
  paging?: ListPaging;
  /** Query parameters every request of the walk carries besides the paging ones. */
  query?: Readonly<Record<string, string>>;
}

/** What a walk learned of how a list pages, for the next walk of the same list and account. */
export interface ListPaging {
  pageSizeHonoured: boolean;
  /** The page size asked: 100, or a smaller one where larger ones were refused; undefined: none. */
  size: number | undefined;
  /** The most items a page of that size was seen to hold (a page holding fewer was not lowered: it is the list's end); 0: none seen. */
  holds: number;
}

export interface ListWalk {
  items: unknown[];
  /** The walk reached the end of a list that honours the page size: nothing was left out. */
  complete: boolean;
  /** A page of one held at most one item (a list of one or none cannot tell, and counts as honouring it). */
  pageSizeHonoured: boolean;
  /** The pages, in order (the probe of one, a page refused for its size and a page repeating the one before are not among them). */
  exchanges: Exchange[];
  /** The items of each of those pages (where the list keeps them: `ListItemsAt`), in the same order. */
  pages: unknown[][];
  paging: ListPaging;
}

/** Values equal as JSON, whatever the key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return Object.is(a, b);
}

/** Every key of `sent` is in `got` with an equal value (the target may add defaults of its own). */
export function contains(got: unknown, sent: JsonObject): boolean {
  return isObject(got) && Object.entries(sent).every(([k, v]) => Object.hasOwn(got, k) && sameJson(got[k], v));
}

/** A string longer than this, where the whole does not fit, is shown by its length, never cut: cut, it could show part of a secret (a URL's password before its `@`). */
const SHOWN_STRING_MAX = 80;

/**
 * A value as short text for messages: JSON, with the value of every member that may hold a
 * secret (`looksSecret`: `password`, `sasl_password`, `credentials`, ...) shown as the redaction
 * marker, and, where the whole is longer than `max` characters, its deeper levels summarised
 * (`{…4 keys}`, `[…12 items]`, `"…(120 characters)"`) until it fits. Never a JSON text cut
 * mid-value: a secret cut short (or one the report's redactor was never told) escapes its
 * exact-text redaction.
 */
export function show(value: unknown, max = 300): string {
  for (let depth = depthOf(value) + 1; depth >= 0; depth--) {
    const text = shownAt(value, 0, depth, max);
    if (text.length <= max) return text;
  }
  return shownAt(value, 0, -1, max);
}

/** Levels of containers: a scalar 0, a container one more than its deepest member. */
function depthOf(value: unknown): number {
  const members = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : null;
  return members === null ? 0 : 1 + Math.max(0, ...members.map(depthOf));
}

/** `value` at `level`, containers at or below `depth` summarised, and long strings there too (longer than fits in `max`, or SHOWN_STRING_MAX). */
function shownAt(value: unknown, level: number, depth: number, max: number): string {
  const summarise = level >= depth;
  if (Array.isArray(value)) {
    if (summarise && value.length > 0) return `[…${value.length} item${value.length === 1 ? '' : 's'}]`;
    return `[${value.map((v) => shownAt(v, level + 1, depth, max)).join(',')}]`;
  }
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (summarise && keys.length > 0) return `{…${keys.length} key${keys.length === 1 ? '' : 's'}}`;
    return `{${keys.map((k) => `${JSON.stringify(k)}:${looksSecret(k) ? JSON.stringify(REDACTED) : shownAt(value[k], level + 1, depth, max)}`).join(',')}}`;
  }
  if (typeof value === 'string') return summarise && value.length > Math.min(SHOWN_STRING_MAX, max - 2) ? `"…(${value.length} characters)"` : JSON.stringify(value);
  if (typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? String(value);
}

/** Where two JSON values differ: the path of a member or item, and each side shown short (`show`), a member that may hold a secret only as the marker. */
export interface JsonChange {
  path: string;
  before: string;
  after: string;
}

/**
 * The deepest members and items at which `after` differs from `before` (key order free; arrays
 * of another length as a whole), within the top-level `keys` where given. Paths as in
 * `source.connection.port`, `destination.tables[2]`; a side without the member shows `(absent)`.
 */
export function jsonChanges(before: unknown, after: unknown, keys?: readonly string[]): JsonChange[] {
  const out: JsonChange[] = [];
  if (keys && isObject(before) && isObject(after)) for (const k of keys) changesAt(before[k], after[k], memberPath('', k), k, out);
  else changesAt(before, after, '', undefined, out);
  return out;
}

function changesAt(before: unknown, after: unknown, path: string, key: string | undefined, out: JsonChange[]): void {
  if (sameJson(before, after)) return;
  const side = (v: unknown): string => (v === undefined ? '(absent)' : key !== undefined && looksSecret(key) ? REDACTED : show(v, 120));
  const at = path === '' ? '(the whole)' : path;
  if (key !== undefined && looksSecret(key)) out.push({ path: at, before: side(before), after: side(after) });
  else if (isObject(before) && isObject(after)) {
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) changesAt(before[k], after[k], memberPath(path, k), k, out);
  } else if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    before.forEach((v, i) => changesAt(v, after[i], `${path}[${i}]`, undefined, out));
  } else out.push({ path: at, before: side(before), after: side(after) });
}

function memberPath(path: string, key: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** Changes for a message: the paths, and each side as `path value`, the first `limit` of them and how many more. */
export function showChanges(changes: readonly JsonChange[], limit = 6): { paths: string; before: string; after: string } {
  const shown = changes.slice(0, limit);
  const more = changes.length > limit ? `; and ${changes.length - limit} more` : '';
  return {
    paths: `${shown.map((c) => c.path).join(', ')}${more}`,
    before: `${shown.map((c) => `${c.path} ${c.before}`).join('; ')}${more}`,
    after: `${shown.map((c) => `${c.path} ${c.after}`).join('; ')}${more}`,
  };
}

/**
 * The user in a GET /user answer (an extension of the real service): the body itself, or the
 * object under its `user` member (`{"user": {...}}`, as many frameworks render one resource);
 * undefined where it is not served or shows no such user: restoring the user and comparing it
 * both need the fields PUT /user takes, and a read without them would make a restore send nothing
 * and a comparison compare nothing.
 */
export function userIn(exchange: Exchange): JsonObject | undefined {
  if (!is2xx(exchange) || !isObject(exchange.json)) return undefined;
  const isUser = (u: unknown): boolean => isObject(u) && typeof u.name === 'string' && typeof u.email === 'string';
  const body = exchange.json;
  if (isUser(body)) return body;
  return isUser(body.user) ? (body.user as JsonObject) : undefined;
}

/**
 * The part of a user (GET /user) that only a write of the user changes (the fields PUT /user
 * takes), as comparable text. Counts such as `unread_notifications_count` are left out: they move
 * by themselves when a job of the account finishes; so are `updated_at`, which a deployment may
 * move with them, and `last_login`, which it may refresh on any authenticated request.
 */
export function userFieldsOf(exchange: Exchange): string {
  const u: Record<string, unknown> = userIn(exchange) ?? (isObject(exchange.json) ? exchange.json : {});
  return JSON.stringify([u.name, u.email, u.time_zone, u.location, u.notification_settings]);
}
