import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats ships CommonJS; its default export is the plugin function.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export const RUN_RESULT_SCHEMA_URL = new URL('./run-result.schema.json', import.meta.url);

/** A validator for result.json (the JSON report) against reports/run-result.schema.json. */
export function runResultValidator(): ValidateFunction {
  const schema = JSON.parse(readFileSync(RUN_RESULT_SCHEMA_URL, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  return ajv.compile(schema);
}
