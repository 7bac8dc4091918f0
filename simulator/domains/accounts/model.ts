import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { DEFAULT_REGION } from '../clusters/placement.ts';
import { runningJobsOfAccount } from '../jobs/unsettled.ts';
import { isMember, ownerIdOf, requireAdmin } from '../members/model.ts';
import type { ListSorts } from '../shared/list-order.ts';
import type { User } from '../users/types.ts';
import type { AccountPatch } from './input.ts';

/**
 * The caller's account as the real service's API docs give it outside the account path
 * (`GET /accounts`, `GET` and `PUT /accounts/{account_id}`, resources/account.md). A user belongs
 * to one simulated account, so the list holds the key's own; any other `account_id` is not found,
 * exactly as an absent one. Plain rules, no HTTP.
 */

/** The region the account's clusters run in unless asked otherwise (the docs: "account region setting"). */
export function regionOf(account: AccountState): string {
  return account.profile?.region ?? DEFAULT_REGION;
}

/** The account named `slug`, if it is the caller's; anything else is the one not-found. */
export function readOwnAccount(account: AccountState, slug: string): AccountState {
  if (slug !== account.slug) throw notFound();
  return account;
}

/** When the account was made: a seed's moment; for a state saved before accounts kept it, its first user's. */
export function accountCreatedAt(account: AccountState): number {
  return account.createdAt ?? account.users.values().next().value?.createdAt ?? 0;
}

export function accountUpdatedAt(account: AccountState): number {
  return account.updatedAt ?? accountCreatedAt(account);
}

/** The docs' sorts of the account list: `created` (the default), `updated`, `id`, `name`; `desc` unless asked. */
export const ACCOUNT_SORTS: ListSorts<AccountState, 'updated' | 'id' | 'name'> = {
  keys: { created: accountCreatedAt, updated: accountUpdatedAt, id: (a) => a.id, name: (a) => a.name },
  updatedAt: accountUpdatedAt,
};

/**
 * What the account holds, as the docs' `*_count` fields: members (removed ones not), packages not
 * archived, every job and the jobs started and not ended, schedules, connections, hooks, deliveries.
 */
export function accountCounts(account: AccountState): Record<string, number> {
  let members = 0;
  for (const user of account.users.values()) if (isMember(user)) members++;
  let packages = 0;
  for (const pkg of account.packages.values()) if (pkg.status !== 'archived') packages++;
  return {
    schedules_count: account.schedules.size,
    connections_count: account.connections.size,
    members_count: members,
    packages_count: packages,
    jobs_count: account.jobs.size,
    running_jobs_count: runningJobsOfAccount(account),
    deliveries_count: account.deliveries.size,
    hooks_count: account.hooks.size,
  };
}

/** The owner's address: where the account's billing and avatar addresses point until they are set. */
export function ownerEmailOf(account: AccountState): string | null {
  const ownerId = ownerIdOf(account);
  return (ownerId === undefined ? undefined : account.users.get(ownerId)?.email) ?? null;
}

/**
 * `PUT /accounts/{account_id}`: the docs' fields, for admins (the docs give `updateAccountInfo` to
 * admins only). A new `account_id` would move every path of the account: the real service allows
 * it, the simulator does not (422 naming it; README, what the simulator does not model).
 */
export function updateAccount(sim: Sim, account: AccountState, caller: User, patch: AccountPatch): AccountState {
  requireAdmin(account, caller, 'update the account');
  if (patch.account_id !== undefined && patch.account_id !== account.slug) {
    throw invalidField('account_id', 'cannot change in the simulator: an account keeps the identifier it was seeded with');
  }
  const profile = { ...account.profile };
  if (patch.region !== undefined) profile.region = patch.region;
  if (patch.location !== undefined) profile.location = patch.location;
  if (patch.billing_email !== undefined) profile.billingEmail = patch.billing_email;
  if (patch.gravatar_email !== undefined) profile.gravatarEmail = patch.gravatar_email;
  account.profile = profile;
  if (patch.name !== undefined) account.name = patch.name;
  account.updatedAt = sim.clock.now();
  return account;
}
