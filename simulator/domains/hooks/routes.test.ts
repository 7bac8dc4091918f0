import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { errorFields, makeWorld, NOT_FOUND_BODY, observable, type Client } from '../users/test-support.ts';
import { HOOK_EVENTS } from './events.ts';

const WEB = {
  type: 'web',
  name: 'ops endpoint',
  settings: { url: 'https://hooks.example/disco', basic_auth: true, basic_auth_data: Buffer.from('ops:s3cret').toString('base64'), insecure_ssl: false },
  events: ['job.completed', 'job.failed', 'cluster'],
};

async function createHook(client: Client, body: Record<string, unknown> = WEB): Promise<Record<string, unknown>> {
  const res = await client.post('/hooks', body);
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, unknown>;
}

const idOf = (hook: Record<string, unknown>) => hook.id as number;

describe("a web hook's basic auth data", () => {
  it('is written, never shown, and kept by an update that sends basic_auth alone, as the docs\' update example does', async () => {
    const { owner } = makeWorld();
    const hook = await createHook(owner);
    expect(JSON.stringify(hook)).not.toContain(WEB.settings.basic_auth_data);
    expect(JSON.stringify((await owner.get(`/hooks/${idOf(hook)}`).expect(200)).body)).not.toContain(WEB.settings.basic_auth_data);
    expect(JSON.stringify((await owner.get('/hooks').expect(200)).body)).not.toContain(WEB.settings.basic_auth_data);
    // The docs' update: settings with basic_auth true and no data. The stored data stays.
    const updated = await owner.put(`/hooks/${idOf(hook)}`, { active: true, settings: { url: 'https://hooks.example/notifications', insecure_ssl: false, basic_auth: true }, events: ['job.submitted', 'cluster.terminated'] }).expect(200);
    expect(updated.body).toMatchObject({ settings: { url: 'https://hooks.example/notifications', insecure_ssl: false, basic_auth: true } });
    expect((updated.body as { settings: Record<string, unknown> }).settings).not.toHaveProperty('basic_auth_data');
    // New data replaces it; turning basic auth on for a hook that never had data still needs it.
    await owner.put(`/hooks/${idOf(hook)}`, { settings: { url: 'https://hooks.example/n', basic_auth: true, basic_auth_data: Buffer.from('ops:n3w').toString('base64') } }).expect(200);
    const plain = await createHook(owner, { ...WEB, settings: { url: 'https://hooks.example/plain' } });
    expect(errorFields((await owner.put(`/hooks/${idOf(plain)}`, { settings: { url: 'https://hooks.example/plain', basic_auth: true } }).expect(422)).body)).toEqual(['settings.basic_auth_data']);
  });
});

