import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { firstId, makeWorld, type TestWorld } from '../jobs/test-support.ts';
import { notificationCounts, notify } from './model.ts';

const NOT_FOUND = '{"message":"Item not found."}';

interface NotificationBody {
  id: number;
  title: string;
  message: string;
  last_read_at: string | null;
  created_at: string;
  updated_at: string;
}

function acmeState(world: TestWorld) {
  const account = world.simulator.sim.store.account('acme');
  if (!account) throw new Error('no acme');
  return account;
}

function ownerId(world: TestWorld): number {
  const id = world.acme.users[0]?.id;
  if (id === undefined) throw new Error('no owner');
  return id;
}

describe('GET /notifications', () => {
  it('lists the caller\'s unread notifications only, newest first, in the real service\'s shape; all=true lists the read ones too', async () => {
    const world = makeWorld();
    world.advance(5);
    const later = notify(world.simulator.sim, acmeState(world), ownerId(world), 'job.completed', 'Job 9 completed', 9);
    const [unread, read] = [firstId(world.acme.notification_ids, 0), firstId(world.acme.notification_ids, 1)];
    const res = await world.owner.get('/notifications').expect(200);
    const body = res.body as NotificationBody[];
    expect(body.map((n) => n.id)).toEqual([later.id, unread]);
    for (const n of body) expect(validateResource('simulator/notification', n)).toEqual([]);
    expect(body[0]).toEqual({ id: later.id, title: 'Job completed', message: 'Job 9 completed', last_read_at: null, created_at: '2026-01-05T09:00:05Z', updated_at: '2026-01-05T09:00:05Z' });
    expect(body[1]).toMatchObject({ title: 'Cluster available', last_read_at: null });

    const all = (await world.owner.get('/notifications?all=true').expect(200)).body as NotificationBody[];
    // Seeded at the same moment: the higher id first.
    expect(all.map((n) => n.id)).toEqual([later.id, read, unread]);
    expect(all[1]).toMatchObject({ title: 'Cluster idled', last_read_at: '2026-01-05T09:00:00Z' });
    expect(((await world.owner.get('/notifications?all=false').expect(200)).body as NotificationBody[]).map((n) => n.id)).toEqual([later.id, unread]);
    await world.owner.get('/notifications?all=yes').expect(422);
    await world.colleague.get('/notifications?all=true').expect(200, []);
    // The paging links keep asking for every one.
    const paged = await world.owner.get('/notifications?all=true&limit=1').expect(200);
    expect(paged.headers.link).toMatch(/<[^>]*[?&]all=true[^>]*>; rel="next"/);
  });

  it('a notification marked read leaves the default list, and shows when and that it was read with all=true', async () => {
    const world = makeWorld();
    const unread = firstId(world.acme.notification_ids, 0);
    world.advance(60);
    await world.owner.post('/notifications/mark', { id: unread }).expect(200);
    expect((await world.owner.get('/notifications').expect(200)).body).toEqual([]);
    const all = (await world.owner.get('/notifications?all=true').expect(200)).body as NotificationBody[];
    expect(all.find((n) => n.id === unread)).toMatchObject({ last_read_at: '2026-01-05T09:01:00Z', updated_at: '2026-01-05T09:01:00Z', created_at: '2026-01-05T09:00:00Z' });
  });

  it('alt conventions: every notification, with the event kind, a read flag and the job', async () => {
    const world = makeWorld([], 'alt');
    // In the alt conventions' envelope (conventions.ts: extensionListItems).
    const body = (await world.owner.get('/notifications').expect(200)).body.data as Record<string, unknown>[];
    expect(body.map((n) => n.id)).toEqual([firstId(world.acme.notification_ids, 1), firstId(world.acme.notification_ids, 0)]);
    expect(body[0]).toEqual({ id: firstId(world.acme.notification_ids, 1), kind: 'cluster.idled', message: 'Cluster sandbox-1 idled', read: true, job_id: null, created_at: '2026-01-05T09:00:00+00:00', url: expect.stringMatching(/\/notifications\/\d+$/) });
    expect(body[1]).toMatchObject({ kind: 'cluster.available', read: false });
  });

  it('pages with offset and limit', async () => {
    const world = makeWorld();
    const res = await world.owner.get('/notifications?all=true&limit=1').expect(200);
    expect(res.body).toHaveLength(1);
    expect(res.headers.link).toContain('rel="next"');
    await world.owner.get('/notifications?offset=x').expect(422);
  });

  it('needs a key and the versioned Accept header', async () => {
    const world = makeWorld();
    await world.http().get('/acme/api/notifications').set('Accept', VENDOR_MEDIA_TYPE).expect(401);
    await world.owner.get('/notifications').set('Accept', 'text/html').expect(406);
  });
});

