import { accountOwner } from '../../store.ts';
import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { readListOrder, readNames } from '../../http/list-query.ts';
import { pathId } from '../../http/path-id.ts';
import { CONNECTION_TYPE_NAMES, CONNECTION_TYPES, connectionType } from './catalog.ts';
import { notFound } from '../../http/errors.ts';
import { expectNoBody } from '../../http/body.ts';
import { withoutMetadataEntry } from './metadata-routes.ts';
import { CONNECTION_SORTS, createConnection, deleteConnection, findTypedConnection, listConnections, testConnection, updateConnection } from './model.ts';
import { parseConnectionUpdate, parseNewConnection } from './input.ts';
import { presentConnection, presentConnectionType, presentUpdatedConnection } from './present.ts';
import { registerGroupRoutes } from './group-routes.ts';
import { registerMetadataRoutes } from './metadata-routes.ts';
import { registerDocsMetadataRoutes } from './docs-metadata-routes.ts';
import { answerTrue, registerSourceRoutes } from './source-routes.ts';

/** Under b-connection-rename-answer-cached: the first answer of each rename path, per simulator. */
const renameAnswers = new WeakMap<Sim, Map<string, Record<string, unknown>>>();

/** A connection type of the catalog, or the 404 of an unknown path. */
function knownType(type: string | undefined): string {
  if (type === undefined || !connectionType(type)) throw notFound();
  return type;
}