describe('POST /hooks', () => {
  it('creates a hook: 201 with every field of section 2 and a 64-hex salt', async () => {
    const { owner } = makeWorld();
    const res = await owner.post('/hooks', WEB).expect(201);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(validateResource('hook', res.body)).toEqual([]);
    expect(res.body).toEqual({
      id: expect.any(Number),
      type: 'web',
      name: 'ops endpoint',
      active: true,
      // basic_auth_data is written, never shown, as the real docs' answers.
      settings: { url: WEB.settings.url, basic_auth: true, insecure_ssl: false },
      events: WEB.events,
      salt: expect.stringMatching(/^[0-9a-f]{64}$/),
      created_at: '2026-01-05T09:00:00Z',
      updated_at: '2026-01-05T09:00:00Z',
      url: `http://sim.test/acme/api/hooks/${idOf(res.body)}`,
    });
  });

  it('accepts each live type with its settings; the name defaults as the real docs say; repeated events are kept once', async () => {
    const { owner } = makeWorld();
    const bodies = [
      { type: 'email', settings: { emails: 'ops@acme.example, oncall@acme.example' }, events: ['job', 'job'], name: 'ops@acme.example, oncall@acme.example' },
      { type: 'slack', settings: { url: 'https://hooks.slack.example/T0/B0/x', team: 'acme', channel: '#etl', username: 'disco' }, events: ['cluster.error'], name: 'acme#etl' },
      { type: 'slack', settings: { url: 'https://hooks.slack.example/T0/B0/y' }, events: ['cluster.error'], name: 'https://hooks.slack.example/T0/B0/y' },
      { type: 'pagerduty', settings: { pd_account: 'acme', service_name: 'etl', service_key: 'abc123' }, events: ['job.failed'], active: false, name: 'etl' },
      { type: 'web', settings: { url: 'http://127.0.0.1:9/x' }, events: ['job.submitted'], name: 'http://127.0.0.1:9/x' },
    ];
    for (const { name, ...body } of bodies) {
      const hook = await createHook(owner, body);
      expect(validateResource('hook', hook)).toEqual([]);
      expect(hook).toMatchObject({ type: body.type, name, settings: body.settings, active: body.active ?? true });
    }
    // A name given is kept, an empty one too.
    expect(await createHook(owner, { type: 'web', settings: { url: 'http://127.0.0.1:9/y' }, events: ['job'], name: '' })).toMatchObject({ name: '' });
    // A web hook shows basic_auth and insecure_ssl, false unless set (the real docs' answers).
    expect((await createHook(owner, { type: 'web', settings: { url: 'http://127.0.0.1:9/z', insecure_ssl: true }, events: ['job'] })).settings).toEqual({ url: 'http://127.0.0.1:9/z', basic_auth: false, insecure_ssl: true });
    const email = (await owner.get('/hooks?limit=100').expect(200)).body as { type: string; events: string[] }[];
    expect(email.find((h) => h.type === 'email')?.events).toEqual(['job']);
  });

  it('accepts every documented event name', async () => {
    const { owner } = makeWorld();
    expect((await createHook(owner, { ...WEB, events: [...HOOK_EVENTS] })).events).toEqual([...HOOK_EVENTS]);
  });

  it.each([
    [{ type: 'hipchat' }, ['type']],
    [{ type: 'sms' }, ['type']],
    [{ type: 5 }, ['type']],
    [{ type: undefined }, ['type']],
    [{ name: 3 }, ['name']],
    [{ name: 'x'.repeat(256) }, ['name']],
    [{ active: 'true' }, ['active']],
    [{ active: null }, ['active']],
    [{ events: [] }, ['events']],
    [{ events: 'job' }, ['events']],
    [{ events: undefined }, ['events']],
    [{ events: ['job', 'job.created'] }, ['events[1]']],
    [{ events: ['job', 7, 'cluster.exploded'] }, ['events[1]', 'events[2]']],
    [{ settings: undefined }, ['settings']],
    [{ settings: [] }, ['settings']],
    [{ settings: { ...WEB.settings, colour: 'red' } }, ['settings.colour']],
    [{ settings: { basic_auth: false } }, ['settings.url']],
    [{ settings: { url: 'ftp://hooks.example/x' } }, ['settings.url']],
    [{ settings: { url: 'hooks.example/x' } }, ['settings.url']],
    [{ settings: { url: 'https://user:pw@hooks.example/x' } }, ['settings.url']],
    [{ settings: { url: 42 } }, ['settings.url']],
    [{ settings: { url: 'https://hooks.example/', basic_auth: 'yes' } }, ['settings.basic_auth']],
    [{ settings: { url: 'https://hooks.example/', basic_auth: true } }, ['settings.basic_auth_data']],
    [{ settings: { url: 'https://hooks.example/', basic_auth_data: 'not base64!' } }, ['settings.basic_auth_data']],
    [{ settings: { url: 'https://hooks.example/', basic_auth_data: Buffer.from('no-colon').toString('base64') } }, ['settings.basic_auth_data']],
    [{ settings: { url: 'https://hooks.example/', insecure_ssl: 1 } }, ['settings.insecure_ssl']],
    [{ type: 'email', settings: { emails: 'ops@acme.example,,x@acme.example' } }, ['settings.emails']],
    [{ type: 'email', settings: { emails: 'ops@acme.example, not-an-email' } }, ['settings.emails']],
    [{ type: 'email', settings: { url: 'https://hooks.example/' } }, ['settings.url', 'settings.emails']],
    [{ type: 'slack', settings: { channel: '#etl' } }, ['settings.url']],
    [{ type: 'pagerduty', settings: { service_name: 'etl' } }, ['settings.service_key']],
    [{ type: 'pagerduty', settings: { service_key: '  ' } }, ['settings.service_key']],
  ])('refuses %j with 422 naming %j and creates nothing', async (change, fields) => {
    const { owner } = makeWorld();
    const res = await owner.post('/hooks', { ...WEB, ...change }).expect(422);
    expect(errorFields(res.body)).toEqual(fields);
    expect(validateResource('error-b', res.body)).toEqual([]);
    await owner.get('/hooks').expect(200, []);
  });

  it('names every problem at once', async () => {
    const { owner } = makeWorld();
    const res = await owner.post('/hooks', { type: 'web', name: 1, settings: { url: 'nope', extra: 1 }, events: ['nope'], active: 'no' }).expect(422);
    expect(errorFields(res.body).sort()).toEqual(['active', 'events[0]', 'name', 'settings.extra', 'settings.url']);
  });

  it('refuses a body that is not an object (422), malformed JSON (400) and no body (422 naming required fields)', async () => {
    const { owner } = makeWorld();
    expect(errorFields((await owner.post('/hooks', [WEB]).expect(422)).body)).toEqual(['body']);
    await owner.post('/hooks', '{"type":').expect(400);
    expect(errorFields((await owner.post('/hooks').expect(422)).body)).toEqual(['type', 'settings', 'events']);
  });

  it('with b-hook-events-dropped stores hooks without their events', async () => {
    const { owner } = makeWorld({ faults: ['b-hook-events-dropped'] });
    const hook = await createHook(owner);
    expect(hook.events).toEqual([]);
    expect((await owner.get(`/hooks/${idOf(hook)}`).expect(200)).body.events).toEqual([]);
  });

  it('random bodies never get a 5xx: 201 with a valid hook, or 422 with the error object', async () => {
    const { owner } = makeWorld();
    const value = fc.oneof(fc.string({ maxLength: 20 }), fc.boolean(), fc.integer(), fc.constant(null), fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
    const settings = fc.oneof(
      value,
      fc.dictionary(fc.constantFrom('url', 'basic_auth', 'basic_auth_data', 'insecure_ssl', 'emails', 'team', 'channel', 'username', 'pd_account', 'service_name', 'service_key', 'x'), fc.oneof(value, fc.webUrl(), fc.emailAddress())),
    );
    const body = fc.record(
      {
        type: fc.oneof(fc.constantFrom('web', 'email', 'slack', 'pagerduty', 'hipchat'), value),
        name: fc.oneof(fc.string({ maxLength: 30 }), value),
        settings,
        events: fc.oneof(fc.array(fc.oneof(fc.constantFrom(...HOOK_EVENTS), fc.string({ maxLength: 12 }), value), { maxLength: 5 }), value),
        active: fc.oneof(fc.boolean(), value),
        extra: value,
      },
      { requiredKeys: [] },
    );
    const validBody = fc.record({
      type: fc.constant('web'),
      name: fc.string({ maxLength: 30 }),
      settings: fc.record({ url: fc.webUrl({ validSchemes: ['http', 'https'] }), insecure_ssl: fc.boolean() }, { requiredKeys: ['url'] }),
      events: fc.uniqueArray(fc.constantFrom(...HOOK_EVENTS), { minLength: 1, maxLength: 4 }),
      active: fc.boolean(),
    });
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, validBody, fc.anything({ maxDepth: 2 })), async (b) => {
        const res = await owner.post('/hooks', JSON.stringify(b) ?? 'null');
        statuses.add(res.status);
        expect([201, 422], res.text).toContain(res.status);
        if (res.status === 201) expect(validateResource('hook', res.body)).toEqual([]);
        else {
          expect(validateResource('error-b', res.body)).toEqual([]);
          expect(errorFields(res.body).length).toBeGreaterThan(0);
        }
      }),
      { seed: 42, numRuns: 200 },
    );
    expect([...statuses].sort()).toEqual([201, 422]);
  });
});

