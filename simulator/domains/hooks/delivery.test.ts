import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { emitEvent } from '../events.ts';
import { makeWorld, type World } from '../users/test-support.ts';
import { deliveriesSettled, DELIVERY_LOG_LIMIT } from './delivery-log.ts';
import { hookReceiverForEachTest } from '../../testing/hook-receiver.ts';

/** A real HTTP target on loopback that records what it receives and answers `hooks.status`. */
const hooks = hookReceiverForEachTest(202);

const JOB = { id: 17, status: 'completed', progress: 1 };
const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

function liveWorld(): World {
  return makeWorld({ options: { deliverWebhooks: 'loopback' } });
}

async function hook(world: World, body: Record<string, unknown>): Promise<{ id: number; salt: string }> {
  const res = await world.owner.post('/hooks', body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; salt: string };
}

async function deliveries(world: World, slug = 'acme'): Promise<Record<string, unknown>[]> {
  const account = world.sim.store.account(slug);
  if (account) await deliveriesSettled(account);
  const res = await world.http().get(`/_disco/accounts/${slug}/webhook-deliveries`).expect(200);
  return res.body as Record<string, unknown>[];
}

function acmeAccount(world: World) {
  const account = world.sim.store.account('acme');
  if (!account) throw new Error('no acme');
  return account;
}