/** Connections, connection types, connection groups, the connectors' metadata reads and the reads of their sources. */
export function registerConnectionRoutes(router: BRouteTable, sim: Sim): void {
  registerSourceRoutes(router, sim);
  // The catalog is static and depends on nothing in the request: it is serialised once and
  // served as bytes (the 4 KB stringify was the largest cost of this read).
  const typesJson = Buffer.from(JSON.stringify(CONNECTION_TYPES.map(presentConnectionType)));
  // b-connection-types-first-page-only: a default page size (20) applied to this unpaged list.
  const firstTypesJson = Buffer.from(JSON.stringify(CONNECTION_TYPES.slice(0, 20).map(presentConnectionType)));
  router.get('/connections/types', (ctx) => {
    // b-connection-types-wrapped-for-later-accounts: a new answer shape rolled out to the accounts
    // made after the first (a feature flag by account), the first keeping the array.
    const laterAccount = ctx.state.account !== sim.store.firstAccount();
    if (sim.faults.has('b-connection-types-wrapped') || (laterAccount && sim.faults.has('b-connection-types-wrapped-for-later-accounts'))) {
      // The fault: the array comes wrapped in an object.
      ctx.body = { types: CONNECTION_TYPES.map(presentConnectionType) };
      return;
    }
    ctx.type = 'application/json';
    // b-connection-types-empty-for-later-accounts: the enabled-connector table was seeded for the first account only.
    // b-connection-types-empty-for-members: a member is answered the types enabled for members, a table empty until an admin fills it.
    const member = ctx.state.user.id !== accountOwner(ctx.state.account)?.id;
    if ((laterAccount && sim.faults.has('b-connection-types-empty-for-later-accounts')) || (member && sim.faults.has('b-connection-types-empty-for-members'))) ctx.body = Buffer.from('[]');
    // b-connection-types-omits-warehouses: served from the connector picker's list, written before the analytical group.
    // b-connection-types-later-accounts-without-warehouses: a later account's shard serves a copy of the catalog cached before the analytical group.
    // b-connection-types-members-without-warehouses: a member is answered the types members may set up, a warehouse's being an admin's.
    else if (sim.faults.has('b-connection-types-omits-warehouses') || (laterAccount && sim.faults.has('b-connection-types-later-accounts-without-warehouses')) || (member && sim.faults.has('b-connection-types-members-without-warehouses'))) ctx.body = CONNECTION_TYPES.filter((type) => !type.groups.includes('analytical')).map(presentConnectionType);
    // b-connection-types-in-use-only: SELECT DISTINCT type FROM the account's connections, not the catalog.
    else if (sim.faults.has('b-connection-types-in-use-only')) {
      const inUse = new Set([...ctx.state.account.connections.values()].map((c) => c.type));
      ctx.body = CONNECTION_TYPES.filter((type) => inUse.has(type.type)).map(presentConnectionType);
    } else ctx.body = sim.faults.has('b-connection-types-first-page-only') ? firstTypesJson : typesJson;
  });

  // Extension (docs/interface-b.md): the caller's connections, by name descending, paged like
  // invoices; type (names joined with commas, or all), sort (id, name, type, updated, created),
  // direction and since as the real service's.
  router.get('/connections', (ctx) => {
    const { account, links } = ctx.state;
    const order = readListOrder(sim, ctx, CONNECTION_SORTS);
    const types = readNames(ctx, 'type', CONNECTION_TYPE_NAMES);
    const page = readPage(sim, ctx);
    ctx.body = pageOf(sim, ctx, listConnections(account, order, types), page).map((c) => presentConnection(c, links, sim));
  });

  // Extension: read one connection, addressed like the update.
  router.get('/connections/:connection_type/:connection_id', (ctx) => {
    const { account, links } = ctx.state;
    const connection = findTypedConnection(sim, account, ctx.params.connection_type ?? '', pathId(ctx.params.connection_id));
    ctx.body = presentConnection(connection, links, sim);
  });

  router.put('/connections/:connection_type/:connection_id', async (ctx) => {
    const { account, links } = ctx.state;
    // Found first: a missing or foreign connection is a 404 whatever the body says.
    const connection = findTypedConnection(sim, account, ctx.params.connection_type ?? '', pathId(ctx.params.connection_id));
    // b-connection-rename-latin1-without-charset: the connectors' controller takes a body labelled
    // without a charset for ISO-8859-1, HTTP/1.1's old default for text.
    if (sim.faults.has('b-connection-rename-latin1-without-charset')) ctx.state.latin1WithoutCharset = true;
    const update = parseConnectionUpdate(connection.type, await readJsonObject(ctx, sim.options.bodyLimitBytes));
    // b-rename-by-type-and-name-service-wide: the rename is pushed to a connector registry that
    // addresses connections by type and name across the service, so every account's of that pair follows.
    if (sim.faults.has('b-rename-by-type-and-name-service-wide')) {
      for (const other of sim.store.accounts.values()) {
        if (other === account) continue;
        for (const c of other.connections.values()) if (c.type === connection.type && c.name === connection.name) updateConnection(sim, c, { name: update.name, settings: {} });
      }
    }
    // b-rename-same-name-204: a save with nothing dirty (the name it has already) writes nothing and answers nothing.
    if (sim.faults.has('b-rename-same-name-204') && update.name === connection.name && Object.keys(update.settings ?? {}).length === 0) {
      ctx.status = 204;
      return;
    }
    // b-conn-rename-owner-only-saved: the rename is written through the account owner's connector
    // credentials; another user's is applied to a copy, answered and never stored.
    const saved = sim.faults.has('b-conn-rename-owner-only-saved') && ctx.state.user.id !== accountOwner(account)?.id ? structuredClone(connection) : connection;
    const answer = presentUpdatedConnection(updateConnection(sim, saved, update), links, sim);
    // b-update-answer-later-accounts-nulls-dropped: a later account's rename is answered by a serializer that drops nulls.
    if (answer.connection_group_id === null && account !== sim.store.firstAccount() && sim.faults.has('b-update-answer-later-accounts-nulls-dropped')) delete answer.connection_group_id;
    // b-connection-rename-answer-cached: the answer comes from a response cache keyed by the path, filled at the first rename.
    if (sim.faults.has('b-connection-rename-answer-cached')) {
      let cached = renameAnswers.get(sim);
      if (!cached) renameAnswers.set(sim, (cached = new Map()));
      if (!cached.has(ctx.path)) cached.set(ctx.path, answer);
      ctx.body = cached.get(ctx.path);
      return;
    }
    ctx.body = answer;
  });

  // Extensions (docs/interface-b.md): the real service's connection writes and tests. A type the
  // simulator does not know is a 404, as an unknown path.
  router.post('/connections/:connection_type', async (ctx) => {
    const { account, links } = ctx.state;
    const type = knownType(ctx.params.connection_type);
    const input = parseNewConnection(type, await readJsonObject(ctx, sim.options.bodyLimitBytes));
    ctx.status = sim.conventions.b.createdStatus;
    const made = createConnection(sim, account, type, input);
    // b-metadata-api-made-connection-500: the API way never schedules the new connection's metadata fetch.
    if (sim.faults.has('b-metadata-api-made-connection-500')) withoutMetadataEntry.add(made);
    ctx.body = presentConnection(made, links, sim);
  });

  // A new connection's test, before it is made: the same checks as making it, nothing kept.
  router.post('/connections/:connection_type/test', async (ctx) => {
    const type = knownType(ctx.params.connection_type);
    const input = parseNewConnection(type, await readJsonObject(ctx, sim.options.bodyLimitBytes));
    answerTrue(ctx, testConnection(input.settings));
  });

  router.post('/connections/:connection_type/:connection_id/test', async (ctx) => {
    const connection = findTypedConnection(sim, ctx.state.account, ctx.params.connection_type ?? '', pathId(ctx.params.connection_id));
    await expectNoBody(ctx, sim.options.bodyLimitBytes);
    answerTrue(ctx, testConnection(connection.settings));
  });

  // The docs answer the connection deleted, as it was.
  router.delete('/connections/:connection_type/:connection_id', (ctx) => {
    const { account, links } = ctx.state;
    const connection = findTypedConnection(sim, account, ctx.params.connection_type ?? '', pathId(ctx.params.connection_id));
    const before = presentConnection(connection, links, sim);
    deleteConnection(account, connection);
    ctx.body = before;
  });

  registerGroupRoutes(router, sim);
  registerMetadataRoutes(router, sim);
  registerDocsMetadataRoutes(router, sim);
}
