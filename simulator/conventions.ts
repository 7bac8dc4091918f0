import type { ErrorCode } from './http/errors.ts';
import type { InvoiceStatus } from './domains/invoices/types.ts';
import type { PackageStatus } from './domains/packages/types.ts';
import type { PipelineState } from './domains/pipelines/types.ts';
import { INITIAL_SYNC_MS } from './domains/pipelines/lifecycle.ts';
import { ALT_HOOK_VOCABULARY, REAL_SERVICE_HOOK_VOCABULARY, type HookVocabulary } from './domains/hooks/vocabulary.ts';
import type { SchemeCase } from './http/credentials.ts';

/**
 * What the simulator chooses wherever the spec leaves the choice to the deployment (the gap
 * clauses). `standard` is the real service's conventions (docs/interface-a.md, interface-b.md);
 * `alt` answers every one of those places differently while keeping every must clause, so the
 * suites can be proven against a deployment that shares none of the simulator's free choices
 * (docs/conventions.md). Plain data: routes, presenters and the renderer read it.
 */
export type ConventionsName = 'standard' | 'alt';

export const CONVENTIONS_NAMES: readonly ConventionsName[] = ['standard', 'alt'];

export interface Conventions {
  name: ConventionsName;
  /** How a UTC timestamp ends: `Z`, or the equivalent offset `+00:00` (both ISO 8601 UTC, B-FMT-1). */
  utcDesignator: 'Z' | '+00:00';
  /**
   * The first id each kind's sequence hands out: 1, or 1,000,000,001 (ten-digit ids from the
   * start, where a checker's "absent" ids would otherwise be: the target document's `absent_ids`
   * then names ids that name nothing).
   */
  firstId: number;
  /**
   * How the letter case of the authentication scheme is read, on both interfaces: in any case
   * (`basic`, `BEARER`), as RFC 9110 section 11.1 makes it; or only as the spec writes it, `Basic`
   * and `Bearer`, as a gate that compares the scheme as a string does (the spec writes it one way
   * and does not say other spellings are taken; the suites note a refusal, never fail it for the
   * spelling, and hold it to the refusal of credentials not read: A-AUTH-7's 401, B-AUTH-1's 4xx).
   */
  schemeCase: SchemeCase;
  a: {
    /** `POST` that creates a pipeline or a key (A-GAP-1, A-GAP-4). */
    createdStatus: 200 | 201;
    /** The member of a list answer that holds the items. */
    listItems: 'items' | 'data';
    /** Default page size of the pipeline list. */
    defaultPageSize: number;
    /** Paths under `/api/public/v1` (`:id` for the id). */
    paths: {
      validate: string;
      start: string;
      stop: string;
      keys: string;
      key: string;
      /** Revoking a key: `DELETE` of the key, or a `POST` to this path. */
      revoke: { method: 'DELETE' | 'POST'; path: string };
    };
    /**
     * How the pipeline metadata names its state: the field and the name of each state. `alt`
     * reads deployment first, so a pipeline that is archived but still deployed shows as running.
     */
    state: { field: string; names: Record<PipelineState, string>; deploymentFirst: boolean };
    /**
     * How long a deployment's initial sync lasts before it syncs continuously (simulator time):
     * the spec's gaps say a new pipeline does an initial sync, then switches to continuous sync,
     * not after how long. The target description declares it (`initial_sync_seconds`), so a
     * check without the control API's clock knows how long to let a pipeline live on.
     */
    initialSyncMs: number;
    /**
     * The metadata's shape: the real service's (`state` and the coarse `status`, timestamps, URLs,
     * the history of moves, A-GAP-2), or a `phase`, a count of deployments and a `links` object.
     */
    metadata: 'with-history' | 'with-deployment-count';
    /** The archive answer (A-GAP-3): the archived pipeline's metadata, or `{id, archived: true}`. */
    archiveBody: 'metadata' | 'acknowledgement';
    /**
     * How an error names its fields (A-ERR-2 says the body names the failing field, not how): the
     * real service's `source.tables[1]` in the text and in `field`/`problems`, or a validator's
     * RFC 9535 normalized path `$['source']['tables'][1]` in `field`/`problems` only, beside a
     * text that names none.
     */
    fieldPaths: 'dotted' | 'json-path';
  };
  b: {
    /** Error codes answered with another status than the catalog's (B-GAP-2). */
    statusOverrides: Partial<Record<ErrorCode, number>>;
    /** The fixed not-found text (B-ERR-1 fixes that there is one, not which). */
    notFoundText: string;
    /** The member of a validation error that names the fields (B-GAP-2). */
    problemsKey: 'errors' | 'details';
    /** `POST /jobs`, `/hooks`, `/user/keys` (B-GAP-1); connection groups are 201 by the spec. */
    createdStatus: 200 | 201;
    /** Invoice paging (B-GAP-3). */
    paging: { offset: string; limit: string; defaultLimit: number; linkHeader: boolean };
    /**
     * How the other lists page (extensions: the spec shows paging for the invoice list only): as
     * the invoices, or by page number from 1 (with the invoices' default size and bound).
     */
    extensionPaging: 'as-invoices' | { page: string; pageSize: string };
    /**
     * How the paged lists of the extensions (every list read with `readPage`: jobs, packages,
     * hooks, SSH keys, notifications, ...; the spec shows none of them) hold their items: the
     * bare array, as the real service; or an envelope, the page's items under this member beside
     * `meta: {page, page_size}`. The invoice list and the connection types stay arrays, as the
     * spec shows them.
     */
    extensionListItems: '$' | 'data';
    invoiceStatusNames: Record<InvoiceStatus, string>;
    packageStatusNames: Record<PackageStatus, string>;
    /** Rate-limit headers (B-GAP-6); `reset` as epoch seconds or seconds from now. */
    rateLimitHeaders: { limit: string; remaining: string; reset: string; resetAs: 'epoch-seconds' | 'delta-seconds' };
    /** How web hook POSTs are signed (B-GAP-4). */
    hookSignature: { header: string; scheme: 'sha1-of-fields' | 'hmac-sha256-of-body' };
    /**
     * Notifications, an extension the spec shows none of: the real service's (`title`, `message`,
     * `last_read_at`, listing only unread ones unless asked `all=true`), or a `read` flag, the event
     * kind and the job, every one listed.
     */
    notifications: 'unread-by-default-with-last-read-at' | 'all-with-read-flag';
    /**
     * How long a key replaced by `POST /user/tokens` still authenticates (simulator time): the
     * spec says it stops, not that it does so at once (it says "immediately" of interface A's
     * revoked keys only), and a deployment behind a gateway caching a key's grant lets it work
     * a moment longer.
     */
    replacedKeyLingerMs: number;
    /**
     * The query parameter of `GET /connections/{id}/salesforce/fields` that names the object:
     * the spec says parameters exist, not which (the real service's is `object_name`).
     */
    salesforceObjectParameter: string;
    /**
     * The names of hook types, setting keys and event kinds: the spec shows none of them (the
     * real service's are in docs/interface-b.md).
     */
    hooks: HookVocabulary;
    /**
     * Whether the target description says the lists are current (`list_lag_seconds: 0`). The
     * simulator's lists always show a write at once; standard says so, and a run then reads a
     * list once after a write where it would wait out a lag (a mark's effect on the others: 5 s
     * each time otherwise); alt leaves it unsaid, so its run proves the checks under the lag a
     * document without it gets.
     */
    declaresCurrentLists: boolean;
  };
}

