import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { stringify as toYaml } from 'yaml';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { A, bearer, boot, definition } from './test-support.ts';
import { mergePatch, redact, REDACTED, sameDocument } from './definition.ts';
import { fieldPath, pointerSegments } from '../../http/field-path.ts';
import { checkDefinition } from './definition-schema.ts';

type Doc = Record<string, unknown>;
type Path = (string | number)[];

const clone = <T>(value: T): T => structuredClone(value);

function setAt(doc: Doc, path: Path, value: unknown): Doc {
  const copy = clone(doc);
  let node: Record<string | number, unknown> = copy;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** Valid starting points: one per destination type and sync mode. */
const bases: Doc[] = [
  definition('orders'),
  definition('to-s3', { destination: { type: 's3', settings: { bucket: 'acme-raw.events', region: 'eu-west-1', prefix: 'cdc/', format: 'parquet' } } }),
  definition('to-bq', { destination: { type: 'bigquery', settings: { project_id: 'acme-analytics', dataset: 'raw_shop', credentials_env: 'BQ_CREDENTIALS' } } }),
  definition('to-rs', {
    source: { type: 'mysql', connection: { host: '10.0.3.7', port: 3306, database: 'shop', user: 'repl', password_env: 'MYSQL_PW', ssl: true }, tables: ['orders'] },
    destination: { type: 'redshift', settings: { host: 'rs.example.com', port: 5439, database: 'dw', schema: 'raw', user: 'loader', password: 'pw' } },
    sync: { mode: 'batch', interval_minutes: 60 },
  }),
];
const base = fc.constantFrom(...bases);

/** One broken rule: the document stays well-shaped, and the answer must name `field`. */
interface Breakage {
  path: Path;
  value: unknown;
  field: string;
}

const badHostname = fc.constantFrom('', 'has space.example.com', '-lead.example.com', 'trail-.example.com', 'under_score.example', 'a..b', 'x'.repeat(64) + '.com');
const badBucket = fc.constantFrom('ab', 'UpperCase', 'a..b', 'a.-b', 'a-.b', '192.168.1.10', 'xn--bucket', '-bucket', 'bucket-', 'b'.repeat(64), 'under_score');
const badTable = fc.constantFrom('', '1orders', 'a.b.c', 'has space', 'semi;colon', 'dash-table', '.orders');
const notIn = (allowed: string[]) => fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !allowed.includes(s));

function breakage(doc: Doc): fc.Arbitrary<Breakage> {
  const isS3 = (doc.destination as Doc).type === 's3';
  const isBatch = (doc.sync as Doc).mode === 'batch';
  const tables = (doc.source as { tables: string[] }).tables;
  const options: fc.Arbitrary<Breakage>[] = [
    fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 65536 })).map((port) => ({ path: ['source', 'connection', 'port'], value: port, field: 'source.connection.port' })),
    fc.double({ min: 1.01, max: 65534.99, noNaN: true }).filter((n) => !Number.isInteger(n)).map((port) => ({ path: ['source', 'connection', 'port'], value: port, field: 'source.connection.port' })),
    badHostname.map((host) => ({ path: ['source', 'connection', 'host'], value: host, field: 'source.connection.host' })),
    fc.constant({ path: ['source', 'tables'], value: [], field: 'source.tables' }),
    fc.tuple(fc.nat({ max: tables.length - 1 }), badTable).map(([i, t]) => ({ path: ['source', 'tables', i], value: t, field: `source.tables[${i}]` })),
    fc.constant({ path: ['source', 'tables', tables.length], value: tables[0], field: `source.tables[${tables.length}]` }),
    notIn(['mysql', 'postgres', 'sqlserver', 'mongodb']).map((t) => ({ path: ['source', 'type'], value: t, field: 'source.type' })),
    notIn(['redshift', 'snowflake', 'bigquery', 's3']).map((t) => ({ path: ['destination', 'type'], value: t, field: 'destination.type' })),
    notIn(['cdc', 'batch']).map((m) => ({ path: ['sync', 'mode'], value: m, field: 'sync.mode' })),
    fc.constantFrom('', ' leading', '-dash', 'n'.repeat(101), 'emoji 🚀').map((name) => ({ path: ['name'], value: name, field: 'name' })),
    fc.constantFrom<Path>(['name'], ['source'], ['destination'], ['sync'], ['source', 'type'], ['source', 'connection'], ['source', 'tables'], ['source', 'connection', 'host'], ['source', 'connection', 'user'], ['sync', 'mode'], ['destination', 'settings']).map((path) => ({ path, value: undefined, field: fieldPath(path) })),
    fc.constant({ path: ['source', 'connection', 'password_env'], value: 'BOTH_GIVEN', field: 'source.connection.password' }),
    fc.constantFrom('lower', '1DIGIT', 'WITH-DASH').map((env) => ({ path: ['source', 'connection', 'password_env'], value: env, field: 'source.connection.password_env' })),
  ];
  if (isS3) options.push(badBucket.map((bucket) => ({ path: ['destination', 'settings', 'bucket'], value: bucket, field: 'destination.settings.bucket' })));
  if (isBatch) {
    options.push(fc.oneof(fc.integer({ max: 4 }), fc.integer({ min: 1441 })).map((n) => ({ path: ['sync', 'interval_minutes'], value: n, field: 'sync.interval_minutes' })));
    options.push(fc.constant({ path: ['sync', 'interval_minutes'], value: undefined, field: 'sync.interval_minutes' }));
  } else options.push(fc.integer({ min: 5, max: 1440 }).map((n) => ({ path: ['sync', 'interval_minutes'], value: n, field: 'sync.interval_minutes' })));
  return fc.oneof(...options);
}

