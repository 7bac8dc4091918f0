import fc from 'fast-check';
import { show } from '../answers.ts';
import { REDACTED, looksSecret } from '../redact.ts';

/**
 * Pipeline definition documents, as the simulator takes them (docs/interface-a.md, schema
 * fixtures/schemas/pipeline-definition.json; the spec leaves the schema to others, A-GAP-1):
 * valid ones, ones with exactly one invalid value at a known path (400, A-ERR-2), and ones with
 * an unknown key or a value of the wrong JSON type (422, A-ERR-3).
 *
 * Only cases that the spec's split settles are generated: a value of the right JSON type that
 * breaks a rule (a range, an enum, a pattern, a length, uniqueness) is "failed validation"; an
 * unknown key or a value of another JSON type is "the wrong shape". Missing required fields,
 * fractional numbers for integers and `null` could be read either way, so they are left out.
 */

export type Json = unknown;
export type Document = Record<string, Json>;
export type Segment = string | number;

const lower = 'abcdefghijklmnopqrstuvwxyz'.split('');
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const digits = '0123456789'.split('');

const word = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...lower, ...digits), minLength: min, maxLength: max });
const label = fc.tuple(fc.constantFrom(...lower), word(0, 8), fc.constantFrom(...lower, ...digits)).map(([a, b, c]) => `${a}${b}${c}`);

const hostname = fc.oneof(
  fc.constantFrom('db.internal.example.com', '10.0.3.7', 'replica-1.eu.example.org', 'localhost'),
  fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => labels.join('.')),
);
const port = fc.integer({ min: 1, max: 65535 });
/** Letters, digits, `_`, `$`; not starting with a digit. */
const identifier = fc.tuple(fc.constantFrom(...lower, ...upper, '_'), fc.string({ unit: fc.constantFrom(...lower, ...upper, ...digits, '_', '$'), maxLength: 12 })).map(([a, b]) => `${a}${b}`);
const noSpace = fc.string({ unit: fc.constantFrom(...lower, ...upper, ...digits, '_', '-', '.'), minLength: 1, maxLength: 16 });
const envName = fc.tuple(fc.constantFrom(...upper, '_'), fc.string({ unit: fc.constantFrom(...upper, ...digits, '_'), maxLength: 16 })).map(([a, b]) => `${a}${b}`);
const password = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 24 });
const tableName = fc.tuple(identifier, fc.option(identifier, { nil: undefined })).map(([a, b]) => (b === undefined ? a : `${a}.${b}`));

/** Exactly one of `password` and `password_env`. */
const secret = fc.oneof(password.map((p) => ({ password: p })), envName.map((e) => ({ password_env: e })));

function withOptional<T extends Document>(base: fc.Arbitrary<T>, optional: Record<string, fc.Arbitrary<Json>>): fc.Arbitrary<T> {
  const extras = Object.entries(optional).map(([k, arb]) => fc.option(arb, { nil: undefined }).map((v) => [k, v] as const));
  return fc.tuple(base, ...extras).map(([doc, ...pairs]) => {
    const out: Document = { ...doc };
    for (const [k, v] of pairs) if (v !== undefined) out[k] = v;
    return out as T;
  });
}

const connection = withOptional(
  fc.tuple(fc.record({ host: hostname, port, database: noSpace, user: noSpace }), secret).map(([c, s]) => ({ ...c, ...s })),
  { ssl: fc.boolean() },
);

const source = fc.record({
  type: fc.constantFrom('mysql', 'postgres', 'sqlserver', 'mongodb'),
  connection,
  tables: fc.uniqueArray(tableName, { minLength: 1, maxLength: 5 }),
});

const bucket = fc
  .tuple(fc.constantFrom(...lower, ...digits), word(1, 20), fc.constantFrom(...lower, ...digits))
  .map(([a, b, c]) => `${a}${b}${c}`)
  .filter((b) => !b.startsWith('xn--'));

const settingsByType: Record<string, fc.Arbitrary<Document>> = {
  redshift: withOptional(fc.tuple(fc.record({ host: hostname, database: identifier, schema: identifier, user: noSpace }), secret).map(([s, p]) => ({ ...s, ...p })), { port }),
  snowflake: withOptional(
    fc.tuple(fc.record({ account: label, warehouse: identifier, database: identifier, schema: identifier, user: noSpace }), secret).map(([s, p]) => ({ ...s, ...p })),
    { role: identifier },
  ),
  bigquery: withOptional(
    fc.record({
      project_id: fc.tuple(fc.constantFrom(...lower), fc.string({ unit: fc.constantFrom(...lower, ...digits, '-'), minLength: 4, maxLength: 20 }), fc.constantFrom(...lower, ...digits)).map(([a, b, c]) => `${a}${b}${c}`),
      dataset: identifier.map((s) => s.replace(/\$/g, '_')),
      credentials_env: envName,
    }),
    { location: fc.constantFrom('EU', 'US', 'europe-west1', 'us-central1') },
  ),
  s3: withOptional(fc.record({ bucket, region: fc.constantFrom('eu-west-1', 'us-east-2', 'ap-southeast-1', 'us-gov-west-1') }), {
    prefix: fc.tuple(word(1, 8), fc.constantFrom('', '/', '/raw/')).map(([a, b]) => `${a}${b}`),
    format: fc.constantFrom('parquet', 'jsonl', 'csv'),
  }),
};

