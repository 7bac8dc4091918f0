import type { CheckContext, Exchange } from './types.ts';
import { isObject } from './answers.ts';
import { isUtcDateTime, utcDateTimeMs } from './dates.ts';

/**
 * The format rules of section 2 (B-FMT-1) over a whole resource: every timestamp a UTC
 * date-time naming a real moment (the one oracle of dates.ts), every id an integer, the
 * invoice's id a string.
 */

export interface FormatOptions {
  /** The resource is an invoice: its own id is a string. */
  stringId?: boolean;
  /**
   * Judge only the id and timestamp fields section 2 names (and `id` wherever it is), not every
   * member named like one: a deployment's own extra members (`external_id: "grp_9f2"`,
   * `expires_at` in epoch seconds) are not the spec's, and extra fields are not errors. Off in
   * the simulator profile, where the simulator's own fields are held to the rule too.
   */
  specFieldsOnly?: boolean;
  /** The fields of this resource, at any depth, whose value is a name, not an integer id (NAME_FIELDS_BY_SCHEMA). */
  nameFields?: ReadonlySet<string>;
}

export interface FormatProblem {
  path: string;
  message: string;
}

/** Section 2 fields that hold timestamps although their names do not end in `_at`. */
const TIMESTAMP_FIELDS = new Set(['last_login']);

/** The timestamps and the ids other than `id` that section 2's tables name (jobs, packages, users, groups, connections, keys). */
const SPEC_TIMESTAMP_FIELDS = new Set(['created_at', 'updated_at', 'started_at', 'failed_at', 'confirmed_at', 'last_login']);
const SPEC_ID_FIELDS = new Set(['owner_id', 'cluster_id', 'package_id', 'account_id', 'connection_group_id']);

/**
 * Fields named like ids that are not ids of the service's own records, strings in the real
 * service's docs: a cluster instance's `instance_id` (the cloud provider's, "i-4d1b39a7"), a
 * connection's `unique_id` (a label, "S3_CONNECTION_53"), a Cloud Storage connection's
 * `project_id` (the Google project's), a Spanner connection's `instance_id` and a NetSuite
 * connection's `net_suite_account_id` and `role_id` (NetSuite's, "TSTDRV123"). "All ids are
 * integers" (section 2) is about the service's records: judging these as such would fail the real
 * service itself, and connections are a resource of the spec, judged in every profile.
 */
const LABEL_ID_FIELDS = new Set(['instance_id', 'unique_id', 'project_id', 'net_suite_account_id', 'role_id']);

/**
 * Extension shapes whose ids the real service's docs show as names or as another system's
 * labels, strings: a region's (`amazon-web-services::us-east-1`), a stack's (`mint-everest`), an
 * account plan's (`free-trial`) and the plan a subscription is on, a Bing Ads account's and
 * campaign's, a Google AdWords customer's, a Google Analytics account's, property's and view's
 * and a Facebook ad account's as the docs' metadata paths give them (`"123"`, `"UA-12345678-1"`,
 * `"act_111111111111111"`), and a Facebook Insights field's, a name (`"impressions"`). Judged in
 * the simulator profile only; by their schema's name, the fields named at any depth of that
 * resource.
 */
export const NAME_FIELDS_BY_SCHEMA: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['simulator/account-region', new Set(['id'])],
  ['simulator/stack', new Set(['id'])],
  ['simulator/plan', new Set(['id'])],
  ['simulator/subscription', new Set(['plan_id'])],
  ['simulator/bingads-metadata-account', new Set(['account_id', 'campaign_id'])],
  ['simulator/adwords-customer', new Set(['customer_id'])],
  ['simulator/analytics-account', new Set(['id'])],
  ['simulator/facebook-ad-account', new Set(['account_id', 'id'])],
  ['simulator/facebook-insights-field', new Set(['id'])],
]);

/** Maps whose keys the client chooses (a variable may well be called `run_at`): not walked. */
const FREE_FORM_FIELDS = new Set(['variables', 'dynamic_variables', 'settings', 'notification_settings']);

/**
 * The B-FMT-1 problems of a resource: every timestamp (a field named `*_at` or `last_login`,
 * at any depth) that is not an ISO 8601 UTC date-time, and every id (`id`, `*_id`) that is not an
 * integer. Null is left to the schema (a job not started yet has no `started_at`). The invoice
 * id is the one string id of the spec (`stringId`); a region's or a stack's is a name (`nameFields`).
 */