/** Wraps a breakage so that one already there (the password rule on a doc that has both) is avoided. */
function apply(doc: Doc, b: Breakage): Doc {
  const connection = (doc.source as { connection: Doc }).connection;
  if (b.path.join('.') === 'source.connection.password_env' && b.value !== 'BOTH_GIVEN' && connection.password !== undefined) {
    return setAt(setAt(doc, ['source', 'connection', 'password'], undefined), b.path, b.value);
  }
  if (b.value === 'BOTH_GIVEN') return setAt(setAt(doc, ['source', 'connection', 'password'], 'pw'), b.path, 'PW_ENV');
  return setAt(doc, b.path, b.value);
}

/** Places where an object lives in every base document. */
const objectPaths: Path[] = [[], ['source'], ['source', 'connection'], ['destination'], ['destination', 'settings'], ['sync']];

describe('definition validation: 400 names the failing field (A-ERR-2)', () => {
  it('every base document is valid against the published schema', () => {
    for (const doc of bases) {
      expect(checkDefinition(doc)).toEqual({ kind: 'valid' });
      expect(validateResource('pipeline-definition', doc)).toEqual([]);
    }
  });

  it('a well-shaped document with one broken rule is 400 invalid_definition naming exactly that field', async () => {
    const b = boot();
    await fc.assert(
      fc.asyncProperty(base.chain((doc) => breakage(doc).map((br) => ({ doc: apply(doc, br), field: br.field }))), async ({ doc, field }) => {
        const res = await b.http.post(`${A}/pipelines/validate`).set(bearer(b.acme.plain)).send(doc);
        expect(res.status).toBe(400);
        expect(validateResource('error-a', res.body)).toEqual([]);
        expect(res.body.code).toBe('invalid_definition');
        expect(res.body.field).toBe(field);
        for (const problem of res.body.problems as { field: string }[]) expect(problem.field).toBe(field);
      }),
      { seed: 42, numRuns: 150 },
    );
  });

  it('the same rules hold for YAML documents and for create', async () => {
    const b = boot();
    await fc.assert(
      fc.asyncProperty(base.chain((doc) => breakage(doc).map((br) => ({ doc: apply(doc, br), field: br.field }))), async ({ doc, field }) => {
        const res = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).set('Content-Type', 'application/yaml').send(toYaml(doc));
        expect(res.status).toBe(400);
        expect(res.body.field).toBe(field);
      }),
      { seed: 7, numRuns: 40 },
    );
    expect(b.sim.store.account('acme-data')?.pipelines.size).toBe(0);
  });
});