describe('GET /hooks', () => {
  it('lists the caller\'s hooks only, newest first, paged with offset and limit', async () => {
    const { owner, stranger, clock } = makeWorld();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(idOf(await createHook(owner, { ...WEB, name: `h${i}` })));
      clock.advance(1000);
    }
    await createHook(stranger);
    const all = await owner.get('/hooks').expect(200);
    expect(all.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect((all.body as { id: number }[]).map((h) => h.id)).toEqual([...ids].reverse());
    for (const hook of all.body as unknown[]) expect(validateResource('hook', hook)).toEqual([]);
    const page = await owner.get('/hooks?offset=2&limit=2').expect(200);
    expect((page.body as { id: number }[]).map((h) => h.id)).toEqual([ids[0]]);
    expect(page.headers.link).toContain('rel="prev"');
    expect(errorFields((await owner.get('/hooks?offset=-1').expect(422)).body)).toEqual(['offset']);
  });
});

describe('GET /hooks/{hook_id}', () => {
  it('returns the hook', async () => {
    const { owner } = makeWorld();
    const created = await createHook(owner);
    const res = await owner.get(`/hooks/${idOf(created)}`).expect(200);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(validateResource('hook', res.body)).toEqual([]);
    expect(res.body).toEqual(created);
  });

  it('answers another account\'s hook, an absent id and malformed ids with the same 404', async () => {
    const { owner, stranger } = makeWorld();
    const foreign = await createHook(stranger);
    const answers = await Promise.all([idOf(foreign), 424_242, 'x', '0', '007', '1e3'].map((id) => owner.get(`/hooks/${String(id)}`)));
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.text).toBe(NOT_FOUND_BODY);
      expect(observable(res)).toEqual(observable(answers[1] ?? res));
    }
  });

  it('with b-foreign-resource-403 answers another account\'s hook with 403; an absent one stays 404', async () => {
    const { owner, stranger } = makeWorld({ faults: ['b-foreign-resource-403'] });
    const foreign = await createHook(stranger);
    await owner.get(`/hooks/${idOf(foreign)}`).expect(403);
    expect((await owner.get('/hooks/424242').expect(404)).text).toBe(NOT_FOUND_BODY);
  });
});

