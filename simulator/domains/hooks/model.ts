import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import type { Sim } from '../../context.ts';
import { accountOwner, type AccountState } from '../../store.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { inOtherAccount, readOwn } from '../shared/foreign.ts';
import type { HookFields } from './input.ts';
import type { Hook } from './types.ts';
import { deliver } from './delivery.ts';
import { newestFirst } from '../shared/ordering.ts';
import type { ListSorts } from '../shared/list-order.ts';

/** A signing salt: 64 lowercase hex characters, as the real service issues. */
export function newSalt(): string {
  return randomBytes(32).toString('hex');
}

/** A new hook's settings as stored: as sent, but under a fault that rewrites the URL or a PagerDuty service's name. */
function storedSettings(sim: Sim, { type, settings }: Pick<HookFields, 'type' | 'settings'>): HookFields['settings'] {
  // b-hook-pagerduty-service-name-slugged: the name kept as the slug the integration looks the service up by.
  if (sim.faults.has('b-hook-pagerduty-service-name-slugged') && type === 'pagerduty' && typeof settings.service_name === 'string') return { ...settings, service_name: settings.service_name.toLowerCase().replace(/\s+/g, '-') };
  const url = settings.url;
  if (typeof url !== 'string') return settings;
  // b-hook-url-query-dropped: the URL normalised to its origin and path before it is stored.
  if (sim.faults.has('b-hook-url-query-dropped')) return { ...settings, url: url.split('?')[0] };
  // b-hook-url-lowercased: the URL lowercased whole for a duplicate-hook check, and that value saved.
  if (sim.faults.has('b-hook-url-lowercased')) return { ...settings, url: url.toLowerCase() };
  return settings;
}

/** `POST /hooks` (B-HOOK-1). */
export function createHook(sim: Sim, account: AccountState, fields: HookFields): Hook {
  const now = sim.clock.now();
  // b-hook-recreate-undeletes-old: a deleted hook's type and name "restore" its soft-deleted row, only active taken from the body.
  const undeleted = sim.faults.has('b-hook-recreate-undeletes-old') ? undeleteHook(account, fields) : undefined;
  if (undeleted) {
    undeleted.active = fields.active;
    undeleted.updatedAt = now;
    account.hooks.set(undeleted.id, undeleted);
    return undeleted;
  }
  // b-hook-name-unique-across-accounts: a unique index on the hooks' (type, name) that leaves out the account.
  if (sim.faults.has('b-hook-name-unique-across-accounts')) {
    for (const other of sim.store.accounts.values()) {
      if (other === account) continue;
      for (const h of other.hooks.values()) if (h.type === fields.type && h.name === fields.name) throw invalidField('name', 'has already been taken');
    }
  }
  const hook: Hook = {
    id: sim.store.nextId('hook', account),
    type: fields.type,
    // b-hook-name-ascii-only: a store that keeps names in a column of its own charset.
    // b-hook-name-cut-64: hooks.name a VARCHAR(64) in a non-strict store, a longer name cut silently.
    // b-hook-name-html-escaped: a hand-written sanitiser, against the dashboard's XSS, escapes &, < and > on the way in.
    name: sim.faults.has('b-hook-name-ascii-only')
      ? fields.name.replace(/[^\x20-\x7e]/g, '')
      : sim.faults.has('b-hook-name-cut-64')
        ? [...fields.name].slice(0, 64).join('')
        : sim.faults.has('b-hook-name-html-escaped')
          ? fields.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
          : fields.name,
    active: fields.active,
    settings: storedSettings(sim, fields),
    // b-hook-later-accounts-events-dropped: the events table migrated on the first account's shard only.
    events: sim.faults.has('b-hook-events-dropped') || (sim.faults.has('b-hook-later-accounts-events-dropped') && account !== sim.store.firstAccount()) ? [] : [...fields.events],
    salt: newSalt(),
    createdAt: now,
    updatedAt: now,
  };
  // b-hook-salt-shared-buffer: the salt bytes drawn into one preallocated buffer (no allocation
  // per create) that the hook keeps a view of until a reset gives it a salt of its own.
  if (sim.faults.has('b-hook-salt-shared-buffer')) viewSharedSalt(sim, hook);
  account.hooks.set(hook.id, hook);
  // b-hook-quota-retires-oldest: the plan's quota kept by retiring the oldest hook instead of refusing the new one.
  if (sim.faults.has('b-hook-quota-retires-oldest') && account.hooks.size > 50) {
    const [oldest] = account.hooks.keys();
    if (oldest !== undefined) account.hooks.delete(oldest);
  }
  if (sim.faults.has('b-hook-reset-reverts-update')) createdRows.set(hook, { ...hook, settings: { ...hook.settings }, events: [...hook.events] });
  return hook;
}