describe('definition shape: 422 for unknown keys and type mismatches (A-ERR-3)', () => {
  const key = fc.string({ minLength: 1, maxLength: 12 });

  it('an unknown key anywhere is 422 unprocessable naming its path', async () => {
    const b = boot();
    await fc.assert(
      fc.asyncProperty(base, fc.constantFrom(...objectPaths), key, fc.jsonValue(), async (doc, parent, k, value) => {
        const holder = parent.reduce<unknown>((node, s) => (node as Record<string | number, unknown>)[s], doc) as Doc;
        fc.pre(!Object.hasOwn(holder, k) && !['port', 'password', 'password_env', 'interval_minutes', 'description', 'ssl', 'role', 'location', 'prefix', 'format'].includes(k));
        const withKey = clone(doc);
        const target = parent.reduce<unknown>((node, s) => (node as Record<string | number, unknown>)[s], withKey) as Doc;
        Object.defineProperty(target, k, { value, enumerable: true, writable: true, configurable: true });
        const res = await b.http.post(`${A}/pipelines/validate`).set(bearer(b.acme.plain)).send(withKey);
        expect(res.status).toBe(422);
        expect(validateResource('error-a', res.body)).toEqual([]);
        expect(res.body.code).toBe('unprocessable');
        expect(res.body.field).toBe(fieldPath([...parent, k]));
      }),
      { seed: 42, numRuns: 120 },
    );
  });

  it('a value of the wrong JSON type is 422 naming its path', async () => {
    const wrongFor: [Path, fc.Arbitrary<unknown>][] = [
      [['name'], fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()))],
      [['source'], fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.integer()))],
      [['source', 'connection'], fc.oneof(fc.string(), fc.constant(null), fc.constant([]))],
      [['source', 'connection', 'port'], fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.constant({}))],
      [['source', 'connection', 'host'], fc.oneof(fc.integer(), fc.constant(null), fc.constant(['db']))],
      [['source', 'tables'], fc.oneof(fc.string(), fc.constant({}), fc.integer())],
      [['source', 'tables', 0], fc.oneof(fc.integer(), fc.constant(null), fc.constant({ name: 't' }))],
      [['destination', 'settings'], fc.oneof(fc.string(), fc.constant([]), fc.constant(null))],
      [['sync', 'mode'], fc.oneof(fc.integer(), fc.constant(true), fc.constant(null))],
      [['sync'], fc.oneof(fc.constant('cdc'), fc.constant(['cdc']))],
    ];
    const b = boot();
    await fc.assert(
      fc.asyncProperty(base, fc.constantFrom(...wrongFor).chain(([path, arb]) => arb.map((value) => ({ path, value }))), async (doc, { path, value }) => {
        const res = await b.http.post(`${A}/pipelines/validate`).set(bearer(b.acme.plain)).send(setAt(doc, path, value));
        expect(res.status).toBe(422);
        expect(res.body.code).toBe('unprocessable');
        expect(res.body.field).toBe(fieldPath(path));
      }),
      { seed: 42, numRuns: 100 },
    );
  });

  it('a root that is not an object is 422 naming body', async () => {
    const b = boot();
    for (const text of ['[]', '"pipeline"', '42', 'null', 'true']) {
      const res = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).type('json').send(text);
      expect(res.status).toBe(422);
      expect(res.body.field).toBe('body');
    }
    const yaml = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).set('Content-Type', 'application/yaml').send('- just\n- a list\n');
    expect(yaml.status).toBe(422);
  });

  it('a body nested deeper than 32 levels is 422 and never recursed into', async () => {
    const b = boot();
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const res = await b.http.patch(`${A}/pipelines/1`).set(bearer(b.acme.plain)).type('json').send(deep);
    expect(res.status).toBe(404); // the id is looked up first
    const created = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(definition('deep'));
    const patched = await b.http.patch(`${A}/pipelines/${created.body.id}`).set(bearer(b.acme.plain)).type('json').send(deep);
    expect(patched.status).toBe(422);
    expect(patched.body.field).toBe('body');
  });
});

