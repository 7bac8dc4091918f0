import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Sim } from '../context.ts';
import { ApiError, invalidFields, type FieldProblem } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import { parseIsoDateTime } from '../http/date-time.ts';
import { isStatusFilter, type JournalFilter } from '../journal/journal.ts';
import { readRequestMatchers } from '../http/request-matchers.ts';
import { redactEntry } from '../journal/redact.ts';
import type { JournalEntry, RecordedEntry } from '../journal/journal.ts';
import { nearMissHint, type Endpoint } from '../journal/near-miss.ts';
import { operations } from '../openapi/operations.ts';
import { isoTime } from '../clock.ts';

const MAX_LIST = 1000;

/**
 * The journal through the control API: list with filters, count (WireMock's `verify`), one
 * entry by request id, clear. Filters come as query parameters (list) or a JSON body (count):
 * `method`, `path` (`*` within a segment, `**` across), `status` (`404` or `4xx`), `account`,
 * `interface` (A or B), `since` (ISO date-time, wall clock), `after` (a `seq`, for tailing),
 * `chaos` (true: only requests a chaos rule acted on), `lenient` (true: only requests the lenient
 * profile let through that a strict deployment refuses), and the request matchers
 * (`http/request-matchers.ts`): `header` (`name` or `name: text`) and `query` (`name` or
 * `name=value`), repeated in a query string or a string or an array of strings in JSON, and `body`
 * (text the body contains), all matched on the entry as it is shown, redacted.
 */
export function registerJournalRoutes(router: Router, sim: Sim): void {
  router.get('/journal', (ctx) => {
    const { filter, problems } = readFilter(queryObject(ctx));
    const limit = ctx.query.limit === undefined ? 100 : Number(ctx.query.limit);
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIST) problems.push({ field: 'limit', message: `must be an integer from 1 to ${MAX_LIST}` });
    if (problems.length) throw invalidFields(problems);
    const shown = entryView(sim);
    const entries = sim.journal.list(filter, limit).map(shown);
    ctx.body = { capacity: sim.journal.capacity, entries };
  });

  router.post('/journal/count', async (ctx) => {
    const { filter, problems } = readFilter(await readJsonObject(ctx, 64 * 1024));
    if (problems.length) throw invalidFields(problems);
    ctx.body = { count: sim.journal.count(filter) };
  });

  router.get('/journal/:id', (ctx) => {
    const entry = sim.journal.get(ctx.params.id ?? '');
    if (!entry) throw new ApiError('not_found', { message: 'No journal entry with this request id (the journal keeps the last entries only).' });
    ctx.body = entryView(sim)(entry);
  });

  router.delete('/journal', (ctx) => {
    sim.journal.clear();
    ctx.status = 204;
  });
}

/** The interfaces' endpoints, for the hints: the conventions are fixed at start, so once per simulator. */
const endpointsOf = new WeakMap<Sim, Endpoint[]>();

/** An entry as the control API shows it: redacted, and for a 404 or 405 a hint saying why (near-miss.ts). */
function entryView(sim: Sim): (entry: RecordedEntry) => JournalEntry {
  let endpoints = endpointsOf.get(sim);
  if (!endpoints) {
    endpoints = operations(sim).filter((op) => op.surface !== 'control').map((op) => ({ method: op.method.toUpperCase(), path: op.path }));
    endpointsOf.set(sim, endpoints);
  }
  const known = endpoints;
  return (entry) => {
    const shown = redactEntry(entry, sim.options.pipelineKeyPrefix, (ms) => isoTime(ms));
    const hint = nearMissHint(entry.status, entry.method, entry.path, known);
    return hint === undefined ? shown : { ...shown, hint };
  };
}

/** Parameters that may be repeated, each time another matcher: kept whole (a repeated `body` is then refused). */
const REPEATABLE = new Set(['header', 'query', 'body']);

function queryObject(ctx: Context): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ctx.query)) if (k !== 'limit') out[k] = Array.isArray(v) && !REPEATABLE.has(k) ? v[0] : v;
  for (const flag of ['chaos', 'lenient']) if (typeof out[flag] === 'string') out[flag] = out[flag] === 'true' ? true : out[flag] === 'false' ? false : out[flag];
  if (typeof out.after === 'string' && /^\d+$/.test(out.after)) out.after = Number(out.after);
  return out;
}

const FILTER_FIELDS = new Set(['method', 'path', 'status', 'account', 'interface', 'since', 'after', 'chaos', 'lenient', 'header', 'query', 'body']);

/** A filter from query parameters or a JSON body; every problem named, nothing guessed. */
export function readFilter(input: Record<string, unknown>): { filter: JournalFilter; problems: FieldProblem[] } {
  const filter: JournalFilter = {};
  const problems: FieldProblem[] = [];
  for (const key of Object.keys(input)) if (!FILTER_FIELDS.has(key)) problems.push({ field: key, message: `is not a filter (use ${[...FILTER_FIELDS].join(', ')})` });
  const text = (key: string): string | undefined => {
    const v = input[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || v === '') {
      problems.push({ field: key, message: 'must be a non-empty string' });
      return undefined;
    }
    return v;
  };
  const method = text('method');
  if (method !== undefined) filter.method = method;
  const path = text('path');
  if (path !== undefined) filter.path = path;
  const status = input.status === undefined ? undefined : String(input.status);
  if (status !== undefined) {
    if (isStatusFilter(status)) filter.status = status;
    else problems.push({ field: 'status', message: 'must be a status (404) or a class (4xx)' });
  }
  const account = text('account');
  if (account !== undefined) filter.account = account;
  const iface = text('interface');
  if (iface !== undefined) {
    if (iface === 'A' || iface === 'B') filter.interface = iface;
    else problems.push({ field: 'interface', message: 'must be A or B' });
  }
  const since = text('since');
  if (since !== undefined) {
    const ms = parseIsoDateTime(since);
    if (ms === null) problems.push({ field: 'since', message: 'must be an ISO 8601 date-time' });
    else filter.sinceMs = ms;
  }
  if (input.after !== undefined) {
    if (typeof input.after === 'number' && Number.isSafeInteger(input.after) && input.after >= 0) filter.afterSeq = input.after;
    else problems.push({ field: 'after', message: 'must be a non-negative integer (an entry seq)' });
  }
  if (input.chaos !== undefined) {
    if (typeof input.chaos === 'boolean') filter.chaos = input.chaos;
    else problems.push({ field: 'chaos', message: 'must be true or false' });
  }
  if (input.lenient !== undefined) {
    if (typeof input.lenient === 'boolean') filter.lenient = input.lenient;
    else problems.push({ field: 'lenient', message: 'must be true or false' });
  }
  const request = readRequestMatchers(input, ['header', 'query', 'body']);
  problems.push(...request.problems);
  Object.assign(filter, request.matchers);
  return { filter, problems };
}

