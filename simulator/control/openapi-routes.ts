import type Router from '@koa/router';
import { toYaml as stringify } from '../http/yaml.ts';
import type { Sim } from '../context.ts';
import { openApiDocument } from '../openapi/document.ts';

/** `GET /_disco/openapi.json` and `.yaml`: the simulator's OpenAPI 3.1 document (openapi/document.ts). */
export function registerOpenApiRoutes(router: Router, sim: Sim): void {
  router.get('/openapi.json', (ctx) => {
    ctx.body = openApiDocument(sim);
  });
  router.get('/openapi.yaml', (ctx) => {
    ctx.type = 'application/yaml';
    ctx.body = stringify(openApiDocument(sim), { aliasDuplicateObjects: false });
  });
}
