import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { ApiError } from '../../http/errors.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { pathId } from '../../http/path-id.ts';
import { findTypedConnection } from './model.ts';
import type { Connection } from './types.ts';
import { salesforceFields } from './salesforce.ts';
import { BING_API_VERSIONS, DEFAULT_REPORT_TYPE, bingAdsAccounts, bingAdsColumns, readApiVersion } from './bingads.ts';
import { booleanQuery, queryValue, requiredQueryValue } from '../../http/query.ts';

/**
 * b-metadata-api-made-connection-500: connections made through `POST /connections/{type}` whose
 * metadata fetch was never scheduled, so the cache has no entry for them and each read below
 * dereferences the missing entry (a TypeError: 500). Seeded connections are unaffected.
 */
export const withoutMetadataEntry = new WeakSet<Connection>();

/**
 * What the fault's handler does on reading the metadata cache's entry of `connection`: where the
 * API path never scheduled the fetch there is none, and reading its fields throws a TypeError (a
 * 500). The faultless simulator keeps no cache, so there is nothing to read.
 */
function readMetadataEntry(sim: Sim, connection: Connection): void {
  if (withoutMetadataEntry.has(connection)) throw new TypeError("Cannot read properties of undefined (reading 'fields')");
  // b-metadata-cache-keyed-by-name: the cache's key is the name the connection had when it was
  // first read, so after a rename the lookup under the new name finds nothing.
  if (!sim.faults.has('b-metadata-cache-keyed-by-name')) return;
  const fetchedAs = fetchedNames.get(connection) ?? connection.name;
  fetchedNames.set(connection, fetchedAs);
  if (fetchedAs !== connection.name) throw new TypeError("Cannot read properties of undefined (reading 'fields')");
}

/** Under b-metadata-cache-keyed-by-name: the name each connection's metadata was first read under. */
const fetchedNames = new WeakMap<Connection, string>();

/**
 * What a connector reads from its source for the package editor. Each answers only for a
 * connection of its own type in the caller's account; anything else is the not-found.
 * The simulator keeps no metadata cache, so `force_fetch` is validated and changes nothing
 * (except that Bing Ads then lists every account's campaigns, as the real service does).
 */