export const STANDARD_CONVENTIONS: Conventions = {
  name: 'standard',
  utcDesignator: 'Z',
  firstId: 1,
  schemeCase: 'any',
  a: {
    createdStatus: 201,
    listItems: 'items',
    defaultPageSize: 50,
    paths: {
      validate: '/pipelines/validate',
      start: '/pipelines/:id/start',
      stop: '/pipelines/:id/stop',
      keys: '/api-keys',
      key: '/api-keys/:id',
      revoke: { method: 'DELETE', path: '/api-keys/:id' },
    },
    state: {
      field: 'state',
      names: { not_deployed: 'not_deployed', initial_sync: 'initial_sync', continuous_sync: 'continuous_sync', archived: 'archived' },
      deploymentFirst: false,
    },
    // The simulator's documented 60 s (docs/interface-a.md), which a pipeline stored without one keeps.
    initialSyncMs: INITIAL_SYNC_MS,
    metadata: 'with-history',
    archiveBody: 'metadata',
    fieldPaths: 'dotted',
  },
  b: {
    statusOverrides: {},
    notFoundText: 'Item not found.',
    problemsKey: 'errors',
    createdStatus: 201,
    paging: { offset: 'offset', limit: 'limit', defaultLimit: 20, linkHeader: true },
    extensionPaging: 'as-invoices',
    extensionListItems: '$',
    invoiceStatusNames: { pending: 'pending', successful: 'successful', failed: 'failed' },
    packageStatusNames: { active: 'active', archived: 'archived' },
    rateLimitHeaders: { limit: 'X-RateLimit-Limit', remaining: 'X-RateLimit-Remaining', reset: 'X-RateLimit-Reset', resetAs: 'epoch-seconds' },
    hookSignature: { header: 'X-Hook-Signature', scheme: 'sha1-of-fields' },
    notifications: 'unread-by-default-with-last-read-at',
    replacedKeyLingerMs: 0,
    salesforceObjectParameter: 'object_name',
    hooks: REAL_SERVICE_HOOK_VOCABULARY,
    declaresCurrentLists: true,
  },
};

