import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createSimulator } from '../app.ts';
import { AdjustableClock } from '../clock.ts';

const ACCEPT = 'application/vnd.service+json; version=2';
const START = Date.UTC(2026, 0, 5, 9, 0);

function world() {
  const clock = new AdjustableClock({ frozen: true, start: START });
  const simulator = createSimulator({ clock });
  const app = simulator.app.callback();
  const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const types = (slug: string, key: string) => request(app).get(`/${slug}/api/connections/types`).set('Accept', ACCEPT).set('Authorization', basic(key));
  return { simulator, app, clock, types };
}

describe('control API', () => {
  it('resets to a named seed and reports ids and keys; an unknown seed name is a 422', async () => {
    const { app } = world();
    const res = await request(app).post('/_disco/reset').send({ seed_name: 'default' });
    expect(res.status).toBe(200);
    expect(res.body.accounts.map((a: { account_id: string }) => a.account_id)).toEqual(['acme-data', 'globex']);
    expect(res.body.accounts[0].users[0].api_key).toMatch(/^[0-9a-f]{40}$/);
    const bad = await request(app).post('/_disco/reset').send({ seed_name: 'nope' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('seed_name');
    const health = await request(app).get('/_disco/health');
    expect(health.body).toMatchObject({ ok: true, accounts: 2 });
  });

  it('creates accounts from a seed document, refuses bad slugs, and shows state without secrets', async () => {
    const { app, types } = world();
    const created = await request(app).post('/_disco/accounts').send({ slug: 'acme', users: [{ name: 'Ada', email: 'ada@acme.example' }], invoices: { generate: 3 }, notifications: { generate: 6 } });
    expect(created.status).toBe(201);
    const key = created.body.users[0].api_key as string;
    expect((await types('acme', key)).status).toBe(200);
    for (const slug of ['_x', 'Upper', '', 'a/b']) expect((await request(app).post('/_disco/accounts').send({ slug })).status, slug).toBe(422);
    const snapshot = await request(app).get('/_disco/accounts/acme');
    expect(snapshot.status).toBe(200);
    expect(snapshot.body.counts.invoices).toBe(3);
    // Generated notifications: every fourth read.
    expect(created.body.notification_ids).toHaveLength(6);
    expect((snapshot.body.notifications as { read: boolean }[]).map((n) => n.read)).toEqual([false, false, false, true, false, false]);
    expect(snapshot.text).not.toContain(key);
    expect((await request(app).get('/_disco/accounts/nobody')).status).toBe(404);
  });

  it("gives a later user its own generated notifications, which the first user's list and the manifest's notification_ids leave out", async () => {
    const { app } = world();
    const created = await request(app).post('/_disco/accounts').send({ slug: 'acme', users: [{ name: 'Ada', email: 'ada@acme.example' }, { name: 'Bob', email: 'bob@acme.example', notifications: { generate: 4 } }], notifications: { generate: 6 } });
    expect(created.status).toBe(201);
    const ids = created.body.notification_ids as number[];
    expect(ids).toHaveLength(6);
    const listed = async (key: string) => {
      const res = await request(app).get('/acme/api/notifications?all=true').set('Accept', ACCEPT).set('Authorization', `Basic ${Buffer.from(`${key}:`).toString('base64')}`);
      expect(res.status).toBe(200);
      return (res.body as { id: number; read: boolean }[]).map((n) => n.id);
    };
    const [owner, member] = [await listed(created.body.users[0].api_key as string), await listed(created.body.users[1].api_key as string)];
    expect([...owner].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(member).toHaveLength(4);
    expect(member.filter((id) => ids.includes(id))).toEqual([]);
  });

  it("gives seeded connections their attributes, as made ones show them, and refuses a seed's secret, an attribute the type lacks or a bad value", async () => {
    const { app } = world();
    const reset = await request(app).post('/_disco/reset').send({ seed_name: 'default' });
    const acme = reset.body.accounts[0] as { api_key?: string; users: { api_key: string }[]; connections: { id: number; type: string }[] };
    const mysql = acme.connections.find((c) => c.type === 'mysql');
    const read = await request(app).get(`/acme-data/api/connections/mysql/${mysql?.id}`).set('Accept', ACCEPT).set('Authorization', `Basic ${Buffer.from(`${acme.users[0]?.api_key}:`).toString('base64')}`);
    expect(read.body).toMatchObject({ host: 'orders-db.acme.example', username: 'loader', database: 'orders', port: 3306 });
    const bad = await request(app).post('/_disco/accounts').send({ slug: 'x-co', connections: [{ name: 'db', type: 'mysql', attributes: { host: 5, password: 'seed-pw', nope: 1 } }] });
    expect(bad.status).toBe(422);
    expect((bad.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['connections[0].attributes.host', 'connections[0].attributes.password', 'connections[0].attributes.nope']);
    expect(bad.text).not.toContain('seed-pw');
    expect((await request(app).post('/_disco/accounts').send({ slug: 'y-co', connections: [{ name: 'db', type: 'mysql', attributes: 'host=x' }] })).status).toBe(422);
  });

  it('mints interface A keys, with validation', async () => {
    const { app } = world();
    await request(app).post('/_disco/accounts').send({ slug: 'acme' });
    const minted = await request(app).post('/_disco/accounts/acme/pipeline-keys').send({ name: 'ci', admin: true });
    expect(minted.status).toBe(201);
    expect(minted.body.key).toMatch(/^fdk_[A-Za-z0-9]{40}$/);
    const pipelines = await request(app).get('/api/public/v1/pipelines').set('Authorization', `Bearer ${minted.body.key}`);
    expect(pipelines.status).toBe(200);
    expect((await request(app).post('/_disco/accounts/acme/pipeline-keys').send({})).status).toBe(422);
    expect((await request(app).post('/_disco/accounts/acme/pipeline-keys').send({ name: 'x', expires_at: 'soon' })).status).toBe(422);
  });

  it('seeds interface A pipelines, deployed or not, and refuses bad or taken names before changing anything', async () => {
    const { app } = world();
    const created = await request(app)
      .post('/_disco/accounts')
      .send({ slug: 'acme', pipeline_keys: [{ name: 'admin', admin: true }], pipelines: [{ name: 'orders-cdc', deployed: true }, { name: 'drafts', archivable: true }] });
    expect(created.status).toBe(201);
    expect(created.body.pipelines).toEqual([
      { id: expect.any(Number), name: 'orders-cdc', deployed: true, archivable: false },
      { id: expect.any(Number), name: 'drafts', deployed: false, archivable: true },
    ]);
    const auth = { Authorization: `Bearer ${created.body.pipeline_keys[0].key}` };
    const [running, draft] = created.body.pipelines as { id: number }[];
    expect((await request(app).get(`/api/public/v1/pipelines/${running?.id}`).set(auth)).body.status).toBe('deployed');
    expect((await request(app).get(`/api/public/v1/pipelines/${draft?.id}`).set(auth)).body.status).toBe('not_deployed');
    const bad = [
      { pipelines: [{ name: '' }] },
      { pipelines: [{ name: 'x', deployed: 'yes' }] },
      { pipelines: [{ name: 'same' }, { name: 'same' }] },
      { pipelines: [{ name: 'orders-cdc' }] },
    ];
    for (const body of bad) {
      const res = await request(app).post('/_disco/accounts/acme/seed').send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[0].field, JSON.stringify(body)).toMatch(/^pipelines\[\d\]\./);
    }
    expect((await request(app).get('/_disco/accounts/acme')).body.counts.pipelines).toBe(2);
  });

  it('seeds a synced pipeline as one deployed a day ago, synced, and stopped at the seed', async () => {
    const { app } = world();
    const created = await request(app)
      .post('/_disco/accounts')
      .send({ slug: 'acme', pipeline_keys: [{ name: 'admin', admin: true }], pipelines: [{ name: 'ran-before', synced: true }, { name: 'ran-and-runs', synced: true, deployed: true }] });
    expect(created.status).toBe(201);
    const auth = { Authorization: `Bearer ${created.body.pipeline_keys[0].key}` };
    const [stopped, running] = created.body.pipelines as { id: number }[];
    const read = (await request(app).get(`/api/public/v1/pipelines/${stopped?.id}`).set(auth)).body;
    expect(read).toMatchObject({ status: 'not_deployed', deployed_at: null, created_at: '2026-01-04T09:00:00Z' });
    // Its last completed sync before the stop (CDC cycles every 30 s after the 60 s initial sync: one ended at the stop).
    expect(read.last_sync_at).toBe('2026-01-05T09:00:00Z');
    expect((await request(app).get(`/api/public/v1/pipelines/${running?.id}`).set(auth)).body).toMatchObject({ status: 'deployed', last_sync_at: read.last_sync_at });
    const bad = await request(app).post('/_disco/accounts/acme/seed').send({ pipelines: [{ name: 'x', synced: 'yes' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('pipelines[0].synced');
  });

  it('moves the clock forward only', async () => {
    const { app, clock } = world();
    expect((await request(app).post('/_disco/clock/advance').send({ seconds: 90 })).body.now).toBe('2026-01-05T09:01:30Z');
    expect(clock.now()).toBe(START + 90_000);
    expect((await request(app).post('/_disco/clock/set').send({ at: '2026-01-05T10:00:00Z' })).body.now).toBe('2026-01-05T10:00:00Z');
    expect((await request(app).post('/_disco/clock/set').send({ at: '2026-01-01T00:00:00Z' })).status).toBe(422);
    expect((await request(app).post('/_disco/clock/advance').send({ ms: -5 })).status).toBe(422);
  });

  it('switches faults, refusing unknown names', async () => {
    const { app } = world();
    expect((await request(app).put('/_disco/faults').send({ active: ['b-limit-uncapped'] })).body.active).toEqual(['b-limit-uncapped']);
    expect((await request(app).get('/_disco/faults')).body.active).toEqual(['b-limit-uncapped']);
    const bad = await request(app).put('/_disco/faults').send({ active: ['b-made-up'] });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('b-made-up');
  });

  it('gives a user a chosen key in place of the current one (undoing POST /user/tokens)', async () => {
    const { app, types } = world();
    const created = await request(app).post('/_disco/accounts').send({ slug: 'acme', users: [{ name: 'Ada', email: 'ada@acme.example' }] });
    const original = created.body.users[0].api_key as string;
    const rotated = await request(app).post('/acme/api/user/tokens').set('Accept', ACCEPT).set('Authorization', `Basic ${Buffer.from(`${original}:`).toString('base64')}`);
    const current = rotated.body.api_key as string;
    expect((await types('acme', original)).status).toBe(401);
    const replaced = await request(app).post('/_disco/accounts/acme/user-keys/replace').send({ current, replacement: original });
    expect(replaced.status).toBe(200);
    expect((await types('acme', original)).status).toBe(200);
    expect((await types('acme', current)).status).toBe(401);
    expect((await request(app).post('/_disco/accounts/acme/user-keys/replace').send({ current: 'nope', replacement: original })).status).toBe(422);
    expect((await request(app).post('/_disco/accounts/acme/user-keys/replace').send({ current: original, replacement: 'short' })).status).toBe(422);
  });

  it('sets the rate limit', async () => {
    const { app } = world();
    expect((await request(app).put('/_disco/limits').send({ requests_per_hour: 10 })).body).toEqual({ requests_per_hour: 10 });
    expect((await request(app).get('/_disco/limits')).body).toEqual({ requests_per_hour: 10 });
  });

  it('refuses a bad seed with a 422 naming the field, before changing anything', async () => {
    const { app } = world();
    await request(app).post('/_disco/reset').send({ seed_name: 'default' });
    const bad = await request(app).post('/_disco/reset').send({ seed: { accounts: [{ slug: 'ok' }, { slug: 'bad', users: [{ name: 'no email' }] }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('seed.accounts[1].users[0].email');
    expect((await request(app).get('/_disco/accounts')).body).toHaveLength(2);
    for (const body of [{ slug: 'x1', users: [{ name: 'n' }] }, { slug: 'x2', users: 'abc' }, { slug: 'x3', packages: [null] }, { slug: 'x4', pipeline_keys: [{ name: 'k', admin: true, key: 5 }] }, { slug: 'x5', pipeline_keys: [{ name: 'k', admin: true, expires_at: 'bad' }] }, { slug: 'x6', invoices: { generate: 1e9 } }, { slug: 'x7', notifications: { generate: -1 } }, { slug: 'x8', users: [{ name: 'n', email: 'e@x.example', notifications: { generate: 1.5 } }] }]) {
      const res = await request(app).post('/_disco/accounts').send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await request(app).get(`/_disco/accounts/${body.slug}`)).status).toBe(404);
    }
  });

  it('keeps the clock within years ISO 8601 can write, and a refused request changes nothing', async () => {
    const { app, clock } = world();
    expect((await request(app).post('/_disco/clock/advance').send({ ms: 1e300 })).status).toBe(422);
    expect((await request(app).post('/_disco/clock/set').send({ at: '+275760-09-13T00:00:00Z' })).status).toBe(422);
    expect(clock.now()).toBe(START);
    expect((await request(app).get('/_disco/health')).status).toBe(200);
    const unfrozen = new AdjustableClock();
    const live = createSimulator({ clock: unfrozen }).app.callback();
    expect((await request(live).post('/_disco/clock/set').send({ frozen: true, at: 'bad' })).status).toBe(422);
    expect(unfrozen.frozen).toBe(false);
  });

  it("refuses requests that come from the simulator's own webhooks", async () => {
    const { app } = world();
    const res = await request(app).post('/_disco/reset').set('User-Agent', 'disco-simulator-webhooks').send({});
    expect(res.status).toBe(403);
    expect((await request(app).post('/_disco/reset').set('X-Hook-Signature', 'abc').send({})).status).toBe(403);
  });
});
