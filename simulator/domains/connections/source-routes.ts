import type { Context } from 'koa';
import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { pathId } from '../../http/path-id.ts';
import { findTypedConnection } from './model.ts';
import { readMetadataParams } from './metadata-params.ts';
import { importSchema, validateSource } from './source-reads.ts';
import { checkCurlRequest } from './curl-request.ts';

/** The docs' answer of a passed check: the JSON `true`. */
export function answerTrue(ctx: Context, passed: true): void {
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(passed);
}

/**
 * Extensions (docs/interface-b.md): the real service's reads of a connection's source, validating
 * it and importing its schema, and its `curl` requests. Parameters come as the docs send them, a
 * JSON body (on the schema's GET too), or as query parameters (metadata-params.ts). The `curl`
 * paths are registered before the connection routes, whose `/connections/{type}/test` and
 * `/connections/{type}/{id}` would take them for a type named curl.
 */
export function registerSourceRoutes(router: BRouteTable, sim: Sim): void {
  const limit = sim.options.bodyLimitBytes;

  for (const check of ['test', 'validate']) {
    router.post(`/connections/curl/${check}`, async (ctx) => {
      answerTrue(ctx, checkCurlRequest(ctx.state.account, await readMetadataParams(ctx, limit)));
    });
  }

  router.post('/connections/:connection_type/:connection_id/validate', async (ctx) => {
    const connection = findTypedConnection(sim, ctx.state.account, ctx.params.connection_type ?? '', pathId(ctx.params.connection_id));
    answerTrue(ctx, validateSource(connection, await readMetadataParams(ctx, limit)));
  });

  router.get('/connections/:connection_type/:connection_id/schema', async (ctx) => {
    const connection = findTypedConnection(sim, ctx.state.account, ctx.params.connection_type ?? '', pathId(ctx.params.connection_id));
    ctx.body = importSchema(connection, await readMetadataParams(ctx, limit));
  });
}
