import Router from '@koa/router';
import { Validator } from '@seriousme/openapi-schema-validator';
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
import { ACCEPT, documentOf, fill, METHODS, prepare, validatorFor, type Doc, type Operation } from './support/documented-requests.ts';

/**
 * The simulator's OpenAPI document: valid OpenAPI 3.1 (checked by a maintained validator), every
 * served route documented and every documented operation served, every example valid against
 * its schema, and every operation replayed against a fresh simulator with its answer checked
 * against the document, so the document cannot drift from the code.
 */


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
