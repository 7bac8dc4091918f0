import { stringify as toYaml } from 'yaml';
import type { RequestOptions } from './types.ts';

/** Definition documents on the wire: JSON or YAML, each with its media type. */

/**
 * Pipelines a check makes on interface A, archived again after it. The spec fixes only
 * `DELETE /pipelines/{id}`; create, start and read are the simulator's conventions
 * (docs/interface-a.md, A-GAP-1): a check that needs them probes first and skips, with the
 * reason, against a target that does not serve them.
 */

// ---------------------------------------------------------------------------------------------
// Pipelines

export type DocumentFormat = 'json' | 'yaml';

/** Request options that send `document` as JSON or YAML, with its media type. */
export function documentBody(document: unknown, format: DocumentFormat = 'json'): RequestOptions {
  if (format === 'yaml') return { body: toYaml(document), headers: { 'content-type': 'application/yaml' } };
  return { body: JSON.stringify(document), headers: { 'content-type': 'application/json' } };
}
