import type { AbsentIdRange } from './absent-ids.ts';
import type { TargetTls } from './tls-settings.ts';
import type { AOperation, Permission, TargetFixtures } from './target-types.ts';

/**
 * The contract between the conformance checks (`suites/*.spec.ts`), the runner
 * (`suites/lib/run.ts`) and the reports (`reports/`). Everything a report shows comes from
 * `RunResult`; everything a check can touch comes from `CheckContext`.
 */

export type Verdict = 'pass' | 'fail' | 'error' | 'skip';
export type Profile = 'spec' | 'simulator';

/** One interface B account of the target, secrets resolved. */
export interface BAccount {
  accountId: string;
  apiKey: string;
  /** `member_api_key`: another user of the same account (secret). */
  memberApiKey?: string;
  fixtures: TargetFixtures;
}

/** One interface A account of the target, secrets resolved. */
export interface AAccount {
  adminKey?: string;
  nonAdminKey?: string;
  /** The account's fixtures (the same object as its interface B account's). */
  fixtures: TargetFixtures;
}

/** A route of interface A as a target serves it: method and path under `/api/public/v1`. */
export interface ARoute {
  method: string;
  /** With an `{id}` placeholder where the operation names a pipeline or a key. */
  path: string;
}

/**
 * What the target document says of interface A's open choices (`interface_a`), checked but not
 * defaulted: `suites/catalog/a-requests.ts` fills in the real service's conventions.
 */
export interface ResolvedInterfaceA {
  /** Routes the document moved; null: the target does not serve the operation. */
  operations: Partial<Record<AOperation, ARoute | null>>;
  listItems: { pipelines?: string; keys?: string };
  pipelineStates?: { field?: string; deployed?: string[]; notDeployed?: string[]; archived?: string[] };
  definitionFormat?: 'json' | 'yaml';
  /** Valid definition documents of this target, read (files loaded). */
  definitions: unknown[];
  /** How the lists page (`list_paging`); by `page` and `page_size` when not given. */
  listPaging?: AListPaging;
  /** How long a deployed pipeline's initial sync lasts at most (`initial_sync_seconds`); unknown when not given. */
  initialSyncMs?: number;
}

/** How an interface A list (or an interface B extension list, `extension_paging`) pages: by page number, by offset, or not at all (one answer holds every item). */
export type AListPaging = { by: 'page'; page: string; size: string } | { by: 'offset'; offset: string; limit: string } | { by: 'none' };

/** What the target document says about interface B's open choices. */
export interface ResolvedInterfaceB {
  /** The offset and page-size query parameters of the invoice list and of the extensions' lists (B-GAP-3); the real service's `offset` and `limit` by default. */
  paging?: { offset?: string; pageSize?: string };
  /** How the extensions' lists page where not as the invoice list (`extension_paging`): by page number, by other offset names, or not at all. */
  extensionPaging?: AListPaging;
  /** Where the extensions' list answers keep their items (`extension_list_items`): a member name or dotted path of an envelope; a bare array when not given (or `$`). */
  extensionListItems?: string;
  /** How long a created job may stay idle before B-JOB-1 calls it not started (`job_start_seconds`); 60 s when not given. */
  jobStartMs?: number;
  /** How long a started job may take to end before checks stop waiting for it (`job_end_seconds`); 120 s when not given. */
  jobEndMs?: number;
  /** How long a key replaced by `POST /user/tokens` may still authenticate (`replaced_key_seconds`); 60 s when not given, 0 for none. */
  replacedKeyMs?: number;
  /** How long an extension list may take to show the run's own create or delete (`list_lag_seconds`); 5 s when not given, 0 for at once. */
  listLagMs?: number;
  /** The query that names an object to `GET /connections/{id}/salesforce/fields` (`salesforce_fields_query`); `{object_name: 'Account'}` when not given. */
  salesforceFieldsQuery?: Record<string, string>;
  /**
   * The hooks this target takes, one or more (`hooks`, or `hook` for a list of one): the checks
   * that make hooks make one of every declared type. When not given, hooks are made in the real
   * service's words (docs/interface-b.md).
   */
  hooks?: DeclaredHook[];
  /** The connection types a connection group may hold (`groupable_connection_types`); the real service's database and cloud-storage types when not given. */
  groupableConnectionTypes?: string[];
  /** Where the target serves the real service's extensions (`extension_paths`): the catalog's path template to its own. */
  extensionPaths?: Record<string, string>;
}

