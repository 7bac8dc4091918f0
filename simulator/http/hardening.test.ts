import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createSimulator } from '../app.ts';
import { AdjustableClock } from '../clock.ts';
import { applySeed } from '../control/seed.ts';
import { loadNamedSeed } from '../control/seed-files.ts';
import { MAX_PROBLEMS } from './errors.ts';

const ACCEPT = 'application/vnd.service+json; version=2';

async function world() {
  const clock = new AdjustableClock({ frozen: true, start: Date.UTC(2026, 0, 5, 9) });
  const simulator = createSimulator({ clock, options: { deliverWebhooks: 'loopback' } });
  const seed = await loadNamedSeed('default');
  if (!seed) throw new Error('default seed missing');
  const [acme] = applySeed(simulator.sim, seed);
  const app = simulator.app.callback();
  const key = acme?.users[0]?.api_key ?? '';
  const b = (method: 'get' | 'post' | 'put' | 'options', path: string) =>
    request(app)[method](`/acme-data/api${path}`).set('Accept', ACCEPT).set('Authorization', `Basic ${Buffer.from(`${key}:`).toString('base64')}`);
  const a = (path: string) => request(app).post(`/api/public/v1${path}`).set('Authorization', `Bearer ${acme?.pipeline_keys.find((k) => k.admin)?.key}`);
  return { simulator, clock, app, key, b, a, acme };
}

describe('requests the simulator must refuse without side effects', () => {
  it('an operation without a body still refuses a non-JSON body, and changes nothing', async () => {
    const { b, key } = await world();
    const refused = await b('post', '/user/tokens').set('Content-Type', 'text/plain').send('garbage');
    expect(refused.status).toBe(415);
    expect((await b('get', '/user')).body.api_key).toBe(key);
    expect((await b('post', '/user/tokens').set('Content-Type', 'application/json').send('{}')).status).toBe(200);
  });

  it('OPTIONS is a 405 with Allow and the error object, not an empty 200', async () => {
    const { b } = await world();
    const res = await b('options', '/user');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(typeof res.body.message).toBe('string');
  });

  it('a Content-Encoding is refused with 415 rather than read as plain text', async () => {
    const { b } = await world();
    const res = await b('post', '/jobs').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('{}');
    expect(res.status).toBe(415);
  });

  it('a malformed JSON body is refused without quoting it (bodies carry passwords)', async () => {
    const { a } = await world();
    const res = await a('/pipelines').set('Content-Type', 'application/json').send('{"password": hunter2}');
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('hunter2');
  });

  it('YAML tags are not resolved into binary data, sets or dates', async () => {
    const { a } = await world();
    const res = await a('/pipelines/validate').set('Content-Type', 'application/yaml').send(`!!binary ${Buffer.alloc(3000).toString('base64')}`);
    expect(res.status).toBe(422);
    expect(res.text.length).toBeLessThan(2000);
  });

  it('names at most MAX_PROBLEMS problems, however many a body has', async () => {
    const { a } = await world();
    const body = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 0]));
    const res = await a('/pipelines/validate').set('Content-Type', 'application/json').send(JSON.stringify(body));
    expect(res.status).toBe(422);
    expect(res.body.problems.length).toBe(MAX_PROBLEMS + 1);
    expect(res.body.problems.at(-1).message).toMatch(/^and \d+ more problems$/);
  });

  it('hook settings named like Object.prototype members are unknown settings', async () => {
    const { b } = await world();
    const res = await b('post', '/hooks').set('Content-Type', 'application/json').send('{"type":"web","settings":{"url":"http://x.example/h","constructor":1},"events":["job"]}');
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('settings.constructor');
  });

  it('an interface A key expiry on a day that does not exist is refused, not moved', async () => {
    const { a } = await world();
    const res = await a('/api-keys').send({ name: 'k', expires_at: '2030-02-31T00:00:00Z' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('expires_at');
  });

  it('a webhook never reaches the control API, even on loopback', async () => {
    const { b, simulator, clock, acme } = await world();
    const hook = await b('post', '/hooks').set('Content-Type', 'application/json').send({ type: 'web', settings: { url: 'http://127.0.0.1:1/_disco/reset' }, events: ['job.completed'] });
    expect(hook.status).toBe(201);
    await b('post', '/jobs').set('Content-Type', 'application/json').send({ cluster_id: acme?.cluster_ids[0], package_id: acme?.package_ids[0] });
    clock.advance(60_000);
    await b('get', '/user');
    const log = await request(simulator.app.callback()).get('/_disco/accounts/acme-data/webhook-deliveries');
    expect(JSON.stringify(log.body)).toContain('control API');
  });
});
