import Router from '@koa/router';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../api/index.ts';
import { createSimulator } from '../simulator/app.ts';
import { interfaceBRouter } from '../simulator/interfaces/b/router.ts';
import { aRouteRegistrations } from '../simulator/interfaces/a/routes.ts';
import { controlRouter } from '../simulator/control/routes.ts';
import { servedNow } from '../simulator/interfaces/a/fault-routes.ts';
import { INTERFACE_A_PREFIX } from '../simulator/interfaces/which.ts';
import type { AState } from '../simulator/interfaces/a/types.ts';

/**
 * The simulator's OpenAPI document: valid OpenAPI 3.1 (checked by a maintained validator), every
 * served route documented and every documented operation served, every example valid against
 * its schema, and every operation replayed against a fresh simulator with its answer checked
 * against the document, so the document cannot drift from the code.
 */

type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
interface Operation {
  parameters?: { name: string; in?: string; required?: boolean; style?: string; explode?: boolean; schema?: { type?: string; enum?: unknown[]; format?: string; pattern?: string; examples?: unknown[]; maximum?: number; items?: { enum?: unknown[] } } }[];
  requestBody?: { content: Record<string, { schema?: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

async function documentOf(sim: RunningSimulator): Promise<Doc> {
  return (await (await fetch(`${sim.controlUrl}/openapi.json`)).json()) as Doc;
}

function validatorFor(doc: Doc): (schema: unknown) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addFormat('utc-date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|\+00:00)$/);
  ajv.addFormat('calendar-date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addSchema({ $id: 'disco:components', components: doc.components });
  const cache = new Map<string, ValidateFunction>();
  return (schema) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"disco:components#/components/');
    let validate = cache.get(text);
    if (!validate) cache.set(text, (validate = ajv.compile(JSON.parse(text) as object)));
    return validate;
  };
}

/** Every route the simulator serves, as `METHOD /path/{}` (parameter names aside). */
function servedRoutes(): string[] {
  const { sim } = createSimulator();
  const a = new Router<AState>({ prefix: INTERFACE_A_PREFIX });
  for (const register of aRouteRegistrations) register(a, sim, INTERFACE_A_PREFIX);
  // A route only a fault serves (a way in the service must not have) is not served here, where no fault is on.
  const layers = [...interfaceBRouter(sim).stack, ...a.stack, ...controlRouter(sim).stack].filter((l) => servedNow(sim, l.name));
  return layers.flatMap((l) => l.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${String(l.path).replace(/:\w+/g, '{}')}`)).sort();
}

function documentedRoutes(doc: Doc): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) => METHODS.filter((m) => ops[m]).map((m) => `${m.toUpperCase()} ${path.replace(/\{\w+\}/g, '{}')}`))
    .sort();
}

describe('the OpenAPI document', () => {
  let standard: RunningSimulator;
  let alt: RunningSimulator;
  beforeAll(async () => {
    standard = await startSimulator();
    alt = await startSimulator({ conventions: 'alt' });
  });
  afterAll(async () => {
    await standard.close();
    await alt.close();
  });

  it('is valid OpenAPI 3.1 for both conventions, and the YAML form says the same', async () => {
    for (const sim of [standard, alt]) {
      const doc = await documentOf(sim);
      const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
      expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
      expect(result.valid).toBe(true);
      const yaml = await (await fetch(`${sim.controlUrl}/openapi.yaml`)).text();
      expect(parseYaml(yaml)).toEqual(doc);
    }
  });

  it('documents every route the simulator serves, and serves every route it documents', async () => {
    expect(documentedRoutes(await documentOf(standard))).toEqual(servedRoutes());
  });

  it('has request examples that validate against their schemas, and security on every interface operation', async () => {
    const doc = await documentOf(standard);
    const compile = validatorFor(doc);
    let examples = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = ops[method] as (Operation & { security?: unknown[] }) | undefined;
        if (!op) continue;
        if (!path.startsWith('/_disco')) expect((op.security ?? []).length, `${method} ${path}`).toBe(1);
        for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
          if (media.example === undefined) continue;
          examples++;
          const validate = compile(media.schema ?? {});
          expect(validate(media.example), `${method} ${path} ${type}: ${JSON.stringify(validate.errors)}`).toBe(true);
        }
      }
    }
    expect(examples).toBeGreaterThan(20);
  });
});

describe('the documented query parameters', () => {
  it('are the ones each list takes: every documented value answers 200, a value outside them 4xx naming the parameter, for both conventions', { timeout: 60_000 }, async () => {
    const problems: string[] = [];
    let tried = 0;
    for (const conventions of ['standard', 'alt'] as const) {
      const sim = await startSimulator({ conventions });
      try {
        const doc = await documentOf(sim);
        const account = sim.accounts[0]!;
        const key = account.users[0]!.api_key;
        const admin = account.pipeline_keys.find((k) => k.admin)!.key;
        for (const [path, ops] of Object.entries(doc.paths)) {
          const query = (ops.get?.parameters ?? []).filter((p) => p.in === 'query');
          if (query.length === 0 || path.includes('{id}')) continue;
          // A connector's metadata path names a connection of that connector; a path of any type, the MySQL one.
          const connector = account.connections.find((c) => path.includes(`/${c.type}/`) || (path.includes('{connection_type}') && c.type === 'mysql'));
          const url = `${sim.origin}${fill(path, { account: account.account_id, ...(connector ? { connection_type: connector.type, connection_id: connector.id } : {}) })}`;
          const headers: Record<string, string> = path.startsWith(INTERFACE_A_PREFIX) ? { authorization: `Bearer ${admin}` } : { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, accept: ACCEPT };
          // What every call needs (a search's q), at its documented example, beside the one tried.
          const needed = Object.fromEntries(query.filter((p) => p.required).map((p) => [p.name, String(p.schema?.examples?.[0] ?? 'x')]));
          const get = async (name: string, value: string) => {
            tried++;
            const res = await fetch(`${url}?${new URLSearchParams({ ...needed, [name]: value })}`, { headers });
            return { status: res.status, text: await res.text() };
          };
          for (const p of query) {
            // A comma-separated list (form style, not exploded): each documented value alone, then
            // every one but `all` joined.
            const listed = p.style === 'form' && p.explode === false ? (p.schema?.items?.enum ?? []) : [];
            const joined = listed.filter((v) => v !== 'all').join(',');
            for (const value of [...(p.schema?.enum ?? []), ...listed, ...(joined ? [joined] : [])]) {
              const res = await get(p.name, String(value));
              if (res.status !== 200) problems.push(`${conventions} GET ${path}?${p.name}=${String(value)} (documented) answered ${res.status}`);
            }
            // A plain string (a search's q or sort) takes any value: nothing lies outside it.
            const s = p.schema ?? {};
            if (s.type === 'string' && !s.enum && !s.format && !s.pattern) continue;
            const outside = p.schema?.enum ? 'not-a-documented-value' : p.name === 'since' ? 'yesterday' : '-1';
            const refused = await get(p.name, outside);
            if (refused.status < 400 || refused.status >= 500 || !refused.text.includes(p.name)) problems.push(`${conventions} GET ${path}?${p.name}=${outside} answered ${refused.status} ${refused.text.slice(0, 120)}`);
          }
        }
      } finally {
        await sim.close();
      }
    }
    expect(problems).toEqual([]);
    expect(tried).toBeGreaterThan(60);
  });
});

describe('every documented operation, replayed against a fresh simulator', () => {
  it('answers its documented success status with a body its documented schema accepts', { timeout: 120_000 }, async () => {
    const first = await startSimulator();
    const doc = await documentOf(first);
    await first.close();
    const compile = validatorFor(doc);
    const definitionExample = doc.paths['/api/public/v1/pipelines']?.post?.requestBody?.content['application/json']?.example as object;
    const problems: string[] = [];
    let replayed = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = ops[method];
        if (!op) continue;
        const sim = await startSimulator({ clock: 'frozen' });
        try {
          const request = await prepare(sim, method, path, op, definitionExample);
          const res = await fetch(request.url, request.init);
          const [status, response] = Object.entries(op.responses).find(([s]) => s !== 'default') ?? ['', {}];
          replayed++;
          if (String(res.status) !== status) {
            problems.push(`${method.toUpperCase()} ${path}: answered ${res.status}, documented ${status}: ${(await res.text()).slice(0, 200)}`);
            continue;
          }
          const media = Object.values(response.content ?? {})[0];
          if (!media) continue;
          const text = await res.text();
          const body = path.endsWith('.yaml') ? parseYaml(text) : (JSON.parse(text) as unknown);
          const validate = compile(media.schema);
          if (!validate(body)) problems.push(`${method.toUpperCase()} ${path}: the body does not match the documented schema: ${JSON.stringify(validate.errors).slice(0, 300)}`);
        } finally {
          await sim.close();
        }
      }
    }
    expect(problems).toEqual([]);
    expect(replayed).toBe(documentedRoutes(doc).length);
  });
});

const ACCEPT = 'application/vnd.service+json; version=2';

/** The request that exercises a documented operation on a fresh default-seeded simulator: path values made or taken from the seed, the example body. */
async function prepare(sim: RunningSimulator, method: string, path: string, op: Operation, definitionExample: object): Promise<{ url: string; init: RequestInit }> {
  const account = sim.accounts[0]!;
  const userKey = account.users[0]!.api_key;
  const admin = account.pipeline_keys.find((k) => k.admin)!.key;
  const bHeaders = { authorization: `Basic ${Buffer.from(`${userKey}:`).toString('base64')}`, accept: ACCEPT };
  const aHeaders = { authorization: `Bearer ${admin}` };
  const b = (p: string, init: RequestInit = {}) => fetch(`${sim.interfaceB()}${p}`, { ...init, headers: { ...bHeaders, 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) } });
  const a = (p: string, init: RequestInit = {}) => fetch(`${sim.interfaceA}${p}`, { ...init, headers: { ...aHeaders, 'content-type': 'application/json' } });
  const idOf = async (res: Response) => ((await res.json()) as { id: number }).id;
  const connection = (type: string) => account.connections.find((c) => c.type === type)!;
  const example = op.requestBody?.content['application/json']?.example;
  const values: Record<string, string | number> = { account: account.account_id, slug: account.account_id };
  let body: unknown = example;
  let query = '';

  if (path.startsWith('/{account}/api')) {
    const p = path.slice('/{account}/api'.length);
    if (p.startsWith('/packages/')) values.id = account.package_ids[0]!;
    if (p.startsWith('/packages/{id}/validations/')) values.validation_id = await idOf(await b(`/packages/${values.id}/validations`, { method: 'POST' }));
    // The seed's production cluster: the example resizes it, and a sandbox has one node only.
    if (p.startsWith('/clusters/')) values.id = account.cluster_ids[1]!;
    if (p.startsWith('/schedules/')) values.id = await idOf(await b('/schedules', { method: 'POST', body: JSON.stringify({ name: 's', start_at: '2027-01-01T00:00:00Z', interval_amount: 1, interval_unit: 'days', task: { nodes: 1, packages: [{ package_id: account.package_ids[0] }] } }) }));
    if (p === '/schedules' && method === 'post') body = { ...(example as object), task: { nodes: 1, packages: [{ package_id: account.package_ids[0] }] } };
    if (p === '/jobs' && method === 'post') body = { cluster_id: account.cluster_ids[0], package_id: account.package_ids[0] };
    if (p.startsWith('/jobs/')) values.id = await idOf(await b('/jobs', { method: 'POST', body: JSON.stringify({ cluster_id: account.cluster_ids[0], package_id: account.package_ids[0] }) }));
    // An output exists once its job has completed (35 s on the simulator's clock).
    if (p.includes('/outputs/')) {
      await sim.control.clock.advance(60_000);
      values.output_id = ((await (await b(`/jobs/${values.id}`)).json()) as { outputs: { id: number }[] }).outputs[0]!.id;
    }
    if (p.startsWith('/hooks/')) values.hook_id = await idOf(await b('/hooks', { method: 'POST', body: JSON.stringify({ type: 'email', settings: { emails: 'a@b.example' }, events: ['job'] }) }));
    if (p.startsWith('/user/keys/')) values.key_id = await idOf(await b('/user/keys', { method: 'POST', body: JSON.stringify((op.requestBody ? example : undefined) ?? { public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJfAyMBs0lOcd7ICzLHKtr67kiPm6Ha1EVKnJSLGHbxw ada@laptop' }) }));
    // The seed's second user: the first owns the account, and the owner cannot be removed.
    if (p.startsWith('/members/')) values.member_id = account.users[1]!.id;
    if (p.startsWith('/invoices/')) values.invoice_id = ((await (await b('/invoices')).json()) as { id: number }[])[0]!.id;
    if (p.startsWith('/connections/{connection_type}')) Object.assign(values, { connection_type: connection('mysql').type, connection_id: connection('mysql').id });
    if (p.startsWith('/connection_groups/')) values.group_id = await idOf(await b('/connection_groups', { method: 'POST', body: JSON.stringify({ connection_group: { name: 'g' }, connections: [] }) }));
    if (p.includes('/salesforce/')) Object.assign(values, { connection_id: connection('salesforce').id }), (query = '?object_name=Account');
    if (p.includes('/bingads/')) values.connection_id = connection('bingads').id;
    // The real service's own metadata paths name their connector: a connection of that type.
    const connector = /^\/connections\/metadata\/(\w+)\//.exec(p)?.[1];
    if (connector) values.connection_id = connection(connector).id;
    if (p.startsWith('/deliveries/')) values.delivery_id = account.delivery_ids[0]!;
    if (p === '/deliveries' && method === 'post') body = { ...(example as object), source: { connection: { type: 'mysql', id: connection('mysql').id } }, destination: { connection: { type: 's3', id: connection('s3').id } } };
    if (p.startsWith('/jobs/{id}/watchers') && method === 'post') body = undefined;
    // No card is on file at first (the docs' 404): put one there for the read.
    if (p === '/payment_method' && method === 'get') await b('/payment_method', { method: 'PUT', body: JSON.stringify({ billing_payment_token: 'tok_visa' }) });
    if (method === 'get') body = undefined;
    query = requiredQuery(op) ?? query;
    const url = `${sim.origin}${fill(path, values)}${query}`;
    return { url, init: { method: method.toUpperCase(), headers: { ...bHeaders, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) } };
  }

  if (path.startsWith(INTERFACE_A_PREFIX)) {
    const definition = (name: string) => ({ ...definitionExample, name });
    if (path.includes('/pipelines/{id}')) values.id = await idOf(await a('/pipelines', { method: 'POST', body: JSON.stringify(definition('replayed')) }));
    if (path.includes('/api-keys/{id}')) values.id = await idOf(await a('/api-keys', { method: 'POST', body: JSON.stringify({ name: 'replayed' }) }));
    if (path.endsWith('/pipelines') && method === 'post') body = definition('replayed-create');
    const url = `${sim.origin}${fill(path, values)}`;
    return { url, init: { method: method.toUpperCase(), headers: { ...aHeaders, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) } };
  }

  // Interface B's calls at the API's root (any valid key; the account is the key's own).
  if (!path.startsWith('/_disco')) {
    values.account_id = account.account_id;
    values.type = 'redshift';
    values.id = 1;
    if (path.startsWith('/user/keys/{key_id}')) values.key_id = await idOf(await fetch(`${sim.origin}/user/keys`, { method: 'POST', headers: { ...bHeaders, 'content-type': 'application/json' }, body: JSON.stringify({ public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJfAyMBs0lOcd7ICzLHKtr67kiPm6Ha1EVKnJSLGHbxw ada@laptop' }) }));
    const url = `${sim.origin}${fill(path, values)}${requiredQuery(op) ?? ''}`;
    const sent = method === 'get' ? undefined : body;
    return { url, init: { method: method.toUpperCase(), headers: { ...bHeaders, ...(sent !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(sent !== undefined ? { body: JSON.stringify(sent) } : {}) } };
  }

  // The control API.
  if (path === '/_disco/journal/{id}') {
    const res = await b('/packages');
    values.id = res.headers.get('x-request-id') ?? '';
  }
  if (path === '/_disco/chaos/{id}') values.id = (await sim.control.chaos.add({ status: 500, path: '/nowhere' })).id;
  if (path === '/_disco/accounts/{slug}/user-keys/replace') body = { current: userKey, replacement: 'replacement-key-of-more-than-twenty-characters' };
  if (path === '/_disco/state' && method === 'put') body = JSON.parse(await (await fetch(`${sim.controlUrl}/state`)).text()) as unknown;
  const url = `${sim.origin}${fill(path, values)}`;
  return { url, init: { method: method.toUpperCase(), ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}) } };
}

/** What every call of `op` needs (a search's q), at its documented example; undefined when nothing is. */
function requiredQuery(op: Operation): string | undefined {
  const needed = (op.parameters ?? []).filter((q) => q.in === 'query' && q.required);
  return needed.length > 0 ? `?${new URLSearchParams(needed.map((q) => [q.name, String(q.schema?.examples?.[0] ?? 'x')]))}` : undefined;
}

function fill(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