/**
 * A hook body a target declares it takes, for the checks that make hooks: the spec shows no hook
 * types, setting keys or event kinds. Hooks are made with this `type` and these `settings`, active
 * and inactive, subscribed to some of `events`.
 */
export interface DeclaredHook {
  type: string;
  settings: Record<string, unknown>;
  /** Event kinds the target takes (one or more, each once). */
  events: string[];
}

export { PERMISSIONS, type Permission } from './target-types.ts';

/** The target after loading: URLs without trailing slash, secrets from env resolved. */
export interface ResolvedTarget {
  name: string;
  /** `{base_url}`; interface B of account i is `{baseUrl}/{accounts[i].accountId}/api`. */
  baseUrl?: string;
  /** `{cdc_base_url}`; interface A is `{cdcBaseUrl}/api/public/v1`. */
  cdcBaseUrl?: string;
  keyPrefix: string;
  controlUrl?: string;
  b: BAccount[];
  a: AAccount[];
  interfaceA: ResolvedInterfaceA;
  interfaceB: ResolvedInterfaceB;
  permissions: Permission[];
  /** The ids that name nothing on this target (`absent_ids`), when its document names them; else the defaults of suites/lib/absent-ids.ts. */
  absentIds?: AbsentIdRange;
  /** CAs to trust and the client certificate to present towards its https:// URLs (`tls`). */
  tls?: TargetTls;
  /** Headers sent with every request of the run (`headers`: a gateway's token), names lower-cased; the values are secrets. */
  headers?: Record<string, string>;
  /** Those of `headers` given as `{value, secret: false}`: their values are not redacted. */
  headersNotSecret?: string[];
}

/**
 * What a check needs from the target. A check whose needs are not met is skipped with a reason
 * naming the missing need; it never passes.
 */
export type Need =
  | 'b' // interface B with one account
  | 'b2' // interface B with a second account
  | 'a' // interface A with an admin key of account 1
  | 'a2' // interface A with an admin key of account 2
  | 'a-nonadmin' // a non-admin interface A key of account 1
  | 'write' // the check creates, changes or deletes things (skipped by --read-only)
  | 'control' // the simulator's control API (moving its clock); simulator targets only
  | `fixture:${'package_id' | 'cluster_id' | 'delivery_ids' | 'notification_ids'}`
  | `connection:${string}`; // a connection id of that type in fixtures.connections

export interface CheckDefinition {
  /** Stable id, `family/slug`, e.g. `b-auth/unknown-keys-refused`. */
  id: string;
  /**
   * Clause ids this check verifies (from clauses.md): it carries them. A clause passes only when
   * the checks that verify it ran and passed.
   */
  clauses: string[];
  /**
   * Clause ids this check touches without verifying them (an absent id's 404 for A-ENUM-1, no 5xx
   * on an isolation probe for X-ROB-1): its failures fail them, but its pass cannot carry them.
   */
  supports?: string[];
  /** A sentence. */
  title: string;
  needs: Need[];
  /**
   * The check destroys something every other check relies on (B-AUTH-2 kills the configured key):
   * the registry orders it after all others, whatever file declares it.
   */
  runsLast?: boolean;
  /**
   * Why the check must see the target before other checks write to it (B-NTF-1 needs unread
   * notifications, which other checks' writes mark read): the registry orders it before all
   * others, whatever file declares it. It keeps its lane.
   */
  runsFirst?: string;
  /**
   * Why the check must have the target to itself (the timing oracle measures response times):
   * it runs when no other check is running. Checks that use the control API or both interfaces
   * run alone anyway (see `laneOf` in suites/lib/lanes.ts).
   */
  runsAlone?: string;
  /**
   * Why the check must run alone where the target has a control API (it moves the clock there,
   * and moving the clock moves it for every check in flight); without one it runs in its lane,
   * as any check of its interfaces (a wait in real time need not hold the others up).
   */
  runsAloneWithControl?: string;
  /**
   * Why the check only deepens what another verifier of its must clauses covers in full (the
   * same comparison in a later state of a thing, say): skipped, it leaves those clauses to the
   * others, as an accelerator does (`CheckResult.accelerator`); a clause only such checks verify
   * fails test/registry.test.ts. A check without it that cannot do its job skips, and leaves its
   * clauses not verified.
   */
  deepens?: string;
  run(t: CheckContext): Promise<void>;
}

