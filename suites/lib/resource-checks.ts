import type { CheckContext, Exchange, InterfaceClient } from './types.ts';
import { describeResponse } from './expect.ts';

/**
 * Helpers of the interface B resource families (jobs, packages, users, hooks, invoices,
 * connections, deliveries, notifications): reading bodies, finding out whether the target serves
 * an extension read, walking offset/limit pages, and the format rules of section 2 (B-FMT-1).
 */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

export function is2xx(ex: Exchange): boolean {
  return ex.response.status >= 200 && ex.response.status < 300;
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
 * Whether the target serves an extension read (gaps.md): a 2xx with a JSON body. Anything else
 * (404, 405, a 4xx of any kind) means the check cannot rely on it.
 */
export async function serves(client: InterfaceClient, path: string): Promise<Exchange | null> {
  const ex = await client.get(path);
  return is2xx(ex) && ex.json !== undefined ? ex : null;
}

/**
 * Stops a job this run started, if the target offers the stop (DELETE /jobs/{id}, an extension).
 * A refused stop is fine only when the job has ended anyway; otherwise the cleanup throws, so the
 * run lists the job as left behind (a target without the extension lets it run to its end).
 */
export function stopJobOnCleanup(t: CheckContext, jobId: number, account: 0 | 1 = 0): void {
  t.cleanup(`stop job ${jobId}`, async () => {
    const stop = await t.b(account).delete(`/jobs/${jobId}`);
    if (is2xx(stop)) return;
    const read = await t.b(account).get(`/jobs/${jobId}`);
    const status = is2xx(read) && isObject(read.json) ? read.json.status : undefined;
    if (typeof status === 'string' && ['completed', 'failed', 'stopped'].includes(status)) return;
    throw new Error(`DELETE /jobs/${jobId} answered ${stop.response.status} and the job has not ended (${typeof status === 'string' ? status : `GET /jobs/${jobId} answered ${read.response.status}`}); it runs to its end`);
  });
}

/**
 * Deletes something this run created (`deletePath`, often an extension such as DELETE /hooks/{id}).
 * Any non-2xx throws, so the run lists it as left behind; a 404 counts as already gone only when
 * `readPath` (a read the spec lists) also answers 404.
 */
export function deleteOnCleanup(t: CheckContext, label: string, deletePath: string, readPath: string, account: 0 | 1 = 0): void {
  t.cleanup(label, async () => {
    const ex = await t.b(account).delete(deletePath);
    if (is2xx(ex)) return;
    if (ex.response.status === 404 && (await t.b(account).get(readPath)).response.status === 404) return;
    throw new Error(`DELETE ${deletePath} answered ${ex.response.status}; it is still there`);
  });
}

/** Deletes hook `id` on cleanup (DELETE /hooks/{id} is an extension; without it the hook stays). */
export function deleteHookOnCleanup(t: CheckContext, id: number, account: 0 | 1 = 0): void {
  deleteOnCleanup(t, `delete hook ${id}`, `/hooks/${id}`, `/hooks/${id}`, account);
}

/** Deletes SSH key `id` on cleanup (DELETE /user/keys/{id} is an extension). */
export function deleteSshKeyOnCleanup(t: CheckContext, id: number, account: 0 | 1 = 0): void {
  deleteOnCleanup(t, `delete SSH key ${id}`, `/user/keys/${id}`, `/user/keys/${id}`, account);
}

/** Everything a paged list holds, walked with `offset` / `limit` pages of 100 (gaps.md names). */
export async function listAll(client: InterfaceClient, path: string, maxPages = 100): Promise<{ items: unknown[]; complete: boolean; exchanges: Exchange[] } | null> {
  const items: unknown[] = [];
  const exchanges: Exchange[] = [];
  for (let page = 0; page < maxPages; page++) {
    const ex = await client.get(path, { query: { offset: items.length, limit: 100 } });
    exchanges.push(ex);
    if (!is2xx(ex) || !Array.isArray(ex.json)) return null;
    items.push(...ex.json);
    if (ex.json.length < 100) return { items, complete: true, exchanges };
  }
  return { items, complete: false, exchanges };
}

/** ISO 8601 date-time in UTC: `Z` or a zero offset, a real moment (B-FMT-1). */
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]00:?00)$/i;

export function isUtcDateTime(value: string): boolean {
  return UTC_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** `YYYY-MM-DD` naming a day that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export interface FormatProblem {
  path: string;
  message: string;
}

/** Section 2 fields that hold timestamps although their names do not end in `_at`. */
const TIMESTAMP_FIELDS = new Set(['last_login']);

/** Maps whose keys the client chooses (a variable may well be called `run_at`): not walked. */
const FREE_FORM_FIELDS = new Set(['variables', 'dynamic_variables', 'settings', 'notification_settings']);

/**
 * The B-FMT-1 problems of a resource: every timestamp (a field named `*_at` or `last_login`,
 * at any depth) that is not an ISO 8601 UTC date-time, and every id (`id`, `*_id`) that is not an
 * integer. Null is left to the schema (a job not started yet has no `started_at`). The invoice
 * id is the one string id (`stringId`).
 */
export function formatProblems(value: unknown, options: { stringId?: boolean } = {}, path = ''): FormatProblem[] {
  const problems: FormatProblem[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => problems.push(...formatProblems(item, {}, `${path}/${i}`)));
    return problems;
  }
  if (!isObject(value)) return problems;
  for (const [key, field] of Object.entries(value)) {
    const at = `${path}/${key}`;
    if (field === null || FREE_FORM_FIELDS.has(key)) continue;
    if (key.endsWith('_at') || TIMESTAMP_FIELDS.has(key)) {
      if (typeof field !== 'string' || !isUtcDateTime(field)) problems.push({ path: at, message: `${JSON.stringify(field)} is not an ISO 8601 date-time in UTC` });
    } else if (key === 'id' && options.stringId && path === '') {
      if (typeof field !== 'string') problems.push({ path: at, message: `${JSON.stringify(field)} is not a string (the invoice id is a string)` });
    } else if (key === 'id' || key.endsWith('_id')) {
      if (typeof field !== 'number' || !Number.isSafeInteger(field)) problems.push({ path: at, message: `${JSON.stringify(field)} is not an integer id` });
    } else if (typeof field === 'object') {
      problems.push(...formatProblems(field, {}, at));
    }
  }
  return problems;
}

/** Fails naming B-FMT-1 when the resource breaks the format rules of section 2. */
export function expectFormats(t: CheckContext, ex: Exchange, what: string, value: unknown, options: { stringId?: boolean } = {}): void {
  const problems = formatProblems(value, options);
  t.expect.that(problems.length === 0, {
    clause: 'B-FMT-1',
    message: `${what}: timestamps must be ISO 8601 date-times in UTC and ids integers (invoice ids strings)`,
    expected: 'UTC date-times (Z or +00:00) and integer ids',
    received: problems.slice(0, 6).map((p) => `${p.path}: ${p.message}`).join('; '),
    exchange: ex,
  });
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

export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
