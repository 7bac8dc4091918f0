import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { presentTime } from '../../http/time.ts';
import { connectionType, iconUrl, type ConnectionType } from './catalog.ts';
import { firstGroupOf, modifiedBy, type GroupView } from './groups.ts';
import type { Connection } from './types.ts';
import { attributesOf } from './attributes.ts';

export function presentConnectionType(type: ConnectionType): Record<string, unknown> {
  return { type: type.type, name: type.name, description: type.description, icon_url: iconUrl(type), groups: [...type.groups] };
}

/** Wire JSON of a connection (spec section 2, "as returned by update"). */
export function presentConnection(connection: Connection, links: Links, sim: Sim): Record<string, unknown> {
  const body: Record<string, unknown> = {
    // The type's attributes as given, else their defaults (attributes.ts); never a secret.
    ...shownAttributes(connection, sim),
    id: connection.id,
    name: connection.name,
    type: connection.type,
    unique_id: `${connection.type.toUpperCase()}_CONNECTION_${connection.id}`,
    connection_group_id: connection.connectionGroupId,
    created_at: presentTime(sim, connection.createdAt),
    updated_at: presentTime(sim, connection.updatedAt),
    url: `${links.api}/connections/${encodeURIComponent(connection.type)}/${connection.id}`,
  };
  // b-connection-group-id-omitted: an ungrouped connection leaves the field out instead of null.
  if (connection.connectionGroupId === null && sim.faults.has('b-connection-group-id-omitted')) delete body.connection_group_id;
  // b-warehouse-group-id-omitted: a warehouse connector's (analytical) schema has no group column, so the field is left out.
  if (sim.faults.has('b-warehouse-group-id-omitted') && connectionType(connection.type)?.groups.includes('analytical')) delete body.connection_group_id;
  return body;
}

/**
 * The connection as `PUT /connections/{type}/{id}` answers it. Under the fault
 * `b-update-answer-ungrouped`, an update answer put together from the columns the update touched,
 * which forgets the group: `connection_group_id` null for a connection in a group.
 */
export function presentUpdatedConnection(connection: Connection, links: Links, sim: Sim): Record<string, unknown> {
  const body = presentConnection(connection, links, sim);
  if (sim.faults.has('b-update-answer-ungrouped')) body.connection_group_id = null;
  // b-update-answer-first-group: the answer joins the first membership row, not the connection's group now.
  else if (connection.connectionGroupId !== null && sim.faults.has('b-update-answer-first-group')) body.connection_group_id = firstGroupOf.get(connection) ?? connection.connectionGroupId;
  return body;
}

function shownAttributes(connection: Connection, sim: Sim): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const spec of attributesOf(connection.type)) {
    if (spec.secret) continue;
    const value = connection.settings?.[spec.name] ?? spec.default;
    if (value !== undefined) shown[spec.name] = spec.kind === 'time' && typeof value === 'number' ? presentTime(sim, value) : value;
  }
  return shown;
}

/** Wire JSON of a connection group (spec section 2). */
export function presentGroup(view: GroupView, account: AccountState, sim: Sim): Record<string, unknown> {
  const { group, members } = view;
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    account_id: account.id,
    modified_by: modifiedBy(account, group),
    connections: members.map((c) => ({ id: c.id, name: c.name, type: c.type })),
    created_at: presentTime(sim, group.createdAt),
    updated_at: presentTime(sim, group.updatedAt),
  };
}
