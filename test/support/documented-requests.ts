import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { RunningSimulator } from '../../api/index.ts';
import { INTERFACE_A_PREFIX } from '../../simulator/interfaces/which.ts';

/**
 * The simulator's OpenAPI document as the tests read it, and the request that exercises each
 * documented operation on a fresh default-seeded simulator: shared by the replay of every
 * operation (test/openapi.test.ts) and the mutation of every documented request body
 * (test/mutated-bodies.test.ts) and of every documented read's query (test/mutated-queries.test.ts),
 * so they send what the document describes.
 */

export type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
export interface Operation {
  parameters?: { name: string; in?: string; required?: boolean; style?: string; explode?: boolean; schema?: { type?: string; enum?: unknown[]; format?: string; pattern?: string; examples?: unknown[]; maximum?: number; items?: { enum?: unknown[] } } }[];
  requestBody?: { content: Record<string, { schema?: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export async function documentOf(sim: RunningSimulator): Promise<Doc> {
  return (await (await fetch(`${sim.controlUrl}/openapi.json`)).json()) as Doc;
}

/** A validator of the document's schemas, `$ref`s to its components resolved, compiled once per schema. */
export function validatorFor(doc: Doc): (schema: unknown) => ValidateFunction {
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

export const ACCEPT = 'application/vnd.service+json; version=2';

/** The request that exercises a documented operation on a fresh default-seeded simulator: path values made or taken from the seed, the example body. */
export async function prepare(sim: RunningSimulator, method: string, path: string, op: Operation, definitionExample: object): Promise<{ url: string; init: RequestInit }> {
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
    // In the running conventions' words: the first hook their target document gives, else the real service's.
    const declaredHook = sim.target.interface_b?.hooks?.[0] ?? sim.target.interface_b?.hook;
    const hook = declaredHook ? { ...declaredHook, events: declaredHook.events.slice(0, 1) } : { type: 'email', settings: { emails: 'a@b.example' }, events: ['job'] };
    if (p.startsWith('/hooks/')) values.hook_id = await idOf(await b('/hooks', { method: 'POST', body: JSON.stringify(hook) }));
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
    // The thing `{id}` names is made in its collection, under whatever the conventions call it
    // (`/api-keys` or `/api_keys`): a pipeline from the definition, a key from a name.
    const collection = /^\/api\/public\/v1(\/[^/]+)\/\{id\}/.exec(path)?.[1];
    if (collection) values.id = await idOf(await a(collection, { method: 'POST', body: JSON.stringify(collection === '/pipelines' ? definition('replayed') : { name: 'replayed' }) }));
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
export function requiredQuery(op: Operation): string | undefined {
  const needed = (op.parameters ?? []).filter((q) => q.in === 'query' && q.required);
  return needed.length > 0 ? `?${new URLSearchParams(needed.map((q) => [q.name, String(q.schema?.examples?.[0] ?? 'x')]))}` : undefined;
}

export function fill(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