/** b-hook-salt-shared-buffer: each simulator's one salt buffer, made only while the fault is on. */
const sharedSaltBuffers = new WeakMap<Sim, Buffer>();

/** Draws a salt into the shared buffer and makes `hook.salt` read it (hex), until a salt is written. */
function viewSharedSalt(sim: Sim, hook: Hook): void {
  const buffer = sharedSaltBuffers.get(sim) ?? Buffer.alloc(32);
  sharedSaltBuffers.set(sim, buffer);
  randomFillSync(buffer);
  Object.defineProperty(hook, 'salt', {
    enumerable: true,
    configurable: true,
    get: () => buffer.toString('hex'),
    set: (salt: string) => Object.defineProperty(hook, 'salt', { value: salt, writable: true, enumerable: true, configurable: true }),
  });
}

/** b-hook-recreate-undeletes-old: each account's soft-deleted hooks, kept only while the fault is on. */
const softDeletedHooks = new WeakMap<AccountState, Hook[]>();

/** Takes the soft-deleted hook of `fields`' type and name out of the deleted rows, if there is one. */
function undeleteHook(account: AccountState, fields: HookFields): Hook | undefined {
  const rows = softDeletedHooks.get(account) ?? [];
  const row = rows.find((h) => h.type === fields.type && h.name === fields.name);
  if (row) rows.splice(rows.indexOf(row), 1);
  return row;
}

/**
 * Who made each hook through POST /hooks: the row's user_id that b-hook-reset-creator-scoped's
 * re-salt is scoped to. Written and read only under the fault.
 */
export const hookCreators = new WeakMap<Hook, number>();

/** Each hook as it was created: what b-hook-reset-reverts-update's write cache saves back on a reset. */
const createdRows = new WeakMap<Hook, Hook>();

/** The ids of each account's deleted hooks: the soft-deleted rows b-hook-reset-deleted-500's reset still finds. */
const deletedHookIds = new WeakMap<AccountState, Set<number>>();

/** Newest first (then highest id first): the order `GET /hooks` serves and pages over. */
/** The real service's sorts of the hook list. */
export const HOOK_SORTS: ListSorts<Hook, 'name' | 'updated'> = {
  keys: { created: (h) => h.createdAt, updated: (h) => h.updatedAt, name: (h) => h.name },
  updatedAt: (h) => h.updatedAt,
};

export function hooksNewestFirst(account: AccountState): Hook[] {
  return newestFirst(account.hooks.values());
}

/** The caller's hook; an absent id and another account's id are the same not-found. */
export function ownHook(account: AccountState, id: number): Hook {
  const hook = account.hooks.get(id);
  if (!hook) throw notFound();
  return hook;
}

/** `GET /hooks/{hook_id}`: `ownHook`, plus the one place the 403 fault may look elsewhere. */
export function readHook(sim: Sim, account: AccountState, id: number): Hook {
  // b-foreign-hook-readable: the lookup by id forgets the account, as a global primary key would let it.
  const hook = readOwn(sim, account, (holder) => holder.hooks.get(id)) ?? (sim.faults.has('b-foreign-hook-readable') ? inOtherAccount(sim, account, (other) => other.hooks.get(id)) : undefined);
  if (!hook) throw notFound();
  return hook;
}

/** `PUT /hooks/{hook_id}`: stores validated fields; any field given moves `updated_at`. */
export function updateHook(sim: Sim, hook: Hook, fields: HookFields, changed: boolean): Hook {
  if (!changed) return hook;
  hook.type = fields.type;
  hook.name = fields.name;
  hook.settings = fields.settings;
  hook.events = [...fields.events];
  hook.active = fields.active;
  hook.updatedAt = sim.clock.now();
  return hook;
}

/** Deletes the hook and gives it back as it was, which the real service answers with (sections/delete-hook.md). */
export function deleteHook(sim: Sim, account: AccountState, id: number): Hook {
  const hook = ownHook(account, id);
  account.hooks.delete(hook.id);
  if (sim.faults.has('b-hook-recreate-undeletes-old')) softDeletedHooks.set(account, [...(softDeletedHooks.get(account) ?? []), hook]);
  if (sim.faults.has('b-hook-reset-deleted-500')) deletedHookIds.set(account, (deletedHookIds.get(account) ?? new Set<number>()).add(hook.id));
  return hook;
}

