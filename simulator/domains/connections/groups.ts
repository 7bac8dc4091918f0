import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { User } from '../users/types.ts';
import { invalidFields, notFound, type FieldProblem } from '../../http/errors.ts';
import { connectionType, isGroupable } from './catalog.ts';
import { inOtherAccount } from '../shared/foreign.ts';
import { ownConnectionOfType } from './model.ts';
import { roleOf } from '../members/model.ts';
import type { ConnectionRef, GroupInput } from './input.ts';
import type { Connection, ConnectionGroup } from './types.ts';

export interface GroupView {
  group: ConnectionGroup;
  members: Connection[];
}

/**
 * Creates a connection group and moves the referenced connections into it (a connection is in at
 * most one group: one already grouped leaves its old group). Every reference must name a
 * connection of the caller's account with that type, of a database or cloud-storage type;
 * otherwise nothing changes and the 422 names each bad reference.
 */
export function createGroup(sim: Sim, account: AccountState, user: User, input: GroupInput): GroupView {
  const problems: FieldProblem[] = [];
  const members: Connection[] = [];
  const lookIn = lookupAccount(sim, account);
  input.connections.forEach((ref, index) => {
    // b-group-skips-services-refs: the dashboard sends every selected connection, so references of
    // a type a group cannot hold are passed over, before any lookup of whose they are.
    if (sim.faults.has('b-group-skips-services-refs')) {
      const known = connectionType(ref.type);
      if (known && !isGroupable(known)) return;
    }
    const problem = refProblem(ref);
    if (problem) {
      problems.push({ field: `connections[${index}].type`, message: problem });
      return;
    }
    const connection = resolveRef(sim, lookIn, ref);
    // Absent and another account's connection get the same answer: nothing about other accounts leaks.
    if (!connection) problems.push({ field: `connections[${index}].id`, message: `names no ${ref.type} connection of this account` });
    else members.push(connection);
  });
  // Where bad references stop the write: before it, as the spec has it, or, under a fault, only
  // once the group is inserted (b-refused-group-inserted) or its own members moved into it too
  // (b-refused-group-moves-own): the answer is the same 422, the store is not.
  const refusedAfter = sim.faults.has('b-refused-group-moves-own') ? 'moves' : sim.faults.has('b-refused-group-inserted') ? 'insert' : 'nothing';
  if (problems.length && refusedAfter === 'nothing') throw invalidFields(problems);

  // b-group-name-unique-across-accounts: a unique index on connection_groups.name that leaves out the account.
  if (sim.faults.has('b-group-name-unique-across-accounts')) {
    for (const other of sim.store.accounts.values()) {
      for (const g of other.connectionGroups.values()) if (g.name === input.name) throw invalidFields([{ field: 'connection_group.name', message: 'has already been taken' }]);
    }
  }
  const now = sim.clock.now();
  // b-cg-same-name-reuses-group: a find-or-create by (account, name): a name the account has already
  // gives back that group, its description as it was, with the connections named moved into it.
  const sameName = sim.faults.has('b-cg-same-name-reuses-group') ? [...account.connectionGroups.values()].find((g) => g.name === input.name) : undefined;
  if (sameName && !problems.length) {
    for (const connection of members) if (connection.connectionGroupId !== sameName.id) assign(sim, account, connection, sameName, now);
    return { group: sameName, members: groupView(account, sameName).members };
  }
  const group: ConnectionGroup = {
    id: sim.store.nextId('connectionGroup', account),
    name: input.name,
    // b-cg-description-dropped: the insert leaves out description (a column added later), so the group keeps ''.
    description: sim.faults.has('b-cg-description-dropped') ? '' : input.description,
    connectionIds: [],
    modifiedByUserId: user.id,
    createdAt: now,
    updatedAt: now,
  };
  // b-cg-empty-group-not-kept: the insert is committed with the memberships: none to insert, it is rolled back.
  if (!(sim.faults.has('b-cg-empty-group-not-kept') && input.connections.length === 0)) account.connectionGroups.set(group.id, group);
  if (problems.length && refusedAfter === 'insert') throw invalidFields(problems);
  // b-group-members-not-assigned: the answer lists them, but nobody moved them.
  // b-cg-member-connections-not-assigned: moving connections is kept to admins by a check that skips the move instead of refusing it.
  const skipped = sim.faults.has('b-group-members-not-assigned') || (sim.faults.has('b-cg-member-connections-not-assigned') && roleOf(account, user) !== 'admin');
  if (!skipped) for (const connection of members) assign(sim, account, connection, group, now);
  if (problems.length) throw invalidFields(problems);
  return { group, members };
}

