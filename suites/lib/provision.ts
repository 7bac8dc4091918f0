import type { TargetDocument } from './target-types.ts';
import { PERMISSIONS, type ResolvedTarget } from './types.ts';
import { ConfigError, resolveTarget } from './target.ts';

/**
 * Provisions a simulator for a check run through its control API, over HTTP, as any client of
 * the control API would: reset, then two accounts with every fixture the checks can ask for.
 * It knows the control API's wire format only, never the simulator's code.
 */

/** The account document `POST /_disco/accounts` takes (the simulator's seed account format). */
export interface ControlAccount {
  slug: string;
  name: string;
  /** `notifications`: a user's own generated ones (not the first user's: those are the account's `notifications`). */
  users: { name: string; email: string; time_zone?: string; location?: string; notifications?: { generate: number } }[];
  pipeline_keys: { name: string; admin: boolean }[];
  packages: { name: string; description?: string; variables?: Record<string, string>; outcome?: 'completed' | 'failed'; status?: 'active' | 'archived' }[];
  clusters: { name: string; nodes?: number; type?: 'sandbox' | 'production' }[];
  connections: { name: string; type: string }[];
  invoices: { generate: number };
  notifications: { kind: string; message: string; read?: boolean }[] | { generate: number };
  deliveries: { name: string; status?: 'idle' | 'enabled' | 'disabled' }[];
  pipelines: { name: string; deployed?: boolean; archivable?: boolean; synced?: boolean }[];
  /** A card on file from a payment provider's test token, so the payment method reads (an extension) answer. */
  billing: { billing_payment_token: string };
}

/** What the control API answers for a provisioned account (ids and secrets). */
export interface Manifest {
  account_id: string;
  users: { api_key: string }[];
  pipeline_keys: { admin: boolean; key: string }[];
  package_ids: number[];
  /** The active packages whose jobs fail (seeded with `outcome: failed`). */
  failing_package_ids?: number[];
  cluster_ids: number[];
  connections: { id: number; type: string }[];
  notification_ids: number[];
  delivery_ids: number[];
  /** How many invoices the account was seeded with. */
  invoice_count?: number;
  pipelines: { id: number; deployed: boolean; archivable: boolean }[];
}

/** Everything a run may do to a simulator made for it: every permission. */
export const DISPOSABLE = PERMISSIONS;

export const CONNECTION_TYPES = ['mysql', 'postgres', 'sftp', 's3', 'salesforce', 'bingads', 'adwords', 'analytics', 'facebookadsinsights'] as const;

function account(slug: string, name: string, domain: string, invoices: number, notifications: number): ControlAccount {
  return {
    slug,
    name,
    users: [
      { name: `${name} Owner`, email: `owner@${domain}`, time_zone: 'UTC', location: 'Lisbon' },
      // Notifications of its own (5 unread of 6): a mark of all by it is seen to leave the owner's alone (B-NTF-1).
      { name: `${name} Colleague`, email: `colleague@${domain}`, notifications: { generate: 6 } },
    ],
    pipeline_keys: [
      { name: 'disco-admin', admin: true },
      { name: 'disco-readonly', admin: false },
    ],
    packages: [
      { name: 'orders-daily', description: 'Loads yesterday\'s orders', variables: { run_date: '2026-01-01' } },
      { name: 'broken-export', description: 'Its jobs fail', outcome: 'failed' },
      { name: 'legacy-import', description: 'Archived', status: 'archived' },
    ],
    clusters: [
      { name: 'sandbox-1', nodes: 1, type: 'sandbox' },
      { name: 'prod-etl', nodes: 4, type: 'production' },
    ],
    connections: CONNECTION_TYPES.map((type) => ({ name: `${type}-conn`, type })),
    invoices: { generate: invoices },
    // Job and cluster news in turn, every fourth read: more unread than a page of them (often
    // 20), so a mark of all that stops at a page leaves some unread (B-NTF-1).
    notifications: { generate: notifications },
    deliveries: [
      { name: 'nightly-to-s3', status: 'enabled' },
      { name: 'weekly-report', status: 'idle' },
      { name: 'old-feed', status: 'disabled' },
    ],
    // Two that stay (other accounts' pipelines for A-ENUM-1/2), two a run archives (A-PIPE-1/2).
    pipelines: [
      { name: 'orders-cdc', deployed: true },
      { name: 'customers-nightly' },
      { name: 'archivable-running', deployed: true, archivable: true },
      // Synced before it was stopped: its archive must keep what the deployment left (A-PIPE-2).
      { name: 'archivable-draft', archivable: true, synced: true },
    ],
    billing: { billing_payment_token: 'tok_visa' },
  };
}

