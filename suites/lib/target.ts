import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve as resolvePath } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { STAND_IN_BAND, inStandInBand, literalOf, parseJsonWithBigIds, withStandInsForBigInts } from './big-ids.ts';
import { A_OPERATIONS, routeOf, type AOperation, type TargetDocument, type TargetFixtures } from './target-types.ts';
import { placeholdersOf } from './extension-paths.ts';
import { PERMISSIONS, type AAccount, type AListPaging, type BAccount, type DeclaredHook, type Permission, type ResolvedInterfaceA, type ResolvedInterfaceB, type ResolvedTarget } from './types.ts';
import { proxyFor } from './proxy.ts';
import { resolveTls, TLS_FIELDS } from './tls-settings.ts';
import { isSecretField } from './redact.ts';
import { nestsDeeperThan } from './json-depth.ts';
import { resolveGatewayHeaders } from './gateway-headers.ts';
import { rangeHolding, rangesInUse, describeRange, MIN_ABSENT_RANGE_WIDTH, type AbsentIdRange } from './absent-ids.ts';

/** A target document that cannot be used: the run cannot be done (exit code 2). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const DEFAULT_KEY_PREFIX = 'fdk';

type Env = Record<string, string | undefined>;

/** Reads, resolves and validates a target document (JSON, or YAML by its extension). */
export async function loadTargetFile(path: string, env: Env = process.env): Promise<ResolvedTarget> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(`cannot read target file ${path}: ${code === 'ENOENT' ? 'no such file' : code ?? String(err)}`);
  }
  return resolveTarget(parseTargetText(text, path), env, path);
}

export function parseTargetText(text: string, path: string): unknown {
  const ext = extname(path).toLowerCase();
  try {
    return parseDocumentText(text, ext);
  } catch (err) {
    // The first line of the parser's message points at a position. V8's JSON messages go on to
    // quote the text around it (`..."api_key": fdk_1a2b"... is not valid JSON`), a key perhaps:
    // only the position is kept.
    const kind = ext === '.json' ? 'JSON' : 'YAML';
    const message = firstLine(err instanceof Error ? err.message : String(err));
    const shown = ext === '.json' ? withoutJsonExcerpt(message) : message;
    throw new ConfigError(`target file ${path} is not valid ${kind}: ${shown}`);
  }
}

/**
 * A JSON or YAML document, with every integer beyond 2^53 - 1 read as the stand-in a run sends
 * back as those digits (big-ids.ts): a fixture id 1402933012345678901 stays that id.
 */
function parseDocumentText(text: string, ext: string): unknown {
  return ext === '.json' ? parseJsonWithBigIds(text) : withStandInsForBigInts(parseYaml(text, { intAsBigInt: true }));
}