const destination = fc.constantFrom(...Object.keys(settingsByType)).chain((type) => (settingsByType[type] as fc.Arbitrary<Document>).map((settings) => ({ type, settings })));

/** The documented source and destination types (docs/interface-a.md), each of which A-ERR-3's sweep covers. */
export const SOURCE_TYPES = ['mysql', 'postgres', 'sqlserver', 'mongodb'] as const;
export const DESTINATION_TYPES = ['redshift', 'snowflake', 'bigquery', 's3'] as const;

// Only fields of the definition table in docs/interface-a.md: a target whose schema refuses
// unknown fields (as A-ERR-3 demands) must take every generated valid document. The optional
// `initial_load` too, either way: a stream-only deployment (no initial load) may run elsewhere
// than one that loads first, and must be stopped and torn down all the same (A-PIPE-1).
const sync = withOptional(
  fc.oneof(fc.constant<Document>({ mode: 'cdc' }), fc.integer({ min: 5, max: 1440 }).map((interval): Document => ({ mode: 'batch', interval_minutes: interval }))),
  { initial_load: fc.boolean() },
);

/** A valid definition named `name` (the caller makes names unique: they must be). */
export function validDefinition(name: string): fc.Arbitrary<Document> {
  return withOptional(fc.record({ name: fc.constant(name), source, destination, sync }), {
    description: fc.string({ unit: 'grapheme', maxLength: 40 }),
  });
}

/** A valid definition named `name` of the given source and destination types and sync mode (with a description). */
export function definitionOfTypes(name: string, types: { source: string; destination: string; mode: 'cdc' | 'batch' }): fc.Arbitrary<Document> {
  const source = fc.record({ type: fc.constant(types.source), connection, tables: fc.uniqueArray(tableName, { minLength: 1, maxLength: 3 }) });
  const settings = (settingsByType[types.destination] as fc.Arbitrary<Document>).map((s) => ({ type: types.destination, settings: s }));
  const sync = types.mode === 'cdc' ? fc.constant({ mode: 'cdc' }) : fc.integer({ min: 5, max: 1440 }).map((interval) => ({ mode: 'batch', interval_minutes: interval }));
  return fc.record({ name: fc.constant(name), description: fc.string({ unit: 'grapheme', maxLength: 40 }), source, destination: settings, sync });
}

/**
 * Four valid definitions that name every documented source type and every documented
 * destination type once (paired in order), in both sync modes: what A-ERR-3's sweep breaks.
 */
export function everyTypeDefinitions(names: readonly [string, string, string, string]): fc.Arbitrary<Document[]> {
  return fc.tuple(...SOURCE_TYPES.map((source, i) => definitionOfTypes(names[i] as string, { source, destination: DESTINATION_TYPES[i] as string, mode: i % 2 === 0 ? 'cdc' : 'batch' })));
}

/** A fixed valid definition, for set-up where the content does not matter. */
export function plainDefinition(name: string): Document {
  return {
    name,
    source: {
      type: 'postgres',
      connection: { host: 'db.internal.example.com', port: 5432, database: 'shop', user: 'replicator', password_env: 'SHOP_DB_PASSWORD' },
      tables: ['public.orders', 'public.customers'],
    },
    destination: { type: 's3', settings: { bucket: 'disco-conformance', region: 'eu-west-1', format: 'parquet' } },
    sync: { mode: 'cdc' },
  };
}

/**
 * A fixed valid definition that differs from `plainDefinition` in every type a running deployment
 * may refuse to change (source.type mysql, not postgres; destination bigquery, not s3; batch sync,
 * not cdc), for writes whose answer a rule about the stored pipeline's types could decide.
 */
export function otherTypesDefinition(name: string): Document {
  return {
    name,
    source: {
      type: 'mysql',
      connection: { host: 'mysql.internal.example.com', port: 3306, database: 'shop', user: 'replicator', password_env: 'SHOP_MYSQL_PASSWORD' },
      tables: ['shop.orders'],
    },
    destination: { type: 'bigquery', settings: { project_id: 'disco-conformance', dataset: 'shop', credentials_env: 'DISCO_BQ_CREDENTIALS' } },
    sync: { mode: 'batch', interval_minutes: 60 },
  };
}

