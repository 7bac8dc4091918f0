import type { AEndpoint, AOperation } from './types.ts';
import type { AListPaging } from '../lib/types.ts';

/**
 * Every endpoint of interface A that the suites know, by operation. Only `DELETE /pipelines/{id}`
 * is the spec's; every other one is the simulator's convention (docs/interface-a.md, the real
 * service's where its docs say something): checks that need them probe first and say what they
 * could not verify. `test/catalog.test.ts` fails when docs/interface-a.md lists an endpoint this
 * catalog lacks, or this catalog names one the simulator does not serve.
 */
export const A_ENDPOINTS: readonly AEndpoint[] = [
  { operation: 'keys.list', key: 'GET /api-keys', method: 'GET', path: '/api-keys', source: 'convention', effect: 'read', body: 'none', adminOnly: true },
  { operation: 'keys.create', key: 'POST /api-keys', method: 'POST', path: '/api-keys', source: 'convention', effect: 'write', body: 'json', adminOnly: true },
  { operation: 'keys.read', key: 'GET /api-keys/{id}', method: 'GET', path: '/api-keys/{id}', source: 'convention', id: 'key', effect: 'read', body: 'none', adminOnly: true },
  { operation: 'keys.revoke', key: 'DELETE /api-keys/{id}', method: 'DELETE', path: '/api-keys/{id}', source: 'convention', id: 'key', effect: 'write', body: 'none', adminOnly: true },
  { operation: 'pipelines.list', key: 'GET /pipelines', method: 'GET', path: '/pipelines', source: 'convention', effect: 'read', body: 'none' },
  { operation: 'pipelines.create', key: 'POST /pipelines', method: 'POST', path: '/pipelines', source: 'convention', effect: 'write', body: 'definition' },
  { operation: 'pipelines.validate', key: 'POST /pipelines/validate', method: 'POST', path: '/pipelines/validate', source: 'convention', effect: 'read', body: 'definition' },
  { operation: 'pipelines.read', key: 'GET /pipelines/{id}', method: 'GET', path: '/pipelines/{id}', source: 'convention', id: 'pipeline', effect: 'read', body: 'none' },
  { operation: 'pipelines.definition', key: 'GET /pipelines/{id}/definition', method: 'GET', path: '/pipelines/{id}/definition', source: 'convention', id: 'pipeline', effect: 'read', body: 'none' },
  { operation: 'pipelines.replace', key: 'PUT /pipelines/{id}', method: 'PUT', path: '/pipelines/{id}', source: 'convention', id: 'pipeline', effect: 'write', body: 'definition' },
  { operation: 'pipelines.update', key: 'PATCH /pipelines/{id}', method: 'PATCH', path: '/pipelines/{id}', source: 'convention', id: 'pipeline', effect: 'write', body: 'merge-patch' },
  { operation: 'pipelines.start', key: 'POST /pipelines/{id}/start', method: 'POST', path: '/pipelines/{id}/start', source: 'convention', id: 'pipeline', effect: 'write', body: 'none' },
  { operation: 'pipelines.stop', key: 'POST /pipelines/{id}/stop', method: 'POST', path: '/pipelines/{id}/stop', source: 'convention', id: 'pipeline', effect: 'write', body: 'none' },
  { operation: 'pipelines.archive', key: 'DELETE /pipelines/{id}', method: 'DELETE', path: '/pipelines/{id}', source: 'spec', id: 'pipeline', effect: 'write', body: 'none' },
];

/** The catalog entry of `operation`. */
export function aEndpoint(operation: AOperation): AEndpoint {
  const found = A_ENDPOINTS.find((e) => e.operation === operation);
  if (!found) throw new Error(`no interface A operation ${operation} in the catalog`);
  return found;
}

/**
 * The real service's conventions for what interface A leaves open besides routes (docs/interface-a.md):
 * the defaults of a target document's `interface_a` section.
 */
export const A_CONVENTIONS = {
  listItems: { pipelines: 'items', keys: 'items' },
  pipelineStates: { field: 'status', deployed: ['deployed'], notDeployed: ['not_deployed'], archived: ['archived'] },
  definitionFormat: 'json',
  /** By page number and size, 100 to a page at most, with a pagination block (gaps.md). */
  listPaging: { by: 'page', page: 'page', size: 'page_size' },
} as const satisfies { listPaging: AListPaging } & Record<string, unknown>;
