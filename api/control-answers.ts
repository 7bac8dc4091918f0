import type { MemberRole } from '../simulator/domains/users/types.ts';
import type { DeliveryOutcome } from '../simulator/domains/hooks/delivery-log.ts';
import type { STATE_FORMAT } from '../simulator/control/state-routes.ts';
import type { TargetDescription } from '../suites/lib/provision.ts';

/**
 * Answers of the control API that the simulator builds as plain objects, with no type of their
 * own: declared here for the typed client, from the routes that write them (named beside each).
 * `api/control-client.test.ts` holds each against a real answer, so a route that changes its
 * shape fails there rather than leaving these types behind.
 */

/** One account of `GET /_disco/accounts` (simulator/control/routes.ts). */
export interface AccountSummary {
  account_id: string;
  numeric_id: number;
  name: string;
}

/** `GET /_disco/accounts/{slug}` (simulator/control/snapshot.ts): the account's state, no key or salt in it. */
export interface AccountSnapshot {
  account_id: string;
  numeric_id: number;
  name: string;
  /** Simulator time of the answer, ISO 8601. */
  now: string;
  /** Members only (a removed member is left out). */
  users: {
    id: number;
    name: string;
    email: string;
    role: MemberRole;
    owner: boolean;
    /** `[redacted N chars]`: never the key itself. */
    api_key: string;
  }[];
  pipeline_keys: {
    id: number;
    name: string;
    admin: boolean;
    /** The key's first characters and `…`, as interface A's key list shows them. */
    preview: string;
    expires_at: string | null;
    revoked_at: string | null;
  }[];
  counts: Record<'ssh_keys' | 'packages' | 'clusters' | 'jobs' | 'hooks' | 'invoices' | 'connections' | 'connection_groups' | 'deliveries' | 'notifications' | 'pipelines', number>;
  package_ids: number[];
  cluster_ids: number[];
  job_ids: number[];
  hook_ids: number[];
  connections: { id: number; type: string; name: string; connection_group_id: number | null }[];
  delivery_ids: number[];
  notifications: { id: number; user_id: number; kind: string; read: boolean }[];
  /** Archived pipelines included. */
  pipeline_ids: number[];
}

/** One attempt of `GET /_disco/accounts/{slug}/webhook-deliveries` (simulator/domains/hooks/delivery-log.ts): no salt, signature, body or credentials. */
export interface WebhookDeliveryAttempt {
  hook_id: number;
  hook_type: string;
  event: string;
  url: string | null;
  /** 1 for the first try, then each retry. */
  attempt: number;
  outcome: DeliveryOutcome;
  /** The receiver's HTTP status, when `outcome` is `response`. */
  status: number | null;
  error: string | null;
  /** Simulator time of the attempt, ISO 8601. */
  at: string;
  /** Wall-clock milliseconds until the answer or the failure. */
  latency_ms: number | null;
  /** When the next attempt is due (simulator time), after a failure with attempts left. */
  next_attempt_at: string | null;
}

/** `GET` and `PUT /_disco/limits`: interface B requests per user per clock hour; 0 is no limit. */
export interface Limits {
  requests_per_hour: number;
}

/**
 * The whole state as `GET /_disco/state` writes it (simulator/control/state-routes.ts), the
 * format of `disco state export` and `--state` files. `accounts` are the store's records encoded
 * (a Map as `{"$map": [...]}`): not an API to read, but a document to give back to
 * `state.import` as it came. Interface B keys are in it as the API shows them: keep it private.
 */
export interface StateDocument {
  format: typeof STATE_FORMAT;
  accounts: Record<string, unknown>[];
  /** `[kind, last id given]` of each id sequence. */
  sequences: [string, number][];
  /** Simulator time, epoch milliseconds: an import moves the clock on to it when behind. */
  now: number;
}

/**
 * `GET /_disco/target-description` (simulator/control/description.ts): the target document's
 * sections for the simulator's conventions. `interface_a` and `interface_b` are always there;
 * `absent_ids` only where the simulator's ids start high.
 */
export type ControlTargetDescription = TargetDescription & Required<Pick<TargetDescription, 'interface_a' | 'interface_b'>>;
