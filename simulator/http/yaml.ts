import { createRequire } from 'node:module';
import type * as YamlModule from 'yaml';

/**
 * The yaml package, loaded on the first YAML body, document or answer rather than at start: it
 * takes about 30 ms to load, a tenth of `disco serve`'s start, and most clients send JSON only.
 * `require` (it ships CommonJS too) keeps the callers synchronous.
 */
let loaded: typeof YamlModule | undefined;

function yaml(): typeof YamlModule {
  loaded ??= createRequire(import.meta.url)('yaml') as typeof YamlModule;
  return loaded;
}

export const parseYaml: typeof YamlModule.parse = ((...args: Parameters<typeof YamlModule.parse>) => yaml().parse(...args)) as typeof YamlModule.parse;
export const toYaml: typeof YamlModule.stringify = ((...args: Parameters<typeof YamlModule.stringify>) => yaml().stringify(...args)) as typeof YamlModule.stringify;
