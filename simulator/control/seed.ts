import type { Sim } from '../context.ts';
import type { AccountState } from '../store.ts';
import { isoDate } from '../clock.ts';
import { seededPipelineKey, seededUserKey } from './seeded-keys.ts';
import { mintPipelineKey, type MintedPipelineKey } from '../domains/apikeys/mint.ts';
import type { MemberRole, User } from '../domains/users/types.ts';
import { newUserRecord } from '../domains/users/new-user.ts';
import type { FlowType, PackageStatus } from '../domains/packages/types.ts';
import type { InvoiceStatus } from '../domains/invoices/types.ts';
import type { DeliveryEnd, DeliveryIntervalUnit, DeliveryStatus } from '../domains/deliveries/types.ts';
import { seedPipeline } from '../domains/pipelines/seeded.ts';
import { defaultNodes, typeForNodes } from '../domains/clusters/size.ts';
import { seededSettings } from '../domains/connections/input.ts';
import { parseBillingChange } from '../domains/billing/input.ts';
import { applyBillingChange } from '../domains/billing/model.ts';

/**
 * The seed file format (`fixtures/seed/*.json`, `disco serve --seed FILE`, `POST /_disco/reset`).
 * Keys may be given (for reproducible set-ups) or left out, in which case fresh ones are made
 * and reported in the manifest that `applySeed` returns.
 */
export interface SeedDocument {
  accounts: SeedAccount[];
}

export interface SeedAccount {
  slug: string;
  name?: string;
  /** The first user of an account owns it and is an admin; `role` (admin or member, default member) is the others'. */
  /**
   * `notifications`: generated notifications of this user (as the account's), for a user who is not
   * the account's first: its own, which the account's first user does not see. Not among the
   * manifest's `notification_ids`, which name the first user's (the target document's `api_key`'s).
   */
  users?: { name: string; email: string; api_key?: string; time_zone?: string; location?: string; role?: MemberRole; notifications?: { generate: number } }[];
  pipeline_keys?: { name: string; admin: boolean; key?: string; expires_at?: string | null }[];
  packages?: { name: string; description?: string; variables?: Record<string, string>; status?: PackageStatus; flow_type?: FlowType; outcome?: 'completed' | 'failed' }[];
  clusters?: { name: string; nodes?: number; type?: 'sandbox' | 'production' }[];
  /** `attributes`: the type's, as a made connection takes them (no secret; checked by seed-check.ts). */
  connections?: { name: string; type: string; attributes?: Record<string, unknown> }[];
  /** Either explicit invoices or a count of generated monthly ones (newest first). */
  invoices?: { id?: string; date: string; amount: number; currency?: string; status?: InvoiceStatus }[] | { generate: number };
  /**
   * Either explicit notifications of the account's first user, or a count of generated ones (job
   * and cluster news in turn, every fourth read): enough unread ones that a mark of all which
   * stops at a page of them leaves some unread.
   */
  notifications?: SeedNotification[] | { generate: number };
  /**
   * Delivery blueprints. `source` and `destination` name a connection of this seed by its name
   * (default: the account's first connection and its last), with optional `properties`.
   */
  deliveries?: { name: string; status?: DeliveryStatus; description?: string; interval_amount?: number; interval_unit?: DeliveryIntervalUnit; source?: SeedDeliveryEnd; destination?: SeedDeliveryEnd }[];
  /**
   * Interface A pipelines, made from a fixed valid definition with this name. `archivable` marks
   * the ones a conformance run may archive (the target document's `archivable_pipelines`).
   * `synced` ones were deployed a day before the seed, synced, and stopped at the seed (then
   * started again when also `deployed`): they carry a last sync time.
   */
  pipelines?: { name: string; deployed?: boolean; archivable?: boolean; synced?: boolean }[];
  /** The account's plan and card on file, as `PUT /payment_method` takes them (`billing_payment_token` a test token such as `tok_visa`). */
  billing?: { billing_payment_token?: string | null; plan_id?: string | null };
}

export interface SeedNotification {
  kind: string;
  message: string;
  read?: boolean;
}

export interface SeedDeliveryEnd {
  connection?: string;
  properties?: Record<string, unknown>;
}

/** A seeded cluster's size: what the seed says, the rest as the docs' size rule has it (clusters/size.ts). */
function seededSize(c: NonNullable<SeedAccount['clusters']>[number]): { nodes: number; type: 'sandbox' | 'production' } {
  const type = c.type ?? typeForNodes(c.nodes ?? 1);
  return { nodes: c.nodes ?? defaultNodes(type), type };
}

