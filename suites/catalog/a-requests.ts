import type { CheckContext, RequestOptions } from '../lib/types.ts';
import { plainDefinition } from '../lib/arbitraries/definitions.ts';
import { documentBody } from '../lib/factories/pipelines.ts';
import { A_ENDPOINTS } from './a-endpoints.ts';
import type { AEndpoint } from './types.ts';

/**
 * Turning interface A's catalog entries into requests: every operation that names a pipeline or
 * a key by id, with a valid body of the kind it takes, so that only the id decides the answer.
 */

/** Every operation that names one pipeline by id, in catalog order (the spec's archive among them). */
export function pipelineOperations(): AEndpoint[] {
  return A_ENDPOINTS.filter((e) => e.id === 'pipeline');
}

/** Every key-management operation that names one key by id. */
export function keyOperations(): AEndpoint[] {
  return A_ENDPOINTS.filter((e) => e.id === 'key');
}

/** The path of an operation that takes an id, with `id` (any text: absent ids, malformed ones) in it. */
export function pathWithId(endpoint: AEndpoint, id: number | string): string {
  return endpoint.path.replace('{id}', String(id));
}

/** A valid body of the kind `endpoint` takes: a definition named `base`, a small merge patch, or none. */
export function validOptions(t: CheckContext, endpoint: AEndpoint, base: string): RequestOptions {
  switch (endpoint.body) {
    case 'definition':
      return documentBody(plainDefinition(t.name(base)));
    case 'merge-patch':
      return { body: { description: `changed by ${base}` } };
    default:
      return {};
  }
}
