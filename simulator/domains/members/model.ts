import type { Sim } from '../../context.ts';
import { accountOwner, type AccountState } from '../../store.ts';
import { ApiError, invalidField, notFound } from '../../http/errors.ts';
import { newUserApiKey } from '../users/keys.ts';
import { newUserRecord } from '../users/new-user.ts';
import type { MemberRole, User } from '../users/types.ts';
import { newestFirst } from '../shared/ordering.ts';
import type { ListSorts } from '../shared/list-order.ts';
import type { MemberInput } from './input.ts';

/**
 * The account's members (the real service's `/members`, sections/*-member.md of its API docs):
 * the users of the account, each with a role (`admin` or `member`), one of them the owner. The
 * docs fix what the owner may do alone (hand the ownership on); which role may manage members
 * they do not say: the simulator lets admins (the owner is one) do it and refuses members with
 * 403 (docs/interface-b.md). Plain rules, no HTTP.
 */

/** The owner's user id: the one ownership was handed to, else the account's first user. */
export function ownerIdOf(account: AccountState): number | undefined {
  return accountOwner(account)?.id;
}

/** Whether `user` is still a member of its account (a removed member keeps its record). */
export function isMember(user: User): boolean {
  return (user.removedAt ?? null) === null;
}

/** The user's role; a user from a state saved before roles were kept is an admin if the owner. */
export function roleOf(account: AccountState, user: User): MemberRole {
  return user.role ?? (user.id === ownerIdOf(account) ? 'admin' : 'member');
}

/** The account's members, newest first (the docs' default: sort created, direction desc). */
export function membersNewestFirst(account: AccountState): User[] {
  return newestFirst([...account.users.values()].filter(isMember));
}

/** The real service's sorts of the member list (its API docs: `updated`, `created`, `name`, `email`; `desc` unless asked). */
export const MEMBER_SORTS: ListSorts<User, 'updated' | 'name' | 'email'> = {
  keys: { created: (u) => u.createdAt, updated: (u) => u.updatedAt, name: (u) => u.name, email: (u) => u.email },
  updatedAt: (u) => u.updatedAt,
};

/** One member of the caller's account; a removed one, another account's and an absent id are the same not-found. */
export function readMember(account: AccountState, id: number): User {
  const user = account.users.get(id);
  if (!user || !isMember(user)) throw notFound();
  return user;
}

/** Adding, removing and re-roling members, and changing the account, is for admins (the owner is one). */
export function requireAdmin(account: AccountState, caller: User, action = 'manage members'): void {
  if (roleOf(account, caller) !== 'admin') throw new ApiError('forbidden', { message: `Forbidden: only account admins may ${action}.` });
}

/** Whether two addresses are the same, as people write them: in any case, spaces around ignored. */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * `POST /members`: gives the user of `email` access to the account with `role` (the docs' default
 * `member`). A user removed before comes back, same id (the real service keeps users); an address
 * nobody has is invited: a new user, named as given (else the address's local part), not yet
 * confirmed. An address that is already a member's is a 422 naming `email`.
 */
export function addMember(sim: Sim, account: AccountState, caller: User, input: MemberInput): User {
  requireAdmin(account, caller);
  const same = [...account.users.values()].filter((u) => sameAddress(u.email, input.email));
  if (same.some(isMember)) throw invalidField('email', 'is already a member of this account');
  let known = same[0];
  // b-member-invite-moves-user: one login per person, an address another account's user has
  // invites that user (the same record, its key indexed under this account from now on).
  if (sim.faults.has('b-member-invite-moves-user') && !known) {
    known = [...sim.store.accounts.values()].flatMap((a) => [...a.users.values()]).find((u) => sameAddress(u.email, input.email) && isMember(u));
    if (known) account.users.set(known.id, known);
  }
  const now = sim.clock.now();
  if (known) {
    known.removedAt = null;
    known.role = input.role;
    known.updatedAt = now;
    sim.store.indexUserKey(account.slug, known.id, known.apiKey);
    return known;
  }
  const user = newUserRecord(sim, {
    name: input.name ?? input.email.slice(0, input.email.lastIndexOf('@')),
    email: input.email,
    apiKey: newUserApiKey(),
    role: input.role,
    // An invitation was sent; the user confirms it outside the API.
    confirmedAt: null,
    lastLogin: null,
  });
  account.users.set(user.id, user);
  sim.store.indexUserKey(account.slug, user.id, user.apiKey);
  return user;
}

/**
 * `PUT /members/{id}` with `role`: `admin` or `member`, or `owner`, which only the owner may give
 * (the docs): the member becomes the owner (and an admin) and the old owner stays an admin. The
 * owner is always an admin, so its own role moves only by handing the ownership on.
 */
export function setMemberRole(sim: Sim, account: AccountState, caller: User, id: number, role: MemberRole | 'owner'): User {
  requireAdmin(account, caller);
  const member = readMember(account, id);
  const ownerId = ownerIdOf(account);
  if (role === 'owner') {
    if (caller.id !== ownerId) throw new ApiError('forbidden', { message: 'Forbidden: only the account owner may hand the ownership on.' });
    if (member.id === ownerId) return member;
    const now = sim.clock.now();
    if (ownerId !== undefined) {
      const old = account.users.get(ownerId);
      if (old) {
        old.role = 'admin';
        old.updatedAt = now;
      }
    }
    account.ownerUserId = member.id;
    member.role = 'admin';
    member.updatedAt = now;
    return member;
  }
  if (member.id === ownerId && role !== 'admin') throw invalidField('role', 'the account owner is always an admin: make another member the owner first');
  if (roleOf(account, member) !== role) {
    member.role = role;
    member.updatedAt = sim.clock.now();
  }
  return member;
}

/**
 * `DELETE /members/{id}`: ends the user's membership, not the user (the docs). Its key stops
 * authenticating at once and it watches nothing of the account any more; what it made stays. The
 * owner cannot be removed (422): the account would have none.
 */
export function removeMember(sim: Sim, account: AccountState, caller: User, id: number): User {
  requireAdmin(account, caller);
  const member = readMember(account, id);
  if (member.id === ownerIdOf(account)) throw invalidField('id', 'is the account owner, who cannot be removed: make another member the owner first');
  member.removedAt = sim.clock.now();
  sim.store.unindexUserKey(member.apiKey);
  for (const job of account.jobs.values()) job.watcherIds.delete(member.id);
  for (const cluster of account.clusters.values()) cluster.watcherIds?.delete(member.id);
  for (const schedule of account.schedules.values()) schedule.watcherIds?.delete(member.id);
  return member;
}
