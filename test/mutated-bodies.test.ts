import fc from 'fast-check';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../api/index.ts';
import { INTERFACE_A_PREFIX } from '../simulator/interfaces/which.ts';
import type { FaultName } from '../simulator/faults.ts';
import { Redactor } from '../suites/lib/redact.ts';
import { isErrorObjectOf, STACK_TRACE } from './support/error-objects.ts';
import { CONNECTION_ATTRIBUTES } from '../simulator/domains/connections/attributes.ts';
import { CONNECTION_TYPE_NAMES } from '../simulator/domains/connections/catalog.ts';
import { ACCEPT, documentOf, METHODS, prepare, validatorFor, type Doc, type Operation } from './support/documented-requests.ts';

/**
 * What Schemathesis does to an API, done to every documented write of both interfaces and to a
 * connection of every type: the request the OpenAPI document describes (its example body, on
 * real ids of a seeded simulator) with its body changed: first a sweep (every member, present or
 * documented, set once to a value of each JSON type, each member dropped), then random changes,
 * one or two at a time (a value replaced by an edge or a hostile one, the whole body included; a
 * member dropped; a member added with an odd or a documented name). Every answer is a success
 * whose body its documented schema accepts, or a 4xx with the interface's error object after
 * which the whole state (exported through the control API) is as it was; never a 5xx or a stack
 * trace. The state is put back after each case, so every case starts from the same state.
 */

type Json = null | boolean | number | string | Json[] | { [name: string]: Json };
type Path = (string | number)[];

const REDACTOR = new Redactor();

const RUNS = Number(process.env.DISCO_MUTATION_RUNS ?? 24);

/** Values of every JSON type, and the edges parsers and validators trip on. */
const HOSTILE: Json[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53,
  -(2 ** 53),
  1e308,
  '',
  ' ',
  '0',
  '-1',
  'true',
  'null',
  'x'.repeat(5_000),
  '\u0000',
  '\ud800',
  '😀',
  '2026-02-30T25:61:00Z',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '%00%ZZ',
  [],
  [null],
  [[]],
  Array.from({ length: 500 }, (_, i) => i),
  {},
  { a: {} },
  { $map: [1] },
  nested(40),
];

/** Names a member should never be, or that a careless object lookup finds on every object. */
const ODD_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '$map', '', ' ', 'x'.repeat(300), '😀', 'id', 'account_id'];

function nested(depth: number): Json {
  let value: Json = 'deep';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Every place in `value` a mutation can reach: the root, each member, each element. */
function pathsOf(value: Json, prefix: Path = []): Path[] {
  const here = [prefix];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value !== null && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  return here;
}

/**
 * `value` with `change` applied to the node at `path` (returning undefined drops it), or
 * `value` as it is when an earlier change took that node away. A copy: members defined, so a
 * `__proto__` member stays a member.
 */
function changed(value: Json, path: Path, change: (node: Json) => Json | undefined): Json | undefined {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    if (typeof head !== 'number' || head >= value.length) return value;
    const out = value.slice();
    const next = changed(out[head] as Json, rest, change);
    if (next === undefined) out.splice(head, 1);
    else out[head] = next;
    return out;
  }
  if (value === null || typeof value !== 'object' || typeof head !== 'string' || !Object.prototype.hasOwnProperty.call(value, head)) return value;
  const out: { [name: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) {
    const next = k === head ? changed(v, rest, change) : v;
    if (next !== undefined) define(out, k, next);
  }
  return out;
}

function define(object: { [name: string]: Json }, name: string, value: Json): void {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
}

type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; enum?: Json[]; allOf?: Schema[]; anyOf?: Schema[]; oneOf?: Schema[] };