describe('malformed bodies are 4xx with the error object, never 5xx (X-ROB-1)', () => {
  it('random text as JSON or YAML', async () => {
    const b = boot();
    const valid = JSON.stringify(definition('orders'));
    const validYaml = toYaml(definition('orders'));
    const text = fc.oneof(
      fc.string({ maxLength: 200, unit: 'grapheme' }),
      fc.string({ maxLength: 80, unit: fc.constantFrom('{', '}', '[', ']', ':', ',', '"', '-', ' ', '\n', '\t', 'a', '1', '&', '*', '!', '|', '>', '#', '%', '@', '`') }),
      fc.nat({ max: valid.length - 1 }).map((n) => valid.slice(0, n)),
      fc.nat({ max: validYaml.length - 1 }).map((n) => validYaml.slice(0, n)),
    );
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom('application/json', 'application/yaml', 'text/yaml'), fc.constantFrom('/pipelines', '/pipelines/validate'), async (body, type, path) => {
        const res = await b.http.post(`${A}${path}`).set(bearer(b.acme.plain)).set('Content-Type', type).send(body);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(validateResource('error-a', res.body)).toEqual([]);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('YAML alias bombs, custom tags, duplicate keys and multiple documents are 400', async () => {
    const b = boot();
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`)].join('\n');
    for (const text of [bomb, 'name: !!js/function "function(){}"\n', 'name: a\nname: b\n', 'name: a\n---\nname: b\n', 'name: [unclosed\n']) {
      const res = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).set('Content-Type', 'application/yaml').send(text);
      expect(res.status, text.slice(0, 30)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(validateResource('error-a', res.body)).toEqual([]);
    }
  });
});

describe('secrets are never echoed back', () => {
  it('no answer carries a stored password, in JSON or YAML', async () => {
    const b = boot();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 12, maxLength: 40, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789') }), async (secret) => {
        const password = `pw-${secret}`;
        const doc = setAt(definition(`secret-${n++}`), ['source', 'connection', 'password'], password);
        const created = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(doc);
        expect(created.status).toBe(201);
        const id = created.body.id as number;
        const answers = [
          created,
          await b.http.get(`${A}/pipelines/${id}`).set(bearer(b.acme.plain)),
          await b.http.get(`${A}/pipelines/${id}/definition`).set(bearer(b.acme.plain)),
          await b.http.get(`${A}/pipelines/${id}/definition`).set(bearer(b.acme.plain)).set('Accept', 'application/yaml'),
          await b.http.get(`${A}/pipelines`).set(bearer(b.acme.plain)),
        ];
        for (const res of answers) expect(res.text).not.toContain(password);
      }),
      { seed: 42, numRuns: 15 },
    );
  });
});

describe('document helpers', () => {
  it('merge patch follows the examples of RFC 7396', () => {
    const cases: [unknown, unknown, unknown][] = [
      [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
      [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
      [{ a: 'b' }, { a: null }, {}],
      [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
      [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
      [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
      [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
      [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
      [['a', 'b'], ['c', 'd'], ['c', 'd']],
      [{ a: 'b' }, ['c'], ['c']],
      [{ a: 'foo' }, null, null],
      [{ a: 'foo' }, 'bar', 'bar'],
      [{ e: null }, { a: 1 }, { e: null, a: 1 }],
      [[1, 2], { a: 'b', c: null }, { a: 'b' }],
      [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
    ];
    for (const [target, patch, result] of cases) expect(mergePatch(target, patch)).toEqual(result);
  });

  it('merge patch never touches prototypes', () => {
    const merged = mergePatch({}, JSON.parse('{"__proto__": {"polluted": 1}}')) as Record<string, unknown>;
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });

  it('redaction replaces every password and nothing else', () => {
    const doc = bases[3] as Doc;
    const redacted = redact(doc) as { source: { connection: Doc }; destination: { settings: Doc } };
    expect(redacted.destination.settings.password).toBe(REDACTED);
    expect(redacted.source.connection.password_env).toBe('MYSQL_PW');
    expect(sameDocument(setAt(redacted as unknown as Doc, ['destination', 'settings', 'password'], 'pw'), doc)).toBe(true);
  });

  it('field paths read back to one place', () => {
    expect(fieldPath([])).toBe('body');
    expect(fieldPath(['source', 'tables', 0])).toBe('source.tables[0]');
    expect(fieldPath(['settings', 'a.b'])).toBe('settings["a.b"]');
    expect(fieldPath(['weird key', 1, ''])).toBe('["weird key"][1][""]');
    expect(pointerSegments('/source/tables/0', { source: { tables: ['x'] } })).toEqual(['source', 'tables', 0]);
    expect(pointerSegments('/m/0', { m: { '0': 1 } })).toEqual(['m', '0']);
    expect(pointerSegments('/a~1b/c~0d', {})).toEqual(['a/b', 'c~d']);
  });
});

describe('sameDocument', () => {
  // The meaning it must keep: equal after sorting every object's keys, arrays in order.
  const canonical = (value: unknown): string => {
    if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
    if (typeof value === 'object' && value !== null) {
      const object = value as Record<string, unknown>;
      return `{${Object.keys(object).sort().map((k) => `${JSON.stringify(k)}:${canonical(object[k])}`).join(',')}}`;
    }
    return JSON.stringify(value) ?? 'null';
  };
  const reordered = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(reordered);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).reverse()) Object.defineProperty(out, key, { value: reordered((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
    return out;
  };

  it('says two JSON documents are the same exactly when their canonical forms are', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(sameDocument(a, b)).toBe(canonical(a) === canonical(b));
        expect(sameDocument(a, reordered(a))).toBe(true);
        expect(sameDocument(a, JSON.parse(JSON.stringify(a)))).toBe(true);
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  it('tells apart what differs in one place, a missing key, an extra key and array order', () => {
    expect(sameDocument({ a: { b: [1, 2] } }, { a: { b: [2, 1] } })).toBe(false);
    expect(sameDocument({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameDocument({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameDocument({ a: 1, c: 3 }, { a: 1, b: 3 })).toBe(false);
    expect(sameDocument({ a: null }, {})).toBe(false);
    expect(sameDocument([], {})).toBe(false);
    expect(sameDocument('1', 1)).toBe(false);
    expect(sameDocument(JSON.parse('{"__proto__":{"x":1}}'), JSON.parse('{"__proto__":{"x":2}}'))).toBe(false);
    expect(sameDocument(JSON.parse('{"__proto__":{"x":1}}'), JSON.parse('{"__proto__":{"x":1}}'))).toBe(true);
  });
});