/**
 * A merge patch (RFC 7396) that moves a `plainDefinition`-like pipeline (postgres to s3, cdc) to
 * `otherTypesDefinition`'s types: the source type, the destination with its settings (the s3
 * ones removed: null), and the sync mode. Valid against any pipeline of those types.
 */
export const OTHER_TYPES_PATCH: Document = {
  source: { type: 'mysql', connection: { port: 3306 } },
  destination: { type: 'bigquery', settings: { bucket: null, region: null, format: null, prefix: null, project_id: 'disco-conformance', dataset: 'shop', credentials_env: 'DISCO_BQ_CREDENTIALS' } },
  sync: { mode: 'batch', interval_minutes: 60 },
};

/**
 * The most tables a definition may list in the simulator's schema (docs/interface-a.md's
 * `source.tables`: 1 to 1000; the spec leaves the schema to others, A-GAP-1).
 */
export const MOST_TABLES = 1000;

/**
 * `plainDefinition` listing `tables` tables (`public.table_0001`, ...): wider than any valid
 * definition the arbitraries draw (1 to 5 tables), for a deployment whose work per table
 * (a replication slot, a teardown request batching a few) goes wrong past some count.
 */
export function wideDefinition(name: string, tables: number): Document {
  const plain = plainDefinition(name);
  const names = Array.from({ length: tables }, (_, i) => `public.table_${String(i + 1).padStart(4, '0')}`);
  return { ...plain, source: { ...(plain.source as Document), tables: names } };
}

// ---------------------------------------------------------------------------------------------
// Editing documents

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** The value at `path`, or undefined. */
export function valueAt(doc: Json, path: readonly Segment[]): Json {
  let node: Json = doc;
  for (const s of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, Json>)[s];
  }
  return node;
}

/** A copy of `doc` with `value` at `path` (the parent must exist). */
export function withValue(doc: Document, path: readonly Segment[], value: Json): Document {
  const out = clone(doc);
  const parent = valueAt(out, path.slice(0, -1)) as Record<string | number, Json>;
  const last = path[path.length - 1] as Segment;
  parent[last] = value;
  return out;
}

// ---------------------------------------------------------------------------------------------
// One invalid value (400, A-ERR-2)

export interface BrokenDocument {
  document: Document;
  /** The failing field, and the paths an answer may name instead (the array of a bad item). */
  paths: Segment[][];
  description: string;
}

interface Breaker {
  /** The field it breaks, when the document has it. */
  path: (doc: Document) => Segment[] | null;
  bad: (doc: Document) => fc.Arbitrary<Json>;
  /** Paths that name the failure as well (an array rather than its item). */
  alsoNamed?: (path: Segment[]) => Segment[][];
}

const always = (path: Segment[]) => () => path;
const whenPresent = (path: Segment[]) => (doc: Document) => (valueAt(doc, path) === undefined ? null : path);
const strings = (...values: string[]) => () => fc.constantFrom(...values);
const destinationIs = (type: string, field: string) => (doc: Document) => (valueAt(doc, ['destination', 'type']) === type && valueAt(doc, ['destination', 'settings', field]) !== undefined ? ['destination', 'settings', field] : null);
const parentArray = (path: Segment[]) => [path.slice(0, -1)];