describe('POST /notifications/mark', () => {
  it('marks one notification read by id', async () => {
    const world = makeWorld();
    const unread = firstId(world.acme.notification_ids, 0);
    const res = await world.owner.post('/notifications/mark', { id: unread }).expect(200);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(res.body).toEqual({ marked: 1, unread_notifications_count: 0 });
    await world.owner.post('/notifications/mark', { id: unread }).expect(200, { marked: 0, unread_notifications_count: 0 });
    const list = (await world.owner.get('/notifications?all=true').expect(200)).body as NotificationBody[];
    expect(list.every((n) => n.last_read_at !== null)).toBe(true);
  });

  it('marks all of the caller\'s notifications without an id (no body, or {})', async () => {
    for (const body of [undefined, {}]) {
      const world = makeWorld();
      const sim = world.simulator.sim;
      notify(sim, acmeState(world), ownerId(world), 'job.failed', 'Job 3 failed', 3);
      const colleagueNote = notify(sim, acmeState(world), world.acme.users[1]?.id ?? 0, 'job.failed', 'Job 3 failed', 3);
      await world.owner.post('/notifications/mark', body).expect(200, { marked: 2, unread_notifications_count: 0 });
      expect(colleagueNote.read).toBe(false);
      expect(notificationCounts(acmeState(world), ownerId(world))).toEqual({ total: 3, unread: 0 });
    }
  });

  it('answers another user\'s, another account\'s and an absent id with the same 404 body', async () => {
    const world = makeWorld();
    const colleagueNote = notify(world.simulator.sim, acmeState(world), world.acme.users[1]?.id ?? 0, 'job.failed', 'x', null);
    const texts = [
      (await world.owner.post('/notifications/mark', { id: 123_456 }).expect(404)).text,
      (await world.owner.post('/notifications/mark', { id: firstId(world.globex.notification_ids) }).expect(404)).text,
      (await world.owner.post('/notifications/mark', { id: colleagueNote.id }).expect(404)).text,
    ];
    for (const text of texts) expect(text).toBe(NOT_FOUND);
    expect(colleagueNote.read).toBe(false);
  });

  it.each([
    ['a string id', { id: '1' }, 'id'],
    ['a null id', { id: null }, 'id'],
    ['a fractional id', { id: 1.5 }, 'id'],
    ['an array body', [1], 'body'],
  ])('refuses %s with a 422 naming the field and marks nothing', async (_name, body, field) => {
    const world = makeWorld();
    const res = await world.owner.post('/notifications/mark', body).expect(422);
    expect((res.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([field]);
    expect(notificationCounts(acmeState(world), ownerId(world)).unread).toBe(1);
  });

  it('b-mark-all-ignored: marking without id marks nothing, marking by id still works', async () => {
    const world = makeWorld(['b-mark-all-ignored']);
    await world.owner.post('/notifications/mark').expect(200, { marked: 0, unread_notifications_count: 1 });
    await world.owner.post('/notifications/mark', { id: firstId(world.acme.notification_ids) }).expect(200, { marked: 1, unread_notifications_count: 0 });
  });

  it('b-timestamps-without-zone: notification timestamps lose their zone', async () => {
    const world = makeWorld(['b-timestamps-without-zone']);
    const res = await world.owner.get('/notifications').expect(200);
    expect((res.body as { created_at: string }[])[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });
});

describe('GET /user/notifications, POST /user/notifications/mark (extension: the real docs\' and Java client\'s paths, at the API\'s root)', () => {
  const root = (world: TestWorld, method: 'get' | 'post', path: string, key = world.acme.users[0]?.api_key ?? '') => world.http()[method](path).set('Host', 'sim.test').set('Accept', VENDOR_MEDIA_TYPE).auth(key, '');

  it("lists the key's user's notifications exactly as the account path does, filters and paging included", async () => {
    const world = makeWorld();
    world.advance(5);
    notify(world.simulator.sim, acmeState(world), ownerId(world), 'job.completed', 'Job 9 completed', 9);
    for (const query of ['', '?all=true', '?sort=updated&direction=asc', '?limit=1&offset=1']) {
      const inPath = await world.owner.get(`/notifications${query}`).expect(200);
      const atRoot = await root(world, 'get', `/user/notifications${query}`).expect(200);
      expect(atRoot.body, query).toEqual(inPath.body);
      expect(atRoot.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    }
    // Another user's key: that user's notifications, none of the owner's.
    const colleague = (await root(world, 'get', '/user/notifications?all=true', world.acme.users[1]?.api_key).expect(200)).body as NotificationBody[];
    const owners = (await world.owner.get('/notifications?all=true').expect(200)).body as NotificationBody[];
    expect(colleague.filter((n) => owners.some((o) => o.id === n.id))).toEqual([]);
    expect((await root(world, 'get', '/user/notifications?all=maybe').expect(422)).text).toContain('all');
  });

  it('marks them read with an empty 200, as the docs show: all, or the one {id} names', async () => {
    const world = makeWorld();
    const [first] = [firstId(world.acme.notification_ids, 0)];
    const one = await root(world, 'post', '/user/notifications/mark').send({ id: first }).expect(200);
    expect(one.text).toBe('');
    expect(((await world.owner.get('/notifications').expect(200)).body as NotificationBody[]).map((n) => n.id)).not.toContain(first);
    notify(world.simulator.sim, acmeState(world), ownerId(world), 'job.failed', 'Job 10 failed', 10);
    expect(notificationCounts(acmeState(world), ownerId(world)).unread).toBeGreaterThan(0);
    await root(world, 'post', '/user/notifications/mark').expect(200);
    expect(notificationCounts(acmeState(world), ownerId(world)).unread).toBe(0);
    expect((await root(world, 'post', '/user/notifications/mark').send({ id: 424242 }).expect(404)).text).toBe(NOT_FOUND);
    expect((await root(world, 'post', '/user/notifications/mark').send({ id: 'x' }).expect(422)).text).toContain('id');
    await world.http().post('/user/notifications/mark').set('Accept', VENDOR_MEDIA_TYPE).expect(401);
    await world.http().get('/user/notifications').set('Accept', VENDOR_MEDIA_TYPE).expect(401);
  });
});

describe('notificationCounts', () => {
  it('counts a user\'s notifications and unread ones, nobody else\'s', () => {
    const world = makeWorld();
    const account = acmeState(world);
    expect(notificationCounts(account, ownerId(world))).toEqual({ total: 2, unread: 1 });
    expect(notificationCounts(account, world.acme.users[1]?.id ?? 0)).toEqual({ total: 0, unread: 0 });
  });
});