/** What a seed created: ids and secrets, as `--write-target` and the control API report them. */
export interface AccountManifest {
  account_id: string;
  numeric_id: number;
  users: { id: number; name: string; email: string; api_key: string }[];
  pipeline_keys: { id: number; name: string; admin: boolean; key: string }[];
  package_ids: number[];
  /** The active packages whose jobs fail (`outcome: failed`): the target document's failing_package_id. */
  failing_package_ids: number[];
  cluster_ids: number[];
  connections: { id: number; type: string; name: string }[];
  invoice_count: number;
  notification_ids: number[];
  delivery_ids: number[];
  pipelines: { id: number; name: string; deployed: boolean; archivable: boolean }[];
}

export function applySeed(sim: Sim, seed: SeedDocument): AccountManifest[] {
  return seed.accounts.map((account) => seedAccount(sim, account));
}

export function seedAccount(sim: Sim, seed: SeedAccount): AccountManifest {
  const { store, clock } = sim;
  const now = clock.now();
  const account = store.account(seed.slug) ?? store.createAccount(seed.slug, seed.name ?? seed.slug, now);
  const manifest: AccountManifest = {
    account_id: account.slug,
    numeric_id: account.id,
    users: [],
    pipeline_keys: [],
    package_ids: [],
    failing_package_ids: [],
    cluster_ids: [],
    connections: [],
    invoice_count: 0,
    notification_ids: [],
    delivery_ids: [],
    pipelines: [],
  };

  const usersOwn: { userId: number; generate: number }[] = [];
  for (const u of seed.users ?? []) {
    const user = addUser(sim, account, u);
    manifest.users.push({ id: user.id, name: user.name, email: user.email, api_key: user.apiKey });
    if (u.notifications) usersOwn.push({ userId: user.id, generate: u.notifications.generate });
  }
  const firstUser = [...account.users.values()][0];

  for (const k of seed.pipeline_keys ?? []) {
    const created = addPipelineKey(sim, account, k);
    manifest.pipeline_keys.push(created);
  }
  for (const p of seed.packages ?? []) {
    const id = store.nextId('package', account);
    account.packages.set(id, {
      id,
      name: p.name,
      description: p.description ?? '',
      variables: p.variables ?? {},
      ownerId: firstUser?.id ?? 0,
      status: p.status ?? 'active',
      flowType: p.flow_type ?? 'dataflow',
      outcome: p.outcome ?? 'completed',
      createdAt: now,
      updatedAt: now,
    });
    manifest.package_ids.push(id);
    if (p.outcome === 'failed' && (p.status ?? 'active') === 'active') manifest.failing_package_ids.push(id);
  }
  for (const c of seed.clusters ?? []) {
    const id = store.nextId('cluster', account);
    // Owned, like a seeded package, by the account's first user, who is its creator too.
    account.clusters.set(id, { id, name: c.name, ...seededSize(c), status: 'available', ...(firstUser ? { ownerId: firstUser.id } : {}), createdAt: now, updatedAt: now });
    manifest.cluster_ids.push(id);
  }
  for (const c of seed.connections ?? []) {
    const id = store.nextId('connection', account);
    const settings = c.attributes === undefined ? undefined : seededSettings(c.type, c.attributes).settings;
    account.connections.set(id, { id, name: c.name, type: c.type, connectionGroupId: null, ...(settings ? { settings } : {}), createdAt: now, updatedAt: now });
    manifest.connections.push({ id, type: c.type, name: c.name });
  }
  const invoices = seed.invoices;
  if (invoices && 'generate' in invoices) {
    for (let i = 0; i < invoices.generate; i++) addInvoice(sim, account, generatedInvoice(now, i));
  } else {
    for (const inv of invoices ?? []) addInvoice(sim, account, inv);
  }
  // Newest first, the order of the list endpoint.
  account.invoices.sort((x, y) => (x.date < y.date ? 1 : x.date > y.date ? -1 : x.id < y.id ? 1 : -1));
  manifest.invoice_count = account.invoices.length;

  const notifications = seed.notifications;
  const seeded = notifications && 'generate' in notifications ? Array.from({ length: notifications.generate }, (_, i) => generatedNotification(i)) : (notifications ?? []);
  for (const n of seeded) {
    if (!firstUser) break;
    const id = store.nextId('notification', account);
    account.notifications.set(id, { id, userId: firstUser.id, kind: n.kind, message: n.message, jobId: null, read: n.read ?? false, readAt: n.read ? now : null, createdAt: now });
    manifest.notification_ids.push(id);
  }
  // After the first user's, so theirs keep the ids they had; not in the manifest (see SeedAccount.users).
  for (const { userId, generate } of usersOwn) {
    for (let i = 0; i < generate; i++) {
      const n = generatedNotification(i);
      const id = store.nextId('notification', account);
      account.notifications.set(id, { id, userId, kind: n.kind, message: n.message, jobId: null, read: n.read ?? false, readAt: n.read ? now : null, createdAt: now });
    }
  }
  const connections = [...account.connections.values()];
  const end = (given: SeedDeliveryEnd | undefined, fallback: number | undefined): DeliveryEnd => ({
    connectionId: (given?.connection === undefined ? undefined : connections.find((c) => c.name === given.connection)?.id) ?? fallback ?? null,
    properties: given?.properties ?? {},
  });
  for (const d of seed.deliveries ?? []) {
    const id = store.nextId('delivery', account);
    account.deliveries.set(id, {
      id,
      name: d.name,
      status: d.status ?? 'enabled',
      createdAt: now,
      updatedAt: now,
      description: d.description ?? null,
      intervalAmount: d.interval_amount ?? 1,
      intervalUnit: d.interval_unit ?? 'days',
      source: end(d.source, connections[0]?.id),
      destination: end(d.destination, connections[connections.length - 1]?.id),
      ownerId: firstUser?.id ?? null,
    });
    manifest.delivery_ids.push(id);
  }
  for (const p of seed.pipelines ?? []) {
    const pipeline = seedPipeline(sim, account, p);
    manifest.pipelines.push({ id: pipeline.id, name: pipeline.name, deployed: p.deployed ?? false, archivable: p.archivable ?? false });
  }
  // Checked before anything was applied (seed-check.ts), so the parse cannot refuse it here.
  if (seed.billing) applyBillingChange(sim, account, parseBillingChange(seed.billing));
  return manifest;
}

