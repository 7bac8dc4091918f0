import type { Sim } from '../../context.ts';
import { accountOwner, type AccountState } from '../../store.ts';
import { ApiError, invalidField, notFound } from '../../http/errors.ts';
import { newUserApiKey } from './keys.ts';
import { avatarUrlFor } from './new-user.ts';
import { parsePublicKeyLine, PublicKeyError, type ParsedPublicKey } from './openssh.ts';
import type { SshKeyInput, UserPatch } from './input.ts';
import type { SshKey, User } from './types.ts';
import { newestFirst } from '../shared/ordering.ts';
import type { ListSorts } from '../shared/list-order.ts';

const MAX_KEY_NAME_FROM_COMMENT = 255;

/** The address whose Gravatar shows: the one set, else the user's email. */
export function gravatarEmailOf(user: User): string {
  return user.gravatarEmail ?? user.email;
}

/** b-user-settings-deep-merged: each object-valued setting sent merged into the one stored (lodash-merge style), so a key left out of it stays. */
function mergedSettings(stored: Record<string, unknown> | undefined, sent: Record<string, unknown>): Record<string, unknown> {
  const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const old = stored ?? {};
  return Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, isPlain(v) && isPlain(old[k]) ? { ...old[k], ...v } : v]));
}

/**
 * b-user-settings-keys-underscored: what a params layer made for camelCase clients does to a body
 * (Rails' deep_transform_keys(&:underscore)): every key at every depth renamed to snake_case,
 * the free-form settings' own keys included ("jobCompleted" becomes "job_completed").
 */
function underscoredKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(underscoredKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase(), underscoredKeys(v)]));
}

/** `PUT /user` (B-USER-1): applies a validated patch. Any field given moves `updated_at`. */
export function updateUser(sim: Sim, user: User, patch: UserPatch): User {
  if (Object.keys(patch).length === 0) return user;
  if (sim.faults.has('b-user-update-ignored')) return user;
  // b-user-name-astral-as-question-mark: users.name a MySQL utf8 (utf8mb3) column in a non-strict
  // store, which keeps each character beyond the Basic Multilingual Plane as '?'.
  if (patch.name !== undefined) user.name = sim.faults.has('b-user-name-astral-as-question-mark') ? patch.name.replace(/[\u{10000}-\u{10FFFF}]/gu, '?') : patch.name;
  if (patch.email !== undefined) user.email = patch.email;
  if (patch.time_zone !== undefined) user.time_zone = patch.time_zone;
  // b-user-location-truncated: a location column of 30 characters that cuts a longer one
  // silently (as a database does outside its strict mode).
  if (patch.location !== undefined) user.location = sim.faults.has('b-user-location-truncated') ? [...patch.location].slice(0, 30).join('') : patch.location;
  // b-user-text-html-escaped: an input sanitiser (for a dashboard that renders profile text unescaped) stores name and location HTML-escaped.
  if (sim.faults.has('b-user-text-html-escaped')) {
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    if (patch.name !== undefined) user.name = escaped(patch.name);
    if (patch.location !== undefined) user.location = escaped(user.location);
  }
  // b-user-blank-location-null: a store that nilifies blank text keeps a cleared location as null.
  if (sim.faults.has('b-user-blank-location-null') && patch.location === '') user.location = null as unknown as string;
  // A given object replaces the stored one: PUT semantics, and keys can be removed.
  // b-user-empty-settings-ignored: an empty object taken for "no settings sent", so {} clears nothing.
  if (patch.notification_settings !== undefined && sim.faults.has('b-user-settings-keys-underscored')) patch = { ...patch, notification_settings: underscoredKeys(patch.notification_settings) as Record<string, unknown> };
  if (patch.notification_settings !== undefined && !(sim.faults.has('b-user-empty-settings-ignored') && Object.keys(patch.notification_settings).length === 0)) {
    user.notification_settings = sim.faults.has('b-user-settings-deep-merged') ? mergedSettings(user.notification_settings, patch.notification_settings) : patch.notification_settings;
  }
  // b-user-settings-coerced-boolean: the settings kept as a map of flag columns, each value a boolean.
  if (sim.faults.has('b-user-settings-coerced-boolean') && patch.notification_settings !== undefined) user.notification_settings = Object.fromEntries(Object.entries(patch.notification_settings).map(([k, v]) => [k, Boolean(v)]));
  if (patch.receive_newsletter !== undefined) user.receiveNewsletter = patch.receive_newsletter;
  if (patch.gravatar_email !== undefined) {
    if (patch.gravatar_email === null) delete user.gravatarEmail;
    else user.gravatarEmail = patch.gravatar_email;
    // The picture is the Gravatar of that address.
    user.avatar_url = avatarUrlFor(gravatarEmailOf(user));
  }
  // b-user-update-db-west-local-time: NOW() on a database session in America/Los_Angeles (UTC-8 in winter), read back as UTC.
  user.updatedAt = sim.faults.has('b-user-update-db-west-local-time') ? sim.clock.now() - 8 * 3_600_000 : sim.clock.now();
  return user;
}

