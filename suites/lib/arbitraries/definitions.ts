import fc from 'fast-check';

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

// Only fields of the definition table in docs/interface-a.md: a target whose schema refuses
// unknown fields (as A-ERR-3 demands) must take every generated valid document.
const sync = fc.oneof(fc.constant({ mode: 'cdc' }), fc.integer({ min: 5, max: 1440 }).map((interval) => ({ mode: 'batch', interval_minutes: interval })));

/** A valid definition named `name` (the caller makes names unique: they must be). */
export function validDefinition(name: string): fc.Arbitrary<Document> {
  return withOptional(fc.record({ name: fc.constant(name), source, destination, sync }), {
    description: fc.string({ unit: 'grapheme', maxLength: 40 }),
  });
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
  return { document, paths: [['source', 'tables', tables.length], ['source', 'tables']], description: `source.tables repeats ${JSON.stringify(tables[0])}` };
}

/** Both `password` and `password_env` in the source connection: exactly one is allowed. */
function withBothSecrets(doc: Document): BrokenDocument {
  const conn = valueAt(doc, ['source', 'connection']) as Document;
  const document = withValue(doc, ['source', 'connection'], { ...conn, password: 'pw-both-given', password_env: 'BOTH_GIVEN' });
  const at: Segment[] = ['source', 'connection'];
  return { document, paths: [[...at, 'password'], [...at, 'password_env'], at], description: 'source.connection has both password and password_env' };
}

/** `doc` with exactly one value that breaks a rule; the answer must name `paths[0]` (or another of `paths`). */
export function brokenDefinition(doc: Document): fc.Arbitrary<BrokenDocument> {
  const applicable = BREAKERS.map((b) => ({ b, path: b.path(doc) })).filter((x): x is { b: Breaker; path: Segment[] } => x.path !== null);
  const single = fc.constantFrom(...applicable).chain(({ b, path }) =>
    b.bad(doc).map((value): BrokenDocument => ({
      document: withValue(doc, path, value),
      paths: [path, ...(b.alsoNamed?.(path) ?? [])],
      description: `${showPath(path)} = ${JSON.stringify(value).slice(0, 60)}`,
    })),
  );
  return fc.oneof({ arbitrary: single, weight: 8 }, { arbitrary: fc.constant(withDuplicateTable(doc)), weight: 1 }, { arbitrary: fc.constant(withBothSecrets(doc)), weight: 1 });
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
  const notAnObject = fc.oneof(fc.constant([doc]), fc.constant([]), fc.integer(), scalarWord, fc.boolean()).map((value): MisshapenDocument => ({ document: value, description: `the body is ${JSON.stringify(value).slice(0, 40)} (not an object)`, kind: 'not-object' }));
  return fc.oneof(
    { arbitrary: unknownKey, weight: 3 },
    { arbitrary: madeUpKey, weight: 2 },
    ...(typed.length ? [{ arbitrary: wrongType, weight: 4 }] : []),
    { arbitrary: notAnObject, weight: 1 },
  );
}

export function showPath(path: readonly Segment[]): string {
  let out = '';
  for (const s of path) out += typeof s === 'number' ? `[${s}]` : out === '' ? s : `.${s}`;
  return out === '' ? '(the document)' : out;
}