export function formatProblems(value: unknown, options: FormatOptions = {}, path = ''): FormatProblem[] {
  const problems: FormatProblem[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => problems.push(...formatProblems(item, nested(options), `${path}/${i}`)));
    return problems;
  }
  if (!isObject(value)) return problems;
  for (const [key, field] of Object.entries(value)) {
    const at = `${path}/${key}`;
    if (field === null || FREE_FORM_FIELDS.has(key)) continue;
    if (options.specFieldsOnly && ((key.endsWith('_at') && !SPEC_TIMESTAMP_FIELDS.has(key)) || (key.endsWith('_id') && !SPEC_ID_FIELDS.has(key)))) {
      if (typeof field === 'object') problems.push(...formatProblems(field, nested(options), at));
    } else if (key.endsWith('_at') || TIMESTAMP_FIELDS.has(key)) {
      if (typeof field !== 'string' || !isUtcDateTime(field)) problems.push({ path: at, message: `${JSON.stringify(field)} is not an ISO 8601 date-time in UTC` });
    } else if (key === 'id' && options.stringId && path === '') {
      if (typeof field !== 'string') problems.push({ path: at, message: `${JSON.stringify(field)} is not a string (the invoice id is a string)` });
    } else if (options.nameFields?.has(key)) {
      if (typeof field !== 'string' || field === '') problems.push({ path: at, message: `${JSON.stringify(field)} is not a name (this field is one here)` });
    } else if ((key === 'id' || key.endsWith('_id')) && !LABEL_ID_FIELDS.has(key)) {
      if (typeof field !== 'number' || !Number.isSafeInteger(field)) problems.push({ path: at, message: `${JSON.stringify(field)} is not an integer id` });
    } else if (typeof field === 'object') {
      problems.push(...formatProblems(field, nested(options), at));
    }
  }
  return problems;
}

/** What holds below a resource's top level: its name fields; the invoice's string id is its own only. */
function nested(options: FormatOptions): FormatOptions {
  return { ...(options.nameFields ? { nameFields: options.nameFields } : {}), ...(options.specFieldsOnly ? { specFieldsOnly: true } : {}) };
}

/** Fails naming B-FMT-1 when the resource breaks the format rules of section 2. */
export function expectFormats(t: CheckContext, ex: Exchange, what: string, value: unknown, options: FormatOptions = {}): void {
  const problems = formatProblems(value, { ...options, specFieldsOnly: t.profile !== 'simulator' });
  t.expect.that(problems.length === 0, {
    clause: 'B-FMT-1',
    message: `${what}: timestamps must be ISO 8601 date-times in UTC and ids integers (invoice ids strings)`,
    expected: 'UTC date-times (Z or +00:00) and integer ids',
    received: problems.slice(0, 6).map((p) => `${p.path}: ${p.message}`).join('; '),
    exchange: ex,
  });
}

/** An ISO 8601 UTC date-time, whole seconds. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * The moment `ms` as an ISO 8601 date-time at `offsetMinutes` from UTC, whole seconds: the local
 * time there with its offset (`2030-01-01T14:30:00+05:30` for 09:00Z at 330); `Z` at 0.
 */
export function isoSecondsAtOffset(ms: number, offsetMinutes: number): string {
  if (offsetMinutes === 0) return isoSeconds(ms);
  const local = isoSeconds(ms + offsetMinutes * 60_000).slice(0, -1);
  const size = Math.abs(offsetMinutes);
  const hh = String(Math.floor(size / 60)).padStart(2, '0');
  const mm = String(size % 60).padStart(2, '0');
  return `${local}${offsetMinutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * How far a just-made resource's created_at or updated_at may lie from its answer's `Date` header
 * beyond what the exchange itself spans: room for a `Date` stamped by another machine than the one
 * writing the record (a gateway, a database host), whose clock may drift by minutes where nobody
 * keeps it (the spec asks for UTC, not for synchronised clocks: such a drift is no B-FMT-1
 * failure). A wall-clock time read in a zone other than UTC and labelled UTC is off by a whole
 * zone offset: 30 minutes at the least for any zone in use today, an hour for nearly all.
 */
export const FRESH_STAMP_SLACK_MS = 10 * 60_000;

/** What `freshStampProblems` found: the problems, or why nothing could be compared. */
export type FreshStampJudgement = { problems: string[] } | { unjudged: string };

/**
 * The timestamps of a resource the exchange has just made (its create's answer) set against the
 * answer's `Date` header, the target's own clock (never the runner's, which may differ): made
 * during the exchange, the record's created_at and updated_at lie between the request's arrival
 * (at most the exchange's duration before the answer) and the answer (`Date` is cut to the whole
 * second, so up to a second after it), give or take FRESH_STAMP_SLACK_MS. Fields not UTC
 * date-times are left to `formatProblems`; no `Date` header (or one not a date) leaves the
 * resource unjudged.
 */
export function freshStampProblems(ex: Exchange, value: unknown): FreshStampJudgement {
  const header = dateHeader(ex);
  if (header === undefined) return { unjudged: 'the answer has no Date header' };
  const answered = Date.parse(header);
  if (Number.isNaN(answered)) return { unjudged: `the answer's Date header (${JSON.stringify(header)}) is not a date` };
  if (!isObject(value)) return { unjudged: 'the answer holds no resource' };
  const record = value;
  const earliest = answered - ex.durationMs - FRESH_STAMP_SLACK_MS;
  const latest = answered + 1000 + FRESH_STAMP_SLACK_MS;
  const problems: string[] = [];
  let compared = 0;
  for (const field of ['created_at', 'updated_at']) {
    const ms = utcDateTimeMs(record[field]);
    if (ms === undefined) continue;
    compared++;
    if (ms < earliest || ms > latest) problems.push(`${field} ${String(record[field])} is ${Math.round((ms - answered) / 1000)} s from the answer's Date (${header}), the exchange taking ${Math.round(ex.durationMs)} ms`);
  }
  return compared === 0 ? { unjudged: 'the answer shows no created_at or updated_at in UTC' } : { problems };
}