export function addUser(sim: Sim, account: AccountState, u: NonNullable<SeedAccount['users']>[number]): User {
  const now = sim.clock.now();
  // The account's first user owns it, and is an admin; the others are members unless the seed says.
  const first = account.users.size === 0;
  const user = newUserRecord(sim, {
    name: u.name,
    email: u.email,
    apiKey: u.api_key ?? seededUserKey(sim, account.slug, u.email),
    role: first ? 'admin' : (u.role ?? 'member'),
    ...(u.time_zone !== undefined ? { time_zone: u.time_zone } : {}),
    ...(u.location !== undefined ? { location: u.location } : {}),
    confirmedAt: now,
    // Seeded users have logged in once, when they were made: the spec types last_login as a date-time.
    lastLogin: now,
  });
  account.users.set(user.id, user);
  if (first) account.ownerUserId = user.id;
  sim.store.indexUserKey(account.slug, user.id, user.apiKey);
  return user;
}

/** A seeded key, minted the same way as one made through the API. */
export function addPipelineKey(sim: Sim, account: AccountState, k: NonNullable<SeedAccount['pipeline_keys']>[number]): MintedPipelineKey {
  return mintPipelineKey(sim, account, k, (id) => seededPipelineKey(sim, account.slug, id));
}

function addInvoice(sim: Sim, account: AccountState, inv: { id?: string; date: string; amount: number; currency?: string; status?: InvoiceStatus }): void {
  const seq = sim.store.nextId('invoice', account);
  account.invoices.push({
    id: inv.id ?? `in_${String(seq).padStart(8, '0')}`,
    date: inv.date,
    amount: inv.amount,
    currency: inv.currency ?? 'USD',
    status: inv.status ?? 'successful',
  });
}

const INVOICE_STATUSES: InvoiceStatus[] = ['successful', 'successful', 'successful', 'pending', 'failed'];

/** The i-th monthly invoice counting back from `now`: deterministic amounts and statuses. */
function generatedInvoice(now: number, i: number): { date: string; amount: number; status: InvoiceStatus } {
  const d = new Date(now);
  const date = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1));
  const amount = Math.round((199 + ((i * 7919) % 4801)) * 100) / 100;
  return { date: isoDate(date.getTime()), amount, status: INVOICE_STATUSES[i % INVOICE_STATUSES.length] ?? 'successful' };
}

const JOB_NAMES = ['orders-daily', 'broken-export', 'crm-sync', 'ads-rollup', 'events-hourly'];
const CLUSTER_NAMES = ['prod-etl', 'sandbox-1', 'reporting'];

/** The i-th generated notification: job and cluster news in turn, every fourth (a cluster idling) read. */
function generatedNotification(i: number): SeedNotification {
  const job = JOB_NAMES[Math.floor(i / 4) % JOB_NAMES.length];
  const cluster = CLUSTER_NAMES[Math.floor(i / 4) % CLUSTER_NAMES.length];
  switch (i % 4) {
    case 0:
      return { kind: 'job.completed', message: `Job ${job} completed` };
    case 1:
      return { kind: 'job.failed', message: `Job ${job} failed` };
    case 2:
      return { kind: 'cluster.available', message: `Cluster ${cluster} is available` };
    default:
      return { kind: 'cluster.idled', message: `Cluster ${cluster} idled`, read: true };
  }
}
