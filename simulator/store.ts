import { createHash, timingSafeEqual } from 'node:crypto';
import type { User, SshKey } from './domains/users/types.ts';
import type { Package } from './domains/packages/types.ts';
import type { Cluster } from './domains/clusters/types.ts';
import type { Job } from './domains/jobs/types.ts';
import type { Hook } from './domains/hooks/types.ts';
import type { Invoice } from './domains/invoices/types.ts';
import type { Connection, ConnectionGroup } from './domains/connections/types.ts';
import type { Delivery } from './domains/deliveries/types.ts';
import type { Notification } from './domains/notifications/types.ts';
import type { PipelineApiKey } from './domains/apikeys/types.ts';
import type { Pipeline } from './domains/pipelines/types.ts';
import type { Schedule } from './domains/schedules/types.ts';
import type { AccountProfile } from './domains/accounts/types.ts';
import type { AccountBilling } from './domains/billing/types.ts';
import { inCreationOrder } from './domains/shared/ordering.ts';

/**
 * Everything one account owns. The store is keyed by account first, so a handler that only
 * ever looks inside the caller's AccountState cannot leak or touch another account's data.
 */
export interface AccountState {
  id: number;
  /** The `{account_id}` path segment of interface B (a slug, as in the real service). */
  slug: string;
  name: string;
  /** The owner's user id (`PUT /members/{id}` with role owner moves it); absent: the first user. */
  ownerUserId?: number;
  /** When the account was made and last changed (ms); absent in a state saved before accounts were shown. */
  createdAt?: number;
  updatedAt?: number;
  /** The settings `PUT /accounts/{account_id}` changes beside the name; absent: the defaults (domains/accounts/profile.ts). */
  profile?: AccountProfile;
  /** The plan and the card on file (`PUT /payment_method`); absent: the trial plan, no card (domains/billing). */
  billing?: AccountBilling;
  users: Map<number, User>; // user id -> User (removed members too: User.removedAt)
  sshKeys: Map<number, SshKey>; // key id -> SshKey (owner in SshKey.userId)
  packages: Map<number, Package>; // package id -> Package
  clusters: Map<number, Cluster>; // cluster id -> Cluster
  jobs: Map<number, Job>; // job id -> Job
  hooks: Map<number, Hook>; // hook id -> Hook
  /** Invoices, newest first: the order the list endpoint serves and pages over. */
  invoices: Invoice[];
  connections: Map<number, Connection>; // connection id -> Connection
  connectionGroups: Map<number, ConnectionGroup>; // group id -> ConnectionGroup
  deliveries: Map<number, Delivery>; // delivery id -> Delivery
  notifications: Map<number, Notification>; // notification id -> Notification
  pipelineKeys: Map<number, PipelineApiKey>; // key id -> interface A key
  pipelines: Map<number, Pipeline>; // pipeline id -> Pipeline
  schedules: Map<number, Schedule>; // schedule id -> Schedule
}

/**
 * The account's owner: the user ownership was handed to, else its first user. The faults that
 * act for "the account's owner whoever calls" (a per-user rule that lost its user) take it here.
 */
export function accountOwner(account: AccountState): User | undefined {
  const id = account.ownerUserId ?? account.users.keys().next().value;
  return id === undefined ? undefined : account.users.get(id);
}

export type IdKind =
  | 'account'
  | 'user'
  | 'sshKey'
  | 'package'
  | 'cluster'
  | 'job'
  | 'hook'
  | 'invoice'
  | 'connection'
  | 'connectionGroup'
  | 'delivery'
  | 'notification'
  | 'pipelineKey'
  | 'pipeline'
  | 'schedule'
  | 'packageValidation';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

interface KeyOwner {
  slug: string;
  id: number; // user id (interface B) or key id (interface A)
  digest: string;
  /** `digest` as bytes, for the constant-time comparison. */
  digestBytes: Buffer;
  /** A replaced key that still authenticates until then (simulator time; the conventions' linger). */
  retiresAt?: number;
  /** A key refused from `from` until `until` only, and valid again after (the fault `b-replaced-key-denied-for-an-hour`'s deny-list). */
  denied?: { from: number; until: number };
}

/**
 * Whose sequence an owned record's id comes from: one per kind for the whole simulator (an id
 * names one record anywhere, the default), or one per kind and account, as a sharded deployment
 * may number them (account 2's package 7 and account 1's are two packages). `--id-numbering`.
 */
