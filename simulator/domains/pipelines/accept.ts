import type { Sim } from '../../context.ts';
import { ApiError, type FieldProblem } from '../../http/errors.ts';
import { checkDefinition, unknownKeys } from './definition-schema.ts';
import { fieldPath } from '../../http/field-path.ts';
import { REDACTED, restoreSecrets, setOwn } from './definition.ts';
import { summary, wrongShape } from '../../http/a-errors.ts';
import type { PipelineDefinition } from './types.ts';

/**
 * Turns a request's document into a definition the simulator stores, or refuses it: the wrong
 * shape is 422 (A-ERR-3), a broken rule 400 naming the field (A-ERR-2). `stored` is the current
 * definition on an update, whose secrets a redaction marker keeps.
 */
export function acceptDefinition(sim: Sim, document: unknown, stored?: PipelineDefinition): PipelineDefinition {
  if (document === undefined) throw wrongShape([{ field: 'body', message: 'is required: a definition document (JSON or YAML)' }]);
  if (sim.faults.has('a-unknown-keys-ignored')) dropUnknownKeys(document, () => true);
  // A settings schema per destination type, one of them left open: its unknown keys vanish.
  if (sim.faults.has('a-unknown-keys-ignored-under-bigquery-settings')) dropUnknownKeys(document, (parent) => isSettingsOf(document, parent, 'bigquery'));
  // A lenient reader of the optional fields (as a form parser is): "5439" becomes 5439.
  if (sim.faults.has('a-optional-fields-coerced')) coerceOptionalFields(document);
  // The fault: host names lower-cased before validation, behind a typeof === 'object' guard (true for null).
  if (sim.faults.has('a-null-source-500')) lowerCaseHost(document);
  // The fault: null members read as unset (clients send every optional member, null where unset), dropped before the schema.
  if (sim.faults.has('a-null-members-dropped')) dropNullMembers(document);
  // The fault: the whole-number members read as integers (an ORM's int column) before the schema: 5432.7 is stored as 5432.
  if (sim.faults.has('a-integer-fields-truncated')) truncateWholeNumberFields(document);
  // The fault: tables listed as {schema, name} objects (an older dashboard's export) read as "schema.name" before the schema.
  if (sim.faults.has('a-table-objects-read-as-names')) readTableObjectsAsNames(document);
  const verdict = checkDefinition(document);
  if (verdict.kind === 'wrong_shape') throw wrongShape(verdict.problems);
  // The fault: a bigquery destination's settings rules are left to its connector (checked at deploy).
  const deferred = verdict.kind === 'invalid' && sim.faults.has('a-bigquery-settings-rules-deferred') && onlyBigquerySettings(document, verdict.problems);
  if (verdict.kind === 'invalid' && !deferred) throw invalidDefinition(sim, verdict.problems);
  // The fault: a "connection secrets vault" resolves a redaction marker with no stored secret of
  // its own from any stored pipeline of the same connection (type, host, database, user), in any account.
  const restored = restoreSecrets(document, stored ?? (sim.faults.has('a-secret-vault-any-account') ? vaultEntry(sim, document) : undefined));
  if (restored.problems.length) throw invalidDefinition(sim, restored.problems);
  return restored.value as PipelineDefinition;
}

/** a-table-index-one-based: `source.tables[i]` (and what is below it) named `source.tables[i + 1]`. */
function oneBasedTableItem(problem: FieldProblem): FieldProblem {
  return { ...problem, field: problem.field.replace(/^source\.tables\[(\d+)\]/, (_, i: string) => `source.tables[${Number(i) + 1}]`) };
}

/** a-bigquery-settings-rules-deferred: the document's destination is bigquery and every failed rule is in its settings. */
function onlyBigquerySettings(document: unknown, problems: readonly FieldProblem[]): boolean {
  const destination = isRecord(document) ? document.destination : undefined;
  return isRecord(destination) && destination.type === 'bigquery' && problems.every((p) => p.field.startsWith('destination.settings.'));
}

/**
 * a-null-source-500: a careless normalisation before the schema runs. `typeof null` is 'object',
 * so a `source` or `source.connection` of null is read from, and throws (a 500).
 */