describe('webhook delivery (emitEvent)', () => {
  it('POSTs the resource JSON to a web hook with the event, the signature and Basic credentials', async () => {
    const world = liveWorld();
    const url = `${hooks.origin}/receive?via=disco`;
    const basic = Buffer.from('ops:s3cret').toString('base64');
    const { id, salt } = await hook(world, { type: 'web', settings: { url, basic_auth: true, basic_auth_data: basic }, events: ['job.completed'] });
    emitEvent(world.sim, acmeAccount(world), 'job.completed', () => JOB);
    const log = await deliveries(world);

    expect(hooks.received).toHaveLength(1);
    const [post] = hooks.received;
    expect(post?.method).toBe('POST');
    expect(post?.path).toBe('/receive?via=disco');
    expect(JSON.parse(post?.text ?? '')).toEqual(JOB);
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['x-hook-event']).toBe('job.completed');
    // Signature: hex SHA-1 of id + event + url + salt, as strings, in that order.
    expect(post?.headers['x-hook-signature']).toBe(sha1(`${id}job.completed${url}${salt}`));
    expect(post?.headers.authorization).toBe(`Basic ${basic}`);

    expect(log).toEqual([{ hook_id: id, hook_type: 'web', event: 'job.completed', url, attempt: 1, outcome: 'response', status: 202, error: null, at: '2026-01-05T09:00:00Z', latency_ms: expect.any(Number), next_attempt_at: null }]);
    expect(JSON.stringify(log)).not.toContain(salt);
  });

  it('signs with the new salt after a reset, and sends no Authorization without basic_auth', async () => {
    const world = liveWorld();
    const url = `${hooks.origin}/r`;
    const { id } = await hook(world, { type: 'web', settings: { url, basic_auth: false, basic_auth_data: Buffer.from('a:b').toString('base64') }, events: ['job'] });
    const salt = ((await world.owner.put(`/hooks/${id}/reset`).expect(200)).body as { salt: string }).salt;
    emitEvent(world.sim, acmeAccount(world), 'job.failed', () => JOB);
    await deliveries(world);
    expect(hooks.received[0]?.headers['x-hook-signature']).toBe(sha1(`${id}job.failed${url}${salt}`));
    expect(hooks.received[0]?.headers.authorization).toBeUndefined();
  });

  it('reaches hooks subscribed to the event or its family, active ones only', async () => {
    const world = liveWorld();
    const family = await hook(world, { type: 'web', settings: { url: `${hooks.origin}/family` }, events: ['cluster'] });
    const exact = await hook(world, { type: 'web', settings: { url: `${hooks.origin}/exact` }, events: ['cluster.idled'] });
    await hook(world, { type: 'web', settings: { url: `${hooks.origin}/other` }, events: ['cluster.error', 'job'] });
    await hook(world, { type: 'web', settings: { url: `${hooks.origin}/inactive` }, events: ['cluster'], active: false });
    emitEvent(world.sim, acmeAccount(world), 'cluster.idled', () => ({ id: 3 }));
    const log = await deliveries(world);
    expect(hooks.received.map((r) => r.path).sort()).toEqual(['/exact', '/family']);
    expect(log.map((a) => a.hook_id).sort()).toEqual([family.id, exact.id].sort());
  });

  it('never delivers to another account\'s hooks', async () => {
    const world = liveWorld();
    const res = await world.stranger.post('/hooks', { type: 'web', settings: { url: `${hooks.origin}/globex` }, events: ['job'] }).expect(201);
    expect(res.body.id).toEqual(expect.any(Number));
    emitEvent(world.sim, acmeAccount(world), 'job.completed', () => JOB);
    expect(await deliveries(world)).toEqual([]);
    expect(await deliveries(world, 'globex')).toEqual([]);
    expect(hooks.received).toEqual([]);
  });

  it('records the target\'s status whatever it is, and a refused connection as an error', async () => {
    const world = liveWorld();
    hooks.status = 500;
    await hook(world, { type: 'web', settings: { url: `${hooks.origin}/fails` }, events: ['job'] });
    // Port 2, which nothing serves: below the ephemeral range the other tests' servers get, and not
    // one fetch refuses to dial (1 is). A port freed by closing a server could be taken again by
    // another test's server before the delivery (under load it once answered 404 here).
    const deadUrl = 'http://127.0.0.1:2/gone';
    await hook(world, { type: 'web', settings: { url: deadUrl }, events: ['job'] });
    emitEvent(world.sim, acmeAccount(world), 'job.started', () => JOB);
    const log = await deliveries(world);
    expect(log.find((a) => a.url === `${hooks.origin}/fails`)).toMatchObject({ outcome: 'response', status: 500, error: null });
    expect(log.find((a) => a.url === deadUrl)).toMatchObject({ outcome: 'error', status: null, error: 'request failed: ECONNREFUSED' });
  });

  it('retries a failed delivery on the simulator clock (10 s, doubling) and stops at the first 2xx', async () => {
    const world = liveWorld();
    hooks.status = 503;
    const { id } = await hook(world, { type: 'web', settings: { url: `${hooks.origin}/flaky` }, events: ['job.completed'] });
    emitEvent(world.sim, acmeAccount(world), 'job.completed', () => JOB);
    let log = await deliveries(world);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ hook_id: id, attempt: 1, outcome: 'response', status: 503, next_attempt_at: '2026-01-05T09:00:10Z' });
    // Nothing happens before the clock gets there; moving it runs the retry at once.
    await world.http().post('/_disco/clock/advance').send({ seconds: 9 }).expect(200);
    expect(await deliveries(world)).toHaveLength(1);
    hooks.status = 200;
    await world.http().post('/_disco/clock/advance').send({ seconds: 1 }).expect(200);
    await world.http().post('/_disco/webhooks/wait').send({ timeout_ms: 5000 }).expect(200, { pending: 0 });
    log = await deliveries(world);
    expect(log.map((a) => [a.attempt, a.status, a.at, a.next_attempt_at])).toEqual([
      [1, 503, '2026-01-05T09:00:00Z', '2026-01-05T09:00:10Z'],
      [2, 200, '2026-01-05T09:00:10Z', null],
    ]);
    expect(hooks.received).toHaveLength(2);
  });

  it('a delivery that fails after a reset replaced its account is not tried again: nothing from before the reset reaches the receiver', async () => {
    const world = liveWorld();
    hooks.status = 500;
    hooks.delayMs = 300;
    await hook(world, { type: 'web', settings: { url: `${hooks.origin}/before-reset` }, events: ['job.completed'] });
    const before = acmeAccount(world);
    emitEvent(world.sim, before, 'job.completed', () => JOB);
    // The POST is out (recorded by the receiver) and its 500 not yet answered when the reset comes.
    while (hooks.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await world.http().post('/_disco/reset').send({ seed_name: 'default' }).expect(200);
    await deliveriesSettled(before);
    await world.http().post('/_disco/webhooks/wait').send({ timeout_ms: 100 }).expect(200, { pending: 0 });
    await world.http().post('/_disco/clock/advance').send({ seconds: 600 }).expect(200);
    expect(hooks.received).toHaveLength(1);
  });

  it('a POST still waiting for its answer when the simulator is closed ends then, recorded as such, and is not tried again', async () => {
    const world = liveWorld();
    hooks.delayMs = 60_000;
    await hook(world, { type: 'web', settings: { url: `${hooks.origin}/slow` }, events: ['job.completed'] });
    emitEvent(world.sim, acmeAccount(world), 'job.completed', () => JOB);
    while (hooks.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    world.sim.lifetime.abort();
    const log = await deliveries(world);
    expect(log).toMatchObject([{ attempt: 1, outcome: 'error', error: 'not answered before the simulator was closed', next_attempt_at: null }]);
  });

  it('gives up after 5 attempts; the wait call names what is still pending until then', async () => {
    const world = liveWorld();
    hooks.status = 500;
    await hook(world, { type: 'web', settings: { url: `${hooks.origin}/down` }, events: ['job.completed'] });
    emitEvent(world.sim, acmeAccount(world), 'job.completed', () => JOB);
    await deliveries(world);
    const waiting = await world.http().post('/_disco/webhooks/wait').send({ timeout_ms: 100 }).expect(409);
    expect(waiting.body.message).toMatch(/1 web hook deliveries are still pending .*advance it/);
    for (const seconds of [10, 20, 40, 80, 160]) {
      await world.http().post('/_disco/clock/advance').send({ seconds }).expect(200);
      await deliveries(world);
    }
    await world.http().post('/_disco/webhooks/wait').send({ timeout_ms: 1000 }).expect(200, { pending: 0 });
    const log = await deliveries(world);
    expect(log.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(log.at(-1)).toMatchObject({ status: 500, next_attempt_at: null });
    expect(hooks.received).toHaveLength(5);
  });

  it('records non-web hooks as not delivered, naming their type', async () => {
    const world = liveWorld();
    const email = await hook(world, { type: 'email', settings: { emails: 'ops@acme.example' }, events: ['job'] });
    emitEvent(world.sim, acmeAccount(world), 'job.completed', () => JOB);
    expect(await deliveries(world)).toEqual([
      { hook_id: email.id, hook_type: 'email', event: 'job.completed', url: null, attempt: 1, outcome: 'not_delivered', status: null, error: 'not delivered (type email is not modelled)', at: '2026-01-05T09:00:00Z', latency_ms: null, next_attempt_at: null },
    ]);
  });

  it('sends nothing when deliverWebhooks is off, and records why', async () => {
    const world = makeWorld({ options: { deliverWebhooks: 'off' } });
    await hook(world, { type: 'web', settings: { url: `${hooks.origin}/off` }, events: ['job'] });
    emitEvent(world.sim, acmeAccount(world), 'job.completed', () => JOB);
    const log = await deliveries(world);
    expect(hooks.received).toEqual([]);
    expect(log[0]).toMatchObject({ outcome: 'not_delivered', error: expect.stringContaining('deliverWebhooks is off') });
  });

  it('by default sends only to loopback targets: a made-up URL never causes traffic off the machine', async () => {
    const world = liveWorld();
    await hook(world, { type: 'web', settings: { url: 'https://hooks.example.com/disco' }, events: ['job'] });
    emitEvent(world.sim, acmeAccount(world), 'job.completed', () => JOB);
    const log = await deliveries(world);
    expect(hooks.received).toEqual([]);
    expect(log[0]).toMatchObject({ outcome: 'not_delivered', error: expect.stringContaining('only loopback targets') });
  });

  it('keeps only the last 100 attempts, oldest first, stamped by the simulator clock', async () => {
    const world = liveWorld();
    await hook(world, { type: 'pagerduty', settings: { service_key: 'k' }, events: ['job'] });
    for (let i = 0; i < DELIVERY_LOG_LIMIT + 5; i++) {
      emitEvent(world.sim, acmeAccount(world), i % 2 ? 'job.started' : 'job.completed', () => ({ id: i }));
      world.clock.advance(1000);
    }
    const log = await deliveries(world);
    expect(log).toHaveLength(DELIVERY_LOG_LIMIT);
    expect(log[0]?.at).toBe('2026-01-05T09:00:05Z');
    expect(log.at(-1)?.at).toBe('2026-01-05T09:01:44Z');
  });

  it('never throws into the caller, even for a resource that cannot be serialised', async () => {
    const world = liveWorld();
    await hook(world, { type: 'web', settings: { url: `${hooks.origin}/x` }, events: ['job'] });
    expect(() => emitEvent(world.sim, acmeAccount(world), 'job.completed', () => ({ big: 1n }))).not.toThrow();
    const log = await deliveries(world);
    expect(log[0]).toMatchObject({ outcome: 'not_delivered', error: expect.stringContaining('serialised') });
    expect(hooks.received).toEqual([]);
  });

  it('the control endpoint answers 404 for an unknown account', async () => {
    const world = liveWorld();
    await world.http().get('/_disco/accounts/nobody/webhook-deliveries').expect(404);
  });
});