/**
 * The created_at and updated_at of any resource an answer shows (not only one just made) that
 * lie after the answer itself, by its `Date` header (the target's clock), beyond the answer's
 * second and FRESH_STAMP_SLACK_MS: no record was made or changed after the answer that shows it,
 * so such a time names another moment than it says (a wall-clock time east of UTC labelled UTC,
 * as a database session in another zone writes NOW()). Whether an update moves updated_at at all
 * is not shown, so only the future is judged. Top-level fields only (none in UTC: no problem);
 * `undated` where the answer shows such a time but has no `Date` header (or one not a date).
 */
export function futureStampProblems(ex: Exchange, value: unknown): { problems: string[] } | { undated: string } {
  if (!isObject(value)) return { problems: [] };
  const stamps = ['created_at', 'updated_at'].flatMap((field) => {
    const ms = utcDateTimeMs(value[field]);
    return ms === undefined ? [] : [{ field, ms }];
  });
  if (stamps.length === 0) return { problems: [] };
  const header = dateHeader(ex);
  if (header === undefined) return { undated: 'the answer has no Date header' };
  const answered = Date.parse(header);
  if (Number.isNaN(answered)) return { undated: `the answer's Date header (${JSON.stringify(header)}) is not a date` };
  // The exchange's duration too: a server may stamp Date as the request arrives (this simulator does), the record after it.
  const latest = answered + ex.durationMs + 1000 + FRESH_STAMP_SLACK_MS;
  const problems = stamps.filter(({ ms }) => ms > latest).map(({ field, ms }) => `${field} ${String(value[field])} is ${Math.round((ms - answered) / 1000)} s after the answer's Date (${header})`);
  return { problems };
}

/** A record's updated_at as an answer showed it, and that answer's moment (its Date header). */
export interface StampSeen {
  ms: number;
  answered: number;
}

/**
 * A record's updated_at that moved since an earlier answer showed it (`seen`) names a change made
 * after that answer: a moment not before its Date header, less the header's second and
 * FRESH_STAMP_SLACK_MS. One before it names another moment than it says: a wall-clock time west of
 * UTC labelled UTC (as a database session in another zone writes NOW()), which
 * futureStampProblems, looking only ahead, cannot see. Returns the problem, if any, and what to
 * remember of this answer for the record's next one (`seen` undefined: nothing to judge or keep).
 */
export function movedStampProblem(seen: StampSeen | undefined, ex: Exchange, value: unknown): { problem?: string; seen?: StampSeen } {
  const header = dateHeader(ex);
  const answered = header === undefined ? NaN : Date.parse(header);
  const ms = isObject(value) ? utcDateTimeMs(value.updated_at) : undefined;
  if (ms === undefined || Number.isNaN(answered)) return {};
  const now = { ms, answered };
  if (!seen || ms === seen.ms) return { seen: now };
  const earliest = seen.answered - 1000 - FRESH_STAMP_SLACK_MS;
  if (ms >= earliest) return { seen: now };
  const shown = isObject(value) ? String(value.updated_at) : '';
  return { seen: now, problem: `updated_at ${shown} moved since an earlier answer (${new Date(seen.ms).toISOString()}, answered ${new Date(seen.answered).toUTCString()}) to a moment ${Math.round((seen.answered - ms) / 1000)} s before that answer` };
}

/**
 * A record's updated_at before its created_at (beyond a second, for the two may be kept at
 * different precisions): one of them names another moment than it says, for no change precedes
 * the record's making. A time west of UTC labelled UTC written by an update to a record made
 * within those hours shows so, with no clock to set it against.
 */
export function stampOrderProblem(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const created = utcDateTimeMs(value.created_at);
  const updated = utcDateTimeMs(value.updated_at);
  if (created === undefined || updated === undefined || updated >= created - 1000) return undefined;
  return `updated_at ${String(value.updated_at)} is ${Math.round((created - updated) / 1000)} s before created_at ${String(value.created_at)}`;
}

/** The answer's `Date` header as sent (any letter case of its name), the target's own clock. */
function dateHeader(ex: Exchange): string | undefined {
  return Object.entries(ex.response.headers).find(([name]) => name.toLowerCase() === 'date')?.[1];
}
