import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { notFound } from '../../http/errors.ts';
import { connectionType } from './catalog.ts';
import type { Connection } from './types.ts';
import { inListOrder, type ListOrder, type ListSorts } from '../shared/list-order.ts';

export const NAME_MAX_LENGTH = 255;

/** The real service's sorts of the connection list. */
export const CONNECTION_SORTS: ListSorts<Connection, 'id' | 'name' | 'type' | 'updated'> = {
  keys: { created: (c) => c.createdAt, updated: (c) => c.updatedAt, id: (c) => c.id, name: (c) => c.name, type: (c) => c.type },
  updatedAt: (c) => c.updatedAt,
};

/**
 * The caller's connections of `types` (undefined: every type) in `order`; a list asked for no sort
 * and no direction is in the real service's default order: by name, descending (its API docs:
 * `sort` defaults to `name`, `direction` to `desc`), names compared without regard to case. One
 * sort either way.
 */
export function listConnections(account: AccountState, order: ListOrder<ConnectionSort>, types?: ReadonlySet<string>): readonly Connection[] {
  const all = [...account.connections.values()];
  const kept = types === undefined ? all : all.filter((c) => types.has(c.type));
  const byDefault = order.sort === null && order.direction === null;
  return inListOrder(kept, byDefault ? { sort: 'name', direction: 'desc', since: order.since } : order, CONNECTION_SORTS);
}

export type ConnectionSort = keyof typeof CONNECTION_SORTS.keys;

/**
 * One of the caller's connections addressed as `/{type}/{id}`: the type must be a known
 * connection type and the connection's own. Every miss is the same not-found, whatever its cause,
 * so nobody learns another account's ids or types.
 */
export function findTypedConnection(account: AccountState, type: string, id: number): Connection {
  const connection = ownConnectionOfType(account, type, id);
  if (!connectionType(type) || !connection) throw notFound();
  return connection;
}

/**
 * The caller's connection `id` when it is of `type`; undefined for an absent id, another
 * account's, or another type alike (what a body naming a connection by type and id resolves to).
 */
export function ownConnectionOfType(account: AccountState, type: string, id: number): Connection | undefined {
  const connection = account.connections.get(id);
  return connection && connection.type === type ? connection : undefined;
}

export function renameConnection(sim: Sim, connection: Connection, name: string): Connection {
  if (sim.faults.has('b-connection-rename-not-stored')) return { ...connection, name, updatedAt: sim.clock.now() };
  connection.name = name;
  connection.updatedAt = sim.clock.now();
  return connection;
}