/**
 * `PUT /hooks/{hook_id}/reset` (B-HOOK-2): a new salt and nothing else, so `updated_at` stays
 * too; the real service's docs say only that the salt is replaced.
 */
export function resetSalt(sim: Sim, account: AccountState, id: number, callerId: number): Hook {
  // b-hook-reset-deleted-500: the reset's lookup does not skip deleted rows, and finds one whose settings are gone.
  if (sim.faults.has('b-hook-reset-deleted-500') && deletedHookIds.get(account)?.has(id) && !account.hooks.has(id)) throw new TypeError("Cannot read properties of null (reading 'type')");
  const hook = ownHook(account, id);
  // b-hook-reset-owner-only-saved: the re-salt is written only in the account owner's session;
  // another user's reset is answered from a copy with a salt drawn and never written.
  if (sim.faults.has('b-hook-reset-owner-only-saved') && callerId !== accountOwner(account)?.id) return { ...hook, salt: newSalt() };
  // b-hook-reset-creator-scoped: the re-salt scoped to the caller's own hooks; another user's hook is answered from a copy.
  if (sim.faults.has('b-hook-reset-creator-scoped') && (hookCreators.get(hook) ?? callerId) !== callerId) return { ...hook, salt: newSalt() };
  // b-hook-reset-first-account-only-saved: the re-salt written on the first account's shard only; a later account's reset is answered from a copy.
  if (sim.faults.has('b-hook-reset-first-account-only-saved') && account !== sim.store.firstAccount()) return { ...hook, salt: newSalt() };
  // b-hook-salt-derived: a salt "regenerated" from what never changes, so every reset after the
  // first gives the same one again.
  const salt = sim.faults.has('b-hook-salt-derived') ? createHash('sha256').update(`${hook.id}:${String(hook.createdAt)}`).digest('hex') : newSalt();
  // b-hook-reset-salts-every-hook: the update loses its hook condition and salts the whole account.
  const salted = sim.faults.has('b-hook-reset-salts-every-hook') ? [...account.hooks.values()] : [hook];
  // b-hook-reset-some-types: the re-salt written only for the types that sign their deliveries
  // (web, and slack beside it); an email or PagerDuty hook keeps the salt it had.
  const resalts = (each: Hook) => !sim.faults.has('b-hook-reset-some-types') || each.type === 'web' || each.type === 'slack';
  for (const each of salted) if (resalts(each)) each.salt = salt;
  // b-hook-reset-reverts-update: the whole row saved back from the write cache filled at creation, with the new salt.
  const cached = createdRows.get(hook);
  if (sim.faults.has('b-hook-reset-reverts-update') && cached) Object.assign(hook, { ...cached, settings: { ...cached.settings }, events: [...cached.events] }, { salt: hook.salt });
  if (sim.faults.has('b-hook-reset-deactivates')) hook.active = false;
  // b-hook-reset-later-account-activates: past the first account the key store's client writes the row back without active, whose column default is true.
  if (sim.faults.has('b-hook-reset-later-account-activates') && account !== sim.store.firstAccount()) hook.active = true;
  // b-hook-member-reset-masks-settings: a member's reset saves back the member's view of the hook, its settings' values masked.
  if (sim.faults.has('b-hook-member-reset-masks-settings') && callerId !== accountOwner(account)?.id) hook.settings = maskedSettings(hook.settings);
  // b-hook-reset-trims-name: the re-salted hook saved through a path that tidies its name.
  if (sim.faults.has('b-hook-reset-trims-name')) hook.name = hook.name.trim();
  // b-hook-reset-name-bmp-only: the legacy update path's connection writes utf8mb3.
  if (sim.faults.has('b-hook-reset-name-bmp-only')) hook.name = hook.name.replace(/[\u{10000}-\u{10FFFF}]/gu, '?');
  return hook;
}

/** b-hook-member-reset-masks-settings: the member's view of a hook's settings, every string value but its last 4 characters masked. */
function maskedSettings(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, typeof value === 'string' && value.length > 4 ? `${'*'.repeat(8)}${value.slice(-4)}` : value]));
}

/**
 * `GET /hooks/{hook_id}/ping` (an extension of the real service: "fire test notification"): one
 * delivery of the event `ping` to the caller's hook, active or not (the caller asked for it), its
 * body `resource` (the hook as the API shows it, without its salt, which signs the delivery). The
 * delivery is logged as any other (the control API's webhook deliveries); returns the hook.
 */
export function pingHook(sim: Sim, account: AccountState, id: number, resource: (hook: Hook) => Record<string, unknown>): Hook {
  const hook = ownHook(account, id);
  deliver(sim, account, hook, 'ping', resource(hook));
  return hook;
}