/**
 * Two accounts: the first with more invoices than two full pages of 100 (paging checks) and 33
 * unread notifications of 44, the second a smaller "other account" for isolation and enumeration
 * checks (21 unread of 28).
 */
export const PROVISIONED_ACCOUNTS: readonly ControlAccount[] = [
  account('disco-one', 'Disco One', 'one.example', 250, 44),
  account('disco-two', 'Disco Two', 'two.example', 12, 28),
];

export interface ProvisionOptions {
  /** `http://host:port` of the simulator (interface A and B roots). */
  origin: string;
  /** The control API root; `{origin}/_disco` by default. */
  controlUrl?: string;
  keyPrefix?: string;
  name?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  accounts?: readonly ControlAccount[];
  /**
   * Whether the target the checks see names the control API (`control_url`). A simulator that
   * imitates another deployment (`--conventions alt`) is provisioned through it but checked
   * without it, as a real deployment is: the checks that need it skip, their clauses fall to the
   * real-time checks.
   */
  exposeControl?: boolean;
}

/** Resets the simulator and provisions the accounts; returns the target the checks run against. */
export async function provisionSimulator(options: ProvisionOptions): Promise<ResolvedTarget> {
  const origin = options.origin.replace(/\/+$/, '');
  const controlUrl = (options.controlUrl ?? `${origin}/_disco`).replace(/\/+$/, '');
  const post = (path: string, body: unknown) => requestJson('POST', `${controlUrl}${path}`, body, options);

  await post('/reset', {});
  const manifests: Manifest[] = [];
  for (const acc of options.accounts ?? PROVISIONED_ACCOUNTS) manifests.push(asManifest(await post('/accounts', acc), acc.slug));
  const description = await requestJson('GET', `${controlUrl}/target-description`, undefined, options);

  const doc = targetDocumentFromManifests(
    { name: options.name ?? 'disco simulator (embedded)', origin, keyPrefix: options.keyPrefix ?? 'fdk', ...(options.exposeControl === false ? {} : { controlUrl }) },
    manifests,
    asDescription(description),
  );
  // The same validation as a hand-written target file; an empty env: nothing is substituted.
  return resolveTarget(doc, {}, 'provisioned simulator target');
}

/**
 * The target document for a provisioned simulator: the first user's key (and the second's, a
 * member's, where there is one), the admin and the non-admin pipeline key, the first package and cluster, one connection per type.
 */
export function targetDocumentFromManifests(
  where: { name: string; origin: string; keyPrefix: string; controlUrl?: string; permissions?: TargetDocument['permissions'] },
  manifests: readonly Manifest[],
  description: TargetDescription = {},
): TargetDocument {
  return {
    name: where.name,
    base_url: where.origin,
    cdc_base_url: where.origin,
    key_prefix: where.keyPrefix,
    ...(where.controlUrl ? { control_url: where.controlUrl } : {}),
    // A simulator is disposable: what a real deployment must permit, it may do (DISPOSABLE).
    permissions: where.permissions ?? [...DISPOSABLE],
    ...description,
    accounts: manifests.map((m) => {
      const connections: Record<string, number> = {};
      for (const c of m.connections) connections[c.type] ??= c.id;
      return {
        account_id: m.account_id,
        api_key: m.users[0]?.api_key,
        // The second user, a member who does not own the account: B-JOB-5 sees its watch too.
        ...(m.users[1]?.api_key ? { member_api_key: m.users[1].api_key } : {}),
        pipeline_admin_key: m.pipeline_keys.find((k) => k.admin)?.key,
        pipeline_key: m.pipeline_keys.find((k) => !k.admin)?.key,
        fixtures: {
          package_id: m.package_ids[0],
          ...(m.failing_package_ids?.[0] !== undefined ? { failing_package_id: m.failing_package_ids[0] } : {}),
          cluster_id: m.cluster_ids[0],
          connections,
          delivery_ids: m.delivery_ids,
          notification_ids: m.notification_ids,
          ...(m.invoice_count ? { invoice_count: m.invoice_count } : {}),
          ...pipelineFixtures(m.pipelines),
        },
      };
    }),
  };
}

