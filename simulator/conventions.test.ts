import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createSimulator } from './app.ts';
import { AdjustableClock } from './clock.ts';
import { applySeed } from './control/seed.ts';
import { VENDOR_MEDIA_TYPE } from './http/accept.ts';
import { INTERFACE_A_PREFIX } from './interfaces/which.ts';
import { seededDefinition } from './domains/pipelines/seeded.ts';
import type { ConventionsName } from './conventions.ts';
import { startHookReceiver, until } from './testing/hook-receiver.ts';

const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const A = INTERFACE_A_PREFIX;

/** One account with a user, keys, a package, a cluster, invoices and two pipelines, under `conventions`. */
function world(conventions: ConventionsName) {
  const clock = new AdjustableClock({ frozen: true, start: START });
  const simulator = createSimulator({ clock, options: { conventions, deliverWebhooks: 'loopback' } });
  const [acme] = applySeed(simulator.sim, {
    accounts: [
      {
        slug: 'acme',
        users: [{ name: 'Ada', email: 'ada@acme.example' }],
        pipeline_keys: [
          { name: 'admin', admin: true },
          { name: 'plain', admin: false },
        ],
        packages: [{ name: 'orders' }, { name: 'old', status: 'archived' }],
        clusters: [{ name: 'c1' }],
        invoices: { generate: 40 },
        pipelines: [{ name: 'draft-one' }, { name: 'running-one', deployed: true }],
      },
    ],
  });
  if (!acme) throw new Error('no account');
  const app = simulator.app.callback();
  const basic = `Basic ${Buffer.from(`${acme.users[0]?.api_key}:`).toString('base64')}`;
  const b = (method: 'get' | 'post' | 'put', path: string) => request(app)[method](`/acme/api${path}`).set('Accept', VENDOR_MEDIA_TYPE).set('Authorization', basic);
  const admin = acme.pipeline_keys.find((k) => k.admin)?.key ?? '';
  const a = (method: 'get' | 'post' | 'delete' | 'put', path: string) => request(app)[method](`${A}${path}`).set('Authorization', `Bearer ${admin}`);
  return { simulator, clock, app, acme, b, a };
}