function withoutJsonExcerpt(message: string): string {
  if (!/["']/.test(message)) return message;
  const position = /at position (\d+)/.exec(message)?.[1];
  return position ? `unexpected text at position ${position}` : 'unexpected text';
}

function firstLine(s: string): string {
  return s.split('\n')[0] ?? s;
}

/**
 * Resolves `<field>_env: NAME` and `${NAME}` from `env`, validates the shape and returns the
 * ResolvedTarget. Messages name fields and variables, never the values (they may be keys).
 */
/** No target document, definitions included, nests deeper than this. */
const MAX_DOCUMENT_DEPTH = 64;

export function resolveTarget(raw: unknown, env: Env = process.env, source = 'target'): ResolvedTarget {
  if (nestsDeeperThan(raw, MAX_DOCUMENT_DEPTH)) throw new ConfigError(`${source}: the document nests deeper than ${MAX_DOCUMENT_DEPTH} levels, which no target document does`);
  const fromEnv = new Set<string>(); // field paths whose value came from the environment
  const doc = substitute(raw, '', env, fromEnv, source);
  return validate(doc, fromEnv, source);
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function substitute(value: unknown, path: string, env: Env, fromEnv: Set<string>, source: string): unknown {
  if (typeof value === 'string') {
    if (!value.includes('${')) return value;
    fromEnv.add(path);
    return value.replace(/\$\{([^}]*)\}/g, (_m, name: string) => readEnv(name, path, env, source));
  }
  if (Array.isArray(value)) return value.map((v, i) => substitute(v, `${path}[${i}]`, env, fromEnv, source));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const entries = Object.entries(value as Record<string, unknown>);
    for (const [key, v] of entries) {
      const at = path ? `${path}.${key}` : key;
      // Assigned below, `__proto__` would become the copy's prototype, and its members read as the
      // document's own past the check for unknown fields.
      if (key === '__proto__') throw new ConfigError(`${source}: ${at} is not a field of a target document`);
      if (key.endsWith('_env') && key.length > 4) {
        const field = key.slice(0, -4);
        const fieldAt = path ? `${path}.${field}` : field;
        if (typeof v !== 'string') throw new ConfigError(`${source}: ${at} must name an environment variable`);
        if (Object.hasOwn(value, field)) throw new ConfigError(`${source}: both ${fieldAt} and ${at} are set; keep one`);
        out[field] = readEnv(v, at, env, source);
        fromEnv.add(fieldAt);
        continue;
      }
      out[key] = substitute(v, at, env, fromEnv, source);
    }
    return out;
  }
  return value;
}

function readEnv(name: string, at: string, env: Env, source: string): string {
  if (!ENV_NAME.test(name)) throw new ConfigError(`${source}: ${at} names "${name}", which is not an environment variable name`);
  const v = env[name];
  if (v === undefined || v === '') throw new ConfigError(`${source}: environment variable ${name} (named by ${at}) is not set`);
  return v;
}

const ROOT_FIELDS = ['name', 'base_url', 'cdc_base_url', 'key_prefix', 'control_url', 'accounts', 'interface_a', 'interface_b', 'permissions', 'absent_ids', 'tls', 'headers'] as const;
const ACCOUNT_FIELDS = ['account_id', 'api_key', 'member_api_key', 'pipeline_admin_key', 'pipeline_key', 'fixtures'] as const;
const FIXTURE_FIELDS = ['package_id', 'failing_package_id', 'cluster_id', 'connections', 'delivery_ids', 'notification_ids', 'pipeline_ids', 'archivable_pipelines', 'invoice_count'] as const;
const INTERFACE_A_FIELDS = ['operations', 'list_items', 'pipeline_states', 'definition_format', 'definitions', 'list_paging', 'initial_sync_seconds'] as const;

class Checker {
  constructor(
    private readonly source: string,
    private readonly fromEnv: Set<string>,
  ) {}

  fail(message: string): never {
    throw new ConfigError(`${this.source}: ${message}`);
  }

  object(value: unknown, at: string, allowed: readonly string[]): Record<string, unknown> {
    if (!value || typeof value !== 'object' || Array.isArray(value)) this.fail(`${at || 'the document'} must be a mapping (an object)`);
    const obj = value as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      if (!allowed.includes(key)) {
        const near = allowed.find((a) => a.replace(/_/g, '') === key.replace(/[-_]/g, '').toLowerCase());
        this.fail(`unknown field ${at ? `${at}.` : ''}${key}${near ? ` (did you mean ${near}?)` : ''}; known fields: ${allowed.join(', ')}`);
      }
    }
    return obj;
  }

  string(value: unknown, at: string): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value !== 'string') this.fail(`${at} must be a string`);
    if (value.trim() === '') this.fail(`${at} must not be empty`);
    return value;
  }

  url(value: unknown, at: string): string | undefined {
    const s = this.string(value, at);
    if (s === undefined) return undefined;
    const shown = this.fromEnv.has(at) ? '' : ` (got ${JSON.stringify(s)})`;
    let parsed: URL;
    try {
      parsed = new URL(s);
    } catch {
      this.fail(`${at} is not a valid URL${shown}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') this.fail(`${at} must be an http:// or https:// URL${shown}`);
    if (parsed.search || parsed.hash) this.fail(`${at} must not have a query or fragment${shown}`);
    return s.replace(/\/+$/, '');
  }

  positiveInteger(value: unknown, at: string): number | undefined {
    if (value === undefined || value === null) return undefined;
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) this.fail(`${at} must be a positive integer`);
    return n;
  }

  integers(value: unknown, at: string): number[] | undefined {
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) this.fail(`${at} must be a list of positive integers`);
    return value.map((v, i) => this.positiveInteger(v, `${at}[${i}]`) as number);
  }
}