const BREAKERS: Breaker[] = [
  { path: always(['name']), bad: strings('', '-leading-dash', ' leading-space', 'slash/name', 'semi;colon', 'x'.repeat(101), 'émoji🚀') },
  { path: always(['description']), bad: () => fc.integer({ min: 1001, max: 1200 }).map((n) => 'd'.repeat(n)) },
  { path: always(['source', 'type']), bad: strings('oracle', 'MySQL', 'postgresql', 'db2', '') },
  { path: always(['source', 'connection', 'host']), bad: strings('bad host', 'under_score.example.com', 'a..b', '-leading.example.com', 'trailing-.example.com', '') },
  { path: always(['source', 'connection', 'port']), bad: () => fc.oneof(fc.integer({ min: -100_000, max: 0 }), fc.integer({ min: 65_536, max: 10_000_000 })) },
  { path: always(['source', 'connection', 'database']), bad: strings('has space', 'tab\there', '') },
  { path: always(['source', 'connection', 'user']), bad: strings('two words', '') },
  { path: whenPresent(['source', 'connection', 'password_env']), bad: strings('lower_case', '1STARTS_WITH_DIGIT', 'HAS-DASH', 'HAS SPACE', '') },
  { path: always(['source', 'tables']), bad: () => fc.constant([]) },
  {
    path: (doc) => {
      const tables = valueAt(doc, ['source', 'tables']);
      return Array.isArray(tables) ? ['source', 'tables', tables.length - 1] : null;
    },
    bad: strings('1starts_with_digit', 'has space', 'a.b.c', 'dash-name', ''),
    alsoNamed: parentArray,
  },
  { path: always(['destination', 'type']), bad: strings('oracle', 'S3', 'kafka', '') },
  { path: destinationIs('s3', 'bucket'), bad: strings('Upper-Case', 'ab', 'xn--bucket', '192.168.10.1', 'a..b', 'bucket-', 'under_score', 'b'.repeat(64)) },
  { path: destinationIs('s3', 'region'), bad: strings('europe', 'EU-WEST-1', 'eu-west-0', '') },
  { path: destinationIs('s3', 'prefix'), bad: strings('/leading-slash') },
  { path: destinationIs('s3', 'format'), bad: strings('xml', 'avro', 'PARQUET') },
  { path: destinationIs('snowflake', 'warehouse'), bad: strings('1abc', 'has-dash', 'has space', '') },
  { path: destinationIs('snowflake', 'account'), bad: strings('-leading', 'has space', '') },
  { path: destinationIs('redshift', 'schema'), bad: strings('9lives', 'has space', '') },
  { path: destinationIs('redshift', 'host'), bad: strings('bad host', 'a..b') },
  { path: destinationIs('bigquery', 'project_id'), bad: strings('Short1', 'abc', '1abcdef', 'p'.repeat(31), 'ends-with-dash-') },
  { path: destinationIs('bigquery', 'dataset'), bad: strings('bad-dash', 'has space', '') },
  { path: destinationIs('bigquery', 'credentials_env'), bad: strings('lower', '9NINE') },
  { path: always(['sync', 'mode']), bad: strings('stream', 'CDC', 'realtime', '') },
  {
    path: (doc) => (valueAt(doc, ['sync', 'mode']) === 'batch' ? ['sync', 'interval_minutes'] : null),
    bad: () => fc.oneof(fc.integer({ min: -60, max: 4 }), fc.integer({ min: 1441, max: 100_000 })),
  },
  // A rule between fields: interval_minutes is for batch mode only.
  { path: (doc) => (valueAt(doc, ['sync', 'mode']) === 'cdc' ? ['sync', 'interval_minutes'] : null), bad: () => fc.integer({ min: 5, max: 1440 }) },
];

/** The same document with its first table repeated at the end: a list that repeats an item. */
function withDuplicateTable(doc: Document): BrokenDocument {
  const tables = valueAt(doc, ['source', 'tables']) as string[];
  const document = withValue(doc, ['source', 'tables'], [...tables, tables[0] as string]);
  // The repeat, the list, or the item it repeats: either of the two equal items may be called the bad one.
  return { document, paths: [['source', 'tables', tables.length], ['source', 'tables'], ['source', 'tables', 0]], description: `source.tables repeats ${JSON.stringify(tables[0])}` };
}

/** Both `password` and `password_env` in the source connection: exactly one is allowed. */
function withBothSecrets(doc: Document): BrokenDocument {
  const conn = valueAt(doc, ['source', 'connection']) as Document;
  const document = withValue(doc, ['source', 'connection'], { ...conn, password: 'pw-both-given', password_env: 'BOTH_GIVEN' });
  const at: Segment[] = ['source', 'connection'];
  return { document, paths: [[...at, 'password'], [...at, 'password_env'], at], description: 'source.connection has both password and password_env' };
}

/**
 * `doc` with one value that breaks a rule, or now and then two at unrelated fields; the answer
 * must name `paths[0]` (or another of `paths`). With two, naming either is naming the failing
 * field (a validator may stop at its first failure): a body that names neither does not.
 */
export function brokenDefinition(doc: Document): fc.Arbitrary<BrokenDocument> {
  // A name breaks a rule in any document: the fallback is never drawn.
  const single = oneBrokenValue(doc, () => true) ?? fc.constant(withDuplicateTable(doc));
  const two = twoBrokenValues(doc);
  return fc.oneof({ arbitrary: single, weight: 8 }, { arbitrary: fc.constant(withDuplicateTable(doc)), weight: 1 }, { arbitrary: fc.constant(withBothSecrets(doc)), weight: 1 }, ...(two ? [{ arbitrary: two, weight: 2 }] : []));
}

