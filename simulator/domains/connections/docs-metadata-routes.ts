import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { invalidField } from '../../http/errors.ts';
import { pathId } from '../../http/path-id.ts';
import { findTypedConnection } from './model.ts';
import { salesforceFields, salesforceObjects } from './salesforce.ts';
import { bingAdsAccounts, bingAdsColumns, readApiVersion } from './bingads.ts';
import { readMetadataParams } from './metadata-params.ts';
import { docsBingAdsAccount, docsBingAdsColumns } from './docs-metadata.ts';
import { adWordsCustomers, analyticsAccounts } from './google-metadata.ts';
import { facebookAdAccounts, facebookInsightsFields, readGraphApiVersion } from './facebook-metadata.ts';

/**
 * Extensions (docs/interface-b.md): the connector metadata reads at the real service's own paths,
 * `/connections/metadata/{connector}/{connection_id}/...`, in the shapes its API docs show, beside
 * the spec's `/connections/{id}/{connector}/...` (metadata-routes.ts), which answer bare arrays;
 * and four the spec does not list, Google AdWords' customers, Google Analytics' accounts and
 * Facebook Ads Insights' accounts and fields.
 * Parameters come as the docs send them (a JSON body on the GET) or as query parameters
 * (metadata-params.ts). Each answers only for a connection of its own type in the caller's
 * account; anything else is the not-found.
 */
export function registerDocsMetadataRoutes(router: BRouteTable, sim: Sim): void {
  const limit = sim.options.bodyLimitBytes;

  router.get('/connections/metadata/salesforce/:connection_id/objects', async (ctx) => {
    findTypedConnection(sim, ctx.state.account, 'salesforce', pathId(ctx.params.connection_id));
    (await readMetadataParams(ctx, limit)).flag('force_fetch');
    ctx.body = { entities: salesforceObjects() };
  });

  router.get('/connections/metadata/salesforce/:connection_id/fields', async (ctx) => {
    findTypedConnection(sim, ctx.state.account, 'salesforce', pathId(ctx.params.connection_id));
    const params = await readMetadataParams(ctx, limit);
    const objectName = params.text('object_name');
    if (objectName === undefined || objectName === '') throw invalidField('object_name', 'is required');
    params.flag('force_fetch');
    ctx.body = { fields: salesforceFields(objectName) };
  });

  router.get('/connections/metadata/bingads/:connection_id/accounts', async (ctx) => {
    const connection = findTypedConnection(sim, ctx.state.account, 'bingads', pathId(ctx.params.connection_id));
    const params = await readMetadataParams(ctx, limit);
    readDocsApiVersion(params.text('api_version'));
    const accounts = bingAdsAccounts(connection, { campaignsOf: params.list('accounts'), forceFetch: params.flag('force_fetch') });
    ctx.body = accounts.map(docsBingAdsAccount);
  });

  router.get('/connections/metadata/bingads/:connection_id/columns', async (ctx) => {
    findTypedConnection(sim, ctx.state.account, 'bingads', pathId(ctx.params.connection_id));
    const params = await readMetadataParams(ctx, limit);
    readDocsApiVersion(params.text('api_version'));
    params.flag('force_fetch');
    ctx.body = docsBingAdsColumns(bingAdsColumns(params.text('report_type')));
  });

  router.get('/connections/metadata/adwords/:connection_id/customers', async (ctx) => {
    const connection = findTypedConnection(sim, ctx.state.account, 'adwords', pathId(ctx.params.connection_id));
    (await readMetadataParams(ctx, limit)).flag('force_fetch');
    ctx.body = adWordsCustomers(connection);
  });

  router.get('/connections/metadata/analytics/:connection_id/accounts', async (ctx) => {
    const connection = findTypedConnection(sim, ctx.state.account, 'analytics', pathId(ctx.params.connection_id));
    (await readMetadataParams(ctx, limit)).flag('force_fetch');
    ctx.body = analyticsAccounts(connection);
  });

  router.get('/connections/metadata/facebookadsinsights/:connection_id/accounts', async (ctx) => {
    const connection = findTypedConnection(sim, ctx.state.account, 'facebookadsinsights', pathId(ctx.params.connection_id));
    const params = await readMetadataParams(ctx, limit);
    readGraphApiVersion(params.text('api_version'));
    params.flag('force_fetch');
    ctx.body = facebookAdAccounts(connection);
  });

  router.get('/connections/metadata/facebookadsinsights/:connection_id/fields', async (ctx) => {
    findTypedConnection(sim, ctx.state.account, 'facebookadsinsights', pathId(ctx.params.connection_id));
    readGraphApiVersion((await readMetadataParams(ctx, limit)).text('api_version'));
    ctx.body = facebookInsightsFields();
  });
}

/** The docs write a version with a `v` (`v11`); the spec's paths take the number alone. Either is read. */
function readDocsApiVersion(value: string | undefined): string {
  return readApiVersion(value?.replace(/^v(?=\d)/, ''));
}