export type IdNumbering = 'simulator' | 'account';

/** Kinds the simulator numbers as a whole either way: accounts and the people in them. */
export type SimulatorIdKind = 'account' | 'user';
/** Kinds owned by one account: numbered per account under `numbering: 'account'`. */
export type AccountIdKind = Exclude<IdKind, SimulatorIdKind>;

/**
 * In-memory state of one simulator instance. By default ids come from one sequence per kind
 * shared by all accounts, so an id names at most one record in the whole simulator; numbered per
 * account, a client (or a checker) cannot take another account's id to name nothing of the
 * caller's.
 */
export class Store {
  readonly accounts = new Map<string, AccountState>(); // slug -> AccountState
  /** Sequence name (`package`, or `package@<account id>` when numbered per account) -> last id handed out. */
  private readonly sequences = new Map<string, number>();
  private readonly userKeys = new Map<string, KeyOwner>(); // SHA-256 of a B key -> owner
  private readonly pipelineKeys = new Map<string, KeyOwner>(); // SHA-256 of an A key -> owner

  /** `firstId`: the first id of every sequence; `numbering`: whose sequence an owned record's id comes from (both the conventions'). */
  constructor(
    private readonly firstId = 1,
    private readonly numbering: IdNumbering = 'simulator',
  ) {}

  /** The next id of `kind`: from the simulator's sequence, or, numbered per account, from `account`'s. */
  nextId(kind: SimulatorIdKind): number;
  nextId(kind: AccountIdKind, account: Pick<AccountState, 'id'>): number;
  nextId(kind: IdKind, account?: Pick<AccountState, 'id'>): number {
    const sequence = this.numbering === 'account' && account ? `${kind}@${account.id}` : kind;
    const next = (this.sequences.get(sequence) ?? this.carriedOver(kind, sequence) ?? this.firstId - 1) + 1;
    this.sequences.set(sequence, next);
    return next;
  }

  /**
   * Where a sequence not seen yet goes on from, in a state numbered the other way (a state file
   * or an import): an account's from the shared one, the shared one from the highest account's,
   * so no id is handed out twice within an account.
   */
  private carriedOver(kind: IdKind, sequence: string): number | undefined {
    if (sequence !== kind) return this.sequences.get(kind);
    let last: number | undefined;
    for (const [name, value] of this.sequences) if (name.startsWith(`${kind}@`)) last = Math.max(last ?? value, value);
    return last;
  }

  /** The id sequences, for persistence (last id handed out per sequence). */
  exportSequences(): [string, number][] {
    return [...this.sequences.entries()];
  }

  /**
   * Replaces the whole state with `accounts` and `sequences` (a restart from a state file, or an
   * import): the key indexes are rebuilt from the accounts' users and interface A key digests.
   */
  load(accounts: readonly AccountState[], sequences: readonly [string, number][]): void {
    this.reset();
    for (const [kind, last] of sequences) this.sequences.set(kind, last);
    for (const account of accounts) {
      putInCreationOrder(account);
      this.accounts.set(account.slug, account);
      // A user removed from the account's members keeps the record, not the access.
      for (const user of account.users.values()) if ((user.removedAt ?? null) === null) this.indexUserKey(account.slug, user.id, user.apiKey);
      for (const key of account.pipelineKeys.values()) this.indexPipelineKey(account.slug, key.id, key.digest);
    }
  }

  /** Empties everything, including id sequences. */
  reset(): void {
    this.accounts.clear();
    this.sequences.clear();
    this.userKeys.clear();
    this.pipelineKeys.clear();
  }

  createAccount(slug: string, name: string, now: number): AccountState {
    if (this.accounts.has(slug)) throw new Error(`account ${slug} exists`);
    const account: AccountState = {
      id: this.nextId('account'),
      slug,
      name,
      createdAt: now,
      updatedAt: now,
      users: new Map(),
      sshKeys: new Map(),
      packages: new Map(),
      clusters: new Map(),
      jobs: new Map(),
      hooks: new Map(),
      invoices: [],
      connections: new Map(),
      connectionGroups: new Map(),
      deliveries: new Map(),
      notifications: new Map(),
      pipelineKeys: new Map(),
      pipelines: new Map(),
      schedules: new Map(),
    };
    this.accounts.set(slug, account);
    return account;
  }