describe('PUT /hooks/{hook_id}', () => {
  it('updates the fields given, replaces settings as a whole, moves updated_at and keeps the salt', async () => {
    const { owner, clock } = makeWorld();
    const created = await createHook(owner);
    clock.advance(90_000);
    const res = await owner.put(`/hooks/${idOf(created)}`, { name: 'renamed', settings: { url: 'https://new.example/h' }, events: ['job'], active: false }).expect(200);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(validateResource('hook', res.body)).toEqual([]);
    expect(res.body).toEqual({
      ...created,
      name: 'renamed',
      settings: { url: 'https://new.example/h', basic_auth: false, insecure_ssl: false },
      events: ['job'],
      active: false,
      updated_at: '2026-01-05T09:01:30Z',
    });
    expect((await owner.get(`/hooks/${idOf(created)}`)).body).toEqual(res.body);
  });

  it('changes type only together with settings that fit the new type', async () => {
    const { owner } = makeWorld();
    const created = await createHook(owner);
    const res = await owner.put(`/hooks/${idOf(created)}`, { type: 'email' }).expect(422);
    expect(errorFields(res.body)).toContain('settings.emails');
    expect(errorFields(res.body)).toContain('settings.url');
    const ok = await owner.put(`/hooks/${idOf(created)}`, { type: 'email', settings: { emails: 'a@acme.example' } }).expect(200);
    expect(ok.body).toMatchObject({ type: 'email', settings: { emails: 'a@acme.example' } });
    expect(errorFields((await owner.put(`/hooks/${idOf(created)}`, { type: 'hipchat' }).expect(422)).body)).toContain('type');
  });

  it('refuses bad fields with 422 naming them and changes nothing', async () => {
    const { owner } = makeWorld();
    const created = await createHook(owner);
    for (const [body, field] of [
      [{ events: [] }, 'events'],
      [{ events: ['job.exploded'] }, 'events[0]'],
      [{ active: 'false' }, 'active'],
      [{ settings: { url: 'https://ok.example', nope: 1 } }, 'settings.nope'],
      [{ name: null }, 'name'],
    ] as const) {
      const res = await owner.put(`/hooks/${idOf(created)}`, body).expect(422);
      expect(errorFields(res.body)).toEqual([field]);
    }
    expect((await owner.get(`/hooks/${idOf(created)}`)).body).toEqual(created);
  });

  it('answers 200 unchanged (updated_at included) when no known field is given', async () => {
    const { owner, clock } = makeWorld();
    const created = await createHook(owner);
    clock.advance(10_000);
    expect((await owner.put(`/hooks/${idOf(created)}`, { colour: 'red' }).expect(200)).body).toEqual(created);
    expect((await owner.put(`/hooks/${idOf(created)}`).expect(200)).body).toEqual(created);
  });

  it('answers another account\'s hook and an absent one with the same 404, before reading the body', async () => {
    const { owner, stranger } = makeWorld();
    const foreign = await createHook(stranger);
    expect((await owner.put(`/hooks/${idOf(foreign)}`, { name: 'mine now' }).expect(404)).text).toBe(NOT_FOUND_BODY);
    expect((await owner.put('/hooks/424242', { name: 'x' }).expect(404)).text).toBe(NOT_FOUND_BODY);
    expect((await owner.put(`/hooks/${idOf(foreign)}`, '{bad json').expect(404)).text).toBe(NOT_FOUND_BODY);
    expect((await stranger.get(`/hooks/${idOf(foreign)}`)).body.name).toBe(WEB.name);
  });
});

