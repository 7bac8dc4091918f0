/** `"METHOD /path"`, the way the document writes a route. */
const ROUTE = /^(GET|POST|PUT|PATCH|DELETE)\s+(\/[^\s?#]*)$/;

/**
 * A route as the document writes it (`"POST /api_keys/{id}/revoke"`), split; undefined for another
 * shape, and for a path with a `.` or `..` segment, which a URL takes out (the request would go
 * elsewhere and the target be blamed).
 */
export function routeOf(text: string): { method: string; path: string } | undefined {
  const match = ROUTE.exec(text.trim());
  if (!match) return undefined;
  const path = match[2] as string;
  if (path.split('/').some((segment) => /^(\.|\.\.|%2e|\.%2e|%2e\.|%2e%2e)$/i.test(segment))) return undefined;
  return { method: match[1] as string, path };
}

/** Changes a run may make that the API cannot undo (`permissions` of the target document). */
export const PERMISSIONS = ['rotate_api_key', 'rotate_member_api_key', 'rotate_second_api_key', 'assign_connections_to_groups', 'change_user_email', 'create_deliveries', 'create_connections', 'invite_members'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The target document: everything the suites know about the system under test. `disco serve
 * --write-target` writes it for the simulator; for a real deployment people write it by hand
 * (JSON or YAML). Secrets may stay out of the file: any `<field>_env: NAME` reads the field from
 * the environment variable NAME, and `${NAME}` inside a string is replaced the same way.
 */
export interface TargetDocument {
  /** A human name for reports ("staging", "disco simulator"). */
  name?: string;
  /** Interface B root is `{base_url}/{account_id}/api`. */
  base_url?: string;
  /** Interface A root is `{cdc_base_url}/api/public/v1`. */
  cdc_base_url?: string;
  /** Interface A key prefix without the underscore (the real service's is `fdk`). */
  key_prefix?: string;
  /** The simulator's control API; present only for simulator targets. */
  control_url?: string;
  /** Two accounts: the second one is "another account" for isolation and enumeration checks. */
  accounts?: TargetAccount[];
  /**
   * What this deployment chose for interface A where the spec leaves it open; every field is
   * optional and defaults to the real service's convention (docs/interface-a.md).
   */
  interface_a?: InterfaceADocument;
  /**
   * Changes the run may make that the API cannot undo: `rotate_api_key` (B-AUTH-2 regenerates
   * account 1's key, so the configured one dies), `rotate_member_api_key` (B-AUTH-2 regenerates
   * member_api_key's, another user's, so that one dies), `rotate_second_api_key` (B-AUTH-2
   * regenerates account 2's api_key, so that one dies) and `assign_connections_to_groups` (B-CG-1 moves
   * fixture connections into groups that cannot be deleted) and `change_user_email` (B-USER-1
   * sends account 1's user new addresses before putting the old one back: a real deployment may
   * lock the user out until a new address is confirmed), `create_deliveries`, `create_connections`
   * and `invite_members` (X-ISO-1 invites the address of account 2's user into account 1: an
   * invitation mails it). Without them those clauses are covered in part or not at all.
   */
  permissions?: Permission[];
  /** What this deployment chose for interface B where the spec leaves it open (docs/interface-b.md gives the defaults). */
  interface_b?: InterfaceBDocument;
  /**
   * Ids that name nothing on this deployment, in any collection of either interface: the run asks
   * for, archives and revokes such ids to see them refused. By default 1,000,000,000 to
   * 2,147,483,647 and 10^12 to 5 x 10^15 (below the stand-ins for ids beyond 2^53, big-ids.ts); a deployment whose ids reach those names a range they
   * never reach, at least 1,000 wide (`{min: 1000, max: 999999999}` for ids that start at 10^9).
   * A document listing an id inside the ranges in use is refused.
   */
  absent_ids?: { min: number; max: number };
  /**
   * The run's TLS towards the https:// base URLs: `ca_file` (PEM) trusted beside Node's own CAs;
   * for a deployment that asks for a client certificate (mutual TLS), `client_cert_file` and
   * `client_key_file` (PEM; `client_key_env` reads the key's text from the environment) and
   * `client_key_passphrase` (best `client_key_passphrase_env`) for an encrypted key. Paths are
   * read relative to the document. Each `x_file` may be given as `x`, the PEM text itself.
   */
  /**
   * Headers sent with every request of the run, for a gateway in front of the deployment that
   * wants a token of its own (`CF-Access-Client-Secret_env: CF_ACCESS_SECRET`, `x-api-key_env:
   * GATEWAY_KEY`). Not the API's own (Authorization, Accept, Content-Type) nor the connection's.
   * Every value is a secret (best given from the environment), unless given as `{value: staging,
   * secret: false}`, which the reports then show where it appears.
   */
  headers?: Record<string, string | number | { value?: string | number; value_env?: string; secret?: boolean }>;
  tls?: { ca?: string; ca_file?: string; client_cert?: string; client_cert_file?: string; client_key?: string; client_key_file?: string; client_key_passphrase?: string };
}

export interface InterfaceBDocument {
  /** The names of the offset and page-size query parameters of the invoice list and of the extensions' lists (B-GAP-3; default `offset` and `limit`). */
  paging?: { offset?: string; page_size?: string };
  /**
   * How interface B's other lists (`GET /jobs`, `/hooks`, `/deliveries`, ... : extensions, whose
   * paging the spec does not show) page where not as the invoice list: `{page: NAME, page_size:
   * NAME}` (by page number, from 1), `{offset: NAME, limit: NAME}`, or `none` (one answer holds
   * every item). Default: the invoice list's `paging`.
   */
  extension_paging?: 'none' | { page: string; page_size: string } | { offset: string; limit: string };
  /**
   * Where the answers of those other lists keep their items: a member name or a dotted path of
   * an envelope (`data`, `result.items`), `$` for a bare array (the default, as the real service).
   * The invoice list and the connection types are arrays, as the spec shows them.
   */
  extension_list_items?: string;
  /**
   * The longest a job of this deployment may answer `idle` after `POST /jobs` before B-JOB-1 calls
   * it not started, in seconds (default 60): a deployment that queues jobs for longer says so here.
   * B-JOB-5 also gives a notification about an ended job this long to come.
   */
  job_start_seconds?: number;
  /**
   * The longest a started job of the fixture package takes to end, in seconds (default 120):
   * checks that watch a job to its end (B-JOB-3's end statuses, B-GAP-4's delivery) wait this long.
   */
  job_end_seconds?: number;
  /**
   * How long a key replaced by `POST /user/tokens` may still authenticate, in seconds (default 60;
   * 0: refused from the very next request). The spec says the old key stops authenticating, not
   * that it does so at once, as it says of interface A's revoked keys (A-AUTH-6): a deployment
   * whose gateway caches a key's grant says for how long here.
   */
  replaced_key_seconds?: number;
  /**
   * How long the extensions' lists (GET /deliveries, /jobs, /hooks, ...) may take to show a create
   * or a delete, in seconds (default 5; 0: at once). The spec nowhere says a list shows a write at
   * once: a deployment serving its lists from a search index says how far it lags here.
   */
  list_lag_seconds?: number;
  /**
   * The query that names an object to `GET /connections/{id}/salesforce/fields` (B-CONN-3): the
   * spec says query parameters exist, not which (default `{object_name: Account}`, the real
   * service's). The object must exist in the fixture connection's org.
   */
  salesforce_fields_query?: Record<string, string>;
  /**
   * A hook this deployment takes (B-HOOK-1, B-HOOK-2, and every check that makes one): the spec
   * shows no hook types, setting keys or event kinds. `type` and `settings` of a hook that
   * delivers nowhere (disco makes hooks with them, active and inactive, and sends them as given,
   * so they appear in journals and reports: no secrets), and the event kinds the deployment takes
   * (disco subscribes its hooks to some of them). Default: the real service's words (a `web` hook
   * to a host under `.invalid`, its twelve event kinds, docs/interface-b.md).
   */
  hook?: { type: string; settings: Record<string, unknown>; events: string[] };
  /**
   * Several hooks this deployment takes, each as `hook` (give one or the other): one of each hook
   * type it supports, with that type's own settings (a Slack URL, a PagerDuty service key), which
   * no run can invent. B-HOOK-1 and B-HOOK-2 make and reset a hook of every one; the other checks
   * that make a hook use the first.
   */
  hooks?: { type: string; settings: Record<string, unknown>; events: string[] }[];
  /**
   * The connection types of `fixtures.connections` that are database or cloud-storage ones, which
   * the spec says a connection group may hold (B-CG-1): connection type ids are "open-ended" in
   * the spec. Default: the real service's (mysql, postgres, sqlserver, mongo, s3, gs, sftp, ...).
   */
  groupable_connection_types?: string[];
  /**
   * Where this deployment serves the real service's extensions of interface B that the checks
   * use (the spec has no such operations, so where it serves them is its own): the catalog's
   * `METHOD /path` (`GET /user`, `GET /jobs/{id}`, `GET /connections`, ...) to its own path, with
   * the same `{id}` and `{type}`, such as `{"GET /user": "/me"}`. Every such request of the run
   * goes to the other path; a spec operation cannot be moved.
   */
  extension_paths?: Record<string, string>;
}

/** Interface A's operations other than the spec's archive: by name, so a target can move each. */
export const A_OPERATIONS = [
  'pipelines.list',
  'pipelines.create',
  'pipelines.validate',
  'pipelines.read',
  'pipelines.definition',
  'pipelines.replace',
  'pipelines.update',
  'pipelines.start',
  'pipelines.stop',
  'pipelines.archive',
  'keys.list',
  'keys.create',
  'keys.read',
  'keys.revoke',
] as const;

export type AOperation = (typeof A_OPERATIONS)[number];

export interface InterfaceADocument {
  /**
   * `"METHOD /path"` under `/api/public/v1`, with `{id}` for the pipeline's or key's id (for
   * example `"POST /api_keys/{id}/revoke"`), or null when the target does not serve it.
   */
  operations?: Partial<Record<AOperation, string | null>>;
  /** Where a list answer keeps its items: a member name or a dotted path (`data`, `result.items`, `$.data`); `$` for a bare array. */
  list_items?: { pipelines?: string; keys?: string };
  /** How the target names pipeline states: the field of the pipeline metadata, and the names meaning each of the spec's states. */
  pipeline_states?: { field?: string; deployed?: string[]; not_deployed?: string[]; archived?: string[] };
  /** The format `pipelines.create` and `pipelines.replace` take: json (default) or yaml. */
  definition_format?: 'json' | 'yaml';
  /** Definition documents this target takes as valid: inline objects, or file paths (JSON or YAML) relative to the target file. Used as they are. */
  definitions?: unknown[];
  /**
   * How the pipeline and key lists page: by page number and size (`{page: page, page_size:
   * page_size}`, the real service's and the default), by offset and limit (`{offset: offset,
   * limit: limit}`), or `none`: one answer holds every item. The spec shows none of these lists.
   */
  list_paging?: 'none' | { page: string; page_size: string } | { offset: string; limit: string };
  /**
   * How long a deployed pipeline's initial sync lasts at most, in seconds (above 0, at most
   * 86,400): the spec's gaps say a new pipeline does an initial sync, then switches to continuous
   * sync, not after how long. A-ENUM-1's check asks about account 2's pipeline again once it has
   * lived past it: where the target has no control API, it waits that long in real time when it
   * is at most 120 s (else the later states are not asked about, and that check skips, saying so).
   */
  initial_sync_seconds?: number;
}

export interface TargetAccount {
  /** The `{account_id}` path segment of interface B. */
  account_id?: string;
  /** Interface B API key of a user of this account (secret). */
  api_key?: string;
  /**
   * Interface B API key of another user of this account than `api_key`'s, one who does not own
   * the account where `api_key`'s user does (secret). Optional: B-JOB-5 (the watch subscribes its
   * caller) is then also seen for a user who did not create the job, and could not be mistaken
   * for the account's owner.
   */
  member_api_key?: string;
  /** Interface A key with admin rights (secret). */
  pipeline_admin_key?: string;
  /** Interface A key without admin rights (secret). */
  pipeline_key?: string;
  /** Ids of things the public API cannot create. */
  fixtures?: TargetFixtures;
}

export interface TargetFixtures {
  package_id?: number;
  /**
   * A package of this account whose jobs fail (the API cannot make one): B-JOB-5's watch and
   * B-FMT-1's timestamps are then also seen on a job that ends failed.
   */
  failing_package_id?: number;
  cluster_id?: number;
  /** Connection ids by type: `{mysql: 12, salesforce: 13, bingads: 14, sftp: 15}`. */
  connections?: Record<string, number>;
  /** Deliveries the run may delete (DELETE is destructive: list only disposable ones). */
  delivery_ids?: number[];
  /** Notifications of the key's user; the run marks them read. */
  notification_ids?: number[];
  /**
   * How many invoices the account holds at least (the API cannot make one): its invoice list must
   * then hold as many (B-INV-1). An empty list of an account that has invoices otherwise reads as
   * an account without any, whose checks skip.
   */
  invoice_count?: number;
  /**
   * Interface A pipelines of this account. Account 2's are "another account's pipeline" for
   * A-ENUM-1 and A-ENUM-2, on a target that cannot create pipelines through the API.
   */
  pipeline_ids?: number[];
  /** Pipelines the run may archive (A-PIPE-1, A-PIPE-2): one deployed, one not deployed. Archived pipelines cannot come back: give fresh ones to every run. */
  archivable_pipelines?: { deployed?: number; not_deployed?: number };
}