function lowerCaseHost(document: unknown): void {
  if (!isRecord(document) || typeof document.source !== 'object' || Array.isArray(document.source)) return;
  const connection = (document.source as Record<string, unknown>).connection as Record<string, unknown>;
  if (typeof connection === 'object' && !Array.isArray(connection) && typeof connection.host === 'string') connection.host = connection.host.toLowerCase();
}

/**
 * a-table-objects-read-as-names: each `source.tables` item that is an object with a string `name`
 * becomes `schema.name` (its name alone without a string `schema`), so the schema sees strings.
 */
function readTableObjectsAsNames(document: unknown): void {
  const tables = isRecord(document) && isRecord(document.source) ? document.source.tables : undefined;
  if (!Array.isArray(tables)) return;
  tables.forEach((item, i) => {
    if (isRecord(item) && typeof item.name === 'string') tables[i] = typeof item.schema === 'string' ? `${item.schema}.${item.name}` : item.name;
  });
}

/** a-null-members-dropped: every member whose value is null, at any depth, deleted before the schema sees it. */
function dropNullMembers(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropNullMembers(item);
    return;
  }
  if (!isRecord(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (value === null) delete node[key];
    else dropNullMembers(value);
  }
}

/** a-integer-fields-truncated: the source's port, the batch interval and the destination's port, when numbers, cut to whole numbers. */
function truncateWholeNumberFields(document: unknown): void {
  const member = (node: unknown, key: string): unknown => (isRecord(node) ? node[key] : undefined);
  const cut = (node: unknown, key: string): void => {
    if (isRecord(node) && typeof node[key] === 'number' && Number.isFinite(node[key])) node[key] = Math.trunc(node[key]);
  };
  cut(member(member(document, 'source'), 'connection'), 'port');
  cut(member(document, 'sync'), 'interval_minutes');
  cut(member(member(document, 'destination'), 'settings'), 'port');
}

function invalidDefinition(sim: Sim, found: FieldProblem[]): ApiError {
  if (sim.faults.has('a-invalid-definition-no-field')) return new ApiError('invalid_definition');
  // The fault: the field is named only where one field failed; several are summed up by their count.
  const fields = new Set(found.map((p) => p.field)).size;
  if (fields > 1 && sim.faults.has('a-several-problems-counted')) return new ApiError('invalid_definition', { message: `The pipeline definition failed validation: ${fields} fields have problems.` });
  // The fault: table items named as the dashboard numbers its rows, from 1.
  const problems = sim.faults.has('a-table-index-one-based') ? found.map(oneBasedTableItem) : found;
  return new ApiError('invalid_definition', { message: `The pipeline definition failed validation: ${summary(problems)}`, problems });
}

/**
 * A merge patch's `null` deletes a key (RFC 7396), so merging alone would drop a key the
 * definition does not know without a trace, though it is an unknown key of the body all the same
 * (A-ERR-3: 422, whatever its value). The patch is laid over the stored definition with its
 * nulls kept, and the schema names the unknown keys among those the patch sets to null; all else
 * is judged on the merged result. A patch without a null costs nothing more.
 */
export function refuseUnknownDeletions(stored: PipelineDefinition, patch: unknown): void {
  const deletions = new Set<string>();
  const probe = overlayKeepingNulls(stored, patch, [], deletions);
  if (deletions.size === 0) return;
  const problems = unknownKeys(probe)
    .filter(({ parent, key }) => deletions.has(JSON.stringify([...parent, key])))
    .map(({ parent, key }): FieldProblem => ({ field: fieldPath([...parent, key]), message: 'is not a known key (a null deletes a key, and the definition has no such key)' }));
  if (problems.length) throw wrongShape(problems);
}

/** `patch` merged over `target` as RFC 7396 does, but for its nulls, kept as values; their paths go to `deletions`. */
function overlayKeepingNulls(target: unknown, patch: unknown, at: readonly string[], deletions: Set<string>): unknown {
  if (!isRecord(patch)) return patch;
  const out: Record<string, unknown> = {};
  if (isRecord(target)) for (const [key, value] of Object.entries(target)) setOwn(out, key, value);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) deletions.add(JSON.stringify([...at, key]));
    setOwn(out, key, value === null ? null : overlayKeepingNulls(Object.hasOwn(out, key) ? out[key] : undefined, value, [...at, key], deletions));
  }
  return out;
}

/**
 * A partial model's leniency (PUT's and PATCH's faults): unknown keys of the object at `at` (a
 * path of object keys) vanish instead of being refused, before the document is checked.
 */
