import { describe, expect, it, beforeAll } from 'vitest';
import request from 'supertest';
import fc from 'fast-check';
import http from 'node:http';
import { createSimulator } from '../simulator/app.ts';
import { applySeed, type AccountManifest } from '../simulator/control/seed.ts';
import { loadNamedSeed } from '../simulator/control/seed-files.ts';
import { AdjustableClock } from '../simulator/clock.ts';
import { STACK_TRACE } from './support/error-objects.ts';

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
