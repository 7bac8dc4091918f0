import type { JsonKind } from '../lib/arbitraries/json.ts';
import type { CreatedKind } from '../lib/factories/undo.ts';
import type { AOperation, TargetFixtures } from '../lib/target-types.ts';
import type { ResolvedInterfaceB } from '../lib/types.ts';

/**
 * The shape of an endpoint catalog entry. The catalogs (`b-endpoints.ts`, `a-endpoints.ts`) are
 * data: the cross-cutting families (isolation, robustness, error objects, versioning, schemas,
 * the final destructive check) iterate over them, so an endpoint added there is covered by every
 * family without further edits, and one left out of them is caught by a test against the docs.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a path id or body id names in interface B. */
export type ResourceKind = 'package' | 'cluster' | 'job' | 'hook' | 'sshKey' | 'invoice' | 'connection' | 'connectionGroup' | 'delivery' | 'notification' | 'schedule' | 'member';

/** The id an endpoint's path takes (`{id}`), and for connections the type in `{type}` or the one the route serves. */
export interface IdParameter {
  kind: ResourceKind;
  /** `salesforce` for `/connections/{id}/salesforce/fields`; absent where `{type}` is free. */
  connectionType?: string;
}

/**
 * What a request does to the caller's account: `read` changes nothing; `write` changes it in a
 * way the run can undo or that is harmless to repeat (create and delete again, update and put
 * back, mark read); `destructive` cannot be undone through the API (a regenerated key, a
 * deleted delivery, a connection group), so no cross-cutting family sends it.
 */
export type Effect = 'read' | 'write' | 'destructive';

/** What a successful answer carries. */
export interface SuccessAnswer {
  /** `fixtures/schemas/<schema>.json` of section 2; absent where the spec shows no fields. */
  schema?: string;
  /** A bare JSON array of such resources (paged lists take `offset` and `limit`). */
  list?: boolean;
  /** Paged with `offset` and `limit` (docs/interface-b.md). */
  paged?: boolean;
  /** No body at all (204). */
  empty?: boolean;
}

/** A field of a valid body and its JSON type, for the robustness family's wrong-type inputs. */
export interface BodyField {
  path: readonly (string | number)[];
  kind: JsonKind;
}

/** What a body builder may use: the account's fixtures and a name unique to the run. */
export interface BodyContext {
  fixtures: TargetFixtures;
  /** What the target document says of interface B (the query a request takes: `queryOf`). */
  interfaceB: ResolvedInterfaceB;
  /** `disco-<run id>-<base>`. */
  name(base: string): string;
}

/**
 * The parts of an account a write may change, each read back the same way by the isolation
 * family (`b-state.ts`): account 2 must see none of them change under account 1's key.
 */
export type StatePart = 'packages' | 'package' | 'user' | 'hooks' | 'hook' | 'sshKeys' | 'sshKey' | 'jobs' | 'jobStop' | 'watchers' | 'connection' | 'connectionGroups' | 'deliveries' | 'delivery' | 'notifications' | 'schedules' | 'schedule' | 'cluster' | 'clusterWatchers' | 'scheduleWatchers' | 'members' | 'member' | 'packageValidations' | 'connections';

export interface BEndpoint {
  /** `METHOD /path` exactly as docs/interface-b.md's Endpoints table writes it. */
  key: string;
  method: Method;
  /** The path under `{base_url}/{account_id}/api`, with `{id}` and `{type}` placeholders. */
  path: string;
  /** In the spec's endpoint table, or an extension of the real service (docs/interface-b.md). */
  source: 'spec' | 'extension';
  /** The id the path names, if any. */
  id?: IdParameter;
  /** The connection type in `{type}` where no id names one (`POST /connections/{type}`). */
  pathType?: string;
  /** Ids the body names. */
  bodyIds?: readonly { field: string; kind: ResourceKind }[];
  /** Query parameters every call needs (Salesforce fields need an object name). */
  query?: Readonly<Record<string, string>>;
  /** The query the target document gives instead of `query`, where the spec leaves its names open (`queryOf`). */
  declaredQuery?: (b: ResolvedInterfaceB) => Readonly<Record<string, string>> | undefined;
  /**
   * Query parameters the real service documents for this read beyond those every call needs
   * (a job's `include=log_summary`, a connector read's `force_fetch`), each with a value it takes:
   * a deployment may send such a read down a code path of its own (an eager loader, a fetch from
   * the source instead of a cache), whose miss words its own 404. The not-found family repeats the
   * read of an absent id with them (b-err); a deployment that does not know one may ignore or
   * refuse it.
   */
  documentedQuery?: Readonly<Record<string, string>>;
  /**
   * The query that lists every item, where the real service's list leaves some out by default
   * (notifications: only the unread ones unless `all=true`). A walk that must see every item
   * asks it (`walkCatalogList`), and walks without it on a target that refuses it.
   */
  everyItemQuery?: Readonly<Record<string, string>>;
  effect: Effect;
  answer: SuccessAnswer;
  /** A valid body; undefined when the account lacks the fixtures it needs. */
  body?: (c: BodyContext) => Record<string, unknown> | undefined;
  /** The fields of that body and their JSON types. */
  fields?: readonly BodyField[];
  /** What a success creates (undone by its one cleanup rule, `undoCreation`). */
  creates?: CreatedKind;
  /** What a success may change in the caller's account. */
  touches?: readonly StatePart[];
  /** The must clause this endpoint's own success belongs to: a refusal of a valid request fails it, not a clause of the family that sent it. */
  clause?: string;
  /**
   * Whether the valid body holds values the spec leaves open that the target document did not
   * declare (hook types, settings and event names are then the real service's): outside the
   * simulator profile a refusal means the target's differ, and is a note, not a failure.
   */
  bodyUsesGapValues?: (b: ResolvedInterfaceB) => boolean;
  /**
   * What the caller may have already when it made the thing in the path itself (a job's creator
   * watches it: the real service's default, not the spec's), and the extension that takes it off
   * before the write is sent. Where that is refused, the write asks for what the caller may have,
   * a case the spec does not cover: a 4xx to it is no answer to judge.
   */
  clearFirst?: { method: 'DELETE'; path: string; what: string };
}

/** Interface A's operations by name (`suites/lib/target-types.ts`), so a target description can move each. */
export type { AOperation };

export interface AEndpoint {
  operation: AOperation;
  /** `METHOD /path` as docs/interface-a.md writes it. */
  key: string;
  method: Method;
  /** Under `{cdc_base_url}/api/public/v1`, with an `{id}` placeholder. */
  path: string;
  /** Only `DELETE /pipelines/{id}` is in the spec; the rest are the simulator's conventions (A-GAP-1, A-GAP-4). */
  source: 'spec' | 'convention';
  /** The id the path names. */
  id?: 'pipeline' | 'key';
  effect: Effect;
  /** What the body is: a definition document (JSON or YAML), a JSON merge patch, a JSON object, or none. */
  body: 'definition' | 'merge-patch' | 'json' | 'none';
  /** Key management is for admin keys only (A-AUTH-5). */
  adminOnly?: boolean;
}