export function dropUnknownKeysAt(document: unknown, at: readonly string[]): void {
  dropUnknownKeys(document, (parent) => parent.length === at.length && parent.every((s, i) => s === at[i]));
}

/** The faults' silent leniency: unknown keys (under the parents `where` picks) vanish instead of being refused. */
function dropUnknownKeys(document: unknown, where: (parent: readonly (string | number)[]) => boolean): void {
  // Each round removes one level of unknown keys; the schema is only a few levels deep.
  for (let round = 0; round < 8; round++) {
    const unknown = unknownKeys(document).filter(({ parent }) => where(parent));
    if (!unknown.length) return;
    for (const { parent, key } of unknown) {
      let node: unknown = document;
      for (const segment of parent) node = (node as Record<string | number, unknown>)[segment];
      if (typeof node === 'object' && node !== null) delete (node as Record<string, unknown>)[key];
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `parent` is `destination.settings` of a document whose destination is of `type`. */
function isSettingsOf(document: unknown, parent: readonly (string | number)[], type: string): boolean {
  return parent.length === 2 && parent[0] === 'destination' && parent[1] === 'settings' && isRecord(document) && isRecord(document.destination) && document.destination.type === type;
}

/**
 * The optional fields of the schema (fixtures/schemas/pipeline-definition.json) and their JSON
 * types, by the object that holds them; settings by destination type.
 */
const OPTIONAL_FIELDS: { at: (document: Record<string, unknown>) => unknown; fields: Record<string, 'integer' | 'boolean' | 'string'> }[] = [
  { at: (d) => d, fields: { description: 'string' } },
  { at: (d) => (isRecord(d.source) ? d.source.connection : undefined), fields: { ssl: 'boolean' } },
  { at: (d) => d.sync, fields: { interval_minutes: 'integer', initial_load: 'boolean' } },
  { at: (d) => (isRecord(d.destination) && d.destination.type === 'redshift' ? d.destination.settings : undefined), fields: { port: 'integer' } },
  { at: (d) => (isRecord(d.destination) && d.destination.type === 'snowflake' ? d.destination.settings : undefined), fields: { role: 'string' } },
  { at: (d) => (isRecord(d.destination) && d.destination.type === 'bigquery' ? d.destination.settings : undefined), fields: { location: 'string' } },
  { at: (d) => (isRecord(d.destination) && d.destination.type === 's3' ? d.destination.settings : undefined), fields: { prefix: 'string', format: 'string' } },
];

/** The fault's coercion: an optional field's value of another JSON type that reads as its own type is converted. */
function coerceOptionalFields(document: unknown): void {
  if (!isRecord(document)) return;
  for (const { at, fields } of OPTIONAL_FIELDS) {
    const holder = at(document);
    if (!isRecord(holder)) continue;
    for (const [field, type] of Object.entries(fields)) {
      if (!Object.hasOwn(holder, field)) continue;
      const value = holder[field];
      if (type === 'integer' && typeof value === 'string' && /^-?[0-9]+$/.test(value.trim())) holder[field] = Number(value.trim());
      else if (type === 'boolean' && (value === 'true' || value === 'false')) holder[field] = value === 'true';
      else if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) holder[field] = String(value);
    }
  }
}

/**
 * The fault `a-secret-vault-any-account`'s lookup: the stored password of the first pipeline, of
 * any account, whose source has the document's type, host, database and user, where the document
 * sends the marker as its password.
 */
function vaultEntry(sim: Sim, document: unknown): PipelineDefinition | undefined {
  const connectionOf = (d: unknown): Record<string, unknown> | undefined => (isRecord(d) && isRecord(d.source) && isRecord(d.source.connection) ? { type: d.source.type, ...d.source.connection } : undefined);
  const wanted = connectionOf(document);
  if (!wanted || wanted.password !== REDACTED) return undefined;
  for (const account of sim.store.accounts.values()) {
    for (const pipeline of account.pipelines.values()) {
      const held = connectionOf(pipeline.definition);
      if (held && typeof held.password === 'string' && (['type', 'host', 'database', 'user'] as const).every((k) => held[k] === wanted[k])) {
        return { source: { connection: { password: held.password } } } as unknown as PipelineDefinition;
      }
    }
  }
  return undefined;
}