export function registerMetadataRoutes(router: BRouteTable, sim: Sim): void {
  router.get('/connections/:connection_id/salesforce/fields', (ctx) => {
    // b-metadata-other-type-own-text: the connector's own not-found for a connection of another type.
    const other = sim.faults.has('b-metadata-other-type-own-text') ? ctx.state.account.connections.get(pathId(ctx.params.connection_id)) : undefined;
    if (other && other.type !== 'salesforce') throw new ApiError('not_found', { message: `Connection ${other.id} is not a Salesforce connection.` });
    const connection = findTypedConnection(sim, ctx.state.account, 'salesforce', pathId(ctx.params.connection_id));
    readMetadataEntry(sim, connection);
    // Which parameter names the object is the deployment's (conventions.ts): the spec names none.
    const parameter = sim.conventions.b.salesforceObjectParameter;
    const objectName = requiredQueryValue(ctx, parameter);
    booleanQuery(ctx, 'force_fetch');
    const fields = salesforceFields(objectName, parameter);
    // b-salesforce-fields-other-objects-wrapped: objects other than Account go through the
    // metadata endpoint's lookup, which wraps them as its docs show.
    const wrapped = sim.faults.has('b-salesforce-fields-wrapped') || (objectName.toLowerCase() !== 'account' && sim.faults.has('b-salesforce-fields-other-objects-wrapped'));
    // b-salesforce-fields-custom-object-described: custom objects (Name__c) are described through
    // the Tooling API, whose answer carries the object's own describe around its fields.
    if (sim.faults.has('b-salesforce-fields-custom-object-described') && objectName.endsWith('__c')) {
      ctx.body = { name: objectName, custom: true, fields };
      return;
    }
    // b-salesforce-fields-sandbox-paged: a sandbox org is described through the sandbox host's
    // describe call, whose paged envelope is passed on as it came.
    if (sim.faults.has('b-salesforce-fields-sandbox-paged') && connection.settings?.environment === 'sandbox') {
      ctx.body = { done: true, totalSize: fields.length, records: fields };
      return;
    }
    ctx.body = wrapped ? { fields } : fields;
    secondRegionEnvelope(sim, ctx);
    cacheHitEntry(sim, ctx);
  });

  router.get('/connections/:connection_id/bingads/accounts', (ctx) => {
    const connection = findTypedConnection(sim, ctx.state.account, 'bingads', pathId(ctx.params.connection_id));
    readMetadataEntry(sim, connection);
    const version = readApiVersion(queryValue(ctx, 'api_version'));
    const campaignsOf = queryValue(ctx, 'accounts');
    // b-bingads-accounts-query-500: Bing Ads' 64-bit account ids read with BigInt before they
    // are checked, which throws on anything that is no integer (`abc`, `1.5`).
    if (campaignsOf !== undefined && sim.faults.has('b-bingads-accounts-query-500')) for (const part of campaignsOf.split(',')) BigInt(part.trim());
    const forceFetch = booleanQuery(ctx, 'force_fetch');
    const accounts = bingAdsAccounts(connection, { campaignsOf, forceFetch });
    // b-bingads-accounts-force-fetch-queued: fetching every account's campaigns again is slow, so
    // it goes to a background job, whose 202 and status are answered instead of the accounts.
    if (forceFetch && sim.faults.has('b-bingads-accounts-force-fetch-queued')) {
      ctx.status = 202;
      ctx.body = { status: 'fetching', accounts: accounts.length };
      return;
    }
    // b-bingads-accounts-old-version-envelope: an older API version's SOAP client, whose envelope is answered as it comes.
    const oldVersion = version !== BING_API_VERSIONS[BING_API_VERSIONS.length - 1] && sim.faults.has('b-bingads-accounts-old-version-envelope');
    // b-bingads-accounts-asked-keyed: the campaign loader's map of the accounts asked for, by id, answered as it comes.
    const keyed = campaignsOf !== undefined && sim.faults.has('b-bingads-accounts-asked-keyed');
    ctx.body = sim.faults.has('b-bingads-accounts-wrapped')
      ? { accounts }
      : oldVersion
        ? { AccountInfo: accounts }
        : keyed
          ? Object.fromEntries(accounts.filter((account) => account.campaigns).map((account) => [String(account.id), account]))
          : accounts;
    secondRegionEnvelope(sim, ctx);
    cacheHitEntry(sim, ctx);
  });

  router.get('/connections/:connection_id/bingads/columns', (ctx) => {
    readMetadataEntry(sim, findTypedConnection(sim, ctx.state.account, 'bingads', pathId(ctx.params.connection_id)));
    readApiVersion(queryValue(ctx, 'api_version'));
    const reportType = queryValue(ctx, 'report_type');
    const columns = bingAdsColumns(reportType);
    // b-bingads-columns-object: the columns come keyed by name instead of as an array;
    // b-bingads-columns-other-report-types-object: so do those of a report type asked for other than the default.
    const otherReport = reportType !== undefined && reportType !== DEFAULT_REPORT_TYPE;
    const keyed = sim.faults.has('b-bingads-columns-object') || (otherReport && sim.faults.has('b-bingads-columns-other-report-types-object'));
    ctx.body = keyed ? Object.fromEntries(columns.map((c) => [c.name, c])) : columns;
    secondRegionEnvelope(sim, ctx);
    cacheHitEntry(sim, ctx);
  });
}

/**
 * b-metadata-envelope-later-accounts: the accounts made after the first are served from a second
 * region, whose connector gateway passes on the connector service's envelope `{"data": [...]}`
 * instead of the array; the first account's reads stay arrays.
 */
function secondRegionEnvelope(sim: Sim, ctx: { state: { account: AccountState }; body: unknown }): void {
  if (sim.faults.has('b-metadata-envelope-later-accounts') && ctx.state.account !== sim.store.firstAccount()) ctx.body = { data: ctx.body };
}

/**
 * b-metadata-cache-hit-entry: each metadata answer is kept in the connector cache by account,
 * path and query; a read the cache holds already (without force_fetch, which fetches again)
 * answers the cache's entry as stored, `{"fetched_at": ..., "data": [...]}`, instead of the array.
 * Per simulator.
 */
function cacheHitEntry(sim: Sim, ctx: { state: { account: AccountState }; path: string; querystring: string; query: Record<string, unknown>; body: unknown }): void {
  if (!sim.faults.has('b-metadata-cache-hit-entry')) return;
  let held = metadataCache.get(sim);
  if (!held) metadataCache.set(sim, (held = new Map()));
  const key = `${ctx.state.account.slug} ${ctx.path}?${ctx.querystring}`;
  const fetchedAt = held.get(key);
  if (fetchedAt !== undefined && String(ctx.query.force_fetch ?? '').toLowerCase() !== 'true') {
    ctx.body = { fetched_at: new Date(fetchedAt).toISOString(), data: ctx.body };
    return;
  }
  held.set(key, sim.clock.now());
}

/** Under b-metadata-cache-hit-entry: when each metadata read (account, path, query) was first answered. */
const metadataCache = new WeakMap<Sim, Map<string, number>>();