/** Whether one path is the other or holds it (`source.tables` holds `source.tables[2]`). */
function related(a: readonly Segment[], b: readonly Segment[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((s, i) => s === long[i]);
}

/**
 * `doc` with two values broken, each by a rule of its own, at fields neither of which holds the
 * other; undefined where no two such rules apply. A service that names the field only where one
 * field failed (and sums up several by their count) names none of them.
 */
function twoBrokenValues(doc: Document): fc.Arbitrary<BrokenDocument> | undefined {
  const applicable = BREAKERS.map((b) => ({ b, path: b.path(doc) })).filter((x): x is { b: Breaker; path: Segment[] } => x.path !== null);
  const pairs = applicable.flatMap((x, i) => applicable.slice(i + 1).filter((y) => !related(x.path, y.path)).map((y) => [x, y] as const));
  if (pairs.length === 0) return undefined;
  const shown = (path: Segment[], value: unknown): string => `${showPath(path)} = ${typeof path.at(-1) === 'string' && looksSecret(path.at(-1) as string) ? REDACTED : show(value, 60)}`;
  return fc.constantFrom(...pairs).chain(([x, y]) =>
    fc.tuple(x.b.bad(doc), y.b.bad(doc)).map(([vx, vy]): BrokenDocument => ({
      document: withValue(withValue(doc, x.path, vx), y.path, vy),
      paths: [x.path, ...(x.b.alsoNamed?.(x.path) ?? []), y.path, ...(y.b.alsoNamed?.(y.path) ?? [])],
      description: `${shown(x.path, vx)} and ${shown(y.path, vy)} (two fields; either named will do)`,
    })),
  );
}

/**
 * `doc` with one value of its destination's settings that breaks a rule of its type's settings
 * (each destination type has rules of its own); undefined where the document's type has none.
 */
export function brokenDestinationSettings(doc: Document): fc.Arbitrary<BrokenDocument> | undefined {
  return oneBrokenValue(doc, (path) => path[0] === 'destination' && path[1] === 'settings');
}

/**
 * `doc` broken once by every rule that applies to it (one drawn bad value each), and once each as
 * a list that repeats a table and a connection with both password and password_env: a sweep that
 * meets every rule in every run, where the property's draws meet each rule only now and then (a
 * rule named wrong, say a table item's index counted from 1, hid for whole seeds).
 */
export function everyRuleBroken(doc: Document): fc.Arbitrary<BrokenDocument[]> {
  const applicable = BREAKERS.map((b) => ({ b, path: b.path(doc) })).filter((x): x is { b: Breaker; path: Segment[] } => x.path !== null);
  const each = applicable.map(({ b, path }) => brokenAt(doc, b, path));
  return fc.tuple(...each).map((broken) => [...broken, withDuplicateTable(doc), withBothSecrets(doc)]);
}

/** `doc` with the value at `path` broken by `b`'s rule. */
function brokenAt(doc: Document, b: Breaker, path: Segment[]): fc.Arbitrary<BrokenDocument> {
  return b.bad(doc).map((value): BrokenDocument => ({
    document: withValue(doc, path, value),
    paths: [path, ...(b.alsoNamed?.(path) ?? [])],
    description: `${showPath(path)} = ${typeof path.at(-1) === 'string' && looksSecret(path.at(-1) as string) ? REDACTED : show(value, 60)}`,
  }));
}

/** `doc` with one value broken, at a path `where` keeps; undefined where no rule of `doc` is there. */
function oneBrokenValue(doc: Document, where: (path: Segment[]) => boolean): fc.Arbitrary<BrokenDocument> | undefined {
  const applicable = BREAKERS.map((b) => ({ b, path: b.path(doc) })).filter((x): x is { b: Breaker; path: Segment[] } => x.path !== null && where(x.path));
  if (applicable.length === 0) return undefined;
  return fc.constantFrom(...applicable).chain(({ b, path }) => brokenAt(doc, b, path));
}

// ---------------------------------------------------------------------------------------------
// The wrong shape (422, A-ERR-3)

export interface MisshapenDocument {
  document: Json;
  description: string;
  /**
   * Which wrong shape: a key the documented schema does not define (somewhere in the document),
   * a made-up top-level key that no schema can define (`disco_unknown_...`), a value of another
   * JSON type, or a body that is no object.
   */
  kind: 'unknown-key' | 'made-up-key' | 'wrong-type' | 'not-object';
}

/** Objects of the document that are closed: a key they do not define is unknown. */
const OBJECT_PATHS: Segment[][] = [[], ['source'], ['source', 'connection'], ['destination'], ['destination', 'settings'], ['sync']];

const unknownKeyName = fc.tuple(fc.constantFrom('x_', 'unknown_', 'extra', 'Name', 'NAME', 'Source', 'sync_mode', 'passwordEnv'), word(0, 6)).map(([a, b]) => `${a}${b}`);

const scalarWord = fc.string({ unit: fc.constantFrom(...lower), minLength: 1, maxLength: 8 }).filter((s) => !['true', 'false', 'null', 'yes', 'no', 'on', 'off'].includes(s));
const smallObject = fc.dictionary(scalarWord, fc.oneof(fc.integer(), scalarWord), { minKeys: 1, maxKeys: 2, noNullPrototype: true });
const smallArray = fc.array(fc.oneof(fc.integer(), fc.boolean()), { minLength: 1, maxLength: 3 });

/** JSON values of another type than `kind`, none that a server could coerce into it. */
function otherType(kind: 'object' | 'string' | 'integer' | 'array' | 'boolean'): fc.Arbitrary<Json> {
  const options: Record<typeof kind, fc.Arbitrary<Json>[]> = {
    object: [scalarWord, fc.integer(), fc.boolean(), smallArray],
    string: [fc.integer(), fc.boolean(), smallObject, smallArray],
    integer: [scalarWord, fc.boolean(), smallObject, smallArray],
    array: [scalarWord, fc.integer(), fc.boolean(), smallObject],
    boolean: [scalarWord, fc.integer({ min: 2, max: 1000 }), smallObject, smallArray],
  };
  return fc.oneof(...options[kind]);
}

const TYPED_FIELDS: { path: Segment[]; kind: 'object' | 'string' | 'integer' | 'array' | 'boolean' }[] = [
  { path: ['name'], kind: 'string' },
  { path: ['source'], kind: 'object' },
  { path: ['source', 'type'], kind: 'string' },
  { path: ['source', 'connection'], kind: 'object' },
  { path: ['source', 'connection', 'host'], kind: 'string' },
  { path: ['source', 'connection', 'port'], kind: 'integer' },
  { path: ['source', 'connection', 'user'], kind: 'string' },
  { path: ['source', 'tables'], kind: 'array' },
  { path: ['source', 'tables', 0], kind: 'string' },
  { path: ['destination'], kind: 'object' },
  { path: ['destination', 'type'], kind: 'string' },
  { path: ['destination', 'settings'], kind: 'object' },
  { path: ['sync'], kind: 'object' },
  { path: ['sync', 'mode'], kind: 'string' },
];

/** A top-level key made up for the run: no deployment's schema defines it, so it is unknown everywhere. */
export const MADE_UP_KEY_PREFIX = 'disco_unknown_';
const madeUpKeyName = word(1, 6).map((w) => `${MADE_UP_KEY_PREFIX}${w}`);

/**
 * `doc` with an unknown key somewhere, a value of the wrong JSON type, or not an object at all.
 * `doc` may be a target's own definition: keys go only into objects it has.
 */
export function misshapenDefinition(doc: Document): fc.Arbitrary<MisshapenDocument> {
  const paths = OBJECT_PATHS.filter((at) => {
    const node = valueAt(doc, at);
    return typeof node === 'object' && node !== null && !Array.isArray(node);
  });
  const unknownKey = fc.tuple(fc.constantFrom(...paths), unknownKeyName, fc.oneof(scalarWord, fc.integer(), fc.boolean(), smallObject)).map(([at, key, value]): MisshapenDocument => {
    const document = clone(doc);
    (valueAt(document, at) as Document)[key] = value;
    return { document, description: `unknown key ${showPath([...at, key])}`, kind: 'unknown-key' };
  });
  const madeUpKey = fc.tuple(madeUpKeyName, fc.oneof(scalarWord, fc.integer(), fc.boolean())).map(([key, value]): MisshapenDocument => ({
    document: { ...clone(doc), [key]: value },
    description: `the made-up key ${key} (no schema defines it)`,
    kind: 'made-up-key',
  }));
  // Only fields the document has: a target's own definition may lack the documented ones.
  const typed = TYPED_FIELDS.filter(({ path }) => valueAt(doc, path) !== undefined);
  const wrongType = fc.constantFrom(...(typed.length ? typed : TYPED_FIELDS)).chain(({ path, kind }) =>
    otherType(kind).map((value): MisshapenDocument => ({ document: withValue(doc, path, value), description: `${showPath(path)} is ${JSON.stringify(value)} (not ${kind === 'integer' ? 'an integer' : `a${kind === 'object' || kind === 'array' ? 'n' : ''} ${kind}`})`, kind: 'wrong-type' })),
  );
  const notAnObject = fc.oneof(fc.constant([doc]), fc.constant([]), fc.integer(), scalarWord, fc.boolean()).map((value): MisshapenDocument => ({ document: value, description: `the body is ${show(value, 40)} (not an object)`, kind: 'not-object' }));
  return fc.oneof(
    { arbitrary: unknownKey, weight: 3 },
    { arbitrary: madeUpKey, weight: 2 },
    ...(typed.length ? [{ arbitrary: wrongType, weight: 4 }] : []),
    { arbitrary: notAnObject, weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// Every level of every type (A-ERR-3's sweep)

/** One request of the sweep: a document with one thing of the wrong shape, at `at`. */
export interface SweepCase extends MisshapenDocument {
  /** The object the case adds a key to or replaces (`[]`: the document itself). */
  at: Segment[];
  /** The made-up key added, for `made-up-key` cases. */
  key?: string;
  /** Which of the base documents it was made from. */
  base: number;
}

/** Every object of `doc` (the document itself, and objects inside arrays), as paths, outermost first. */
export function objectPaths(doc: Json, at: Segment[] = []): Segment[][] {
  if (Array.isArray(doc)) return doc.flatMap((item, i) => objectPaths(item, [...at, i]));
  if (typeof doc !== 'object' || doc === null) return [];
  return [at, ...Object.entries(doc).flatMap(([k, v]) => objectPaths(v, [...at, k]))];
}

/** What a document is, by its documented types: `mongodb source, bigquery destination, batch sync`. */
export function typesOf(doc: Json): string {
  const parts = [
    [valueAt(doc, ['source', 'type']), 'source'],
    [valueAt(doc, ['destination', 'type']), 'destination'],
    [valueAt(doc, ['sync', 'mode']), 'sync'],
  ].filter(([v]) => typeof v === 'string');
  return parts.length ? parts.map(([v, what]) => `${String(v)} ${String(what)}`).join(', ') : 'a definition';
}

const unknownValue = fc.oneof(scalarWord, fc.integer(), fc.boolean(), smallObject);

/**
 * For each of `bases`, at every object it has (the document itself included): a made-up key
 * (no schema defines `disco_unknown_...`), and the object replaced by an array and by a string;
 * the body itself an array and a string once. Every case is made, in order: only the names and
 * values are drawn. `bases` are valid documents (`everyTypeDefinitions`, or a target's own).
 */
export function levelSweep(bases: readonly Document[]): fc.Arbitrary<SweepCase[]> {
  const parts: fc.Arbitrary<SweepCase>[] = [];
  bases.forEach((doc, base) => {
    const of = `(${typesOf(doc)})`;
    for (const at of objectPaths(doc)) {
      parts.push(
        fc.tuple(madeUpKeyName, unknownValue).map(([key, value]): SweepCase => {
          const document = clone(doc);
          (valueAt(document, at) as Document)[key] = value;
          return { document, at, key, base, kind: 'made-up-key', description: `the made-up key ${showPath([...at, key])} ${of}` };
        }),
      );
      if (at.length === 0) continue;
      parts.push(
        fc.oneof(fc.constant([valueAt(doc, at)]), smallArray).map((value): SweepCase => ({ document: withValue(doc, at, value), at, base, kind: 'wrong-type', description: `${showPath(at)} is the array ${show(value, 40)} (not an object) ${of}` })),
        scalarWord.map((value): SweepCase => ({ document: withValue(doc, at, value), at, base, kind: 'wrong-type', description: `${showPath(at)} is the string ${JSON.stringify(value)} (not an object) ${of}` })),
      );
    }
  });
  const first = bases[0];
  if (first !== undefined) {
    parts.push(
      fc.constant<SweepCase>({ document: [first], at: [], base: 0, kind: 'not-object', description: 'the body is an array holding a definition (not an object)' }),
      scalarWord.map((value): SweepCase => ({ document: value, at: [], base: 0, kind: 'not-object', description: `the body is the string ${JSON.stringify(value)} (not an object)` })),
    );
  }
  return fc.tuple(...parts);
}

/**
 * For each of `bases` whose first table (`source.tables[0]`) is a string: that item replaced by
 * the objects an older export writes for a table, `{"name": <item>}` and `{"schema", "name"}` (the
 * item split at its first dot; `public` as the schema where it has none), where the documented
 * schema holds a string: a value of the wrong JSON type, which an importer reading such an object
 * as the name it carries takes. Every case, nothing drawn; `at` is the item replaced.
 */
export function tableItemSweep(bases: readonly Document[]): SweepCase[] {
  const at: Segment[] = ['source', 'tables', 0];
  return bases.flatMap((doc, base) => {
    const item = valueAt(doc, at);
    if (typeof item !== 'string') return [];
    const dot = item.indexOf('.');
    const split = dot < 0 ? { schema: 'public', name: item } : { schema: item.slice(0, dot), name: item.slice(dot + 1) };
    return [{ name: item }, split].map((value): SweepCase => ({ document: withValue(doc, at, value), at, base, kind: 'wrong-type', description: `${showPath(at)} is the object ${show(value, 60)} (not a string) (${typesOf(doc)})` }));
  });
}

/**
 * A made-up-key case with the key set to null: in a merge patch, the deletion of a key the
 * definition does not have, which merging alone drops without a trace; the body still holds a
 * key no schema defines (A-ERR-3: 422, whatever its value). Other cases: none.
 */
export function madeUpKeyNulled(c: SweepCase): SweepCase | null {
  const doc = c.document;
  if (c.kind !== 'made-up-key' || c.key === undefined || typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null;
  const shown = `the made-up key ${showPath([...c.at, c.key])}`;
  return { ...c, document: withValue(doc as Document, [...c.at, c.key], null), description: c.description.replace(shown, `${shown} set to null`) };
}

type Scalar = 'string' | 'integer' | 'boolean' | 'array';

/** Every field of the documented schema that holds no object, and its JSON type; settings by destination type. */
const SHARED_LEAVES: { path: Segment[]; kind: Scalar }[] = [
  { path: ['name'], kind: 'string' },
  { path: ['description'], kind: 'string' },
  { path: ['source', 'type'], kind: 'string' },
  { path: ['source', 'connection', 'host'], kind: 'string' },
  { path: ['source', 'connection', 'port'], kind: 'integer' },
  { path: ['source', 'connection', 'database'], kind: 'string' },
  { path: ['source', 'connection', 'user'], kind: 'string' },
  { path: ['source', 'connection', 'ssl'], kind: 'boolean' },
  { path: ['source', 'tables'], kind: 'array' },
  { path: ['source', 'tables', 0], kind: 'string' },
  { path: ['destination', 'type'], kind: 'string' },
  { path: ['sync', 'mode'], kind: 'string' },
  { path: ['sync', 'initial_load'], kind: 'boolean' },
];
const SETTINGS_LEAVES: Record<string, [string, Scalar][]> = {
  redshift: [['host', 'string'], ['port', 'integer'], ['database', 'string'], ['schema', 'string'], ['user', 'string']],
  snowflake: [['account', 'string'], ['warehouse', 'string'], ['database', 'string'], ['schema', 'string'], ['role', 'string'], ['user', 'string']],
  bigquery: [['project_id', 'string'], ['dataset', 'string'], ['location', 'string'], ['credentials_env', 'string']],
  s3: [['bucket', 'string'], ['region', 'string'], ['prefix', 'string'], ['format', 'string']],
};

/**
 * A value of another JSON type than `kind` that a lenient server could read as one of `kind`
 * ("5439" for an integer, "true" for a boolean, 42 for a string, a lone string for a list).
 * `current` is the field's value in the document, where it has one.
 */
function coercible(kind: Scalar, current: Json): fc.Arbitrary<Json> {
  switch (kind) {
    case 'integer':
      return typeof current === 'number' ? fc.constant(String(current)) : fc.integer({ min: 5, max: 1440 }).map(String);
    case 'boolean':
      return fc.constantFrom('true', 'false');
    case 'string':
      return fc.oneof(fc.integer({ min: 1, max: 99_999 }), fc.boolean());
    case 'array':
      return fc.constant(Array.isArray(current) && typeof current[0] === 'string' ? current[0] : 'orders');
  }
}

/**
 * Every field of the documented schema that holds no object (optional ones included, given where
 * the base has none), once with a coercible value of another JSON type: the shared fields spread
 * over `bases` (`sync.interval_minutes` on a batch one), each destination type's settings on the
 * base of that type, the secret on the one each base has. Only the documented schema says these
 * types, so only the simulator profile sends them.
 */
export function coercedLeafSweep(bases: readonly Document[]): fc.Arbitrary<SweepCase[]> {
  const parts: fc.Arbitrary<SweepCase>[] = [];
  const leaf = (doc: Document, base: number, path: Segment[], kind: Scalar) =>
    coercible(kind, valueAt(doc, path)).map((value): SweepCase => ({
      document: withValue(doc, path, value),
      at: path.slice(0, -1),
      base,
      kind: 'wrong-type',
      description: `${showPath(path)} is ${JSON.stringify(value)} (not ${kind === 'integer' ? 'an integer' : kind === 'array' ? 'an array' : `a ${kind}`}) (${typesOf(doc)})`,
    }));
  const docs = bases.map((doc, base) => ({ doc, base })).filter(({ doc }) => typeof valueAt(doc, ['destination', 'type']) === 'string');
  if (docs.length === 0) return fc.constant([]);
  SHARED_LEAVES.forEach(({ path, kind }, i) => {
    const { doc, base } = docs[i % docs.length] as { doc: Document; base: number };
    parts.push(leaf(doc, base, path, kind));
  });
  const batch = docs.find(({ doc }) => valueAt(doc, ['sync', 'mode']) === 'batch');
  if (batch) parts.push(leaf(batch.doc, batch.base, ['sync', 'interval_minutes'], 'integer'));
  for (const { doc, base } of docs) {
    const secret = ['password', 'password_env'].find((k) => valueAt(doc, ['source', 'connection', k]) !== undefined);
    if (secret) parts.push(leaf(doc, base, ['source', 'connection', secret], 'string'));
    const type = String(valueAt(doc, ['destination', 'type']));
    for (const [field, kind] of SETTINGS_LEAVES[type] ?? []) parts.push(leaf(doc, base, ['destination', 'settings', field], kind));
    const settingsSecret = ['password', 'password_env'].find((k) => valueAt(doc, ['destination', 'settings', k]) !== undefined);
    if (settingsSecret) parts.push(leaf(doc, base, ['destination', 'settings', settingsSecret], 'string'));
  }
  return fc.tuple(...parts);
}

export function showPath(path: readonly Segment[]): string {
  let out = '';
  for (const s of path) out += typeof s === 'number' ? `[${s}]` : out === '' ? s : `.${s}`;
  return out === '' ? '(the document)' : out;
}