/** The members the request schema documents for the object at `path`, with the values its enums list: what a client may send there. */
function documentedMembers(schema: Schema | undefined, path: Path, components: Record<string, unknown>): { name: string; values: Json[] }[] {
  const resolve = (s: Schema | undefined): Schema[] => {
    if (!s) return [];
    if (s.$ref) return resolve(components[s.$ref.replace('#/components/schemas/', '')] as Schema | undefined);
    return [s, ...[...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(resolve)];
  };
  let here = resolve(schema);
  for (const segment of path) here = here.flatMap((s) => resolve(typeof segment === 'number' ? s.items : s.properties?.[segment]));
  return here.flatMap((s) => Object.entries(s.properties ?? {}).map(([name, member]) => ({ name, values: resolve(member).flatMap((m) => m.enum ?? []) })));
}

type Change = { what: string; apply: (body: Json) => Json | undefined };

/**
 * One or two changes to `base`, each one of: a value replaced by a hostile one, a member dropped,
 * a member added to an object (an odd name, or one the request schema documents there, which the
 * documented example may leave out) with a hostile or a documented value.
 */
function mutations(base: Json, schema: Schema | undefined, components: Record<string, unknown>): fc.Arbitrary<{ what: string; body: string }> {
  const paths = pathsOf(base);
  const nodeAt = (p: Path) => p.reduce<Json>((n, s) => (n as Record<string, Json>)[s] as Json, base);
  const objects = paths.filter((p) => {
    const node = nodeAt(p);
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
  const at = (p: Path) => (p.length === 0 ? 'the body' : p.join('.'));
  const shown = (v: Json) => JSON.stringify(v).slice(0, 50);
  const replaced: fc.Arbitrary<Change> = fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...HOSTILE)).map(([p, v]) => ({ what: `${at(p)} = ${shown(v)}`, apply: (body) => changed(body, p, () => v) }));
  const members = paths.filter((p) => p.length > 0);
  const dropped: fc.Arbitrary<Change>[] = members.length > 0 ? [fc.constantFrom(...members).map((p) => ({ what: `${at(p)} dropped`, apply: (body) => changed(body, p, () => undefined) }))] : [];
  const added: fc.Arbitrary<Change>[] = objects.map((p) => {
    const documented = documentedMembers(schema, p, components);
    const odd: fc.Arbitrary<[string, Json]> = fc.tuple(fc.constantFrom(...ODD_NAMES), fc.constantFrom(...HOSTILE));
    const named = documented.map(({ name, values }): fc.Arbitrary<[string, Json]> => fc.tuple(fc.constant(name), fc.constantFrom(...values, ...HOSTILE)));
    return fc.oneof(odd, ...named).map(([name, v]) => ({
      what: `${at(p)} gains ${JSON.stringify(name).slice(0, 40)}: ${shown(v)}`,
      apply: (body) =>
        changed(body, p, (node) => {
          if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
          const out = { ...node };
          define(out, name, v);
          return out;
        }),
    }));
  });
  // A changed value half the time; a dropped or an added member otherwise, where the body has members.
  const change = fc.oneof({ arbitrary: replaced, weight: 2 }, ...dropped.map((arbitrary) => ({ arbitrary, weight: 1 })), ...(added.length > 0 ? [{ arbitrary: fc.oneof(...added), weight: 1 }] : []));
  return fc.array(change, { minLength: 1, maxLength: 2 }).map((changes) => {
    const body = changes.reduce<Json | undefined>((b, c) => (b === undefined ? b : c.apply(b)), base);
    return { what: changes.map((c) => c.what).join(' and '), body: body === undefined ? '' : JSON.stringify(body) };
  });
}

interface Write {
  method: string;
  path: string;
}

/** Every documented write of the two interfaces that takes a JSON body (the control API is the user's own tool). */
function documentedWrites(doc: Doc): Write[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    METHODS.filter((m) => m !== 'get' && m !== 'delete' && ops[m]?.requestBody?.content['application/json']?.example !== undefined && !path.startsWith('/_disco')).map((method) => ({ method, path })),
  );
}

/** The whole state as text, without the one thing any authenticated request may change: when a key was last used. */
async function stateOf(sim: RunningSimulator): Promise<string> {
  return JSON.stringify(JSON.parse(await (await fetch(`${sim.controlUrl}/state`)).text()), (name, value: unknown) => (name === 'lastUsedAt' ? undefined : value));
}

interface Prepared {
  label: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  base: Json;
  /** The documented request schema, and the components its references name. */
  schema: Schema | undefined;
  components: Record<string, unknown>;
  interfaceA: boolean;
  /** The documented success answers' schemas, by status. */
  responses: Record<string, unknown>;
}

interface Tally {
  problems: string[];
  statuses: Map<number, number>;
  requests: number;
}

/**
 * Sends `request`'s body changed: first every member of every object (present, or documented by
 * the request schema) once with a value of each JSON type and each member dropped, then `RUNS`
 * random mutations; and records what breaks the rule: a 5xx or a stack trace; a 4xx without the
 * interface's error object, or one that changed the state; a success whose body its documented
 * schema refuses (an accepted odd value must still be shown as the resource's type).
 */
