import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, basename } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isCalendarDate, isUtcDateTime } from './dates.ts';

/**
 * JSON Schemas of every resource, written from section 2 of the spec (`fixtures/schemas/`).
 * Read at load, each compiled the first time something is validated against it: compiling all
 * of them cost every `disco` process that loads the suites about 0.17 s of CPU, most of it for
 * schemas a run with `--only` (or `disco clauses`) never uses. Extra properties are always
 * allowed: the spec lists required fields, it never forbids more (no false alarms).
 */
export const SCHEMA_DIR = fileURLToPath(new URL('../../fixtures/schemas/', import.meta.url));

// ajv-formats ships CommonJS; its default export is the plugin function.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function buildAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
  addFormats(ajv);
  ajv.addFormat('utc-date-time', { type: 'string', validate: isUtcDateTime });
  ajv.addFormat('calendar-date', { type: 'string', validate: isCalendarDate });
  return ajv;
}

let ajv: Ajv | undefined;
const schemas = new Map<string, Record<string, unknown>>(); // schema name (file name without .json) -> schema
const validators = new Map<string, ValidateFunction>(); // schema name -> its validator, once compiled
const requiredByName = new Map<string, string[]>(); // schema name -> its top-level required fields

// Top level: resources the spec defines (section 2). `simulator/`: shapes the spec leaves open
// (clusters, notifications, deliveries, pipelines), which only the simulator profile may assert.
for (const folder of ['', 'simulator']) {
  const dir = join(SCHEMA_DIR, folder);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    continue;
  }
  for (const file of files) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    const name = folder ? `${folder}/${basename(file, '.json')}` : basename(file, '.json');
    schemas.set(name, schema);
    requiredByName.set(name, Array.isArray(schema.required) ? schema.required.filter((f): f is string => typeof f === 'string') : []);
  }
}

export function schemaNames(): string[] {
  return [...schemas.keys()];
}

/** The top-level fields the named schema requires (section 2's table of the resource). */
export function requiredFields(name: string): readonly string[] {
  const fields = requiredByName.get(name);
  if (!fields) throw new Error(`no schema named ${name} in fixtures/schemas`);
  return fields;
}

export interface SchemaProblem {
  /** JSON pointer into the value, `/outputs/0/id`. */
  path: string;
  message: string;
}

/** Validates `value` against the named schema; an empty array means valid. */
export function validateResource(name: string, value: unknown): SchemaProblem[] {
  const validate = validatorOf(name);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(describe);
}

function validatorOf(name: string): ValidateFunction {
  const known = validators.get(name);
  if (known) return known;
  const schema = schemas.get(name);
  if (!schema) throw new Error(`no schema named ${name} in fixtures/schemas`);
  const compiled = (ajv ??= buildAjv()).compile(schema);
  validators.set(name, compiled);
  return compiled;
}

function describe(e: ErrorObject): SchemaProblem {
  const path = e.instancePath || '/';
  if (e.keyword === 'required') return { path, message: `missing required field ${String(e.params.missingProperty)}` };
  return { path, message: e.message ?? e.keyword };
}
