import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { notFound } from '../../http/errors.ts';
import { connectionType } from './catalog.ts';
import type { Connection } from './types.ts';
import { inListOrder, type ListSorts } from '../shared/list-order.ts';

export const NAME_MAX_LENGTH = 255;

/** The caller's connections, oldest first (ids grow with creation, and maps keep insertion order). */
/** The real service's sorts of the connection list. */
export const CONNECTION_SORTS: ListSorts<Connection, 'id' | 'name' | 'type' | 'updated'> = {
  keys: { created: (c) => c.createdAt, updated: (c) => c.updatedAt, id: (c) => c.id, name: (c) => c.name, type: (c) => c.type },
  updatedAt: (c) => c.updatedAt,
};

/**
 * The caller's connections in the real service's default order: by name, descending (its API
 * docs: `sort` defaults to `name`, `direction` to `desc`), names compared without regard to case.
 */
export function listConnections(account: AccountState): readonly Connection[] {
  return inListOrder([...account.connections.values()], { sort: 'name', direction: 'desc', since: null }, CONNECTION_SORTS);
}

/** One of the caller's connections by id, of any type. */
export function findConnection(account: AccountState, id: number): Connection {
  const connection = account.connections.get(id);
  if (!connection) throw notFound();
  return connection;
}

/**
 * One of the caller's connections addressed as `/{type}/{id}`: the type must be a known
 * connection type and the connection's own. Every miss is the same not-found, whatever its cause,
 * so nobody learns another account's ids or types.
 */
export function findTypedConnection(account: AccountState, type: string, id: number): Connection {
  const connection = findConnection(account, id);
  if (!connectionType(type) || connection.type !== type) throw notFound();
  return connection;
}

export function renameConnection(sim: Sim, connection: Connection, name: string): Connection {
  if (sim.faults.has('b-connection-rename-not-stored')) return { ...connection, name, updatedAt: sim.clock.now() };
  connection.name = name;
  connection.updatedAt = sim.clock.now();
  return connection;
}
