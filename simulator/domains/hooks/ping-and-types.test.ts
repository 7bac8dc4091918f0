import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { makeWorld, type World } from '../users/test-support.ts';
import { deliveriesSettled } from './delivery-log.ts';
import { hookReceiverForEachTest } from '../../testing/hook-receiver.ts';
import { LIVE_HOOK_TYPES } from './types.ts';

/**
 * Two extensions of the real service (its API docs): `GET /hooks/types` lists the hook types, and
 * `GET /hooks/{hook_id}/ping` fires a test delivery (the event `ping`) to the caller's hook.
 */

const hooks = hookReceiverForEachTest(200);
const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

async function deliveries(world: World): Promise<Record<string, unknown>[]> {
  const account = world.sim.store.account('acme');
  if (account) await deliveriesSettled(account);
  return (await world.http().get('/_disco/accounts/acme/webhook-deliveries').expect(200)).body as Record<string, unknown>[];
}

describe('GET /hooks/types (extension)', () => {
  it('lists every hook type in the real service\'s shape, not taken for a hook id', async () => {
    const world = makeWorld();
    const res = await world.owner.get('/hooks/types').expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.service+json; version=2');
    const types = res.body as Record<string, unknown>[];
    expect(new Set(types.map((t) => t.type))).toEqual(new Set([...LIVE_HOOK_TYPES, 'hipchat']));
    for (const type of types) expect(validateResource('simulator/hook-type', type)).toEqual([]);
    expect(types.find((t) => t.type === 'email')).toMatchObject({ name: 'Email', groups: [{ group_type: 'email', group_name: 'Email' }] });
  });
});

describe('GET /hooks/{hook_id}/ping (extension)', () => {
  it('delivers the event ping to the hook, active or not, signed, without the salt in the body; answers the hook', async () => {
    const world = makeWorld({ options: { deliverWebhooks: 'loopback' } });
    const url = `${hooks.origin}/ping-here`;
    const made = (await world.owner.post('/hooks', { type: 'web', name: 'ci', settings: { url }, events: ['job.failed'], active: false }).expect(201)).body as { id: number; salt: string };
    const res = await world.owner.get(`/hooks/${made.id}/ping`).expect(200);
    expect(res.body).toMatchObject({ id: made.id, name: 'ci', active: false, salt: made.salt });
    expect(validateResource('hook', res.body)).toEqual([]);
    const log = await deliveries(world);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ hook_id: made.id, event: 'ping', outcome: 'response', status: 200 });
    const [post] = hooks.received;
    expect(post?.headers['x-hook-event']).toBe('ping');
    expect(post?.headers['x-hook-signature']).toBe(sha1(`${made.id}ping${url}${made.salt}`));
    const body = JSON.parse(post?.text ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ id: made.id, name: 'ci', type: 'web' });
    expect(body).not.toHaveProperty('salt');
    expect(post?.text).not.toContain(made.salt);
  });

  it('records a hook of another type as not delivered, as its other events', async () => {
    const world = makeWorld({ options: { deliverWebhooks: 'loopback' } });
    const made = (await world.owner.post('/hooks', { type: 'email', name: 'ops', settings: { emails: 'ops@acme.example' }, events: ['job'] }).expect(201)).body as { id: number };
    await world.owner.get(`/hooks/${made.id}/ping`).expect(200);
    expect((await deliveries(world))[0]).toMatchObject({ hook_id: made.id, event: 'ping', outcome: 'not_delivered' });
  });

  it('answers another account\'s hook, an absent one and a malformed id with the same 404, delivering nothing', async () => {
    const world = makeWorld({ options: { deliverWebhooks: 'loopback' } });
    const theirs = (await world.stranger.post('/hooks', { type: 'web', settings: { url: `${hooks.origin}/x` }, events: ['job'] }).expect(201)).body as { id: number };
    const answers = await Promise.all([`/hooks/${theirs.id}/ping`, '/hooks/999999/ping', '/hooks/abc/ping'].map((p) => world.owner.get(p)));
    for (const a of answers) expect(a.status).toBe(404);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await deliveries(world)).toEqual([]);
    expect(hooks.received).toEqual([]);
  });
});