/** The slug of the first account that made a group on each simulator (b-group-connections-first-account). */
const firstGroupAccount = new WeakMap<Sim, string>();

/**
 * The account whose connections the references name: the caller's. Under
 * b-group-connections-first-account, a memo meant to save the lookup keeps the first account that
 * made a group, and every later group, whoever makes it, resolves its references there.
 */
function lookupAccount(sim: Sim, account: AccountState): AccountState {
  if (!sim.faults.has('b-group-connections-first-account')) return account;
  const slug = firstGroupAccount.get(sim) ?? account.slug;
  firstGroupAccount.set(sim, slug);
  return sim.store.account(slug) ?? account;
}

function refProblem(ref: ConnectionRef): string | null {
  const type = connectionType(ref.type);
  if (!type) return 'is not a known connection type';
  if (!isGroupable(type)) return 'must be a database or cloud storage connection type';
  return null;
}

function resolveRef(sim: Sim, account: AccountState, ref: ConnectionRef): Connection | undefined {
  const own = ownConnectionOfType(account, ref.type, ref.id);
  if (own) return own;
  // b-group-accepts-foreign-connection: another account's connection is taken as if it were ours.
  if (!sim.faults.has('b-group-accepts-foreign-connection')) return undefined;
  return inOtherAccount(sim, account, (other) => {
    const foreign = other.connections.get(ref.id);
    return foreign && foreign.type === ref.type ? foreign : undefined;
  });
}

function assign(sim: Sim, account: AccountState, connection: Connection, group: ConnectionGroup, now: number): void {
  const previous = connection.connectionGroupId === null ? undefined : account.connectionGroups.get(connection.connectionGroupId);
  if (previous && previous !== group) {
    previous.connectionIds = previous.connectionIds.filter((id) => id !== connection.id);
    previous.updatedAt = now;
  }
  connection.connectionGroupId = group.id;
  if (sim.faults.has('b-update-answer-first-group') && !firstGroupOf.has(connection)) firstGroupOf.set(connection, group.id);
  connection.updatedAt = now;
  group.connectionIds.push(connection.id);
}

/**
 * The group each connection first joined: the membership row the fault
 * b-update-answer-first-group has the update's answer join on (inserted once, never moved).
 * Written and read only under the fault.
 */
export const firstGroupOf = new WeakMap<Connection, number>();

/** The caller's groups, oldest first. */
export function listGroups(account: AccountState): ConnectionGroup[] {
  return [...account.connectionGroups.values()];
}

export function findGroup(sim: Sim, account: AccountState, id: number): GroupView {
  const group = account.connectionGroups.get(id);
  if (group) return groupView(account, group);
  // b-group-read-any-account: the lookup by primary key forgets the account: another's group is found and shown as its own account's.
  const foreign = sim.faults.has('b-group-read-any-account') ? inOtherAccount(sim, account, (other) => { const g = other.connectionGroups.get(id); return g ? { other, g } : undefined; }) : undefined;
  if (!foreign) throw notFound();
  return groupView(foreign.other, foreign.g);
}

/** A group with its member connections, in the order they joined. */
export function groupView(account: AccountState, group: ConnectionGroup): GroupView {
  const members: Connection[] = [];
  for (const id of group.connectionIds) {
    const connection = account.connections.get(id);
    if (connection) members.push(connection);
  }
  return { group, members };
}

/** Who last changed the group, as `modified_by` shows it. */
export function modifiedBy(account: AccountState, group: ConnectionGroup): { name: string; email: string } {
  const user = account.users.get(group.modifiedByUserId);
  return { name: user?.name ?? '', email: user?.email ?? '' };
}