export interface RequestRecord {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ResponseRecord {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP request and its answer. Secrets are redacted when it is recorded into a result. */
export interface Exchange {
  request: RequestRecord;
  response: ResponseRecord;
  /** Parsed JSON body (an id beyond 2^53 read as its stand-in: big-ids.ts), or undefined when the body is empty or not JSON. */
  json: unknown;
  durationMs: number;
}

/**
 * An exchange as a record of the whole run keeps it (`disco check --har`): redacted as every report
 * is, each body clipped to its start past a bound, with the sizes of the bodies as they were.
 */
export interface RecordedExchange {
  request: RequestRecord;
  /** Null when no whole answer came (refused, reset, timed out, a body cut off): `error` says why. */
  response: ResponseRecord | null;
  error?: string;
  /** When the request was sent (epoch ms) and how long until its answer was read (or the client gave up). */
  startedAt: number;
  durationMs: number;
  /** Bytes of the bodies as sent and as read (after any content coding was undone); -1 when not known (a record kept only the start). */
  requestBodyBytes: number;
  responseBodyBytes: number;
  requestBodyClipped?: boolean;
  responseBodyClipped?: boolean;
}

/** A request that went out and got no whole answer: what was sent, and how long the client waited. */
export interface SentRequest {
  request: RequestRecord;
  durationMs: number;
}

export interface RequestOptions {
  /** Extra headers; a header set to null is removed (to send a request without Accept, say). */
  headers?: Record<string, string | null>;
  query?: Record<string, string | number | boolean | undefined>;
  /** A value is sent as JSON with `Content-Type: application/json`; a string is sent as is. */
  body?: unknown;
  /**
   * How the body is framed. By default it is sent whole under `Content-Length`; `chunked` sends it
   * in pieces under `Transfer-Encoding: chunked` and no `Content-Length`, HTTP/1.1's other framing
   * (what a client streaming its body sends), which the record of the exchange shows as sent.
   */
  framing?: 'chunked';
}

export interface HttpClient {
  /** A raw request to an absolute URL. Transport failures throw `TransportError` (verdict error). */
  request(method: string, url: string, options?: RequestOptions): Promise<Exchange>;
}

/** An interface client with the base path, auth and Accept preset. Paths start with `/`. */
export interface InterfaceClient {
  readonly base: string;
  get(path: string, options?: RequestOptions): Promise<Exchange>;
  post(path: string, options?: RequestOptions): Promise<Exchange>;
  put(path: string, options?: RequestOptions): Promise<Exchange>;
  patch(path: string, options?: RequestOptions): Promise<Exchange>;
  delete(path: string, options?: RequestOptions): Promise<Exchange>;
  request(method: string, path: string, options?: RequestOptions): Promise<Exchange>;
  /**
   * Told by a list walk (`walkList`) when an extension list answered a JSON object with no items
   * where the target document says (`interface_b.extension_list_items`): the check's context says
   * so, naming the field, with what the check then could not verify (`describeUnreadLists`).
   */
  unreadList?(list: UnreadList): void;
}

/** An extension list read as not served because its answer held no items where the target document says. */
export interface UnreadList {
  /** The list's path, as the check asked it. */
  path: string;
  /** Where the document says the items are (`$`: a bare array). */
  at: string;
  /** The answer's members that hold an array (an envelope's one, most often). */
  arrays: string[];
}

/** A failed expectation: what was expected, what came back, and the exchange that shows it. */
export interface FailureDetail {
  clause: string;
  /**
   * Other clauses the very same failure breaks (a 401 without the error object breaks A-AUTH-7
   * and A-ERR-1): it fails each of them as it fails `clause`.
   */
  also?: string[];
  message: string;
  expected?: string;
  received?: string;
  exchange?: Exchange;
}

export interface PropertyInfo {
  seed: number;
  /** The cases it ran. */
  runs: number;
  /** The cases it was asked to run, where its time limit cut it short (then `runs` is fewer). */
  asked?: number;
  /** Set when the property failed: the counterexample, printed; shrunk unless the run said `--no-shrink`. */
  counterexample?: string;
  /** How often it was shrunk; absent where the run did not shrink (`--no-shrink`). */
  numShrinks?: number;
  path?: string;
}

/** A clause a check verified only in part, and what it could not do. */
export interface PartialCoverage {
  clause: string;
  reason: string;
  /**
   * The run's evidence whose absence is the reason (a positive control no step had given yet):
   * when a later check of the run finds it, the run lifts this entry, and the check's comparison
   * counts. Never in a finished result.
   */
  until?: keyof RunEvidence;
}

export interface CheckResult {
  id: string;
  title: string;
  /** The clauses it verifies. */
  clauses: string[];
  /** The clauses it only supports (see CheckDefinition.supports). */
  supports?: string[];
  verdict: Verdict;
  /** Why it was skipped, or a one-line cause for fail/error. */
  reason?: string;
  failures: RecordedFailure[];
  properties: PropertyInfo[];
  durationMs: number;
  requests: number;
  /** Measurements and decisions the check recorded (t.note), redacted. */
  notes: string[];
  /** Clauses it covered only in part (t.partial): they are not verified by this check. */
  partial?: PartialCoverage[];
  /**
   * Differences from the simulator's convention on gap clauses, found in the spec profile: advisory
   * results, reported apart, never failures.
   */
  advisories?: RecordedFailure[];
  /**
   * It needs the simulator's control API (to move time) and stands in for a real-time check on
   * other targets, or it only deepens what another verifier covers (`CheckDefinition.deepens`):
   * skipped, it leaves its must clauses to the others.
   */
  accelerator?: boolean;
}

/** A failure as stored in results: exchange redacted, with a curl command that reproduces it. */
export interface RecordedFailure {
  clause: string;
  /** Other clauses the same failure fails (FailureDetail.also). */
  also?: string[];
  message: string;
  expected?: string;
  received?: string;
  request?: RequestRecord;
  response?: ResponseRecord;
  curl?: string;
  property?: PropertyInfo;
}

/**
 * A clause's verdict: pass (its verifying checks ran and passed), fail, error (the target
 * misbehaved at the transport level), not-verified (with the reasons: a verifier skipped, covered
 * only in part, only supporting checks ran, no check covers it), or advisory (a gap clause that
 * differs from the simulator's convention, outside the simulator profile).
 */
export type ClauseVerdictValue = 'pass' | 'fail' | 'error' | 'not-verified' | 'advisory';

export interface ClauseVerdict {
  id: string;
  kind: 'must' | 'gap';
  section: string;
  statement: string;
  verdict: ClauseVerdictValue;
  binding: boolean;
  /** The checks that verify it. */
  checks: string[];
  /** The checks that only support it. */
  supporters?: string[];
  /** Every check that verifies it was left out of the run (`--only`). */
  notSelected?: boolean;
  /** Not verified only because checks that verify it were left out; those that ran passed in full. */
  onlyLeftOut?: boolean;
  reasons: string[];
}

/**
 * What the run proved: conformant (every binding clause verified and passed), fail (a binding
 * clause failed), error (none failed, but one could not be verified for the target's transport
 * errors), incomplete (none failed or errored, but some binding clause was not verified).
 */
export type Outcome = 'conformant' | 'fail' | 'error' | 'incomplete';

/** What a target said about itself in its answers (the first successful answer of each interface that said anything). */
export interface Announcement {
  /** The `Server` header. */
  server?: string;
  /** An API version: a `*-Version` response header (`X-Api-Version: 3`), or the `version` parameter of a vendor media type (`Content-Type: ...; version=2`). */
  apiVersion?: string;
}

/**
 * What the target document told the run about the deployment, in the document's own words, where
 * it departs from the real service's conventions (the routes, envelopes, state names, definition
 * format, paging names and job windows the checks then used), and the permissions the operator
 * granted. Nothing secret: definitions are counted, not shown.
 */
export interface DeclaredTarget {
  interface_a?: {
    operations?: Record<string, string | null>;
    list_items?: { pipelines?: string; keys?: string };
    pipeline_states?: { field?: string; deployed?: string[]; not_deployed?: string[]; archived?: string[] };
    definition_format?: 'json' | 'yaml';
    /** How many definitions the document gave as valid. */
    definitions?: number;
    list_paging?: 'none' | { page: string; page_size: string } | { offset: string; limit: string };
    initial_sync_seconds?: number;
  };
  interface_b?: { paging?: { offset?: string; page_size?: string }; extension_paging?: 'none' | { page: string; page_size: string } | { offset: string; limit: string }; extension_list_items?: string; job_start_seconds?: number; job_end_seconds?: number; replaced_key_seconds?: number; list_lag_seconds?: number; salesforce_fields_query?: Record<string, string>; hook?: DeclaredHook; hooks?: DeclaredHook[]; groupable_connection_types?: string[]; extension_paths?: Record<string, string> };
  permissions?: string[];
  /** The ids the document said name nothing (`absent_ids`). */
  absent_ids?: { min: number; max: number };
}

export interface RunResult {
  tool: { name: 'disco'; version: string };
  /**
   * `proxy`: the proxies the run's requests to the base URLs went through (origins, comma-separated), when the environment set any.
   * `headers`: the names of the headers the target document added to every request (a gateway's token); never their values.
   * `clientCertificate`: the certificate the run presented to a deployment asking for one (mutual TLS, the document's `tls`): subject and SHA-256 fingerprint.
   * `declared`: what the target document said about the deployment (absent: nothing beyond the real service's conventions).
   */
  target: { name: string; baseUrl?: string; cdcBaseUrl?: string; proxy?: string; clientCertificate?: string; headers?: string[]; declared?: DeclaredTarget; announced?: { interfaceA?: Announcement; interfaceB?: Announcement } };
  profile: Profile;
  seed: number;
  runs: number;
  runId: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** `skip` only when `--skip` was given: a run without it reads as runs before it did. */
  options: { only: string[]; skip?: string[]; readOnly: boolean; rate?: number; timeoutMs: number; allowIncomplete: boolean; maxFailures?: number; shrink?: false };
  checks: CheckResult[];
  clauses: ClauseVerdict[];
  /** Things the run created and could not remove. */
  leftovers: string[];
  outcome: Outcome;
  /** 0 conformant (or incomplete with --allow-incomplete), 1 a binding clause failed, 2 the run could not be done, 3 incomplete. */
  /** What the process exits with: 0 to 3 by the outcome, 130 / 143 when a signal stopped the run. */
  exitCode: 0 | 1 | 2 | 3 | 130 | 143;
  /** Clause counts by verdict. */
  summary: { pass: number; fail: number; error: number; notVerified: number; advisory: number };
  /** Why the run stopped sending requests before its checks were done (the target's ids reached the absent range), if it did. */
  halted?: string;
}

export interface CheckContext {
  readonly target: ResolvedTarget;
  readonly profile: Profile;
  /** Short unique id of this run; everything the run creates carries it in its name. */
  readonly runId: string;
  readonly http: HttpClient;
  /** Interface B clients, one per account (index 0 and 1). */
  b(account?: 0 | 1): InterfaceClient;
  /** Interface B client with a different key (or no Authorization when key is null). */
  bWithKey(key: string | null, account?: 0 | 1): InterfaceClient;
  /** Interface A clients: the admin key of the account (index 0 and 1). */
  a(account?: 0 | 1): InterfaceClient;
  /** Interface A client with any Authorization header value (null: none). */
  aWithAuthorization(authorization: string | null): InterfaceClient;
  /** The account's fixtures (ids of things the public API cannot create). */
  fixtures(account?: 0 | 1): TargetFixtures;
  /** `disco-<runId>-<base>`: a name that marks what this run created. */
  name(base: string): string;
  /** Registers an undo step, run after the check (also after failure or Ctrl-C), newest first. */
  cleanup(label: string, undo: () => Promise<void>): void;
  /** Ends the check as skipped with a reason. */
  skip(reason: string): never;
  /** Fails the check (throws). */
  fail(detail: FailureDetail): never;
  /**
   * Runs a fast-check property with the run's seed and case count. `predicate` throws (via
   * t.fail / t.expect) to falsify. The seed and the shrunk counterexample end up in the result.
   */
  property<T>(label: string, arbitrary: import('fast-check').Arbitrary<T>, predicate: (value: T) => Promise<void>, options?: { runs?: number }): Promise<void>;
  readonly expect: Expect;
  /** Moves the simulator's clock (needs 'control'). */
  advanceClock(ms: number): Promise<void>;
  /** Polls `probe` until it returns a value other than undefined, or the deadline passes. */
  poll<T>(probe: () => Promise<T | undefined>, options: { timeoutMs: number; intervalMs: number | ((elapsedMs: number) => number) }): Promise<T | undefined>;
  /** Waits `ms` of real time, or less when the run is interrupted (the next request then stops the check). */
  sleep(ms: number): Promise<void>;
  /**
   * `work` as is, unless the run is interrupted first: then it rejects at once, so Ctrl-C does not
   * wait for local work (an RSA key being made) that the check no longer needs.
   */
  interruptible<T>(work: Promise<T>): Promise<T>;
  /** Records a note that appears with the check in reports (measurements, decisions). */
  note(text: string): void;
  /**
   * Says that the check covered `clause` only in part (group membership not exercised, no
   * running job observed): the clause is then not verified by this check, with `reason`.
   */
  partial(clause: string, reason: string, options?: { until?: keyof RunEvidence }): void;
  /**
   * What the run has seen the target do so far, shared by every check of the run (positive
   * controls read it: a check that relies on "the target finds what exists" need not prove it
   * again when an earlier check saw it).
   */
  readonly evidence: RunEvidence;
  /**
   * The run's own successful creations and deletions, per collection, shared by every check: a
   * comparison of a list before and after tells by it the run's earlier writes that a lagging
   * list shows only later from a change it must not see (`WriteLedger`).
   */
  readonly writes: RunWrites;
}

/**
 * What the run's ledger of its own writes answers (`WriteLedger`, `suites/lib/write-ledger.ts`):
 * a mark of the writes so far, and whether an id was created in, or deleted from, a collection
 * (a URL) at or before a mark.
 */
export interface RunWrites {
  mark(): number;
  createdBefore(collection: string, id: unknown, since: number, options?: WriteScope): boolean;
  deletedBefore(collection: string, id: unknown, since: number, options?: WriteScope): boolean;
}

/**
 * `typed`: the write counts in a collection one segment below `collection` too, where that segment
 * is no id: a connection is made with `POST /connections/{type}` and deleted at
 * `/connections/{type}/{id}`, yet listed at `/connections`.
 */
export interface WriteScope {
  typed?: boolean;
}

/** Facts an earlier check of the run established about the target, each with how it was seen. */
export interface RunEvidence {
  /** The target found a pipeline of the caller's account by its integer id (a read or an archive answered 2xx). */
  aPipelineFound?: string;
  /** Account 2's admin key was seen served under /api/public/v1 (a-ver/key-accepted-under-v1's DELETE of an absent pipeline answered as account 1's). */
  aSecondAccountServedUnderV1?: string;
}

export interface Expect {
  /** `expected`: a status, a list of statuses, or a class like '4xx' / '2xx'. */
  status(exchange: Exchange, expected: number | number[] | '2xx' | '4xx', clause: string, message?: string): void;
  /** A condition; on false, fails with the detail. */
  that(condition: boolean, detail: FailureDetail): void;
  /** The JSON body validates against `fixtures/schemas/<schema>.json`. */
  schema(exchange: Exchange, schema: string, clause: string, value?: unknown): void;
  /** The Content-Type is `type` (compared as a media type) with these parameters. */
  mediaType(exchange: Exchange, type: string, parameters: Record<string, string>, clause: string): void;
  /** The body is the interface B error object (`message` string). */
  errorObjectB(exchange: Exchange, clause: string): void;
  /** The body is the interface A error object (`error` string); `also`: other clauses its absence fails. */
  errorObjectA(exchange: Exchange, clause: string, also?: string[]): void;
  /** The body is JSON; returns it. */
  json(exchange: Exchange, clause: string): unknown;
}
