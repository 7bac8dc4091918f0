import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import fc from 'fast-check';
import http from 'node:http';
import { createSimulator } from '../simulator/app.ts';
import { applySeed, type AccountManifest } from '../simulator/control/seed.ts';
import { loadNamedSeed } from '../simulator/control/seed-files.ts';
import { AdjustableClock } from '../simulator/clock.ts';
import { isErrorObjectOf, STACK_TRACE } from './support/error-objects.ts';
import { listen, type Listening } from '../simulator/server.ts';
import { operations } from '../simulator/openapi/operations.ts';

const ACCEPT = 'application/vnd.service+json; version=2';

describe('the simulator under malformed input (X-ROB-1)', () => {
  const simulator = createSimulator({ clock: new AdjustableClock({ frozen: true }) });
  const server = http.createServer(simulator.app.callback());
  let acme: AccountManifest;

  beforeAll(async () => {
    const seed = await loadNamedSeed('default');
    if (!seed) throw new Error('default seed missing');
    [acme] = applySeed(simulator.sim, seed) as [AccountManifest];
  });

  const auth = () => `Basic ${Buffer.from(`${acme.users[0]?.api_key}:`).toString('base64')}`;
  // No `tokens`: regenerating the key mid-run would turn every later request into a 401.
  const segment = fc.oneof(
    fc.constantFrom('jobs', 'packages', 'hooks', 'user', 'keys', 'invoices', 'connections', 'types', 'connection_groups', 'deliveries', 'notifications', 'mark', 'watchers', 'reset', 'salesforce', 'fields', 'bingads', 'accounts', 'columns', 'mysql', 'sftp'),
    fc.integer({ min: -5, max: 1_000_000_000_000 }).map(String),
    fc.constantFrom('%E0%A4%A', '%', '%00', '..', '.', '%2F', 'null', 'undefined', '1e309', '0x1F', '１２'),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );
  const path = fc.array(segment, { minLength: 0, maxLength: 5 }).map((parts) => `/acme-data/api/${parts.join('/')}`);
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE');
  const body = fc.oneof(
    fc.constant(undefined),
    fc.json(),
    fc.string({ maxLength: 200 }),
    fc.constantFrom('{', '{"a":', '[1,2', '\u0000', '{"cluster_id": 1e400}', '{"__proto__": {"x": 1}}', 'null', '"str"', '[]'),
    fc.anything({ maxDepth: 3 }).map((v) => {
      try {
        return JSON.stringify(v) ?? 'null';
      } catch {
        return 'null';
      }
    }),
  );
  const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/yaml', '', 'application/json; charset=latin1', ';;;');

  it('random methods, paths, bodies and headers never produce a 5xx or a stack trace', async () => {
    await fc.assert(
      fc.asyncProperty(method, path, body, contentType, fc.boolean(), async (m, p, b, ct, withAuth) => {
        let req = request(server)[m.toLowerCase() as 'get'](p).set('Accept', ACCEPT);
        if (withAuth) req = req.set('Authorization', auth());
        if (b !== undefined) {
          if (ct) req = req.set('Content-Type', ct);
          req = req.send(b);
        }
        const res = await req;
        expect(res.status, `${m} ${p} -> ${res.status} ${res.text}`).toBeLessThan(500);
        expect(res.text).not.toMatch(STACK_TRACE);
        if (res.status >= 400) {
          expect(typeof res.body?.message, `${m} ${p} -> ${res.status} ${res.text}`).toBe('string');
        }
      }),
      { seed: 20261122, numRuns: 400 },
    );
  });

  it('random Authorization and Accept headers never produce a 5xx', async () => {
    const headerValue = fc.oneof(fc.string({ maxLength: 80 }).filter((s) => !/[\r\n\u0000-\u001f\u007f-\uffff]/.test(s)), fc.constantFrom('Basic', 'Basic ', 'Basic ===', 'Basic Og==', 'Bearer x', 'basic ' + Buffer.from(':').toString('base64')));
    await fc.assert(
      fc.asyncProperty(headerValue, headerValue, async (authorization, accept) => {
        const res = await request(server).get('/acme-data/api/connections/types').set('Authorization', authorization).set('Accept', accept);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.message).toBe('string');
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it('stays up and correct under 500 concurrent requests, half of them malformed', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    try {
      const jobs = Array.from({ length: 500 }, (_, i) =>
        i % 2 === 0
          ? fetch(`${base}/acme-data/api/connections/types`, { headers: { accept: ACCEPT, authorization: auth() } })
          : fetch(`${base}/acme-data/api/jobs`, { method: 'POST', headers: { accept: ACCEPT, authorization: auth(), 'content-type': 'application/json' }, body: '{"cluster_id": ' }),
      );
      const responses = await Promise.all(jobs);
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s, i) => i % 2 === 0 && s === 200)).toHaveLength(250);
      expect(statuses.filter((s, i) => i % 2 === 1 && s === 400)).toHaveLength(250);
      const after = await fetch(`${base}/acme-data/api/connections/types`, { headers: { accept: ACCEPT, authorization: auth() } });
      expect(after.status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('deeply nested bodies (X-ROB-1)', () => {
  it('are refused with a 422 naming body, and the stored user stays readable', async () => {
    const simulator = createSimulator({ clock: new AdjustableClock({ frozen: true }) });
    const seed = await loadNamedSeed('default');
    if (!seed) throw new Error('default seed missing');
    const [acme] = applySeed(simulator.sim, seed) as [AccountManifest];
    const auth = `Basic ${Buffer.from(`${acme.users[0]?.api_key}:`).toString('base64')}`;
    const app = simulator.app.callback();
    const deep = `{"notification_settings": ${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const res = await request(app).put('/acme-data/api/user').set('Accept', ACCEPT).set('Authorization', auth).set('Content-Type', 'application/json').send(deep);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('body');
    const shallowEnough = `{"notification_settings": ${'{"a":'.repeat(60)}1${'}'.repeat(60)}}`;
    const ok = await request(app).put('/acme-data/api/user').set('Accept', ACCEPT).set('Authorization', auth).set('Content-Type', 'application/json').send(shallowEnough);
    expect(ok.status).toBe(200);
    const after = await request(app).get('/acme-data/api/user').set('Accept', ACCEPT).set('Authorization', auth);
    expect(after.status).toBe(200);
  });
});

describe('methods beyond GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS (X-ROB-1)', () => {
  // Methods Node's HTTP parser knows, so they reach the app (@koa/router implements none of them).
  const APP_METHODS = ['PROPFIND', 'PURGE', 'LINK', 'UNLINK', 'MKCOL', 'REPORT', 'SEARCH', 'LOCK', 'TRACE', 'M-SEARCH'];
  // Registered or made up, unknown to Node's parser: refused by server.ts before the app.
  const PARSER_METHODS = ['VERSION-CONTROL', 'TRACK', 'DISCOPROBE'];
  let listening: Listening;
  let account: string;
  let servedPaths: { path: string; iface: 'A' | 'B'; methods: string[] }[];

  beforeAll(async () => {
    const seed = await loadNamedSeed('default');
    if (!seed) throw new Error('default seed missing');
    const { app, sim } = createSimulator({ clock: new AdjustableClock({ frozen: true }), options: { rateLimitPerHour: 0 } });
    account = (applySeed(sim, seed)[0] as AccountManifest).account_id;
    listening = await listen(app, 0, '127.0.0.1');
    // Every path an operation of either interface serves, its placeholders filled (an id of 1,
    // a connection type), with the methods the operations table gives it.
    const byPath = new Map<string, { path: string; iface: 'A' | 'B'; methods: string[] }>();
    for (const op of operations(sim)) {
      if (op.surface === 'control') continue;
      const path = op.path.replace('{account}', account).replace(/\{(type|connection_type)\}/g, 'mysql').replace(/\{\w+\}/g, '1');
      const entry = byPath.get(path) ?? { path, iface: op.surface, methods: [] };
      entry.methods.push(op.method.toUpperCase());
      byPath.set(path, entry);
    }
    servedPaths = [...byPath.values()];
  });
  afterAll(() => listening.close());

  /** One request without credentials, as raw as the suites send it (node:http upper-cases the method). */
  const send = (method: string, path: string): Promise<{ status: number; allow?: string; body: string }> =>
    new Promise((resolve, reject) => {
      const req = http.request(`${listening.origin}${path}`, { method, agent: false, headers: { accept: ACCEPT } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ...(res.headers.allow === undefined ? {} : { allow: res.headers.allow }), body }));
      });
      req.on('error', reject);
      req.end();
    });
  const ifaceOf = (path: string): 'A' | 'B' => (path.startsWith('/api/public/') ? 'A' : 'B');

  it('on every path an operation serves: 405, with an Allow naming its methods and the interface\'s error object, before the key', async () => {
    expect(servedPaths.length).toBeGreaterThan(100);
    for (const { path, iface, methods } of servedPaths) {
      for (const method of APP_METHODS) {
        const res = await send(method, path);
        const what = `${method} ${path} -> ${res.status} ${res.allow ?? '(no Allow)'} ${res.body}`;
        expect(res.status, what).toBe(405);
        for (const m of methods) expect(res.allow?.split(', '), what).toContain(m);
        expect(isErrorObjectOf(iface, res.body), what).toBe(true);
      }
    }
  });

  it('on a path no operation serves (below a served one, under the account, at the roots): 404 with the error object where a GET gets 404, not a 405 with an empty Allow', async () => {
    const unknown = [
      '/',
      '/api',
      '/nowhere/x',
      `/${account}/api`,
      `/${account}/api/`,
      `/${account}/api/disco-unknown`,
      '/api/public/v1',
      '/api/public/v1/disco-unknown',
      ...servedPaths.map((p) => `${p.path}/disco-unknown/x`),
    ];
    let unserved = 0;
    for (const path of unknown) {
      // A few lie below a route's placeholder (`/connections/{type}/{id}`): served, not unknown.
      if ((await send('GET', path)).status !== 404) continue;
      unserved++;
      for (const method of APP_METHODS) {
        const res = await send(method, path);
        const what = `${method} ${path} -> ${res.status} ${res.allow ?? '(no Allow)'} ${res.body}`;
        expect(res.status, what).toBe(404);
        expect(res.allow, what).toBeUndefined();
        expect(isErrorObjectOf(ifaceOf(path), res.body), what).toBe(true);
      }
    }
    expect(unserved).toBeGreaterThan(100);
  });

  it("a method Node's parser does not know is its 400, with both interfaces' error objects, on any path", async () => {
    for (const path of ['/api/public/v1/pipelines', '/api/public/v1/disco-unknown', `/${account}/api/jobs`, `/${account}/api/disco-unknown`, '/accounts']) {
      for (const method of PARSER_METHODS) {
        const res = await send(method, path);
        const what = `${method} ${path} -> ${res.status} ${res.body}`;
        expect(res.status, what).toBe(400);
        expect(isErrorObjectOf('A', res.body) && isErrorObjectOf('B', res.body), what).toBe(true);
        expect(res.body).not.toMatch(STACK_TRACE);
      }
    }
  });
});
