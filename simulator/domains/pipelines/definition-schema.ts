import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Ajv as AjvInstance, ErrorObject, ValidateFunction } from 'ajv';
import type { FieldProblem } from '../../http/errors.ts';
import { fieldPath, pointerSegments } from '../../http/field-path.ts';

/**
 * The definition document's JSON Schema (fixtures/schemas/pipeline-definition.json), compiled
 * once by the simulator's own Ajv instance, and the sorting of its complaints into the two
 * answers of spec section 7A: the wrong shape (422) and a failed rule (400).
 */
const SCHEMA_FILE = fileURLToPath(new URL('../../../fixtures/schemas/pipeline-definition.json', import.meta.url));

let compiled: ValidateFunction | undefined;

/**
 * Compiled on the first definition checked, not at start: loading Ajv and compiling the schema
 * take about 80 ms, a quarter of `disco serve`'s start, for requests most runs send later or never.
 * `require` (both packages ship CommonJS) keeps it synchronous.
 */
function validate(document: unknown): boolean {
  if (!compiled) {
    const require = createRequire(import.meta.url);
    const { Ajv } = require('ajv') as { Ajv: new (options: Record<string, unknown>) => AjvInstance };
    // ajv-formats' export is the plugin function.
    const addFormats = require('ajv-formats') as { default: (ajv: AjvInstance) => AjvInstance };
    const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, verbose: true });
    addFormats.default(ajv);
    compiled = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>);
  }
  return compiled(document);
}

function validationErrors(): readonly ErrorObject[] {
  return compiled?.errors ?? [];
}

export type DefinitionVerdict =
  | { kind: 'valid' }
  /** Unknown keys or a JSON type mismatch: 422 (A-ERR-3). */
  | { kind: 'wrong_shape'; problems: FieldProblem[] }
  /** A well-shaped document that breaks a rule: 400 naming the field (A-ERR-2). */
  | { kind: 'invalid'; problems: FieldProblem[] };

export function checkDefinition(document: unknown): DefinitionVerdict {
  if (validate(document)) return { kind: 'valid' };
  const shape: FieldProblem[] = [];
  const rules: FieldProblem[] = [];
  // A Set, not a scan of the list: a hostile body can carry 100,000 unknown keys.
  const seen = new Set<string>();
  for (const error of validationErrors()) {
    const sorted = classify(error, document);
    if (!sorted) continue;
    const key = `${sorted.kind}\u0000${sorted.problem.field}\u0000${sorted.problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    (sorted.kind === 'shape' ? shape : rules).push(sorted.problem);
  }
  if (shape.length) return { kind: 'wrong_shape', problems: shape };
  // allErrors guarantees at least one real complaint once the wrappers are dropped.
  return { kind: 'invalid', problems: rules.length ? rules : [{ field: 'body', message: 'is not a valid pipeline definition' }] };
}

/** The unknown keys the document has, as (parent segments, key) pairs; for the fault that ignores them. */
export function unknownKeys(document: unknown): { parent: (string | number)[]; key: string }[] {
  if (validate(document)) return [];
  return (validationErrors())
    .filter((e) => e.keyword === 'additionalProperties')
    .map((e) => ({ parent: pointerSegments(e.instancePath, document), key: String(e.params.additionalProperty) }));
}

function classify(error: ErrorObject, document: unknown): { kind: 'shape' | 'rule'; problem: FieldProblem } | null {
  const at = pointerSegments(error.instancePath, document);
  switch (error.keyword) {
    // Wrappers: the errors inside them say what is wrong.
    case 'if':
      return null;
    case 'additionalProperties': {
      const key = String(error.params.additionalProperty);
      const allowed = Object.keys((error.parentSchema?.properties ?? {}) as Record<string, unknown>);
      return { kind: 'shape', problem: { field: fieldPath([...at, key]), message: `is not a known key${allowed.length ? ` (known: ${allowed.join(', ')})` : ''}` } };
    }
    case 'type': {
      const expected = String(error.params.type);
      // JSON has numbers, not integers: 5432.5 for a port is a bad value, not the wrong shape.
      const kind = expected === 'integer' && typeof error.data === 'number' ? 'rule' : 'shape';
      return { kind, problem: { field: fieldPath(at), message: `must be ${article(expected)}` } };
    }
    case 'required':
      if (error.schemaPath.includes('/oneOf/')) return null;
      return { kind: 'rule', problem: { field: fieldPath([...at, String(error.params.missingProperty)]), message: 'is required' } };
    case 'oneOf':
      // The only oneOf of the schema: exactly one of password and password_env.
      return {
        kind: 'rule',
        problem: {
          field: fieldPath([...at, 'password']),
          message: error.params.passingSchemas === null ? 'is required (or password_env)' : 'must not be given together with password_env',
        },
      };
    case 'false schema':
      return { kind: 'rule', problem: { field: fieldPath(at), message: 'is not allowed here' } };
    case 'enum':
      return { kind: 'rule', problem: { field: fieldPath(at), message: `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}` } };
    case 'uniqueItems':
      {
        // Ajv's two algorithms (typed items or not) order i and j differently: the repeat is the later one.
        const [first, repeat] = [Number(error.params.i), Number(error.params.j)].sort((a, b) => a - b) as [number, number];
        return { kind: 'rule', problem: { field: fieldPath([...at, repeat]), message: `repeats item ${first}` } };
      }
    case 'format':
      return { kind: 'rule', problem: { field: fieldPath(at), message: `must be a valid ${String(error.params.format)}` } };
    case 'pattern':
      return { kind: 'rule', problem: { field: fieldPath(at), message: ruleText(error) } };
    default:
      return { kind: 'rule', problem: { field: fieldPath(at), message: error.message ?? error.keyword } };
  }
}

/** A pattern's `description` says the rule in words where there is one; a regex otherwise. */
function ruleText(error: ErrorObject): string {
  const description = (error.parentSchema as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? `breaks the rule: ${description}` : `must match ${String(error.params.pattern)}`;
}

function article(type: string): string {
  const word = type.includes(',') ? `one of ${type}` : type;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