/** `pipeline_ids` (pipelines that stay) and `archivable_pipelines` (one of each kind a run may archive). */
function pipelineFixtures(pipelines: Manifest['pipelines']): Pick<NonNullable<NonNullable<TargetDocument['accounts']>[number]['fixtures']>, 'pipeline_ids' | 'archivable_pipelines'> {
  const stay = pipelines.filter((p) => !p.archivable).map((p) => p.id);
  const deployed = pipelines.find((p) => p.archivable && p.deployed)?.id;
  const notDeployed = pipelines.find((p) => p.archivable && !p.deployed)?.id;
  return {
    ...(stay.length ? { pipeline_ids: stay } : {}),
    ...(deployed !== undefined || notDeployed !== undefined ? { archivable_pipelines: { ...(deployed !== undefined ? { deployed } : {}), ...(notDeployed !== undefined ? { not_deployed: notDeployed } : {}) } } : {}),
  };
}

/** The sections of a target document that describe a simulator's conventions (`GET /_disco/target-description`). */
export type TargetDescription = Pick<TargetDocument, 'interface_a' | 'interface_b' | 'absent_ids'>;

function asDescription(value: unknown): TargetDescription {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError('cannot provision the simulator: its target description is not an object');
  const { interface_a: a, interface_b: b, absent_ids: absent } = value as Record<string, unknown>;
  // The document's own validation (resolveTarget) checks the sections' contents.
  return {
    ...(a !== undefined ? { interface_a: a as TargetDocument['interface_a'] } : {}),
    ...(b !== undefined ? { interface_b: b as TargetDocument['interface_b'] } : {}),
    ...(absent !== undefined ? { absent_ids: absent as TargetDocument['absent_ids'] } : {}),
  };
}

async function requestJson(method: 'GET' | 'POST', url: string, body: unknown, options: ProvisionOptions): Promise<unknown> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    });
  } catch (err) {
    throw new ConfigError(`cannot provision the simulator: ${method} ${url} failed (${causeOf(err)})`);
  }
  const text = await res.text();
  if (!res.ok) throw new ConfigError(`cannot provision the simulator: ${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ConfigError(`cannot provision the simulator: ${method} ${url} answered a body that is not JSON`);
  }
}

function causeOf(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : err.message;
  }
  return String(err);
}

function asManifest(value: unknown, slug: string): Manifest {
  const m = value as Partial<Manifest> | null;
  const ok =
    !!m &&
    typeof m.account_id === 'string' &&
    Array.isArray(m.users) &&
    typeof m.users[0]?.api_key === 'string' &&
    Array.isArray(m.pipeline_keys) &&
    Array.isArray(m.package_ids) &&
    Array.isArray(m.cluster_ids) &&
    Array.isArray(m.connections) &&
    Array.isArray(m.notification_ids) &&
    Array.isArray(m.delivery_ids) &&
    (m.pipelines === undefined || Array.isArray(m.pipelines));
  if (!ok) throw new ConfigError(`cannot provision the simulator: the manifest of account ${slug} is not in the expected shape`);
  return { ...(m as Manifest), pipelines: m.pipelines ?? [] };
}
