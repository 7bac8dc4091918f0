import type { Sim } from '../context.ts';
import { seededDefinition } from '../domains/pipelines/seeded.ts';
import { MAX_LIMIT } from '../http/paging.ts';
import { MAX_PAGE_SIZE } from '../interfaces/a/paging.ts';
import type { ListSorts } from '../domains/shared/list-order.ts';
import { HOOK_SORTS } from '../domains/hooks/model.ts';
import { CONNECTION_SORTS } from '../domains/connections/model.ts';
import { PACKAGE_SORTS } from '../domains/packages/model.ts';
import { INVOICE_SORTS } from '../domains/invoices/model.ts';
import { SSH_KEY_SORTS } from '../domains/users/model.ts';
import { DELIVERY_SORTS } from '../domains/deliveries/model.ts';
import { MAX_INTERVAL_AMOUNT, NEW_DELIVERY_INTERVAL_UNITS } from '../domains/deliveries/input.ts';
import { CLUSTER_SORTS } from '../domains/clusters/model.ts';
import { SCHEDULE_SORTS } from '../domains/schedules/model.ts';
import { NOTIFICATION_SORTS } from '../domains/notifications/model.ts';
import { jobListingAt } from '../domains/jobs/order.ts';
import { JOB_INCLUDES, JOB_STATUSES } from '../domains/jobs/types.ts';
import { CLUSTER_STATUSES } from '../domains/clusters/types.ts';
import { SCHEDULE_STATUSES } from '../domains/schedules/types.ts';
import { DELIVERY_STATUSES } from '../domains/deliveries/types.ts';
import { HOOK_TYPES } from '../domains/hooks/catalog.ts';
import { HOOK_EVENTS } from '../domains/hooks/events.ts';
import { LIVE_HOOK_TYPES } from '../domains/hooks/types.ts';
import { spokenSettings, type HookVocabulary } from '../domains/hooks/vocabulary.ts';
import { FLOW_TYPES, VALIDATION_STATUSES } from '../domains/packages/types.ts';
import { CONNECTION_TYPE_NAMES } from '../domains/connections/catalog.ts';
import type { Searchable } from '../domains/shared/search-routes.ts';
import { JOB_SEARCH } from '../domains/jobs/search.ts';
import { PACKAGE_SEARCH } from '../domains/packages/search.ts';
import { CLUSTER_SEARCH } from '../domains/clusters/search.ts';
import { SCHEDULE_SEARCH } from '../domains/schedules/search.ts';
import { HOOK_SEARCH } from '../domains/hooks/search.ts';
import { SSH_KEY_SEARCH } from '../domains/users/key-search.ts';
import { MEMBER_SORTS } from '../domains/members/model.ts';
import { ACCOUNT_SORTS } from '../domains/accounts/model.ts';
import { ACCOUNT_REGIONS, STACKS } from '../domains/clusters/placement.ts';
import { VALIDATION_SORTS } from '../domains/packages/validations.ts';
import { MEMBER_ROLES } from '../domains/users/types.ts';
import { PLANS } from '../domains/billing/plans.ts';
import { BING_API_VERSIONS, REPORT_TYPES } from '../domains/connections/bingads.ts';
import { MAX_ROWS } from '../domains/connections/metadata-params.ts';

/**
 * Every operation the simulator serves, as data for its OpenAPI document (`document.ts`): the
 * two interfaces and the control API. `test/openapi.test.ts` fails when a route is served but not
 * listed here, or listed but not served, and replays each one against the simulator to check its
 * answer against what is documented. Paths use OpenAPI's `{name}`; interface A's paths follow the
 * running conventions.
 */

export type Surface = 'A' | 'B' | 'control';

/**
 * `spec`: the spec's own endpoint; `convention`: where the spec leaves the choice (the real
 * service's in `standard`, another in `alt`); `extension`: a call of the real service the spec
 * does not list; `control`: the simulator's control API.
 */
export type Source = 'spec' | 'convention' | 'extension' | 'control';

/** A schema: a file of fixtures/schemas (`job`, `simulator/cluster`), or inline JSON Schema. */
export type SchemaRef = string | Record<string, unknown>;

export interface OperationDoc {
  surface: Surface;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  source: Source;
  request?: { schema: SchemaRef; example: unknown; yaml?: boolean };
  /** The success answer: status, and its body (none for 204). */
  success: { status: number; schema?: SchemaRef; list?: boolean; envelope?: string };
  /** The query parameters it takes (a list's paging and filters), none required. */
  query?: QueryDoc[];
}

export interface QueryDoc {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  /** Values joined with commas in one parameter (`type=s3,postgres`): OpenAPI's form style, not exploded. */
  commaSeparated?: boolean;
  /** Every call needs it (its schema's first example is a value that works). */
  required?: boolean;
}

const OBJECT = { type: 'object' };
const ARRAY_OF_OBJECTS = { type: 'array', items: { type: 'object' } };
const ENVELOPE = (listItems: string, item: SchemaRef) => ({ type: 'object', required: [listItems], properties: { [listItems]: { type: 'array', items: typeof item === 'string' ? { $ref: item } : item } } });