describe('the alt conventions answer every open choice differently (docs/conventions.md)', () => {
  it('interface B: 400 for an unacceptable Accept, 403 for an unknown key, 400 with details for a bad field, its own not-found text', async () => {
    const { app, b } = world('alt');
    const refused = await request(app).get('/acme/api/user').set('Accept', 'application/json').set('Authorization', 'Basic eDo=');
    expect(refused.status).toBe(400);
    const unknown = await request(app).get('/acme/api/user').set('Accept', VENDOR_MEDIA_TYPE).set('Authorization', `Basic ${Buffer.from('nobody-at-all-key:').toString('base64')}`);
    expect(unknown.status).toBe(403);
    expect(typeof unknown.body.message).toBe('string');
    const invalid = await b('get', '/invoices?per_page=0');
    expect(invalid.status).toBe(400);
    expect(invalid.body.details[0].field).toBe('per_page');
    const missing = await b('get', '/packages/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Resource not found.' });
  });

  it('interface B: creates answer 200 (connection groups keep the spec\'s 201); timestamps end in +00:00; its status names', async () => {
    const { b, acme } = world('alt');
    const job = await b('post', '/jobs').send({ cluster_id: acme.cluster_ids[0], package_id: acme.package_ids[0], variables: {}, dynamic_variables: {} });
    expect(job.status).toBe(200);
    expect(job.body.created_at).toBe('2026-01-05T09:00:00+00:00');
    const group = await b('post', '/connection_groups').send({ connection_group: { name: 'g', description: 'd' } });
    expect(group.status).toBe(201);
    const packages = [(await b('get', `/packages/${acme.package_ids[0]}`)).body.status, (await b('get', `/packages/${acme.package_ids[1]}`)).body.status];
    expect(packages).toEqual(['enabled', 'retired']);
    const statuses = new Set(((await b('get', '/invoices?per_page=40')).body as { status: string }[]).map((i) => i.status));
    expect([...statuses].sort()).toEqual(['open', 'paid', 'void']);
  });

  it('interface B: invoices page with start and per_page, 25 by default, without Link; rate limits in RateLimit-* with the reset in seconds', async () => {
    const { b } = world('alt');
    const first = await b('get', '/invoices');
    expect(first.body).toHaveLength(25);
    expect(first.headers.link).toBeUndefined();
    const page = await b('get', '/invoices?start=10&per_page=5');
    const whole = (await b('get', '/invoices?per_page=40')).body as { id: string }[];
    expect((page.body as { id: string }[]).map((i) => i.id)).toEqual(whole.slice(10, 15).map((i) => i.id));
    // The real service's names are not this deployment's: they are ignored, as unknown parameters.
    expect((await b('get', '/invoices?limit=1')).body).toHaveLength(25);
    expect(first.headers['ratelimit-limit']).toBe('5000');
    expect(Number(first.headers['ratelimit-reset'])).toBeLessThanOrEqual(3600);
    expect(first.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('both interfaces: standard takes the scheme in any letter case (RFC 9110 section 11.1), alt only `Basic` and `Bearer` as the spec writes them', async () => {
    for (const conventions of ['standard', 'alt'] as const) {
      const { app, acme } = world(conventions);
      const token = Buffer.from(`${acme.users[0]?.api_key}:`).toString('base64');
      const admin = acme.pipeline_keys.find((k) => k.admin)?.key ?? '';
      // The same spelling of each interface's scheme: [interface B's, interface A's].
      const statuses = async ([basic, bearer]: readonly [string, string]) => [
        (await request(app).get('/acme/api/user').set('Accept', VENDOR_MEDIA_TYPE).set('Authorization', `${basic} ${token}`)).status,
        (await request(app).get(`${A}/pipelines`).set('Authorization', `${bearer} ${admin}`)).status,
      ];
      expect(await statuses(['Basic', 'Bearer']), conventions).toEqual([200, 200]);
      const otherCases = [['basic', 'bearer'], ['BASIC', 'BEARER'], ['bAsIc', 'bEaReR']] as const;
      for (const spelt of otherCases) expect(await statuses(spelt), `${conventions} ${spelt.join(' ')}`).toEqual(conventions === 'standard' ? [200, 200] : [403, 401]);
    }
  });

  it('interface B: the other lists (extensions) page by page number, page and page_size, and ignore the invoice list\'s start and per_page', async () => {
    const { b } = world('alt');
    for (let i = 0; i < 5; i++) expect((await b('post', '/hooks').send({ type: 'http', name: `h${i}`, settings: { endpoint: 'https://hooks.example.invalid/x' }, events: ['job:completed'], active: false })).status).toBe(200);
    const ids = async (query: string) => ((await b('get', `/hooks${query}`)).body.data as { id: number }[]).map((h) => h.id);
    const whole = await ids('');
    expect(whole).toHaveLength(5);
    expect([await ids('?page_size=2'), await ids('?page=2&page_size=2'), await ids('?page=3&page_size=2'), await ids('?page=4&page_size=2')]).toEqual([whole.slice(0, 2), whole.slice(2, 4), whole.slice(4), []]);
    expect(await ids('?start=2&per_page=1')).toEqual(whole);
    const refused = await b('get', '/hooks?page=0');
    expect([refused.status, refused.body.details?.[0]?.field]).toEqual([400, 'page']);
  });

  it('interface B: the other lists (paged extensions) answer an envelope, {data: [...], meta: {page, page_size}}; the invoices and the connection types stay arrays; standard answers arrays', async () => {
    const { b } = world('alt');
    for (let i = 0; i < 3; i++) expect((await b('post', '/hooks').send({ type: 'http', name: `h${i}`, settings: { endpoint: 'https://hooks.example.invalid/x' }, events: ['job:completed'], active: false })).status).toBe(200);
    const page = await b('get', '/hooks?page=2&page_size=2');
    expect(page.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect([page.body.data.length, page.body.meta]).toEqual([1, { page: 2, page_size: 2 }]);
    // The job list writes its page as bytes: wrapped alike.
    expect((await b('get', '/jobs')).body).toEqual({ data: [], meta: { page: 1, page_size: 25 } });
    for (const path of ['/packages', '/clusters', '/user/keys', '/notifications', '/connections', '/connection_groups', '/deliveries', '/schedules', '/members', '/packages/search?q=id:>0']) {
      const answer = await b('get', path);
      expect([path, answer.status, Array.isArray(answer.body.data)]).toEqual([path, 200, true]);
    }
    expect(Array.isArray((await b('get', '/invoices')).body)).toBe(true);
    expect(Array.isArray((await b('get', '/connections/types')).body)).toBe(true);
    expect(Array.isArray((await b('get', '/hooks/types')).body)).toBe(true);
    const standard = world('standard');
    expect(Array.isArray((await standard.b('get', '/hooks')).body)).toBe(true);
    expect(Array.isArray((await standard.b('get', '/jobs')).body)).toBe(true);
  });

  it('interface B: hooks speak other words: http hooks with an endpoint, events as job:completed and job:*; the real service\'s are refused, naming the field', async () => {
    const { b } = world('alt');
    const made = await b('post', '/hooks').send({ type: 'http', name: 'h', settings: { endpoint: 'https://hooks.example.invalid/x', insecure_ssl: true }, events: ['job:completed', 'cluster:*'], active: false });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ type: 'http', settings: { endpoint: 'https://hooks.example.invalid/x', insecure_ssl: true }, events: ['job:completed', 'cluster:*'] });
    expect(made.body.settings.url).toBeUndefined();
    expect((await b('get', `/hooks/${made.body.id}`)).body).toMatchObject({ type: 'http', settings: { endpoint: 'https://hooks.example.invalid/x' }, events: ['job:completed', 'cluster:*'] });
    const mail = await b('post', '/hooks').send({ type: 'mail', settings: { emails: 'ops@acme.example' }, events: ['job:failed'], active: false });
    expect(mail.body).toMatchObject({ type: 'mail', events: ['job:failed'] });
    const refused = async (body: Record<string, unknown>) => {
      const answer = await b('post', '/hooks').send({ name: 'r', active: false, ...body });
      expect(answer.status).toBe(400);
      return (answer.body.details as { field: string }[]).map((d) => d.field);
    };
    expect(await refused({ type: 'web', settings: { endpoint: 'https://hooks.example.invalid/x' }, events: ['job:completed'] })).toEqual(['type']);
    expect(await refused({ type: 'http', settings: { url: 'https://hooks.example.invalid/x' }, events: ['job:completed'] })).toEqual(['settings.url', 'settings.endpoint']);
    expect(await refused({ type: 'http', settings: { endpoint: 'https://hooks.example.invalid/x' }, events: ['job.completed'] })).toEqual(['events[0]']);
    // The extensions that list types and events, and the list's type filter, speak the same words.
    expect(((await b('get', '/hooks/types')).body as { type: string }[]).map((t) => t.type).sort()).toEqual(['chat', 'hipchat', 'http', 'incident', 'mail']);
    expect(((await b('get', '/hooks?type=http')).body.data as { id: number }[]).map((h) => h.id)).toEqual([made.body.id]);
    expect((await b('get', '/hooks?type=web')).status).toBe(400);
    // An update validates and keeps the stored settings in the same words.
    const renamed = await b('put', `/hooks/${made.body.id}`).send({ name: 'renamed' });
    expect(renamed.body).toMatchObject({ name: 'renamed', settings: { endpoint: 'https://hooks.example.invalid/x' } });
  });

  it('interface B: web hooks are signed with X-Signature-256, the HMAC-SHA256 of the body keyed with the salt; the event named in its words', async () => {
    const hooks = await startHookReceiver();
    try {
      const { b, acme, clock } = world('alt');
      const hook = await b('post', '/hooks').send({ type: 'http', name: 'h', settings: { endpoint: hooks.url }, events: ['job:completed'], active: true });
      expect(hook.status).toBe(200);
      await b('post', '/jobs').send({ cluster_id: acme.cluster_ids[0], package_id: acme.package_ids[0], variables: {}, dynamic_variables: {} });
      clock.advance(60_000);
      await b('get', '/jobs');
      await until(() => hooks.received.length > 0, 2_000);
      const [delivery] = hooks.received;
      expect(delivery?.headers['x-hook-signature']).toBeUndefined();
      expect(delivery?.headers['x-hook-event']).toBe('job:completed');
      expect(delivery?.headers['x-signature-256']).toBe(`sha256=${createHmac('sha256', String(hook.body.salt)).update(delivery?.text ?? '').digest('hex')}`);
    } finally {
      await hooks.close();
    }
  });

  it('interface A: lists under data, keys at /api_keys revoked by POST .../revoke, start and stop as deploy and undeploy, creates answer 200', async () => {
    const { a, app, acme } = world('alt');
    const list = await a('get', '/pipelines');
    expect(list.body.data).toHaveLength(2);
    expect(list.body.items).toBeUndefined();
    const created = await a('post', '/api_keys').send({ name: 'ci', admin: false });
    expect(created.status).toBe(200);
    expect((await a('get', '/api-keys')).status).toBe(404);
    expect((await a('get', '/api_keys')).body.data.length).toBe(3);
    // The key list pages as the pipeline list does, 25 to a page by default, the block under meta.
    expect((await a('get', '/api_keys?page_size=2')).body.meta).toEqual({ page: 1, page_size: 2, has_more: true, next_page: 2 });
    const second = await a('get', '/api_keys?page=2&page_size=2');
    expect(second.body.data.map((k: { id: number }) => k.id)).toHaveLength(1);
    expect((await a('get', '/api_keys')).body.meta).toMatchObject({ page_size: 25 });
    expect((await a('delete', `/api_keys/${created.body.id}`)).status).toBe(405);
    expect((await a('post', `/api_keys/${created.body.id}/revoke`)).status).toBe(200);
    expect((await request(app).get(`${A}/pipelines`).set('Authorization', `Bearer ${created.body.key}`)).status).toBe(401);
    const pipeline = await a('post', '/pipelines').send(seededDefinition('fresh'));
    expect(pipeline.status).toBe(200);
    expect((await a('post', `/pipelines/${pipeline.body.id}/start`)).status).toBe(404);
    expect((await a('post', `/pipelines/${pipeline.body.id}/deploy`)).body.phase).toBe('backfilling');
    expect((await a('post', `/pipelines/${pipeline.body.id}/undeploy`)).body.phase).toBe('draft');
    expect((await a('post', '/pipeline-validations').send(seededDefinition('dry-run'))).body).toEqual({ valid: true });
    // A failed validation names its fields as RFC 9535 paths, beside a text that names none.
    const invalid = await a('post', '/pipeline-validations').send({ ...seededDefinition('dry-run'), name: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: 'The pipeline definition failed validation.', field: "$['name']" });
    expect(invalid.body.problems[0].field).toBe("$['name']");
    expect(acme.pipelines).toHaveLength(2);
  });

  it('interface A: the metadata names its phase and counts deployments; DELETE acknowledges; a pipeline still deployed shows as running whatever else is recorded', async () => {
    const { a, acme, clock } = world('alt');
    const [draft, running] = acme.pipelines;
    const read = await a('get', `/pipelines/${running?.id}`);
    expect(read.body).toMatchObject({ phase: 'backfilling', deployments: 1, links: { self: expect.stringMatching(/\/pipelines\/\d+$/) } });
    expect(read.body.state).toBeUndefined();
    expect(read.body.history).toBeUndefined();
    clock.advance(61_000);
    expect((await a('get', `/pipelines/${running?.id}`)).body.phase).toBe('streaming');
    expect((await a('delete', `/pipelines/${draft?.id}`)).body).toEqual({ id: draft?.id, archived: true });
    expect((await a('get', `/pipelines/${draft?.id}`)).body).toMatchObject({ phase: 'retired', deployments: 0 });
    const faulty = createSimulator({ clock: new AdjustableClock({ frozen: true, start: START }), faults: ['a-delete-deployed-keeps-running'], options: { conventions: 'alt' } });
    const [account] = applySeed(faulty.sim, { accounts: [{ slug: 'acme', pipeline_keys: [{ name: 'admin', admin: true }], pipelines: [{ name: 'live', deployed: true }] }] });
    const auth = { Authorization: `Bearer ${account?.pipeline_keys[0]?.key}` };
    const id = account?.pipelines[0]?.id;
    await request(faulty.app.callback()).delete(`${A}/pipelines/${id}`).set(auth);
    expect((await request(faulty.app.callback()).get(`${A}/pipelines/${id}`).set(auth)).body.phase).toBe('backfilling');
  });

  it('describes itself in the words of a target document (GET /_disco/target-description)', async () => {
    const { app } = world('alt');
    const description = await request(app).get('/_disco/target-description');
    expect(description.body.interface_a.operations['keys.revoke']).toBe('POST /api_keys/{id}/revoke');
    expect(description.body.interface_a.pipeline_states).toEqual({ field: 'phase', deployed: ['backfilling', 'streaming'], not_deployed: ['draft'], archived: ['retired'] });
    expect(description.body.interface_b.paging).toEqual({ offset: 'start', page_size: 'per_page' });
    const standard = await request(world('standard').app).get('/_disco/target-description');
    expect(standard.body.interface_a.operations['keys.revoke']).toBe('DELETE /api-keys/{id}');
    expect(standard.body.interface_b.paging).toEqual({ offset: 'offset', page_size: 'limit' });
    expect([description.body.interface_b.extension_paging, standard.body.interface_b.extension_paging]).toEqual([{ page: 'page', page_size: 'page_size' }, undefined]);
    expect([description.body.interface_b.extension_list_items, standard.body.interface_b.extension_list_items]).toEqual(['data', undefined]);
    // Its jobs never answer idle: B-JOB-1 need not wait the minute a deployment gets by default.
    expect([description.body.interface_b.job_start_seconds, standard.body.interface_b.job_start_seconds]).toEqual([5, 5]);
    // POST /user/tokens retires the old key at once: B-AUTH-2 holds it to the very next request.
    // A replaced key: standard refuses it on the very next request; alt lets it work 0.2 s, and says 1 s.
    expect([description.body.interface_b.replaced_key_seconds, standard.body.interface_b.replaced_key_seconds]).toEqual([1, 0]);
    // Its lists show a write at once: standard says so (a run reads once after a write), alt not (a run's default lag is proven there).
    expect([description.body.interface_b.list_lag_seconds, standard.body.interface_b.list_lag_seconds]).toEqual([undefined, 0]);
    // The query that names a Salesforce object (the spec names none).
    expect([description.body.interface_b.salesforce_fields_query, standard.body.interface_b.salesforce_fields_query]).toEqual([{ sobject: 'Account' }, { object_name: 'Account' }]);
    // Its ids start at 10^9, where a run takes absent ids by default: it names the ids below.
    expect(description.body.absent_ids).toEqual({ min: 1000, max: 1_000_000_000 });
    expect(standard.body.absent_ids).toBeUndefined();
  });

  it.each([
    ['standard', 'object_name', 'sobject'],
    ['alt', 'sobject', 'object_name'],
  ] as const)('%s: a Salesforce object is named to GET /connections/{id}/salesforce/fields by %s', async (conventions, named, other) => {
    const simulator = createSimulator({ clock: new AdjustableClock({ frozen: true, start: START }), options: { conventions } });
    const [acme] = applySeed(simulator.sim, { accounts: [{ slug: 'acme', users: [{ name: 'Ada', email: 'ada@acme.example' }], connections: [{ type: 'salesforce', name: 'sf' }] }] });
    const id = acme?.connections.find((c) => c.type === 'salesforce')?.id;
    const basic = `Basic ${Buffer.from(`${acme?.users[0]?.api_key}:`).toString('base64')}`;
    const fields = (query: string) => request(simulator.app.callback()).get(`/acme/api/connections/${id}/salesforce/fields?${query}`).set('Accept', VENDOR_MEDIA_TYPE).set('Authorization', basic);
    const ok = await fields(`${named}=Account`);
    expect(ok.status).toBe(200);
    expect(ok.body.some((f: { name?: string }) => f.name === 'Name')).toBe(true);
    const refused = await fields(`${other}=Account`);
    expect(refused.status).toBe(conventions === 'alt' ? 400 : 422);
    expect(JSON.stringify(refused.body)).toContain(named);
  });

  it('hands out ids from 1,000,000,001, each kind its own sequence, and reads them back', async () => {
    const alt = world('alt');
    expect([alt.acme.package_ids[0], alt.acme.cluster_ids[0], alt.acme.users[0]?.id]).toEqual([1_000_000_001, 1_000_000_001, 1_000_000_001]);
    const read = await alt.b('get', '/packages/1000000001');
    expect([read.status, read.body.id]).toEqual([200, 1_000_000_001]);
    expect(world('standard').acme.package_ids[0]).toBe(1);
  });

  it.each([
    ['standard', 0],
    ['alt', 200],
  ] as const)('%s: a key replaced by POST /user/tokens works for %d ms of simulator time more, then never again; the new one at once', async (conventions, lingerMs) => {
    const { b, clock } = world(conventions);
    const regenerated = await b('post', '/user/tokens');
    expect(regenerated.status).toBe(200);
    const fresh = `Basic ${Buffer.from(`${regenerated.body.api_key as string}:`).toString('base64')}`;
    const oldKeyWorks = async () => (await b('get', '/connections/types')).status === 200;
    expect(await oldKeyWorks()).toBe(lingerMs > 0);
    clock.advance(Math.max(lingerMs - 1, 0));
    expect(await oldKeyWorks()).toBe(lingerMs > 0);
    clock.advance(1);
    expect(await oldKeyWorks()).toBe(false);
    clock.advance(60_000);
    expect(await oldKeyWorks()).toBe(false);
    expect((await b('get', '/connections/types').set('Authorization', fresh)).status).toBe(200);
  });

  it('alt: once its linger is over, a replaced key names nobody, so the control API may give it back to the user', async () => {
    const { app, b, clock, acme } = world('alt');
    const old = acme.users[0]!.api_key;
    const regenerated = await b('post', '/user/tokens');
    clock.advance(1_000);
    const given = await request(app).post('/_disco/accounts/acme/user-keys/replace').send({ current: regenerated.body.api_key as string, replacement: old });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect((await b('get', '/connections/types')).status).toBe(200);
  });
});