describe('DELETE /hooks/{hook_id}', () => {
  it('deletes the hook: 200 with the hook as it was (the real docs, sections/delete-hook.md), then it is not found', async () => {
    const { owner } = makeWorld();
    const created = await createHook(owner);
    expect((await owner.delete(`/hooks/${idOf(created)}`).expect(200)).body).toEqual(created);
    expect((await owner.get(`/hooks/${idOf(created)}`).expect(404)).text).toBe(NOT_FOUND_BODY);
    await owner.delete(`/hooks/${idOf(created)}`).expect(404);
  });

  it('cannot delete another account\'s hook', async () => {
    const { owner, stranger } = makeWorld();
    const foreign = await createHook(stranger);
    expect((await owner.delete(`/hooks/${idOf(foreign)}`).expect(404)).text).toBe(NOT_FOUND_BODY);
    await stranger.get(`/hooks/${idOf(foreign)}`).expect(200);
  });
});

describe('PUT /hooks/{hook_id}/reset_salt (extension: the real docs\' and Java client\'s path)', () => {
  it('resets the salt as PUT .../reset does, answering only the new salt, as the docs show', async () => {
    const { owner, clock } = makeWorld();
    const created = await createHook(owner);
    clock.advance(60_000);
    const res = await owner.put(`/hooks/${idOf(created)}/reset_salt`).expect(200);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(Object.keys(res.body as object)).toEqual(['salt']);
    expect(res.body.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.salt).not.toBe(created.salt);
    expect((await owner.get(`/hooks/${idOf(created)}`)).body).toEqual({ ...created, salt: res.body.salt });
  });

  it("answers another account's hook and an absent one with the same 404, and a non-JSON body 415, changing nothing", async () => {
    const { owner, stranger } = makeWorld();
    const foreign = await createHook(stranger);
    expect((await owner.put(`/hooks/${idOf(foreign)}/reset_salt`).expect(404)).text).toBe(NOT_FOUND_BODY);
    expect((await owner.put('/hooks/424242/reset_salt').expect(404)).text).toBe(NOT_FOUND_BODY);
    expect((await stranger.get(`/hooks/${idOf(foreign)}`)).body.salt).toBe(foreign.salt);
    const mine = await createHook(owner);
    await owner.put(`/hooks/${idOf(mine)}/reset_salt`).set('Content-Type', 'text/plain').send('x').expect(415);
    expect((await owner.get(`/hooks/${idOf(mine)}`)).body.salt).toBe(mine.salt);
  });
});

describe('PUT /hooks/{hook_id}/reset', () => {
  it('replaces the salt and nothing else, updated_at included: 200 with the hook', async () => {
    const { owner, clock } = makeWorld();
    const created = await createHook(owner);
    clock.advance(60_000);
    const res = await owner.put(`/hooks/${idOf(created)}/reset`).expect(200);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(validateResource('hook', res.body)).toEqual([]);
    expect(res.body.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.salt).not.toBe(created.salt);
    expect({ ...res.body, salt: null }).toEqual({ ...created, salt: null });
    expect((await owner.get(`/hooks/${idOf(created)}`)).body).toEqual(res.body);
  });

  it('answers another account\'s hook and an absent one with the same 404, leaving the foreign salt alone', async () => {
    const { owner, stranger } = makeWorld();
    const foreign = await createHook(stranger);
    expect((await owner.put(`/hooks/${idOf(foreign)}/reset`).expect(404)).text).toBe(NOT_FOUND_BODY);
    expect((await owner.put('/hooks/424242/reset').expect(404)).text).toBe(NOT_FOUND_BODY);
    expect((await stranger.get(`/hooks/${idOf(foreign)}`)).body.salt).toBe(foreign.salt);
  });

  it('with b-hook-reset-deactivates also sets the hook inactive', async () => {
    const { owner } = makeWorld({ faults: ['b-hook-reset-deactivates'] });
    const created = await createHook(owner);
    const res = await owner.put(`/hooks/${idOf(created)}/reset`).expect(200);
    expect(res.body.active).toBe(false);
  });
});