function validate(raw: unknown, fromEnv: Set<string>, source: string): ResolvedTarget {
  const c = new Checker(source, fromEnv);
  const doc = c.object(raw, '', ROOT_FIELDS) as Record<string, unknown> & TargetDocument;

  const baseUrl = c.url(doc.base_url, 'base_url');
  const cdcBaseUrl = c.url(doc.cdc_base_url, 'cdc_base_url');
  const controlUrl = c.url(doc.control_url, 'control_url');
  if (!baseUrl && !cdcBaseUrl) c.fail('set base_url (interface B), cdc_base_url (interface A), or both');

  const keyPrefix = c.string(doc.key_prefix, 'key_prefix') ?? DEFAULT_KEY_PREFIX;
  if (!/^[A-Za-z0-9]+$/.test(keyPrefix)) c.fail('key_prefix must be letters and digits, without the trailing underscore (for example fdk)');

  const rawAccounts = doc.accounts ?? [];
  if (!Array.isArray(rawAccounts)) c.fail('accounts must be a list');
  const b: BAccount[] = [];
  const a: AAccount[] = [];
  rawAccounts.forEach((entry: unknown, i: number) => {
    const at = `accounts[${i}]`;
    const acc = c.object(entry, at, ACCOUNT_FIELDS);
    const accountId = c.string(acc.account_id, `${at}.account_id`);
    const apiKey = c.string(acc.api_key, `${at}.api_key`);
    const memberApiKey = c.string(acc.member_api_key, `${at}.member_api_key`);
    const adminKey = c.string(acc.pipeline_admin_key, `${at}.pipeline_admin_key`);
    const nonAdminKey = c.string(acc.pipeline_key, `${at}.pipeline_key`);
    // `.` and `..` are no segment: a URL takes them out (dot-segment removal), and the account with them.
    if (accountId !== undefined && (!/^[^\s/?#]+$/.test(accountId) || /^(\.|\.\.|%2e|\.%2e|%2e\.|%2e%2e)$/i.test(accountId))) c.fail(`${at}.account_id must be a single URL path segment (no spaces, /, ? or #, and not . or ..)`);
    if (apiKey !== undefined && accountId === undefined) c.fail(`${at} has an api_key but no account_id`);
    if (accountId !== undefined && apiKey === undefined) c.fail(`${at} has an account_id but no api_key (set api_key or api_key_env)`);
    if (apiKey !== undefined && !baseUrl) c.fail(`${at} has interface B credentials but base_url is not set`);
    if (memberApiKey !== undefined && apiKey === undefined) c.fail(`${at} has a member_api_key but no api_key`);
    // The same key twice would be the same user: the member's watch would prove nothing.
    if (memberApiKey !== undefined && memberApiKey === apiKey) c.fail(`${at}.member_api_key is the same key as api_key; give a key of another user of the account`);
    for (const [field, key] of [['pipeline_admin_key', adminKey], ['pipeline_key', nonAdminKey]] as const) {
      if (key === undefined) continue;
      if (!cdcBaseUrl) c.fail(`${at}.${field} is set but cdc_base_url is not`);
      if (!key.startsWith(`${keyPrefix}_`)) c.fail(`${at}.${field} does not start with the key prefix "${keyPrefix}_" (set key_prefix if the service uses another)`);
    }
    const fixtures = validateFixtures(c, acc.fixtures, `${at}.fixtures`);
    if (accountId !== undefined && apiKey !== undefined) b.push({ accountId, apiKey, ...(memberApiKey !== undefined ? { memberApiKey } : {}), fixtures });
    a.push({ ...(adminKey ? { adminKey } : {}), ...(nonAdminKey ? { nonAdminKey } : {}), fixtures });
  });
  const interfaceA = validateInterfaceA(c, doc.interface_a, 'interface_a', baseDirOf(source));
  const interfaceB = validateInterfaceB(c, doc.interface_b, 'interface_b');
  const permissions = validatePermissions(c, doc.permissions, 'permissions');
  const absentIds = validateAbsentIds(c, doc.absent_ids, 'absent_ids');
  refuseListedIdsThatSeemAbsent(c, a, absentIds);
  const tls = doc.tls === undefined || doc.tls === null ? undefined : resolveTls(c.object(doc.tls, 'tls', TLS_FIELDS), 'tls', baseDirOf(source), (message) => c.fail(message));
  if (tls && ![baseUrl, cdcBaseUrl].some((url) => url?.startsWith('https:'))) c.fail('tls is for https:// base URLs, and neither base_url nor cdc_base_url is one');
  const headers = resolveGatewayHeaders(doc.headers, 'headers', (message) => c.fail(message));

  const name = c.string(doc.name, 'name') ?? new URL(baseUrl ?? cdcBaseUrl ?? 'http://target').host;
  return {
    name,
    ...(baseUrl ? { baseUrl } : {}),
    ...(cdcBaseUrl ? { cdcBaseUrl } : {}),
    keyPrefix,
    ...(controlUrl ? { controlUrl } : {}),
    b,
    a,
    interfaceA,
    interfaceB,
    permissions,
    ...(absentIds ? { absentIds } : {}),
    ...(tls ? { tls } : {}),
    ...(headers ? { headers: headers.values } : {}),
    ...(headers?.notSecret.length ? { headersNotSecret: headers.notSecret } : {}),
  };
}

function validateAbsentIds(c: Checker, value: unknown, at: string): AbsentIdRange | undefined {
  if (value === undefined || value === null) return undefined;
  const range = c.object(value, at, ['min', 'max']);
  const min = c.positiveInteger(range.min, `${at}.min`);
  const max = c.positiveInteger(range.max, `${at}.max`);
  if (min === undefined || max === undefined) c.fail(`${at} needs both min and max`);
  if (max - min + 1 < MIN_ABSENT_RANGE_WIDTH) c.fail(`${at} must span at least ${MIN_ABSENT_RANGE_WIDTH.toLocaleString('en-US')} ids (min <= max - ${MIN_ABSENT_RANGE_WIDTH - 1})`);
  if (max >= STAND_IN_BAND.min) c.fail(`${at}.max must be below ${STAND_IN_BAND.min.toLocaleString('en-US')}: from there on the run keeps ids to stand in for ids beyond 2^53`);
  return { min, max };
}

/**
 * A fixture id inside the ranges the run takes for absent ids means the deployment's ids reach
 * them: a check asking for, archiving or revoking an "absent" id could then hit a real one (on
 * the simulator with ids from 10^9, a check revoked the configured admin key so). Refused, with
 * the way out: `absent_ids`.
 */
function refuseListedIdsThatSeemAbsent(c: Checker, accounts: readonly AAccount[], declared: AbsentIdRange | undefined): void {
  const ranges = rangesInUse(declared ? { absentIds: declared } : {});
  // Every account entry has one (interface B's share the object).
  accounts.forEach(({ fixtures }, i) => {
    const ids = listedFixtureIds(fixtures);
    for (const [field, id] of ids) {
      if (inStandInBand(id) && literalOf(id) === undefined) c.fail(`accounts[${i}].fixtures.${field} is ${id}: the run takes the ids from ${STAND_IN_BAND.min.toLocaleString('en-US')} to ${STAND_IN_BAND.max.toLocaleString('en-US')} to stand in for ids beyond 2^53, so it cannot tell this one apart`);
      const inside = rangeHolding(ranges, id);
      if (!inside) continue;
      const how = declared ? 'absent_ids names' : 'the run takes by default';
      c.fail(`accounts[${i}].fixtures.${field} is ${id}, inside the ids ${how} for ones that name nothing (${describeRange(inside)}): a check could find, archive or revoke a real one. Set absent_ids to a range this deployment's ids never reach`);
    }
  });
}

/** Every id a fixtures section lists, with where it is listed (`delivery_ids[1]`). */
export function listedFixtureIds(fixtures: TargetFixtures): [string, number][] {
  return [
    ...(fixtures.package_id !== undefined ? [['package_id', fixtures.package_id] as [string, number]] : []),
    ...(fixtures.failing_package_id !== undefined ? [['failing_package_id', fixtures.failing_package_id] as [string, number]] : []),
    ...(fixtures.cluster_id !== undefined ? [['cluster_id', fixtures.cluster_id] as [string, number]] : []),
    ...Object.entries(fixtures.connections ?? {}).map(([type, id]): [string, number] => [`connections.${type}`, id]),
    ...(fixtures.delivery_ids ?? []).map((id, j): [string, number] => [`delivery_ids[${j}]`, id]),
    ...(fixtures.notification_ids ?? []).map((id, j): [string, number] => [`notification_ids[${j}]`, id]),
    ...(fixtures.pipeline_ids ?? []).map((id, j): [string, number] => [`pipeline_ids[${j}]`, id]),
    ...Object.entries(fixtures.archivable_pipelines ?? {}).map(([kind, id]): [string, number] => [`archivable_pipelines.${kind}`, id]),
  ];
}

function validatePermissions(c: Checker, value: unknown, at: string): Permission[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) c.fail(`${at} must be a list of: ${PERMISSIONS.join(', ')}`);
  return value.map((p, i) => {
    if (!(PERMISSIONS as readonly unknown[]).includes(p)) c.fail(`${at}[${i}] must be one of: ${PERMISSIONS.join(', ')}`);
    return p as Permission;
  });
}

/** A query parameter name: what a URL can carry without escaping. */
const PARAMETER = /^[A-Za-z0-9_.\-[\]]{1,64}$/;
/** Where a list answer keeps its items: $ (the body), or a member name or dotted path, optionally after $. */
const ITEMS_PATH = /^\$$|^(\$\.)?[^.\s]+(\.[^.\s]+)*$/;

function validateInterfaceB(c: Checker, value: unknown, at: string): ResolvedInterfaceB {
  const out: ResolvedInterfaceB = {};
  if (value === undefined || value === null) return out;
  const doc = c.object(value, at, ['paging', 'job_start_seconds', 'job_end_seconds', 'replaced_key_seconds', 'list_lag_seconds', 'salesforce_fields_query', 'hook', 'hooks', 'groupable_connection_types', 'extension_paths', 'extension_paging', 'extension_list_items']);
  if (doc.paging !== undefined && doc.paging !== null) {
    const paging = c.object(doc.paging, `${at}.paging`, ['offset', 'page_size']);
    const offset = c.string(paging.offset, `${at}.paging.offset`);
    const pageSize = c.string(paging.page_size, `${at}.paging.page_size`);
    for (const [name, field] of [[offset, 'offset'], [pageSize, 'page_size']] as const) {
      if (name !== undefined && !PARAMETER.test(name)) c.fail(`${at}.paging.${field} must be a query parameter name (letters, digits, _ . - [ ])`);
    }
    if (offset !== undefined && offset === pageSize) c.fail(`${at}.paging names the same parameter for the offset and the page size`);
    out.paging = { ...(offset !== undefined ? { offset } : {}), ...(pageSize !== undefined ? { pageSize } : {}) };
  }
  if (doc.extension_paging !== undefined && doc.extension_paging !== null) out.extensionPaging = validateListPaging(c, doc.extension_paging, `${at}.extension_paging`);
  const listItems = c.string(doc.extension_list_items, `${at}.extension_list_items`);
  if (listItems !== undefined) {
    if (!ITEMS_PATH.test(listItems)) c.fail(`${at}.extension_list_items must be where a list answer keeps its items: a member name or a dotted path (data, result.items), or $ for a bare array`);
    out.extensionListItems = listItems;
  }
  // An hour at most each: a run polls this long for each of up to three idle jobs, and again for a job's end.
  const seconds = (field: 'job_start_seconds' | 'job_end_seconds'): number | undefined => {
    const value = doc[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > 3600) c.fail(`${at}.${field} must be a number of seconds from 1 to 3600`);
    return Math.round(value * 1000);
  };
  const start = seconds('job_start_seconds');
  const end = seconds('job_end_seconds');
  if (start !== undefined) out.jobStartMs = start;
  if (end !== undefined) out.jobEndMs = end;
  // 0 is a promise, not an absence: the old key is refused from the very next request.
  const replaced = doc.replaced_key_seconds;
  if (replaced !== undefined && replaced !== null) {
    if (typeof replaced !== 'number' || !Number.isFinite(replaced) || replaced < 0 || replaced > 3600) c.fail(`${at}.replaced_key_seconds must be a number of seconds from 0 to 3600`);
    out.replacedKeyMs = Math.round(replaced * 1000);
  }
  const lag = doc.list_lag_seconds;
  if (lag !== undefined && lag !== null) {
    if (typeof lag !== 'number' || !Number.isFinite(lag) || lag < 0 || lag > 600) c.fail(`${at}.list_lag_seconds must be a number of seconds from 0 to 600`);
    out.listLagMs = Math.round(lag * 1000);
  }
  const query = doc.salesforce_fields_query;
  if (query !== undefined && query !== null) {
    const entries = typeof query === 'object' && !Array.isArray(query) ? Object.entries(query) : [];
    const bad = entries.length === 0 || entries.length > 10 || entries.some(([name, v]) => !PARAMETER.test(name) || typeof v !== 'string' || v.length > 200);
    if (bad) c.fail(`${at}.salesforce_fields_query must be an object of 1 to 10 query parameters (names of letters, digits, _ . - [ ]) to string values, such as {object_name: Account}`);
    else out.salesforceFieldsQuery = Object.fromEntries(entries as [string, string][]);
  }
  const hooks = validateHooks(c, doc.hook, doc.hooks, at);
  if (hooks) out.hooks = hooks;
  const groupable = doc.groupable_connection_types;
  if (groupable !== undefined && groupable !== null) {
    const bad = !Array.isArray(groupable) || groupable.length === 0 || groupable.length > 100 || groupable.some((g) => typeof g !== 'string' || !CONNECTION_TYPE.test(g));
    if (bad) c.fail(`${at}.groupable_connection_types must be a list of 1 to 100 connection type ids (letters, digits, _ . -), such as [postgresql, azure_blob]`);
    out.groupableConnectionTypes = [...new Set(groupable as string[])];
  }
  if (doc.extension_paths !== undefined && doc.extension_paths !== null) out.extensionPaths = validateExtensionPaths(c, doc.extension_paths, `${at}.extension_paths`);
  return out;
}

/** A path template: segments of URL-safe characters, `{id}` and `{type}` whole segments. */
const PATH_TEMPLATE = /^(\/([A-Za-z0-9_.~-]+|\{id\}|\{type\}))+$/;

function validateExtensionPaths(c: Checker, value: unknown, at: string): Record<string, string> {
  const how = `${at} must map "METHOD /path" of the real service's extensions to this deployment's paths, such as {"GET /user": "/me", "GET /jobs/{id}": "/job-runs/{id}"}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) c.fail(how);
  const entries = Object.entries(value);
  if (entries.length === 0 || entries.length > 50) c.fail(how);
  for (const [from, to] of entries) {
    const route = routeOf(from);
    if (!route || !PATH_TEMPLATE.test(route.path) || typeof to !== 'string' || !PATH_TEMPLATE.test(to)) c.fail(`${how}: ${JSON.stringify(from)} is not`);
    if (placeholdersOf(route.path).sort().join() !== placeholdersOf(to).sort().join()) c.fail(`${at}["${from}"] must name the same placeholders as ${route.path} ({id}, {type})`);
  }
  return Object.fromEntries(entries as [string, string][]);
}

/** A connection type id: what sits in a path segment without escaping. */
const CONNECTION_TYPE = /^[A-Za-z0-9_.-]{1,64}$/;

/** The most a declared hook's settings may hold, as JSON: a hook's settings, not a payload. */
const MAX_HOOK_SETTINGS = 4096;

/** The most hooks a document may declare: one or a few of each type a deployment takes. */
const MAX_DECLARED_HOOKS = 20;

/**
 * `hook` (one) or `hooks` (a list of one or more, each as `hook`): the hooks a deployment takes,
 * one of each of its types with that type's own settings (a Slack URL, a PagerDuty service key),
 * which no run can invent. Both at once would leave which one counts unsaid, so they are refused.
 */
function validateHooks(c: Checker, hook: unknown, hooks: unknown, at: string): DeclaredHook[] | undefined {
  const given = (v: unknown) => v !== undefined && v !== null;
  if (given(hook) && given(hooks)) c.fail(`${at} gives both hook and hooks: give one hook as hook, or several (one of each type this deployment takes) as hooks`);
  if (given(hook)) return [validateHook(c, hook, `${at}.hook`)];
  if (!given(hooks)) return undefined;
  if (!Array.isArray(hooks) || hooks.length === 0 || hooks.length > MAX_DECLARED_HOOKS) {
    c.fail(`${at}.hooks must be a list of 1 to ${MAX_DECLARED_HOOKS} hooks this deployment takes, each {type, settings, events} as hook, such as one of each hook type it supports`);
  }
  return hooks.map((h, i) => validateHook(c, h, `${at}.hooks[${i}]`));
}

function validateHook(c: Checker, value: unknown, at: string): DeclaredHook {
  const doc = c.object(value, at, ['type', 'settings', 'events']);
  const type = c.string(doc.type, `${at}.type`);
  if (type === undefined || type.length > 100) c.fail(`${at}.type must be the name of a hook type this deployment takes (1 to 100 characters)`);
  const settings = doc.settings;
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings) || JSON.stringify(settings).length > MAX_HOOK_SETTINGS) {
    c.fail(`${at}.settings must be an object (at most ${MAX_HOOK_SETTINGS} bytes as JSON): the settings of a ${type} hook that delivers nowhere`);
  }
  const events = doc.events;
  const badEvents = !Array.isArray(events) || events.length === 0 || events.length > 100 || events.some((e) => typeof e !== 'string' || e.trim() === '' || e.length > 100) || new Set(events).size !== events.length;
  if (badEvents) c.fail(`${at}.events must be a list of 1 to 100 different event kinds (non-empty strings) a hook may subscribe to, such as [job.completed, job.failed]`);
  return { type, settings: { ...(settings as Record<string, unknown>) }, events: [...(events as string[])] };
}

/** The folder relative paths in the document are read from: the target file's, else the working directory. */
function baseDirOf(source: string): string {
  return existsSync(source) ? dirname(resolvePath(source)) : process.cwd();
}

function validateInterfaceA(c: Checker, value: unknown, at: string, baseDir: string): ResolvedInterfaceA {
  const out: ResolvedInterfaceA = { operations: {}, listItems: {}, definitions: [] };
  if (value === undefined || value === null) return out;
  const doc = c.object(value, at, INTERFACE_A_FIELDS);
  if (doc.operations !== undefined && doc.operations !== null) {
    const ops = c.object(doc.operations, `${at}.operations`, A_OPERATIONS);
    for (const [op, route] of Object.entries(ops) as [AOperation, unknown][]) {
      if (route === null) {
        out.operations[op] = null;
        continue;
      }
      const parsed = typeof route === 'string' ? routeOf(route) : undefined;
      if (!parsed) c.fail(`${at}.operations.${op} must be "METHOD /path" (for example "POST /api_keys/{id}/revoke") or null`);
      const needsId = !['pipelines.list', 'pipelines.create', 'pipelines.validate', 'keys.list', 'keys.create'].includes(op);
      if (needsId !== parsed.path.includes('{id}')) c.fail(`${at}.operations.${op} ${needsId ? 'names one pipeline or key: its path needs {id}' : 'names none: its path has no {id}'}`);
      out.operations[op] = parsed;
    }
  }
  if (doc.list_items !== undefined && doc.list_items !== null) {
    const items = c.object(doc.list_items, `${at}.list_items`, ['pipelines', 'keys']);
    const pipelines = c.string(items.pipelines, `${at}.list_items.pipelines`);
    const keys = c.string(items.keys, `${at}.list_items.keys`);
    if (pipelines !== undefined) out.listItems.pipelines = pipelines;
    if (keys !== undefined) out.listItems.keys = keys;
  }
  if (doc.pipeline_states !== undefined && doc.pipeline_states !== null) {
    const states = c.object(doc.pipeline_states, `${at}.pipeline_states`, ['field', 'deployed', 'not_deployed', 'archived']);
    const names = (v: unknown, where: string): string[] | undefined => {
      if (v === undefined || v === null) return undefined;
      const list = Array.isArray(v) ? v : [v];
      return list.map((s, i) => c.string(s, `${where}[${i}]`) ?? c.fail(`${where}[${i}] must be a state name`));
    };
    const field = c.string(states.field, `${at}.pipeline_states.field`);
    const deployed = names(states.deployed, `${at}.pipeline_states.deployed`);
    const notDeployed = names(states.not_deployed, `${at}.pipeline_states.not_deployed`);
    const archived = names(states.archived, `${at}.pipeline_states.archived`);
    out.pipelineStates = { ...(field ? { field } : {}), ...(deployed ? { deployed } : {}), ...(notDeployed ? { notDeployed } : {}), ...(archived ? { archived } : {}) };
  }
  const format = c.string(doc.definition_format, `${at}.definition_format`);
  if (format !== undefined && format !== 'json' && format !== 'yaml') c.fail(`${at}.definition_format must be json or yaml`);
  if (format === 'json' || format === 'yaml') out.definitionFormat = format;
  if (doc.definitions !== undefined && doc.definitions !== null) {
    if (!Array.isArray(doc.definitions)) c.fail(`${at}.definitions must be a list of definition documents or file paths`);
    out.definitions = doc.definitions.map((d, i) => (typeof d === 'string' ? readDefinitionFile(c, resolvePath(baseDir, d), `${at}.definitions[${i}]`) : d));
    out.definitions.forEach((d, i) => {
      if (!d || typeof d !== 'object' || Array.isArray(d)) c.fail(`${at}.definitions[${i}] must be a definition document (a mapping)`);
    });
  }
  if (doc.list_paging !== undefined && doc.list_paging !== null) out.listPaging = validateListPaging(c, doc.list_paging, `${at}.list_paging`);
  const initialSync = doc.initial_sync_seconds;
  if (initialSync !== undefined && initialSync !== null) {
    if (typeof initialSync !== 'number' || !Number.isFinite(initialSync) || initialSync <= 0 || initialSync > 86_400) c.fail(`${at}.initial_sync_seconds must be a number of seconds above 0, at most 86400`);
    out.initialSyncMs = Math.round(initialSync * 1000);
  }
  return out;
}

function validateListPaging(c: Checker, value: unknown, at: string): AListPaging {
  if (value === 'none') return { by: 'none' };
  const how = `${at} must be none, {page: NAME, page_size: NAME} or {offset: NAME, limit: NAME}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) c.fail(how);
  const keys = Object.keys(value).sort().join(',');
  if (keys !== 'page,page_size' && keys !== 'limit,offset') c.fail(how);
  const doc = c.object(value, at, ['page', 'page_size', 'offset', 'limit']);
  const names = Object.entries(doc).map(([field, name]) => {
    const given = c.string(name, `${at}.${field}`);
    if (given === undefined || !PARAMETER.test(given)) c.fail(`${at}.${field} must be a query parameter name (letters, digits, _ . - [ ])`);
    return given;
  });
  if (names[0] === names[1]) c.fail(`${at} names the same parameter twice`);
  return keys === 'page,page_size' ? { by: 'page', page: String(doc.page), size: String(doc.page_size) } : { by: 'offset', offset: String(doc.offset), limit: String(doc.limit) };
}

function readDefinitionFile(c: Checker, path: string, at: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    c.fail(`${at}: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  try {
    return parseDocumentText(text, extname(path).toLowerCase());
  } catch (err) {
    // A definition holds a source's credentials: the parser's excerpt of the text is not shown.
    const json = extname(path).toLowerCase() === '.json';
    const message = firstLine(err instanceof Error ? err.message : String(err));
    c.fail(`${at}: ${path} is not valid ${json ? 'JSON' : 'YAML'}: ${json ? withoutJsonExcerpt(message) : message}`);
  }
}

function validateFixtures(c: Checker, value: unknown, at: string): BAccount['fixtures'] {
  if (value === undefined || value === null) return {};
  const f = c.object(value, at, FIXTURE_FIELDS);
  const out: BAccount['fixtures'] = {};
  const packageId = c.positiveInteger(f.package_id, `${at}.package_id`);
  const clusterId = c.positiveInteger(f.cluster_id, `${at}.cluster_id`);
  if (packageId !== undefined) out.package_id = packageId;
  const failingPackageId = c.positiveInteger(f.failing_package_id, `${at}.failing_package_id`);
  if (failingPackageId !== undefined) out.failing_package_id = failingPackageId;
  if (clusterId !== undefined) out.cluster_id = clusterId;
  if (f.connections !== undefined && f.connections !== null) {
    if (typeof f.connections !== 'object' || Array.isArray(f.connections)) c.fail(`${at}.connections must map a connection type to a connection id`);
    const connections: Record<string, number> = {};
    for (const [type, id] of Object.entries(f.connections as Record<string, unknown>)) {
      if (!/^[a-z0-9_]+$/.test(type)) c.fail(`${at}.connections has a type "${type}" that is not lowercase letters, digits and _`);
      connections[type] = c.positiveInteger(id, `${at}.connections.${type}`) as number;
    }
    out.connections = connections;
  }
  const deliveryIds = c.integers(f.delivery_ids, `${at}.delivery_ids`);
  const notificationIds = c.integers(f.notification_ids, `${at}.notification_ids`);
  const pipelineIds = c.integers(f.pipeline_ids, `${at}.pipeline_ids`);
  if (deliveryIds) out.delivery_ids = deliveryIds;
  if (notificationIds) out.notification_ids = notificationIds;
  if (pipelineIds) out.pipeline_ids = pipelineIds;
  const invoiceCount = c.positiveInteger(f.invoice_count, `${at}.invoice_count`);
  if (invoiceCount !== undefined) out.invoice_count = invoiceCount;
  if (f.archivable_pipelines !== undefined && f.archivable_pipelines !== null) {
    const p = c.object(f.archivable_pipelines, `${at}.archivable_pipelines`, ['deployed', 'not_deployed']);
    const deployed = c.positiveInteger(p.deployed, `${at}.archivable_pipelines.deployed`);
    const notDeployed = c.positiveInteger(p.not_deployed, `${at}.archivable_pipelines.not_deployed`);
    out.archivable_pipelines = { ...(deployed !== undefined ? { deployed } : {}), ...(notDeployed !== undefined ? { not_deployed: notDeployed } : {}) };
  }
  return out;
}

/** Every secret of the target (keys, credentials in URLs), for redaction. */
export function targetSecrets(target: ResolvedTarget): string[] {
  const secrets = new Set<string>();
  for (const acc of target.b) {
    secrets.add(acc.apiKey);
    if (acc.memberApiKey) secrets.add(acc.memberApiKey);
  }
  for (const acc of target.a) {
    if (acc.adminKey) secrets.add(acc.adminKey);
    if (acc.nonAdminKey) secrets.add(acc.nonAdminKey);
  }
  if (target.tls?.clientKey) secrets.add(target.tls.clientKey);
  if (target.tls?.clientKeyPassphrase) secrets.add(target.tls.clientKeyPassphrase);
  const notSecret = new Set(target.headersNotSecret ?? []);
  for (const [name, value] of Object.entries(target.headers ?? {})) if (!notSecret.has(name)) secrets.add(value);
  // Declared hooks should carry no secret (README), but one named as such is still hidden.
  for (const hook of target.interfaceB.hooks ?? []) for (const [name, value] of Object.entries(hook.settings)) if (typeof value === 'string' && isSecretField(name)) secrets.add(value);
  for (const url of [target.baseUrl, target.cdcBaseUrl, target.controlUrl]) {
    if (!url) continue;
    const parsed = new URL(url);
    if (parsed.password) secrets.add(decodeURIComponent(parsed.password));
    if (parsed.username) secrets.add(decodeURIComponent(parsed.username));
    // The password of the proxy its requests go through (the environment's HTTPS_PROXY, ...).
    const proxy = proxyOrNull(url);
    if (proxy?.password) secrets.add(decodeURIComponent(proxy.password));
  }
  return [...secrets].filter((s) => s !== '');
}

/** The proxy for `url`, or null (also when the proxy setting is not a URL: the run's probe says so). */
function proxyOrNull(url: string): URL | null {
  try {
    return proxyFor(new URL(url));
  } catch {
    return null;
  }
}