  account(slug: string): AccountState | undefined {
    return this.accounts.get(slug);
  }

  /** The account made first (the seed's first): the one the faults that single out "the first account" mean. */
  firstAccount(): AccountState | undefined {
    return this.accounts.values().next().value;
  }

  /** Makes a user's interface B key authenticate. */
  indexUserKey(slug: string, userId: number, key: string): void {
    const digest = sha256Hex(key);
    this.userKeys.set(digest, { slug, id: userId, digest, digestBytes: Buffer.from(digest, 'hex') });
  }

  unindexUserKey(key: string): void {
    this.userKeys.delete(sha256Hex(key));
  }

  /** A replaced key that keeps authenticating until `at` (simulator time), then is gone; at once when `at` is not later than now. */
  retireUserKey(key: string, at: number, now: number): void {
    const owner = this.userKeys.get(sha256Hex(key));
    if (!owner) return;
    if (at <= now) this.userKeys.delete(owner.digest);
    else owner.retiresAt = at;
  }

  /** A key refused from `from` to `until` (simulator time) and indexed still, so that it authenticates again after: a deny-list entry that expires. */
  denyUserKeyFor(key: string, from: number, until: number): void {
    const owner = this.userKeys.get(sha256Hex(key));
    if (owner) owner.denied = { from, until };
  }

  /**
   * Finds the owner of an interface B key. The lookup is by SHA-256 digest and the final
   * comparison is constant-time, so response timing reveals nothing about how close a guess was.
   */
  findUserKey(key: string, now: number): { account: AccountState; user: User } | null {
    return this.findUserKeyByDigest(sha256Hex(key), now);
  }

  /** `findUserKey` for a key already hashed with `sha256Hex`; `now` (simulator time) retires a replaced key whose time is up. */
  findUserKeyByDigest(digest: string, now: number): { account: AccountState; user: User } | null {
    const owner = findByDigest(this.userKeys, digest);
    if (!owner) return null;
    if (owner.denied !== undefined && now >= owner.denied.from && now < owner.denied.until) return null;
    if (owner.retiresAt !== undefined && now >= owner.retiresAt) {
      this.userKeys.delete(owner.digest);
      return null;
    }
    const account = this.accounts.get(owner.slug);
    const user = account?.users.get(owner.id);
    return account && user ? { account, user } : null;
  }

  indexPipelineKey(slug: string, keyId: number, digest: string): void {
    this.pipelineKeys.set(digest, { slug, id: keyId, digest, digestBytes: Buffer.from(digest, 'hex') });
  }

  findPipelineKey(key: string): { account: AccountState; key: PipelineApiKey } | null {
    const owner = findByDigest(this.pipelineKeys, sha256Hex(key));
    if (!owner) return null;
    const account = this.accounts.get(owner.slug);
    const record = account?.pipelineKeys.get(owner.id);
    return account && record ? { account, key: record } : null;
  }
}

function findByDigest(index: Map<string, KeyOwner>, digest: string): KeyOwner | null {
  const owner = index.get(digest);
  if (!owner) return null;
  const equal = timingSafeEqual(owner.digestBytes, Buffer.from(digest, 'hex'));
  return equal ? owner : null;
}

/**
 * Lists read a collection's Map order as its creation order (domains/shared/ordering.ts); a
 * restored or imported state may hold its records in any order, so every dated collection is
 * put back in that order once, when it is loaded.
 */
function putInCreationOrder(a: AccountState): void {
  a.users = inCreationOrder(a.users);
  a.sshKeys = inCreationOrder(a.sshKeys);
  a.packages = inCreationOrder(a.packages);
  a.clusters = inCreationOrder(a.clusters);
  a.jobs = inCreationOrder(a.jobs);
  a.hooks = inCreationOrder(a.hooks);
  a.connections = inCreationOrder(a.connections);
  a.connectionGroups = inCreationOrder(a.connectionGroups);
  a.deliveries = inCreationOrder(a.deliveries);
  a.notifications = inCreationOrder(a.notifications);
  a.pipelineKeys = inCreationOrder(a.pipelineKeys);
  a.pipelines = inCreationOrder(a.pipelines);
  a.schedules = inCreationOrder(a.schedules);
}