export const ALT_CONVENTIONS: Conventions = {
  name: 'alt',
  utcDesignator: '+00:00',
  firstId: 1_000_000_001,
  schemeCase: 'as-written',
  a: {
    createdStatus: 200,
    listItems: 'data',
    defaultPageSize: 25,
    paths: {
      validate: '/pipeline-validations',
      start: '/pipelines/:id/deploy',
      stop: '/pipelines/:id/undeploy',
      keys: '/api_keys',
      key: '/api_keys/:id',
      revoke: { method: 'POST', path: '/api_keys/:id/revoke' },
    },
    state: {
      field: 'phase',
      names: { not_deployed: 'draft', initial_sync: 'backfilling', continuous_sync: 'streaming', archived: 'retired' },
      deploymentFirst: true,
    },
    // Short, so that a run without a control API (time is real time) sees a pipeline past it; 5 s,
    // not 10: a-enum/foreign-pipeline-later-same-404 waits it out in real time, and its 10 s made
    // lane A the longest of every alt run.
    initialSyncMs: 5_000,
    metadata: 'with-deployment-count',
    archiveBody: 'acknowledgement',
    fieldPaths: 'json-path',
  },
  b: {
    statusOverrides: { not_acceptable: 400, unauthorized: 403, invalid_field: 400 },
    notFoundText: 'Resource not found.',
    problemsKey: 'details',
    createdStatus: 200,
    paging: { offset: 'start', limit: 'per_page', defaultLimit: 25, linkHeader: false },
    extensionPaging: { page: 'page', pageSize: 'page_size' },
    extensionListItems: 'data',
    invoiceStatusNames: { pending: 'open', successful: 'paid', failed: 'void' },
    packageStatusNames: { active: 'enabled', archived: 'retired' },
    rateLimitHeaders: { limit: 'RateLimit-Limit', remaining: 'RateLimit-Remaining', reset: 'RateLimit-Reset', resetAs: 'delta-seconds' },
    hookSignature: { header: 'X-Signature-256', scheme: 'hmac-sha256-of-body' },
    notifications: 'all-with-read-flag',
    replacedKeyLingerMs: 200,
    salesforceObjectParameter: 'sobject',
    hooks: ALT_HOOK_VOCABULARY,
    declaresCurrentLists: false,
  },
};

export function conventionsNamed(name: ConventionsName): Conventions {
  return name === 'alt' ? ALT_CONVENTIONS : STANDARD_CONVENTIONS;
}

export function isConventionsName(value: unknown): value is ConventionsName {
  return value === 'standard' || value === 'alt';
}