const JOB_BODY = { type: 'object', required: ['cluster_id', 'package_id'], properties: { cluster_id: { type: 'integer' }, package_id: { type: 'integer' }, variables: { type: 'object', additionalProperties: { type: 'string' } }, dynamic_variables: { type: 'object', additionalProperties: { type: 'string' } } } };
/** A hook's body, its types and event kinds in the running conventions' words. */
function hookBody(words: HookVocabulary) {
  return { type: 'object', required: ['type', 'settings', 'events'], properties: { name: { type: 'string' }, type: { enum: LIVE_HOOK_TYPES.map((type) => words.types[type]) }, active: { type: 'boolean' }, settings: { type: 'object' }, events: { type: 'array', items: { enum: HOOK_EVENTS.map((event) => words.events[event]) } } } };
}
const CLUSTER_BODY = { type: 'object', properties: { plan_id: { type: 'integer' }, name: { type: 'string' }, description: { type: 'string' }, nodes: { type: 'integer', minimum: 1 }, type: { enum: ['sandbox', 'production'] }, terminate_on_idle: { type: ['boolean', 'integer'] }, time_to_idle: { type: 'integer' } } };
/** POST /clusters also takes the real docs' placement fields (PUT does not). */
const NEW_CLUSTER_BODY = {
  type: 'object',
  properties: {
    ...CLUSTER_BODY.properties,
    region: { enum: ACCOUNT_REGIONS.map((r) => r.id) },
    zone: { type: 'string' },
    master_instance_type: { type: 'string' },
    slave_instance_type: { type: 'string' },
    master_spot_price: { type: ['number', 'null'], minimum: 0 },
    slave_spot_price: { type: ['number', 'null'], minimum: 0 },
    master_spot_percentage: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    slave_spot_percentage: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    allow_fallback: { type: ['boolean', 'integer'] },
    stack: { enum: STACKS.map((st) => st.id) },
    bootstrap_actions: { type: 'array', maxItems: 20, items: { type: 'object', required: ['script_path'], properties: { script_path: { type: 'string' }, args: { type: 'array', items: { type: 'string' } } } } },
  },
};
const SCHEDULE_BODY = { type: 'object', properties: { name: { type: 'string' }, description: { type: 'string' }, status: { enum: ['enabled', 'disabled'] }, start_at: { type: 'string' }, interval_amount: { type: 'integer', minimum: 1 }, interval_unit: { enum: ['minutes', 'hours', 'days', 'weeks', 'months', 'years'] }, task: { type: 'object' }, reuse_cluster_strategy: { enum: ['none', 'self', 'any'] }, overlap: { type: 'boolean' }, auto_retry: { type: 'boolean' }, auto_retry_attempts: { type: 'integer', minimum: 1, maximum: 5 } } };
const DELIVERY_END = { type: 'object', required: ['connection'], properties: { connection: { type: 'object', required: ['type', 'id'], properties: { type: { type: 'string' }, id: { type: 'integer', minimum: 1 } } }, properties: { type: 'object' } } };
const DELIVERY_BODY = { type: 'object', required: ['source', 'destination'], properties: { name: { type: 'string' }, description: { type: 'string' }, interval_amount: { type: 'integer', minimum: 1, maximum: MAX_INTERVAL_AMOUNT }, interval_unit: { enum: NEW_DELIVERY_INTERVAL_UNITS }, source: DELIVERY_END, destination: DELIVERY_END } };
const PACKAGE_BODY = { type: 'object', properties: { name: { type: 'string' }, description: { type: 'string' }, variables: { type: 'object', additionalProperties: { type: 'string' } }, flow_type: { enum: ['dataflow', 'workflow'] }, flow_version: { type: 'string' }, data_flow_json: { type: ['string', 'object'] }, source_package_id: { type: 'integer' }, package_template_id: { type: 'integer' } } };
const MEMBER_BODY = { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' }, name: { type: 'string' }, role: { enum: [...MEMBER_ROLES] } } };
const ACCOUNT_BODY = { type: 'object', properties: { account_id: { type: 'string' }, name: { type: 'string' }, location: { type: ['string', 'null'] }, region: { enum: ACCOUNT_REGIONS.map((r) => r.id) }, billing_email: { type: ['string', 'null'], format: 'email' }, gravatar_email: { type: ['string', 'null'], format: 'email' } } };
const ROLE_BODY = { type: 'object', required: ['role'], properties: { role: { enum: [...MEMBER_ROLES, 'owner'] } } };
/** The attributes depend on the type (docs/interface-b.md); `name` always. */
const NEW_CONNECTION_BODY = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
const CURL_BODY = {
  type: 'object',
  required: ['url'],
  properties: {
    url: { type: 'string' },
    method: { enum: ['GET', 'POST'] },
    response_type: { enum: ['raw', 'json', 'array', 'line_delimited_json', 'line_delimited_data'] },
    lines: { type: 'integer', minimum: 1 },
    username: { type: 'string' },
    password: { type: 'string' },
    connection_type: { type: 'string' },
    connection_id: { type: 'integer' },
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    body: { type: 'string' },
  },
};
const USER_UPDATE = { schema: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' }, time_zone: { type: 'string' }, location: { type: 'string' }, notification_settings: { type: 'object' }, gravatar_email: { type: ['string', 'null'], format: 'email' }, receive_newsletter: { type: 'boolean' } } }, example: { name: 'Ada Lovelace' } };
const SSH_KEY_BODY = { type: 'object', required: ['public_key'], properties: { name: { type: 'string' }, public_key: { type: 'string' } } };
const NEW_SSH_KEY = { schema: SSH_KEY_BODY, example: { name: 'laptop', public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJfAyMBs0lOcd7ICzLHKtr67kiPm6Ha1EVKnJSLGHbxw ada@laptop' } };

export function operations(sim: Sim): OperationDoc[] {
  const { a, b } = sim.conventions;
  const path = (p: string) => p.replace(/:(\w+)/g, '{$1}');
  const bCreated = b.createdStatus;
  const pipeline = a.metadata === 'with-history' ? 'simulator/pipeline' : OBJECT;
  const key = a.state.field === 'state' ? 'simulator/api-key' : OBJECT;
  const B = (method: OperationDoc['method'], p: string, summary: string, source: Source, success: OperationDoc['success'], request?: OperationDoc['request']): OperationDoc => ({ surface: 'B', method, path: `/{account}/api${p}`, summary, source, success, ...(request ? { request } : {}) });
  const A = (method: OperationDoc['method'], p: string, summary: string, source: Source, success: OperationDoc['success'], request?: OperationDoc['request']): OperationDoc => ({ surface: 'A', method, path: `/api/public/v1${path(p)}`, summary, source, success, ...(request ? { request } : {}) });
  /** The real service's calls at the API's root, outside `/{account}/api` (interfaces/b/accountless-routes.ts). */
  const Root = (p: string, summary: string, success: OperationDoc['success'], method: OperationDoc['method'] = 'get', request?: OperationDoc['request']): OperationDoc => ({ surface: 'B', method, path: p, summary, source: 'extension', success, ...(request ? { request } : {}) });
  const C = (method: OperationDoc['method'], p: string, summary: string, success: OperationDoc['success'] = { status: 200, schema: OBJECT }, request?: OperationDoc['request']): OperationDoc => ({ surface: 'control', method, path: `/_disco${p}`, summary, source: 'control', success, ...(request ? { request } : {}) });
  const definition = seededDefinition('orders-to-warehouse');
  // Interface B's paging (the conventions' names: the invoice list's, and the other lists' where
  // they page by number) and the real service's list filters, each list's sort names read off its
  // own sort keys, so the document says what the code takes.
  const size = (name: string, limit: number): QueryDoc => ({ name, description: 'Items on the page.', schema: { type: 'integer', minimum: 1, maximum: limit, default: b.paging.defaultLimit } });
  const invoicePaged = (limit = MAX_LIMIT): QueryDoc[] => [
    { name: b.paging.offset, description: 'Index of the first item, counting from 0.', schema: { type: 'integer', minimum: 0, default: 0 } },
    size(b.paging.limit, limit),
  ];
  const extension = b.extensionPaging;
  const paged = (limit = MAX_LIMIT): QueryDoc[] =>
    extension === 'as-invoices' ? invoicePaged(limit) : [{ name: extension.page, description: 'The page, counting from 1.', schema: { type: 'integer', minimum: 1, default: 1 } }, size(extension.pageSize, limit)];
  const filtered = (sorts: ListSorts<never, string>, list: 'invoices' | 'other' = 'other'): QueryDoc[] => [
    ...(list === 'invoices' ? invoicePaged() : paged()),
    { name: 'sort', description: 'The field to sort by (with direction; without either, the list\'s own order).', schema: { enum: Object.keys(sorts.keys) } },
    { name: 'direction', description: `asc or desc (${sorts.direction ?? 'desc'} when only sort is given).`, schema: { enum: ['asc', 'desc'] } },
    { name: 'since', description: 'Only what was updated at this UTC time or later.', schema: { type: 'string', format: 'date-time', examples: ['2013-01-17T22:41:21Z'] } },
  ];
  // The real service's search: q, then sort (relevance unless a known one is asked) and direction; paged as the lists.
  const searched = (searchable: Pick<Searchable<never>, 'direction'> & { sorts(sim: Sim): object }): QueryDoc[] => [
    { name: 'q', required: true, description: 'The search terms (attribute:value, attribute:"a phrase", attribute:>value, -attribute:value, free text; docs/interface-b.md). Also read from a JSON body, as the real docs send it. At most 1000 bytes in UTF-8.', schema: { type: 'string', examples: ['id:>0'] } },
    ...paged(),
    // Any value: one not listed is relevance, as the real docs say ("or specified parameter is wrong").
    { name: 'sort', description: `relevance (the default, and what any other value gets), or ${Object.keys(searchable.sorts(sim)).join(', ')}.`, schema: { type: 'string', examples: ['relevance', ...Object.keys(searchable.sorts(sim))] } },
    { name: 'direction', description: `asc or desc for a field's sort (default ${searchable.direction}).`, schema: { enum: ['asc', 'desc'] } },
  ];
  const status = (what: string, values: readonly string[]): QueryDoc => ({ name: 'status', description: `Only ${what} in this status now (all: every one).`, schema: { enum: ['all', ...values] } });
  const types = (what: string, values: readonly string[]): QueryDoc => ({ name: 'type', description: `Only ${what} of these types, joined with commas (all: every one).`, schema: { type: 'array', items: { enum: ['all', ...values] } }, commaSeparated: true });
  const withQuery = (op: OperationDoc, query: QueryDoc[]): OperationDoc => ({ ...op, query });
  // The notification list's filters, at the account path and at the root (/user/notifications).
  const notificationQuery: QueryDoc[] = [...filtered(NOTIFICATION_SORTS), ...(b.notifications === 'all-with-read-flag' ? [] : [{ name: 'all', description: 'true: read notifications too; false (default): unread ones only.', schema: { enum: ['true', 'false'], default: 'false' } }])];
  // The connector metadata reads at the real service's own paths (docs-metadata-routes.ts).
  const FORCE_FETCH: QueryDoc = { name: 'force_fetch', description: 'true: bypass the cache (the simulator keeps none; Bing Ads then lists every account\'s campaigns).', schema: { enum: ['true', 'false'] } };
  const GRAPH_API_VERSION: QueryDoc = { name: 'api_version', description: 'The Facebook Graph API version (default v2.9), with or without its v.', schema: { type: 'string', pattern: '^v?[0-9]{1,2}\\.[0-9]{1,2}$', examples: ['v2.9'] } };
  const BING_API_VERSION: QueryDoc = { name: 'api_version', description: 'The Bing Ads API version, with or without the docs\' v.', schema: { enum: [...BING_API_VERSIONS, ...BING_API_VERSIONS.map((v) => `v${v}`)] } };
  const documented: OperationDoc[] = [
    // Interface B
    B('get', '/user', 'The caller (extension)', 'extension', { status: 200, schema: 'user' }),
    B('put', '/user', 'Update the caller', 'spec', { status: 200, schema: 'user' }, USER_UPDATE),
    B('post', '/user/tokens', 'Regenerate the caller\'s API key', 'spec', { status: 200, schema: 'user' }),
    withQuery(B('get', '/user/keys', 'The caller\'s SSH keys (extension)', 'extension', { status: 200, schema: 'ssh-key', list: true }), filtered(SSH_KEY_SORTS)),
    withQuery(B('get', '/user/keys/search', 'Search the caller\'s SSH keys (extension)', 'extension', { status: 200, schema: 'ssh-key', list: true }), searched(SSH_KEY_SEARCH)),
    B('post', '/user/keys', 'Add an SSH key', 'spec', { status: bCreated, schema: 'ssh-key' }, NEW_SSH_KEY),
    B('get', '/user/keys/{key_id}', 'One SSH key', 'spec', { status: 200, schema: 'ssh-key' }),
    B('delete', '/user/keys/{key_id}', 'Remove an SSH key (extension): the key as it was', 'extension', { status: 200, schema: 'ssh-key' }),
    withQuery(B('get', '/members', 'The account\'s members (extension)', 'extension', { status: 200, schema: 'simulator/member', list: true }), [...filtered(MEMBER_SORTS), { name: 'role', description: 'Only members of this role (all: every one).', schema: { enum: ['all', ...MEMBER_ROLES] } }, { name: 'email', description: 'Only the member of this address (in any case).', schema: { type: 'string', maxLength: 254 } }]),
    B('post', '/members', 'Add a member: an address nobody has is invited (extension; admins only)', 'extension', { status: 200, schema: 'simulator/member' }, { schema: MEMBER_BODY, example: { email: 'grace@acme.example', name: 'Grace', role: 'member' } }),
    B('get', '/members/{member_id}', 'One member (extension)', 'extension', { status: 200, schema: 'simulator/member' }),
    B('put', '/members/{member_id}', 'Set a member\'s role; owner hands the ownership on (extension; admins only)', 'extension', { status: 200, schema: 'simulator/member' }, { schema: ROLE_BODY, example: { role: 'admin' } }),
    B('delete', '/members/{member_id}', 'Remove a member: the membership ends, not the user (extension; admins only)', 'extension', { status: 200, schema: 'simulator/member' }),
    withQuery(B('get', '/packages', 'Packages (extension)', 'extension', { status: 200, schema: 'package', list: true }), [...filtered(PACKAGE_SORTS), { name: 'status', description: 'The active packages, or the archived ones (never both at once, as the real service).', schema: { enum: [b.packageStatusNames.active, b.packageStatusNames.archived], default: b.packageStatusNames.active } }, { name: 'flow_type', description: 'Only packages of this flow type (all: every one).', schema: { enum: ['all', ...FLOW_TYPES] } }]),
    withQuery(B('get', '/packages/search', 'Search packages (extension)', 'extension', { status: 200, schema: 'package', list: true }), searched(PACKAGE_SEARCH)),
    B('get', '/packages/templates', 'Package templates (extension)', 'extension', { status: 200, schema: 'simulator/package-template', list: true }),
    B('post', '/packages', 'Create a package (extension)', 'extension', { status: bCreated, schema: 'package' }, { schema: PACKAGE_BODY, example: { name: 'orders', description: 'Loads orders', variables: { run_date: "'2026-01-01'" } } }),
    B('get', '/packages/{id}', 'One package', 'spec', { status: 200, schema: 'package' }),
    B('put', '/packages/{id}', 'Change a package (extension)', 'extension', { status: 200, schema: 'package' }, { schema: PACKAGE_BODY, example: { description: 'Loads orders nightly' } }),
    B('delete', '/packages/{id}', 'Archive a package (extension)', 'extension', { status: 200, schema: 'package' }),
    withQuery(B('get', '/packages/{id}/validations', 'A package\'s validations (extension)', 'extension', { status: 200, schema: 'simulator/package-validation', list: true }), [...filtered(VALIDATION_SORTS), status('validations', VALIDATION_STATUSES)]),
    B('post', '/packages/{id}/validations', 'Validate a package: running, then completed or failed on the clock (extension)', 'extension', { status: bCreated, schema: 'simulator/package-validation' }),
    B('post', '/packages/{id}/validate', 'Validate a package and answer the finished validation (extension)', 'extension', { status: 200, schema: 'simulator/package-validation' }),
    B('get', '/packages/{id}/validations/{validation_id}', 'One validation of a package (extension)', 'extension', { status: 200, schema: 'simulator/package-validation' }),
    B('get', '/packages/{id}/export', 'A package as POST /packages takes it (extension)', 'extension', { status: 200, schema: 'simulator/package-export' }),
    withQuery(B('get', '/clusters', 'Clusters (extension)', 'extension', { status: 200, schema: 'simulator/cluster', list: true }), [...filtered(CLUSTER_SORTS), status('clusters', CLUSTER_STATUSES)]),
    withQuery(B('get', '/clusters/search', 'Search clusters (extension)', 'extension', { status: 200, schema: 'simulator/cluster', list: true }), searched(CLUSTER_SEARCH)),
    B('get', '/clusters/{id}', 'One cluster (extension)', 'extension', { status: 200, schema: 'simulator/cluster' }),
    B('get', '/clusters/{id}/instances', 'A cluster\'s machines (extension)', 'extension', { status: 200, schema: 'simulator/cluster-instance', list: true }),
    Root('/timezones', 'The time zones the real service lists, which PUT /user takes (extension; any valid key, outside the account path)', { status: 200, schema: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } } } }),
    withQuery(Root('/accounts', "The key's own account, the one a simulated user belongs to (extension; any valid key, outside the account path)", { status: 200, schema: 'simulator/account', list: true }), [...filtered(ACCOUNT_SORTS), { name: 'role', description: "Only accounts where the caller has this role (all: every one).", schema: { enum: ['all', ...MEMBER_ROLES] } }]),
    Root('/accounts/{account_id}', "The key's own account; any other is not found (extension)", { status: 200, schema: 'simulator/account' }),
    Root('/accounts/{account_id}', "Change the key's own account (extension; admins only; account_id cannot change)", { status: 200, schema: 'simulator/account' }, 'put', { schema: ACCOUNT_BODY, example: { name: 'Acme Data', location: 'Lisbon', region: 'amazon-web-services::eu-west-1', billing_email: 'billing@acme.example' } }),
    Root('/variables', 'The public system variables a package may use, with their values (extension; any valid key, outside the account path)', { status: 200, schema: { type: 'object', additionalProperties: { type: ['number', 'string'] } } }),
    Root('/regions', 'The regions the service supports (extension; any valid key, outside the account path)', { status: 200, schema: 'simulator/account-region', list: true }),
    Root('/regions/{type}', 'The regions of one resource type: redshift, bigquery, s3, snowflake, athena (extension)', { status: 200, schema: 'simulator/account-region', list: true }),
    // The same user calls at the API's root, where the real docs give them (domains/users/routes.ts).
    Root('/user', "The key's user, as at /{account}/api/user (extension; the real docs' path)", { status: 200, schema: 'user' }),
    Root('/user', "Update the key's user (extension; the real docs' path)", { status: 200, schema: 'user' }, 'put', USER_UPDATE),
    Root('/user/tokens', "Regenerate the key's user's API key (extension, at the root)", { status: 200, schema: 'user' }, 'post'),
    Root('/user/regenerate-tokens', "Regenerate the key's user's API key, under the real docs' name for /user/tokens (extension)", { status: 200, schema: 'user' }, 'post'),
    withQuery(Root('/user/keys', "The key's user's SSH keys (extension; the real docs' path)", { status: 200, schema: 'ssh-key', list: true }), filtered(SSH_KEY_SORTS)),
    withQuery(Root('/user/keys/search', "Search the key's user's SSH keys (extension; the real docs' path)", { status: 200, schema: 'ssh-key', list: true }), searched(SSH_KEY_SEARCH)),
    Root('/user/keys', "Add an SSH key to the key's user (extension; the real docs' path)", { status: bCreated, schema: 'ssh-key' }, 'post', NEW_SSH_KEY),
    Root('/user/keys/{key_id}', 'One SSH key of the key\'s user (extension; the real docs\' path)', { status: 200, schema: 'ssh-key' }),
    Root('/user/keys/{key_id}', 'Remove an SSH key of the key\'s user (extension; the real docs\' path): the key as it was', { status: 200, schema: 'ssh-key' }, 'delete'),
    Root('/user_password', 'Ask for password reset instructions for an address: 201, no body; nothing is sent or changed (extension)', { status: 201 }, 'post', { schema: { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' } } }, example: { email: 'ada@acme.example' } }),
    Root('/product_updates', "The service's product announcements, with their likes and whether the caller liked each (extension; any valid key, outside the account path)", { status: 200, schema: 'simulator/product-update', list: true }),
    Root('/product_updates/{id}/like', 'Like a product update as the caller; liking again counts once (extension)', { status: 201, schema: 'simulator/product-update' }, 'post'),
    Root('/hook_events', 'The events a hook may subscribe to (extension; any valid key, outside the account path)', { status: 200, schema: { type: 'array', items: { type: 'object', required: ['id', 'group_name', 'name'], properties: { id: { type: 'string' }, group_name: { type: 'string' }, name: { type: 'string' } } } } }),
    B('get', '/cluster_plans', 'Cluster plans (extension)', 'extension', { status: 200, schema: 'simulator/cluster-plan', list: true }),
    B('get', '/regions', 'The regions open to the account, where POST /clusters may place a cluster (extension)', 'extension', { status: 200, schema: 'simulator/account-region', list: true }),
    B('get', '/stacks', 'The stacks POST /clusters takes (extension)', 'extension', { status: 200, schema: 'simulator/stack', list: true }),
    B('get', '/plans', 'The account plans, as the real docs list them (extension; not paged)', 'extension', { status: 200, schema: 'simulator/plan', list: true }),
    B('get', '/subscription', "The account's plan and trial (extension; admins only)", 'extension', { status: 200, schema: 'simulator/subscription' }),
    B('get', '/payment_method', 'The card on file; none is 404 (extension; admins only)', 'extension', { status: 200, schema: 'simulator/payment-method' }),
    B('put', '/payment_method', "Put a card on file from a payment token (Stripe's test-mode names: tok_visa, ...), change the plan, or both (extension; admins only)", 'extension', { status: 200, schema: 'simulator/payment-method' }, { schema: { type: 'object', properties: { billing_payment_token: { type: ['string', 'null'] }, plan_id: { type: ['string', 'null'], enum: [...PLANS.map((p) => p.id), null] } } }, example: { billing_payment_token: 'tok_visa', plan_id: 'basic' } }),
    B('post', '/clusters', 'Create a cluster (extension)', 'extension', { status: bCreated, schema: 'simulator/cluster' }, { schema: NEW_CLUSTER_BODY, example: { name: 'nightly', nodes: 2, type: 'production', terminate_on_idle: true, time_to_idle: 3600, region: 'amazon-web-services::eu-west-1', slave_spot_percentage: 0.5, bootstrap_actions: [{ script_path: 'https://scripts.example/setup.sh', args: ['--fast'] }] } }),
    B('put', '/clusters/{id}', 'Change a cluster (extension)', 'extension', { status: 200, schema: 'simulator/cluster' }, { schema: CLUSTER_BODY, example: { nodes: 4 } }),
    B('delete', '/clusters/{id}', 'Terminate a cluster (extension)', 'extension', { status: 200, schema: 'simulator/cluster' }),
    B('post', '/clusters/{id}/watchers', 'Watch a cluster (extension)', 'extension', { status: 200, schema: 'simulator/watcher' }),
    withQuery(B('get', '/clusters/{id}/watchers', 'A cluster\'s watchers (extension)', 'extension', { status: 200, schema: 'simulator/watcher', list: true }), paged()),
    B('delete', '/clusters/{id}/watchers', 'Stop watching a cluster (extension)', 'extension', { status: 204 }),
    B('post', '/jobs', 'Run a package on a cluster', 'spec', { status: bCreated, schema: 'job' }, { schema: JOB_BODY, example: { cluster_id: 1, package_id: 1, variables: { day: '2026-01-15' } } }),
    withQuery(B('get', '/jobs', 'Jobs (extension)', 'extension', { status: 200, schema: 'job', list: true }), [...filtered(jobListingAt(0).sorts), status('jobs', JOB_STATUSES), { name: 'package_id', description: 'Only jobs running this package.', schema: { type: 'integer', minimum: 1 } }]),
    withQuery(B('get', '/jobs/search', 'Search jobs (extension)', 'extension', { status: 200, schema: 'job', list: true }), searched(JOB_SEARCH)),
    withQuery(B('get', '/jobs/{id}', 'One job (extension); include=log_summary adds the log summary', 'extension', { status: 200, schema: 'job' }), [{ name: 'include', description: `Names joined with commas: ${JOB_INCLUDES.join(', ')} (log_summary adds the job's log summary; every job carries its cluster and package).`, schema: { type: 'array', items: { enum: [...JOB_INCLUDES] } }, commaSeparated: true }]),
    B('get', '/jobs/{id}/variables', 'The variables a job runs with (extension)', 'extension', { status: 200, schema: 'simulator/job-variables' }),
    B('get', '/jobs/{id}/log', 'A job\'s log summary (extension)', 'extension', { status: 200, schema: 'simulator/job-log' }),
    B('get', '/jobs/{id}/outputs/{output_id}/preview', 'The first lines of a completed job\'s output (extension)', 'extension', { status: 200, schema: 'simulator/output-preview' }),
    B('delete', '/jobs/{id}', 'Stop a job (extension)', 'extension', { status: 200, schema: 'job' }),
    B('post', '/jobs/{id}/watchers', 'Watch a job', 'spec', { status: 200, schema: 'simulator/watcher' }),
    withQuery(B('get', '/jobs/{id}/watchers', 'A job\'s watchers (extension)', 'extension', { status: 200, schema: 'simulator/watcher', list: true }), paged()),
    B('delete', '/jobs/{id}/watchers', 'Stop watching a job (extension)', 'extension', { status: 204 }),
    withQuery(B('get', '/hooks', 'Hooks (extension)', 'extension', { status: 200, schema: 'hook', list: true }), [...filtered(HOOK_SORTS), types('hooks', HOOK_TYPES.map((type) => b.hooks.types[type]))]),
    withQuery(B('get', '/hooks/search', 'Search hooks (extension)', 'extension', { status: 200, schema: 'hook', list: true }), searched(HOOK_SEARCH)),
    B('post', '/hooks', 'Create a hook', 'spec', { status: bCreated, schema: 'hook' }, { schema: hookBody(b.hooks), example: { name: 'ops mail', type: b.hooks.types.email, settings: spokenSettings(b.hooks, { emails: 'ops@acme.example' }), events: [b.hooks.events['job.failed']] } }),
    B('get', '/hooks/types', 'Hook types (extension)', 'extension', { status: 200, schema: 'simulator/hook-type', list: true }),
    B('get', '/hooks/{hook_id}', 'One hook', 'spec', { status: 200, schema: 'hook' }),
    B('get', '/hooks/{hook_id}/ping', 'Fire a test delivery (the event ping) to a hook (extension)', 'extension', { status: 200, schema: 'hook' }),
    B('put', '/hooks/{hook_id}', 'Change a hook (extension)', 'extension', { status: 200, schema: 'hook' }, { schema: { ...hookBody(b.hooks), required: [] }, example: { active: false } }),
    B('delete', '/hooks/{hook_id}', 'Delete a hook (extension): the hook as it was', 'extension', { status: 200, schema: 'hook' }),
    B('put', '/hooks/{hook_id}/reset', 'A new salt for a hook', 'spec', { status: 200, schema: 'hook' }),
    B('put', '/hooks/{hook_id}/reset_salt', "A new salt for a hook, answering the salt alone (extension: the real service's path)", 'extension', { status: 200, schema: 'simulator/hook-salt' }),
    withQuery(B('get', '/invoices', 'Invoices, paged', 'spec', { status: 200, schema: 'invoice', list: true }), filtered(INVOICE_SORTS, 'invoices')),
    B('get', '/invoices/{invoice_id}', 'One invoice (extension)', 'extension', { status: 200, schema: 'invoice' }),
    B('get', '/connections/types', 'Connection types', 'spec', { status: 200, schema: 'connection-type', list: true }),
    withQuery(B('get', '/connections', 'Connections (extension)', 'extension', { status: 200, schema: 'connection', list: true }), [...filtered(CONNECTION_SORTS), types('connections', CONNECTION_TYPE_NAMES)]),
    B('get', '/connections/{connection_type}/{connection_id}', 'One connection (extension)', 'extension', { status: 200, schema: 'connection' }),
    B('put', '/connections/{connection_type}/{connection_id}', 'Rename a connection', 'spec', { status: 200, schema: 'connection' }, { schema: { type: 'object', properties: { name: { type: 'string' } } }, example: { name: 'orders database' } }),
    B('post', '/connection_groups', 'Create a connection group', 'spec', { status: 201, schema: 'connection-group' }, { schema: { type: 'object', required: ['connection_group'], properties: { connection_group: { type: 'object' }, connections: { type: 'array' } } }, example: { connection_group: { name: 'warehouses', description: 'where the data lands' }, connections: [] } }),
    withQuery(B('get', '/connection_groups', 'Connection groups (extension)', 'extension', { status: 200, schema: 'connection-group', list: true }), paged()),
    B('get', '/connection_groups/{group_id}', 'One connection group (extension)', 'extension', { status: 200, schema: 'connection-group' }),
    B('post', '/connections/{connection_type}', 'Make a connection of a type, with its attributes (extension)', 'extension', { status: bCreated, schema: 'connection' }, { schema: NEW_CONNECTION_BODY, example: { name: 'warehouse', host: 'db.acme.example', username: 'loader', password: 'secret', database: 'orders' } }),
    B('post', '/connections/{connection_type}/test', 'Test a connection before making it: true (extension)', 'extension', { status: 200, schema: { type: 'boolean' } }, { schema: NEW_CONNECTION_BODY, example: { name: 'warehouse', host: 'db.acme.example', username: 'loader', password: 'secret' } }),
    B('post', '/connections/{connection_type}/{connection_id}/test', 'Test a connection: true (extension)', 'extension', { status: 200, schema: { type: 'boolean' } }),
    B('delete', '/connections/{connection_type}/{connection_id}', 'Delete a connection (extension)', 'extension', { status: 200, schema: 'connection' }),
    B('post', '/connections/{connection_type}/{connection_id}/validate', "Validate a connection's source: true (extension; a database's table and schema_name, Salesforce's object_name or query, Google Analytics' profile_ids and dates, a file's bucket and path)", 'extension', { status: 200, schema: { type: 'boolean' } }, { schema: { type: 'object' }, example: { table: 'orders', schema_name: 'public' } }),
    withQuery(B('get', '/connections/{connection_type}/{connection_id}/schema', "Import a connection's schema: {data, raw, fields} (extension; parameters as query or a JSON body: access_mode table or query, query, schema_name, where_clause; Salesforce object_name, object_fields; Google Analytics profile_ids, start_date, end_date, metrics, dimensions)", 'extension', { status: 200, schema: 'simulator/connection-schema' }), [
      { name: 'table', description: "The table (of the simulated sample database: customers or orders), unless access_mode is query.", schema: { type: 'string', examples: ['orders'] }, required: true },
      { name: 'lines', description: 'How many rows to preview (default 20).', schema: { type: 'integer', minimum: 1, maximum: MAX_ROWS } },
    ]),
    B('post', '/connections/curl/test', 'Check an HTTP request the service would make: true; the simulator never makes it (extension)', 'extension', { status: 200, schema: { type: 'boolean' } }, { schema: CURL_BODY, example: { url: 'https://api.partner.example/v1/orders', method: 'GET', headers: { Accept: 'application/json' } } }),
    B('post', '/connections/curl/validate', 'Validate an HTTP request the service would make: true; the simulator never makes it (extension)', 'extension', { status: 200, schema: { type: 'boolean' } }, { schema: CURL_BODY, example: { url: 'https://api.partner.example/v1/orders', response_type: 'json' } }),
    withQuery(B('get', '/connections/{connection_id}/salesforce/fields', 'Salesforce object fields', 'spec', { status: 200, schema: ARRAY_OF_OBJECTS }), [{ name: b.salesforceObjectParameter, description: 'The object (case-insensitive); the spec names no parameter, this is the running conventions\' name.', schema: { type: 'string', examples: ['Account'] }, required: true }, FORCE_FETCH]),
    B('get', '/connections/{connection_id}/bingads/accounts', 'Bing Ads accounts', 'spec', { status: 200, schema: ARRAY_OF_OBJECTS }),
    B('get', '/connections/{connection_id}/bingads/columns', 'Bing Ads report columns', 'spec', { status: 200, schema: ARRAY_OF_OBJECTS }),
    withQuery(B('get', '/connections/metadata/salesforce/{connection_id}/objects', "The Salesforce org's objects, at the real service's own path (extension; parameters as query or a JSON body)", 'extension', { status: 200, schema: 'simulator/salesforce-objects' }), [FORCE_FETCH]),
    withQuery(B('get', '/connections/metadata/salesforce/{connection_id}/fields', "A Salesforce object's fields, at the real service's own path, wrapped in fields (extension)", 'extension', { status: 200, schema: 'simulator/salesforce-fields' }), [{ name: 'object_name', description: 'The object (case-insensitive), or send it as a JSON body.', schema: { type: 'string', examples: ['Account'] }, required: true }, FORCE_FETCH]),
    withQuery(B('get', '/connections/metadata/bingads/{connection_id}/accounts', "Bing Ads accounts, ids as strings, at the real service's own path (extension)", 'extension', { status: 200, schema: 'simulator/bingads-metadata-account', list: true }), [BING_API_VERSION, { name: 'accounts', description: 'Account ids whose campaigns to list, joined with commas (or an array in a JSON body).', schema: { type: 'string', pattern: '^[0-9]+(,[0-9]+)*$' } }, FORCE_FETCH]),
    withQuery(B('get', '/connections/metadata/adwords/{connection_id}/customers', "A Google AdWords connection's customers, ids as strings (extension, the real service's path)", 'extension', { status: 200, schema: 'simulator/adwords-customer', list: true }), [FORCE_FETCH]),
    withQuery(B('get', '/connections/metadata/analytics/{connection_id}/accounts', "A Google Analytics connection's accounts, web properties and views, ids as strings (extension, the real service's path)", 'extension', { status: 200, schema: 'simulator/analytics-account', list: true }), [FORCE_FETCH]),
    withQuery(B('get', '/connections/metadata/facebookadsinsights/{connection_id}/accounts', "A Facebook Ads Insights connection's ad accounts, ids as strings (extension, the real service's path)", 'extension', { status: 200, schema: 'simulator/facebook-ad-account', list: true }), [GRAPH_API_VERSION, FORCE_FETCH]),
    withQuery(B('get', '/connections/metadata/facebookadsinsights/{connection_id}/fields', 'The Facebook Ads Insights fields a report may take (extension, the real service\'s path)', 'extension', { status: 200, schema: 'simulator/facebook-insights-field', list: true }), [GRAPH_API_VERSION]),
    withQuery(B('get', '/connections/metadata/bingads/{connection_id}/columns', "A Bing Ads report's columns as {NAME: type}, at the real service's own path (extension)", 'extension', { status: 200, schema: 'simulator/bingads-metadata-columns' }), [BING_API_VERSION, { name: 'report_type', description: 'The report type.', schema: { enum: [...REPORT_TYPES] } }, FORCE_FETCH]),
    withQuery(B('get', '/deliveries', 'Deliveries (extension)', 'extension', { status: 200, schema: 'simulator/delivery', list: true }), [...filtered(DELIVERY_SORTS), status('deliveries', DELIVERY_STATUSES)]),
    B('post', '/deliveries', 'Create a delivery (extension)', 'extension', { status: bCreated, schema: 'simulator/delivery' }, { schema: DELIVERY_BODY, example: { name: 'Salesforce to Redshift', interval_unit: 'days', interval_amount: 1, source: { connection: { type: 'salesforce', id: 5 }, properties: {} }, destination: { connection: { type: 'redshift', id: 7 }, properties: { schema_name: 'salesforce_prod' } } } }),
    B('get', '/deliveries/{delivery_id}', 'One delivery (extension)', 'extension', { status: 200, schema: 'simulator/delivery' }),
    B('delete', '/deliveries/{delivery_id}', 'Delete a delivery', 'spec', { status: 204 }),
    withQuery(B('get', '/notifications', 'The caller\'s notifications (extension)', 'extension', { status: 200, schema: 'simulator/notification', list: true }), notificationQuery),
    withQuery(Root('/user/notifications', "The key's user's notifications, as at /{account}/api/notifications (extension; the real service's path, outside the account path)", { status: 200, schema: 'simulator/notification', list: true }), notificationQuery),
    Root('/user/notifications/mark', "Mark the key's user's notifications read, all or the one id names: 200, no body (extension)", { status: 200 }, 'post', { schema: { type: 'object', properties: { id: { type: 'integer' } } }, example: {} }),
    B('post', '/notifications/mark', 'Mark notifications read', 'spec', { status: 200, schema: { type: 'object', required: ['marked', 'unread_notifications_count'], properties: { marked: { type: 'integer' }, unread_notifications_count: { type: 'integer' } } } }),
    withQuery(B('get', '/schedules', 'Schedules (extension)', 'extension', { status: 200, schema: 'simulator/schedule', list: true }), [...filtered(SCHEDULE_SORTS), status('schedules', SCHEDULE_STATUSES)]),
    withQuery(B('get', '/schedules/search', 'Search schedules (extension)', 'extension', { status: 200, schema: 'simulator/schedule', list: true }), searched(SCHEDULE_SEARCH)),
    B('post', '/schedules', 'Create a schedule (extension)', 'extension', { status: bCreated, schema: 'simulator/schedule' }, { schema: SCHEDULE_BODY, example: { name: 'nightly orders', status: 'enabled', start_at: '2027-01-01T02:00:00Z', interval_amount: 1, interval_unit: 'days', task: { nodes: 1, packages: [{ package_id: 1, variables: { day: 'yesterday' } }] } } }),
    B('get', '/schedules/{id}', 'One schedule (extension)', 'extension', { status: 200, schema: 'simulator/schedule' }),
    B('put', '/schedules/{id}', 'Change a schedule (extension)', 'extension', { status: 200, schema: 'simulator/schedule' }, { schema: SCHEDULE_BODY, example: { status: 'disabled' } }),
    B('delete', '/schedules/{id}', 'Delete a schedule (extension)', 'extension', { status: 200, schema: 'simulator/schedule' }),
    B('post', '/schedules/{id}/clone', 'Copy a schedule (extension)', 'extension', { status: bCreated, schema: 'simulator/schedule' }),
    B('post', '/schedules/{id}/run', "Run a schedule's task now (extension)", 'extension', { status: 200, schema: 'simulator/schedule' }),
    B('post', '/schedules/{id}/watchers', 'Watch a schedule (extension)', 'extension', { status: 200, schema: 'simulator/watcher' }),
    withQuery(B('get', '/schedules/{id}/watchers', 'A schedule\'s watchers (extension)', 'extension', { status: 200, schema: 'simulator/watcher', list: true }), paged()),
    B('delete', '/schedules/{id}/watchers', 'Stop watching a schedule (extension)', 'extension', { status: 204 }),
    B('get', '/rate_limit_status', 'The caller\'s rate-limit window (extension, as the real service\'s Python client reads it)', 'extension', { status: 200, schema: 'simulator/rate-limit-status' }),
    // Interface A
    withQuery(A('get', '/pipelines', 'Pipelines of the key\'s account', 'convention', { status: 200, schema: ENVELOPE(a.listItems, pipeline === OBJECT ? OBJECT : '#/components/schemas/simulator.pipeline') }), [
      { name: 'page', description: 'The page, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
      { name: 'page_size', description: `Pipelines on a page; above ${MAX_PAGE_SIZE}, served as ${MAX_PAGE_SIZE}.`, schema: { type: 'integer', minimum: 1, default: a.defaultPageSize } },
      { name: 'include_archived', description: 'true: archived pipelines too.', schema: { enum: ['true', 'false'], default: 'false' } },
    ]),
    A('post', '/pipelines', 'Create a pipeline from a definition (JSON or YAML)', 'convention', { status: a.createdStatus, schema: pipeline }, { schema: 'pipeline-definition', example: definition, yaml: true }),
    A('post', a.paths.validate, 'Validate a definition without creating anything', 'convention', { status: 200, schema: { type: 'object', required: ['valid'], properties: { valid: { const: true } } } }, { schema: 'pipeline-definition', example: definition, yaml: true }),
    A('get', '/pipelines/:id', 'One pipeline\'s metadata', 'convention', { status: 200, schema: pipeline }),
    A('get', '/pipelines/:id/definition', 'One pipeline\'s definition', 'convention', { status: 200, schema: OBJECT }),
    A('put', '/pipelines/:id', 'Replace a pipeline\'s definition', 'convention', { status: 200, schema: pipeline }, { schema: 'pipeline-definition', example: definition, yaml: true }),
    A('patch', '/pipelines/:id', 'Change a pipeline\'s definition (JSON merge patch)', 'convention', { status: 200, schema: pipeline }, { schema: { type: 'object' }, example: { description: 'nightly' } }),
    A('post', a.paths.start, 'Deploy a pipeline', 'convention', { status: 200, schema: pipeline }),
    A('post', a.paths.stop, 'Undeploy a pipeline', 'convention', { status: 200, schema: pipeline }),
    A('delete', '/pipelines/:id', 'Archive a pipeline (A-PIPE-1, A-PIPE-2)', 'spec', { status: 200, schema: a.archiveBody === 'metadata' ? pipeline : { type: 'object', required: ['id', 'archived'] } }),
    withQuery(A('get', a.paths.keys, 'Interface A keys of the account', 'convention', { status: 200, schema: ENVELOPE(a.listItems, key === OBJECT ? OBJECT : '#/components/schemas/simulator.api-key') }), [
      { name: 'page', description: 'The page, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
      { name: 'page_size', description: `Keys on a page; above ${MAX_PAGE_SIZE}, served as ${MAX_PAGE_SIZE}.`, schema: { type: 'integer', minimum: 1, default: a.defaultPageSize } },
    ]),
    A('post', a.paths.keys, 'Create a key (its value is shown once)', 'convention', { status: a.createdStatus, schema: key }, { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, admin: { type: 'boolean' }, expires_at: { type: ['string', 'null'] } } }, example: { name: 'ci', admin: false } }),
    A('get', a.paths.key, 'One key', 'convention', { status: 200, schema: key }),
    A(a.paths.revoke.method === 'DELETE' ? 'delete' : 'post', a.paths.revoke.path, 'Revoke a key', 'convention', { status: 200, schema: key }),
    // Control API
    C('get', '/health', 'Up, account count, simulator time, faults, conventions'),
    C('get', '/target-description', 'The interface_a and interface_b sections describing the conventions'),
    C('post', '/reset', 'Back to how the simulator started: every account replaced by a seed (the one named, else the one it started with), its faults and chaos rules as at start, the journal emptied', undefined, { schema: OBJECT, example: { seed_name: 'empty' } }),
    C('post', '/accounts', 'Create or extend an account from a seed document', { status: 201, schema: OBJECT }, { schema: OBJECT, example: { slug: 'initech', users: [{ name: 'Peter', email: 'peter@initech.example' }] } }),
    C('get', '/accounts', 'Accounts', { status: 200, schema: ARRAY_OF_OBJECTS }),
    C('get', '/accounts/{slug}', 'One account\'s state, secrets redacted'),
    C('post', '/accounts/{slug}/seed', 'Add records to an account', undefined, { schema: OBJECT, example: { packages: [{ name: 'extra' }] } }),
    C('get', '/accounts/{slug}/webhook-deliveries', 'The last web hook delivery attempts', { status: 200, schema: ARRAY_OF_OBJECTS }),
    C('post', '/accounts/{slug}/pipeline-keys', 'Mint an interface A key', { status: 201, schema: OBJECT }, { schema: OBJECT, example: { name: 'dashboard', admin: true } }),
    C('post', '/accounts/{slug}/user-keys/replace', 'Give a user another interface B key', undefined, { schema: OBJECT, example: { current: 'old-key', replacement: 'a-new-key-of-twenty-characters' } }),
    C('get', '/clock', 'Simulator time'),
    C('post', '/clock/advance', 'Move simulator time forward', undefined, { schema: OBJECT, example: { seconds: 60 } }),
    C('post', '/clock/set', 'Set simulator time, freeze it, let it flow, or change its speed', undefined, { schema: OBJECT, example: { frozen: true } }),
    C('get', '/limits', 'The interface B rate limit'),
    C('put', '/limits', 'Change the interface B rate limit', undefined, { schema: OBJECT, example: { requests_per_hour: 0 } }),
    C('get', '/faults', 'Conformance faults, active and available'),
    C('put', '/faults', 'Replace the active faults', undefined, { schema: OBJECT, example: { active: [] } }),
    C('get', '/journal', 'The request journal, filtered'),
    C('post', '/journal/count', 'Count matching requests', undefined, { schema: OBJECT, example: { method: 'POST', path: '/*/api/jobs' } }),
    C('get', '/journal/{id}', 'One journal entry by request id'),
    C('delete', '/journal', 'Empty the journal', { status: 204 }),
    C('get', '/chaos', 'Chaos rules'),
    C('post', '/chaos', 'Add chaos rules', { status: 201, schema: OBJECT }, { schema: OBJECT, example: { method: 'GET', path: '/*/api/packages', status: 503, times: 1 } }),
    C('delete', '/chaos/{id}', 'Remove a chaos rule', { status: 204 }),
    C('delete', '/chaos', 'Remove every chaos rule', { status: 204 }),
    C('post', '/webhooks/wait', 'Wait until no web hook delivery is pending', undefined, { schema: OBJECT, example: { timeout_ms: 1000 } }),
    C('get', '/state', 'The whole state (disco-state/1)'),
    C('put', '/state', 'Replace the whole state; the clock moves on to its now when behind', undefined, { schema: OBJECT, example: { format: 'disco-state/1', accounts: [], sequences: [] } }),
    C('get', '/openapi.json', 'This document'),
    C('get', '/openapi.yaml', 'This document, as YAML', { status: 200 }),
  ];
  // The paged extension lists (those documented with the extensions' page size), in the
  // conventions' envelope where they have one (`extensionListItems`, http/paging.ts).
  const pageSize = extension === 'as-invoices' ? b.paging.limit : extension.pageSize;
  const member = b.extensionListItems;
  if (member === '$') return documented;
  return documented.map((op) => (op.surface === 'B' && op.source === 'extension' && op.success.list && op.query?.some((q) => q.name === pageSize) ? { ...op, success: { ...op.success, envelope: member } } : op));
}