async function mutate(sim: RunningSimulator, request: Prepared, validate: (schema: unknown) => ValidateFunction, tally: Tally): Promise<void> {
  const exported = await (await fetch(`${sim.controlUrl}/state`)).text();
  const before = await stateOf(sim);
  const judge = async ({ what, body }: { what: string; body: string }): Promise<void> => {
    const res = await fetch(request.url, { method: request.method, headers: request.headers, body });
    const text = await res.text();
    tally.requests++;
    tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
    // Answers hold keys (the user's api_key): a failure message never shows one.
    const said = `${request.label} with ${what}: ${res.status} ${REDACTOR.text(text.slice(0, 200))}`;
    if (res.status >= 500 || STACK_TRACE.test(text)) tally.problems.push(said);
    else if (res.status >= 400) {
      if (!isErrorObjectOf(request.interfaceA ? 'A' : 'B', text)) tally.problems.push(`${said}: not the interface's error object`);
      if ((await stateOf(sim)) === before) return;
      tally.problems.push(`${said}: the refused request changed the state`);
    } else {
      const schema = request.responses[String(res.status)];
      if (schema !== undefined && text !== '') {
        const check = validate(schema);
        if (!check(parsedJson(text))) tally.problems.push(`${said}: the answer breaks its documented schema: ${JSON.stringify(check.errors).slice(0, 300)}`);
      }
    }
    // Every case starts from the unmutated request's own state.
    await fetch(`${sim.controlUrl}/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: exported });
  };
  for (const one of sweep(request.base, request.schema, request.components)) await judge(one);
  await fc.assert(fc.asyncProperty(mutations(request.base, request.schema, request.components), judge), { seed: 20261127, numRuns: RUNS });
}

/** A value of each JSON type, the strings a validator should refuse or keep as they are, and an object nested deeper than a body may be. */
const ONE_OF_EACH_TYPE: Json[] = [null, true, 7, -1.5, 'text', '', 'x'.repeat(5_000), [], {}, nested(100)];

/** Every member of every object of `base` (present or documented) set once to each of ONE_OF_EACH_TYPE, and each present member dropped. */
function sweep(base: Json, schema: Schema | undefined, components: Record<string, unknown>): { what: string; body: string }[] {
  const cases: { what: string; body: string }[] = [];
  for (const path of pathsOf(base)) {
    const node = path.reduce<Json>((n, s) => (n as Record<string, Json>)[s] as Json, base);
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    const names = new Set([...Object.keys(node), ...documentedMembers(schema, path, components).map((m) => m.name)]);
    for (const name of names) {
      const at = [...path, name].join('.');
      for (const value of ONE_OF_EACH_TYPE) {
        const body = changed(base, path, (object) => {
          const out = { ...(object as { [name: string]: Json }) };
          define(out, name, value);
          return out;
        });
        cases.push({ what: `${at} = ${JSON.stringify(value).slice(0, 50)}`, body: JSON.stringify(body) });
      }
      if (Object.prototype.hasOwnProperty.call(node, name)) cases.push({ what: `${at} dropped`, body: JSON.stringify(changed(base, [...path, name], () => undefined)) });
    }
  }
  return cases;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function responseSchemas(op: Operation): Record<string, unknown> {
  return Object.fromEntries(Object.entries(op.responses).flatMap(([status, r]) => (status.startsWith('2') && r.content ? [[status, Object.values(r.content)[0]?.schema]] : [])));
}

/** A body every attribute spec of `type` accepts: each required one (or the one its rule asks for) and each with a kind, set. */
function validConnection(type: string): Json {
  const body: { [name: string]: Json } = { name: `${type} mutated` };
  for (const spec of CONNECTION_ATTRIBUTES[type] ?? []) {
    // The grant's `code` and the redirect URI it needs: the token (`password`) stands in for both.
    if (spec.name === 'code' || spec.requiredWith) continue;
    body[spec.name] = spec.choices?.[0] ?? (spec.kind === 'port' ? 5432 : spec.kind === 'boolean' ? true : spec.kind === 'tunnel' ? 'direct' : spec.kind === 'time' ? '2027-01-01T00:00:00Z' : `${spec.prefix ?? ''}value-${spec.name}`);
  }
  return body;
}

const CONVENTIONS = ['standard', 'alt'] as const;
type Conventions = (typeof CONVENTIONS)[number];

describe('every documented request body, mutated (X-ROB-1)', () => {
  // Each set of conventions documents its own paths, statuses and schemas.
  const docs = new Map<Conventions, { doc: Doc; validate: (schema: unknown) => ValidateFunction }>();
  let doc: Doc;
  let validate: (schema: unknown) => ValidateFunction;
  beforeAll(async () => {
    for (const conventions of CONVENTIONS) {
      const first = await startSimulator({ conventions });
      const documented = await documentOf(first);
      await first.close();
      docs.set(conventions, { doc: documented, validate: validatorFor(documented) });
    }
    ({ doc, validate } = docs.get('standard')!);
  });
  const started = (faults: FaultName[] = [], conventions: Conventions = 'standard') => startSimulator({ conventions, clock: 'frozen', rateLimit: 0, deliverWebhooks: 'off', faults });
  const report = (what: string, tally: Tally) => process.stdout.write(`mutated bodies: ${what}, ${tally.requests} requests; answers ${[...tally.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ')}\n`);

  /** Mutates each of `writes` on a fresh simulator started with `faults` and `conventions`. */
  async function mutateWrites(writes: Write[], faults: FaultName[] = [], conventions: Conventions = 'standard'): Promise<Tally> {
    const { doc, validate } = docs.get(conventions)!;
    const definitionExample = doc.paths['/api/public/v1/pipelines']?.post?.requestBody?.content['application/json']?.example as object;
    const tally: Tally = { problems: [], statuses: new Map(), requests: 0 };
    for (const { method, path } of writes) {
      const op = doc.paths[path]![method]!;
      const sim = await started(faults, conventions);
      try {
        const request = await prepare(sim, method, path, op, definitionExample);
        const base = JSON.parse(String(request.init.body)) as Json;
        const headers = { ...(request.init.headers as Record<string, string>), 'content-type': 'application/json' };
        const schema = op.requestBody?.content['application/json']?.schema as Schema | undefined;
        await mutate(sim, { label: `${method.toUpperCase()} ${path}`, url: request.url, method: method.toUpperCase(), headers, base, schema, components: doc.components.schemas, interfaceA: path.startsWith(INTERFACE_A_PREFIX), responses: responseSchemas(op) }, validate, tally);
      } finally {
        await sim.close();
      }
    }
    return tally;
  }

  it.each(CONVENTIONS)('of every documented write: a success its schema accepts, or a 4xx error object that changed nothing; never a 5xx (%s conventions)', { timeout: 240_000 }, async (conventions) => {
    const writes = documentedWrites(docs.get(conventions)!.doc);
    const tally = await mutateWrites(writes, [], conventions);
    report(`${writes.length} documented writes (${conventions} conventions), each swept and ${RUNS} random mutations`, tally);
    expect(tally.problems).toEqual([]);
    expect(writes.length).toBeGreaterThan(30);
  });

  it('finds what it looks for: handlers that crash on a wrong type or an odd id, a body nested too deep, a resource shown with a wrong type', { timeout: 60_000 }, async () => {
    const writes = documentedWrites(doc).filter(({ method, path }) => method === 'post' && ['/{account}/api/hooks', '/{account}/api/jobs', '/{account}/api/packages', '/api/public/v1/pipelines'].includes(path));
    const tally = await mutateWrites(writes, ['b-wrong-type-500', 'b-bad-job-id-500', 'a-deep-body-500', 'b-package-id-as-string']);
    const found = (label: string, said: string) => tally.problems.some((p) => p.startsWith(`POST ${label} with `) && p.includes(said));
    expect(found('/{account}/api/hooks', ': 500 '), tally.problems.join('\n')).toBe(true);
    expect(found('/{account}/api/jobs', ': 500 ')).toBe(true);
    expect(found('/api/public/v1/pipelines', ': 500 ')).toBe(true);
    expect(found('/{account}/api/packages', 'the answer breaks its documented schema')).toBe(true);
  });

  it('of a connection of every type: the same', { timeout: 240_000 }, async () => {
    const types = CONNECTION_TYPE_NAMES;
    const op = doc.paths['/{account}/api/connections/{connection_type}']!.post!;
    const tally: Tally = { problems: [], statuses: new Map(), requests: 0 };
    const sim = await started();
    try {
      const account = sim.accounts[0]!;
      const headers = { authorization: `Basic ${Buffer.from(`${account.users[0]!.api_key}:`).toString('base64')}`, accept: ACCEPT, 'content-type': 'application/json' };
      const exported = await (await fetch(`${sim.controlUrl}/state`)).text();
      for (const type of types) {
        const url = `${sim.interfaceB()}/connections/${type}`;
        // The unmutated body is one the type takes: else the mutations would test only refusals.
        const made = await fetch(url, { method: 'POST', headers, body: JSON.stringify(validConnection(type)) });
        expect(made.status, `${type}: ${await made.text()}`).toBe(201);
        await fetch(`${sim.controlUrl}/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: exported });
        await mutate(sim, { label: `POST /connections/${type}`, url, method: 'POST', headers, base: validConnection(type), schema: undefined, components: doc.components.schemas, interfaceA: false, responses: responseSchemas(op) }, validate, tally);
      }
    } finally {
      await sim.close();
    }
    report(`${types.length} connection types, each swept and ${RUNS} random mutations`, tally);
    expect(tally.problems).toEqual([]);
    expect(types.length).toBeGreaterThan(30);
  });
});