/**
 * `POST /user/tokens` (B-AUTH-2): a new key replaces the old one in the store's index before the
 * response is written. The old key fails on the very next request (standard), or once the
 * conventions' linger has passed on the simulator clock (alt: a gateway caching a key's grant).
 */
export function regenerateApiKey(sim: Sim, account: AccountState, user: User): User {
  // The fault: the key retired is the account owner's (its first user's), as code that looks the
  // account's key up by account rather than by caller would; for the owner itself that is right.
  const holder = sim.faults.has('b-token-regeneration-retires-owner-key') ? (accountOwner(account) ?? user) : user;
  const old = holder.apiKey;
  user.apiKey = newUserApiKey();
  const now = sim.clock.now();
  // b-key-retired-in-first-account-only: the key index is sharded by account and the retirement
  // goes to the default (first) shard, so in any other account the replaced key keeps working.
  const oldKept = sim.faults.has('b-old-key-valid-after-regeneration') || (sim.faults.has('b-key-retired-in-first-account-only') && account !== sim.store.firstAccount());
  const retiredAt = now + sim.conventions.b.replacedKeyLingerMs;
  // b-replaced-key-denied-for-an-hour: the replaced key goes on a revocation deny-list whose entries expire after an hour; its index row stays.
  if (!oldKept && sim.faults.has('b-replaced-key-denied-for-an-hour')) sim.store.denyUserKeyFor(old, retiredAt, retiredAt + 3_600_000);
  else if (!oldKept) sim.store.retireUserKey(old, retiredAt, now);
  sim.store.indexUserKey(account.slug, user.id, user.apiKey);
  user.updatedAt = sim.clock.now();
  return user;
}

/** `POST /user/keys` (B-KEY-1). The name defaults to the key line's comment. */
export function addSshKey(sim: Sim, account: AccountState, user: User, input: SshKeyInput): SshKey {
  let parsed: ParsedPublicKey;
  try {
    parsed = parsePublicKeyLine(input.publicKey, { trustLengths: sim.faults.has('b-ssh-key-blob-lengths-trusted'), oneWordComment: sim.faults.has('b-ssh-key-comment-one-word'), untrimmed: sim.faults.has('b-ssh-key-trailing-newline-refused'), lineFeedsChompedOnly: sim.faults.has('b-ssh-key-crlf-refused'), skEcdsaNoApplication: sim.faults.has('b-ssh-key-sk-ecdsa-refused') });
  } catch (err) {
    if (err instanceof PublicKeyError) throw invalidField('public_key', err.message);
    throw err;
  }
  // A name taken from the key's comment obeys the same limit as one given in the body.
  // b-ssh-key-name-file-safe: the name doubles as the key's label in a generated authorized_keys file, made file-safe.
  const fileSafe = sim.faults.has('b-ssh-key-name-file-safe') && typeof input.name === 'string' ? input.name.replace(/[^A-Za-z0-9._@-]/g, '_') : input.name;
  // b-ssh-key-name-cut-50: the name column a VARCHAR(50) of a non-strict store, a longer name kept cut.
  const given = sim.faults.has('b-ssh-key-name-cut-50') && typeof fileSafe === 'string' ? fileSafe.slice(0, 50) : fileSafe;
  const name = given ?? (parsed.comment === '' ? null : parsed.comment.slice(0, MAX_KEY_NAME_FROM_COMMENT));
  if (name === null) throw invalidField('name', 'is required when the key line has no comment');
  for (const key of account.sshKeys.values()) {
    if (key.userId === user.id && key.fingerprint === parsed.fingerprint) throw invalidField('public_key', 'is already registered for this user');
  }
  // b-ssh-key-deleted-still-registered: the unique (user, fingerprint) index of a store that
  // soft-deletes also holds the deleted rows.
  if (sim.faults.has('b-ssh-key-deleted-still-registered') && deletedFingerprints.get(account)?.has(`${user.id}:${parsed.fingerprint}`)) throw invalidField('public_key', 'is already registered for this user');
  const now = sim.clock.now();
  const key: SshKey = {
    id: sim.store.nextId('sshKey', account),
    // b-ssh-key-stored-under-owner: the insert takes the account's first user, not the caller.
    userId: sim.faults.has('b-ssh-key-stored-under-owner') ? (accountOwner(account)?.id ?? user.id) : user.id,
    name,
    fingerprint: parsed.fingerprint,
    comment: parsed.comment,
    algorithm: parsed.type,
    createdAt: now,
    updatedAt: now,
  };
  // b-ssh-key-fingerprint-taken-over: a fingerprint index unique across the service, and an
  // insert that meets it upserts: the key moves to the caller, out of any other account.
  if (sim.faults.has('b-ssh-key-fingerprint-taken-over')) {
    for (const other of sim.store.accounts.values()) {
      for (const k of [...other.sshKeys.values()]) if (k.fingerprint === key.fingerprint && k.userId !== user.id) other.sshKeys.delete(k.id);
    }
  }
  // b-ssh-key-same-name-replaced: a store with a unique (user, name) index that upserts on it.
  if (sim.faults.has('b-ssh-key-same-name-replaced')) {
    const sameName = [...account.sshKeys.values()].find((k) => k.userId === key.userId && k.name === key.name);
    if (sameName) {
      Object.assign(sameName, { fingerprint: key.fingerprint, comment: key.comment, algorithm: key.algorithm, updatedAt: now });
      return sameName;
    }
  }
  account.sshKeys.set(key.id, key);
  if (sim.faults.has('b-ssh-key-lost-on-email-change')) ownerLogin.set(key, user.email);
  if (sim.faults.has('b-ssh-key-filed-under-api-key')) addedWith.set(key, user.apiKey);
  return key;
}

