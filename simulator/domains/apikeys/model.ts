import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { ApiError } from '../../http/errors.ts';
import { mintPipelineKey } from './mint.ts';
import { denyListed } from './authenticate.ts';
import { apiKeyNotFound } from './errors.ts';
import type { NewPipelineKey, PipelineApiKey, PipelineKeyStatus } from './types.ts';
import { inFirstAccount, inOtherAccount } from '../shared/foreign.ts';
import { newestFirst } from '../shared/ordering.ts';

/**
 * Key management on interface A (gap A-GAP-4: the real service mints keys in its dashboard).
 * Only admin keys manage keys (A-AUTH-5); the full value exists once, in the create answer
 * (A-AUTH-3); revocation is final (A-AUTH-6).
 */

export function keyStatus(key: PipelineApiKey, now: number): PipelineKeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && key.expiresAt <= now) return 'expired';
  return 'active';
}

/** A-AUTH-5: every key-management operation, reads included, needs an admin key. */
export function requireAdmin(sim: Sim, caller: PipelineApiKey, account: AccountState): void {
  if (caller.admin || sim.faults.has('a-non-admin-key-management')) return;
  // a-admin-role-by-key-name: the role is read from the account's role table keyed by the key's name (the dashboard's label).
  if (sim.faults.has('a-admin-role-by-key-name') && [...account.pipelineKeys.values()].find((k) => k.name === caller.name && k.revokedAt === null)?.admin === true) return;
  // a-admin-rule-first-account-only: the role table read is the first account's; a key it does not list passes as the owner's.
  if (sim.faults.has('a-admin-rule-first-account-only') && account !== sim.store.firstAccount()) return;
  throw new ApiError('forbidden', { message: 'Forbidden: only admin keys may manage API keys.' });
}

/** The account's keys, newest first as every interface A list (gaps.md); revoked and expired ones stay listed. */
export function listKeys(account: AccountState): PipelineApiKey[] {
  return newestFirst(account.pipelineKeys.values());
}

/** Mints a key the one way the simulator has (the seed and the control API use the same function). */
export function createKey(sim: Sim, account: AccountState, input: NewPipelineKey): { record: PipelineApiKey; key: string } {
  // The fault: a double-submit guard answers the same create (name, admin, expiry) within 10 s
  // with the live key it made before, full value included, instead of a new key.
  if (sim.faults.has('a-key-double-submit-same-value')) {
    const expiresAt = input.expiresAt === null ? null : Date.parse(input.expiresAt);
    const same = [...account.pipelineKeys.values()].find((k) => k.leakedValue !== undefined && k.revokedAt === null && k.name === input.name && k.admin === input.admin && k.expiresAt === expiresAt && sim.clock.now() - k.createdAt < 10_000);
    if (same?.leakedValue !== undefined) return { record: same, key: same.leakedValue };
  }
  // a-key-name-varchar-64-500: the API takes names of up to 100 characters, but the key table's
  // name column stayed varchar(64) (the migration never followed): the insert fails unmapped.
  if (sim.faults.has('a-key-name-varchar-64-500') && input.name.length > 64) throw new Error('value too long for type character varying(64)');
  const created = mintPipelineKey(sim, account, { name: input.name, admin: input.admin, expires_at: input.expiresAt });
  const record = account.pipelineKeys.get(created.id);
  if (!record) throw new Error('a key just minted is missing from its account');
  // a-key-rotation-by-name-every-account: a new key under a name retires the active keys of that
  // name (the dashboard's "regenerate"), in every account where only the caller's was meant.
  if (sim.faults.has('a-key-rotation-by-name-every-account')) for (const other of sim.store.accounts.values()) if (other !== account) for (const k of other.pipelineKeys.values()) if (k.name === input.name && k.revokedAt === null) k.revokedAt = sim.clock.now();
  // The faults that leak the full value need it kept; without them nothing ever holds it.
  const keptInClear = sim.faults.has('a-key-readable-after-create') || sim.faults.has('a-revoke-answer-shows-key') || sim.faults.has('a-key-double-submit-same-value') || sim.faults.has('a-new-key-shown-until-first-use') || sim.faults.has('a-revoked-key-record-shows-value');
  if (keptInClear || (input.expiresAt !== null && sim.faults.has('a-expired-key-record-shows-value'))) record.leakedValue = created.key;
  return { record, key: created.key };
}

/**
 * The fault `a-made-key-delete-keeps-running`: keys made through POST /api-keys while it is on
 * (the dashboard's keys get a runtime service account bound; these get none). Filled only then.
 */
export const unboundToRuntime = new WeakSet<PipelineApiKey>();
/** a-api-made-keys-v2-only: keys made through POST of a key, which the gateway routes to /api/public/v2 only. */
export const routedToV2 = new WeakSet<PipelineApiKey>();

/** Looks only in the caller's account: another account's key is simply absent. */
export function findKey(sim: Sim, account: AccountState, id: number): PipelineApiKey {
  // a-key-lookup-any-account: the lookup by id forgets the account, as a global primary key would let it.
  // a-legacy-keys-fallback: keys made before accounts were split out stay in the first account's map, which every newer account falls back on.
  const record = account.pipelineKeys.get(id) ?? (sim.faults.has('a-legacy-keys-fallback') ? inFirstAccount(sim, account, (first) => first.pipelineKeys.get(id)) : undefined) ?? (sim.faults.has('a-key-lookup-any-account') ? inOtherAccount(sim, account, (other) => other.pipelineKeys.get(id)) : undefined);
  if (!record) throw apiKeyNotFound();
  return record;
}

/** Idempotent: revoking a revoked key keeps its first revocation time. */
export function revokeKey(sim: Sim, record: PipelineApiKey): PipelineApiKey {
  if (record.revokedAt !== null) return record;
  record.revokedAt = sim.clock.now();
  if (sim.faults.has('a-deny-list-one-key-per-account')) {
    // The edge's deny list keeps one key per account: this one replaces the account's last.
    const account = [...sim.store.accounts.values()].find((a) => a.pipelineKeys.get(record.id) === record);
    if (account) denyListed.set(account, record);
  }
  return record;
}

/**
 * Brings a revoked key back: what A-AUTH-6 forbids, so only the fault `a-revoked-key-reactivated`
 * reaches it (its `PATCH` route is served only while the fault is on).
 */
export function reactivateKey(record: PipelineApiKey): PipelineApiKey {
  record.revokedAt = null;
  return record;
}
