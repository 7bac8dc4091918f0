import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { ApiError, checkFailed, notFound } from '../../http/errors.ts';
import { HOST_ATTRIBUTES } from './attributes.ts';
import { connectionType, type ConnectionType } from './catalog.ts';
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
export function findTypedConnection(sim: Sim, account: AccountState, type: string, id: number): Connection {
  // b-unknown-connection-type-text: the connector lookup runs first and refuses a type it does not know in words of its own.
  if (sim.faults.has('b-unknown-connection-type-text') && !connectionType(type)) throw new ApiError('not_found', { message: `Unknown connection type: ${type}.` });
  // b-connection-type-case-500: the connection found under a case-insensitive collation, its
  // connector schema by the path's type as written: /connections/MySQL/{id} of a live mysql
  // connection looks up no schema and crashes on it (a 500).
  if (sim.faults.has('b-connection-type-case-500')) {
    const candidate = account.connections.get(id);
    if (!candidate || candidate.type.toLowerCase() !== type.toLowerCase()) throw notFound();
    if ((connectionType(type) as ConnectionType).groups.length === 0) throw notFound();
    return candidate;
  }
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

/**
 * `PUT /connections/{type}/{id}` (B-CONN-2): the new name, and the attributes given over the
 * stored ones (connections/input.ts, parseConnectionUpdate).
 */
export function updateConnection(sim: Sim, connection: Connection, update: { name: string; settings: Readonly<Record<string, string | number | boolean>> }): Connection {
  // A seeded connection has no settings until one is given.
  const settings = Object.keys(update.settings).length ? { settings: { ...connection.settings, ...update.settings } } : {};
  if (sim.faults.has('b-connection-rename-not-stored')) return { ...connection, name: update.name, ...settings, updatedAt: sim.clock.now() };
  // b-connection-rename-cut-to-64: the name column as a VARCHAR(64) in non-strict mode, which cuts a longer name without an error.
  const kept = sim.faults.has('b-connection-rename-cut-to-64') ? [...update.name].slice(0, 64).join('') : update.name;
  // b-connection-rename-path-separators-replaced: the name doubling as the connector's config directory, its path separators made safe.
  const name = sim.faults.has('b-connection-rename-path-separators-replaced') ? kept.replace(/[/\\]/g, '-') : kept;
  // b-rename-updated-at-db-local-time: the rename's raw SQL UPDATE sets updated_at = NOW() in a
  // database session in Asia/Tokyo (UTC+9 all year), read back as if UTC: nine hours ahead.
  const updatedAt = sim.clock.now() + (sim.faults.has('b-rename-updated-at-db-local-time') ? 9 * 3_600_000 : 0);
  Object.assign(connection, { name, ...settings, updatedAt });
  return connection;
}

/** `POST /connections/{type}`: a new connection of the caller's account, in no group. */
export function createConnection(sim: Sim, account: AccountState, type: string, input: { name: string; settings: Readonly<Record<string, string | number | boolean>> }): Connection {
  const now = sim.clock.now();
  const connection: Connection = { id: sim.store.nextId('connection', account), name: input.name, type, connectionGroupId: null, settings: { ...input.settings }, createdAt: now, updatedAt: now };
  // b-made-connection-group-id-unset: the insert leaves the group column out, so the row holds no value, not null.
  if (sim.faults.has('b-made-connection-group-id-unset')) Reflect.deleteProperty(connection, 'connectionGroupId');
  account.connections.set(connection.id, connection);
  return connection;
}

/**
 * `DELETE /connections/{type}/{id}`: the connection goes, and with it its place in its group;
 * what refers to it (a delivery's end) stays and shows it gone, as the docs warn ("invalidates
 * all items referencing it").
 */
export function deleteConnection(account: AccountState, connection: Connection): void {
  account.connections.delete(connection.id);
  const group = connection.connectionGroupId === null ? undefined : account.connectionGroups.get(connection.connectionGroupId);
  if (group) group.connectionIds = group.connectionIds.filter((id) => id !== connection.id);
}

/**
 * The real service's connection test (`POST /connections/{type}/{id}/test`, and `/test` on a new
 * one): true when it can connect. The simulator connects nowhere: a connection whose host is under
 * the reserved `.invalid` domain (RFC 2606), which never resolves, fails (422 naming the host's
 * attribute), so a client can try its failure path; every other one passes.
 */
export function testConnection(settings: Readonly<Record<string, unknown>> | undefined): true {
  for (const attribute of HOST_ATTRIBUTES) {
    const host = settings?.[attribute];
    if (typeof host === 'string' && isUnreachableHost(host)) throw checkFailed(attribute, `${host} could not be reached: the connection test failed`);
  }
  return true;
}

/** A host under the reserved `.invalid` domain (RFC 2606), which never resolves: what the simulator cannot reach. */
export function isUnreachableHost(host: string): boolean {
  return /\.invalid\.?$/i.test(host.trim());
}