/**
 * The real service's sorts of the SSH key list (its API docs: `created`, `updated`, `name`), whose
 * direction is `asc` unless asked: oldest first.
 */
export const SSH_KEY_SORTS: ListSorts<SshKey, 'name' | 'updated'> = {
  keys: { created: (k) => k.createdAt, updated: (k) => k.updatedAt, name: (k) => k.name },
  updatedAt: (k) => k.updatedAt,
  direction: 'asc',
};

/** The user's keys, oldest first (then lowest id first): the order `GET /user/keys` pages over unless asked another. */
export function sshKeysOldestFirst(account: AccountState, user: User): SshKey[] {
  return newestFirst([...account.sshKeys.values()].filter((k) => k.userId === user.id)).reverse();
}

/**
 * One of the caller's keys. Another user's key, another account's key and an absent id are all
 * the same not-found: only the caller's own account map is consulted.
 */
export function ownSshKey(sim: Sim, account: AccountState, user: User, id: number): SshKey {
  const key = account.sshKeys.get(id);
  // b-ssh-key-other-user-404-text: a key of another user of the account exists, so the refusal says why it is not the caller's, in a text of its own.
  if (sim.faults.has('b-ssh-key-other-user-404-text') && key && key.userId !== user.id) throw new ApiError('not_found', { message: `SSH key ${id} belongs to another user.` });
  // b-deleted-ssh-key-own-text: a deleted key's tombstone row (soft delete) is found, and the lookup says it was deleted, in a text of its own.
  if (sim.faults.has('b-deleted-ssh-key-own-text') && !key && deletedKeyIds.get(account)?.has(id)) throw new ApiError('not_found', { message: `SSH key ${id} has been deleted.` });
  if (!key || key.userId !== user.id) throw notFound();
  return key;
}

/** The ids of each account's deleted SSH keys: the tombstone rows a soft-deleting store keeps (b-deleted-ssh-key-own-text). */
const deletedKeyIds = new WeakMap<AccountState, Set<number>>();

/** The login (email) of each key's user when the key was made: what b-ssh-key-lost-on-email-change files keys under. */
const ownerLogin = new WeakMap<SshKey, string>();

/** The API key each key was added with (the audit row's actor): what b-ssh-key-filed-under-api-key files keys under. */
const addedWith = new WeakMap<SshKey, string>();

/** The (user, fingerprint) pairs of deleted keys: the rows a soft-deleting store keeps (b-ssh-key-deleted-still-registered). */
const deletedFingerprints = new WeakMap<AccountState, Set<string>>();

/** `GET /user/keys/{key_id}`. */
export function readSshKey(sim: Sim, account: AccountState, user: User, id: number): SshKey {
  const key = ownSshKey(sim, account, user, id);
  if (sim.faults.has('b-ssh-key-read-404')) throw notFound();
  // b-ssh-key-lost-on-email-change: keys filed under their user's login (the email) at creation,
  // as a key server's authorized_keys are, and looked up by the login the user has now.
  if (sim.faults.has('b-ssh-key-lost-on-email-change') && (ownerLogin.get(key) ?? user.email) !== user.email) throw notFound();
  // b-ssh-key-filed-under-api-key: keys filed under the API key that added them, and read back by the caller's current one.
  if (sim.faults.has('b-ssh-key-filed-under-api-key') && (addedWith.get(key) ?? user.apiKey) !== user.apiKey) throw notFound();
  return key;
}

/** `DELETE /user/keys/{key_id}`. */
/** Deletes the key and gives it back as it was, which the real service answers with (sections/delete-public-key.md). */
export function deleteSshKey(sim: Sim, account: AccountState, user: User, id: number): SshKey {
  const key = ownSshKey(sim, account, user, id);
  if (sim.faults.has('b-ssh-key-delete-drops-newer')) {
    // The user's key ring (oldest first), spliced at the key's position without a count.
    const ring = sshKeysOldestFirst(account, user);
    for (const dropped of ring.splice(ring.indexOf(key))) account.sshKeys.delete(dropped.id);
  } else account.sshKeys.delete(key.id);
  if (sim.faults.has('b-deleted-ssh-key-own-text')) deletedKeyIds.set(account, (deletedKeyIds.get(account) ?? new Set<number>()).add(key.id));
  if (!sim.faults.has('b-ssh-key-deleted-still-registered')) return key;
  const gone = deletedFingerprints.get(account) ?? new Set<string>();
  gone.add(`${key.userId}:${key.fingerprint}`);
  deletedFingerprints.set(account, gone);
  return key;
}
