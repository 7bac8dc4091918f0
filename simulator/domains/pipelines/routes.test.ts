import { describe, it, expect } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { A, bearer, boot, createVia, definition, iso, sameOrigin } from './test-support.ts';
import { REDACTED } from './definition.ts';
import { INITIAL_SYNC_MS } from './lifecycle.ts';

describe('POST /pipelines', () => {
  it('creates from JSON: 201, metadata, Location, state not_deployed', async () => {
    const b = boot();
    const res = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(definition('orders'));
    expect(res.status).toBe(201);
    expect(validateResource('simulator/pipeline', res.body)).toEqual([]);
    expect(res.body).toMatchObject({
      name: 'orders',
      state: 'not_deployed',
      status: 'not_deployed',
      deployed_at: null,
      last_sync_at: null,
      archived_at: null,
      history: [],
      created_at: iso(b.clock.now()),
    });
    expect(Number.isInteger(res.body.id)).toBe(true);
    expect(res.headers.location).toBe(res.body.url);
    expect(res.body.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${A}/pipelines/${res.body.id}$`));
    expect(res.body.definition_url).toBe(`${res.body.url}/definition`);
  });

  it("puts the new pipeline's URL in Location in the alt conventions too, whose metadata shows it as links.self", async () => {
    const b = boot([], 'alt');
    const res = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(definition('orders-alt'));
    expect(res.status).toBe(200);
    expect(res.headers.location).toBe(res.body.links.self);
    expect(res.headers.location).toMatch(new RegExp(`${A}/pipelines/${res.body.id}$`));
  });

  it.each(['application/yaml', 'application/x-yaml', 'text/yaml'])('creates from YAML sent as %s', async (type) => {
    const b = boot();
    const res = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).set('Content-Type', type).send(toYaml(definition('from-yaml')));
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('from-yaml');
  });

  it('refuses a name already used by a pipeline that is not archived (409 naming name), and frees it on archive', async () => {
    const b = boot();
    const first = await createVia(b, b.acme.plain, 'dup');
    const again = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(definition('dup'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', field: 'name' });
    // Another account may use the same name.
    expect((await b.http.post(`${A}/pipelines`).set(bearer(b.globex.plain)).send(definition('dup'))).status).toBe(201);
    await b.http.delete(`${A}/pipelines/${first.id}`).set(bearer(b.acme.plain));
    expect((await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(definition('dup'))).status).toBe(201);
  });

  it('415 for another media type, 422 for no body, 413 above the limit', async () => {
    const b = boot();
    const text = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).set('Content-Type', 'text/plain').send('name: x');
    expect(text.status).toBe(415);
    expect(validateResource('error-a', text.body)).toEqual([]);
    const none = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain));
    expect(none.status).toBe(422);
    expect(none.body.field).toBe('body');
    b.sim.options.bodyLimitBytes = 200;
    const big = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(definition('big', { description: 'x'.repeat(500) }));
    expect(big.status).toBe(413);
    expect(validateResource('error-a', big.body)).toEqual([]);
  });
});

describe('GET /pipelines', () => {
  it('lists newest first with a pagination block; page_size defaults to 50 and is capped to 100', async () => {
    const b = boot();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await createVia(b, b.acme.plain, `p${i}`)).id);
      b.clock.advance(1000);
    }
    await createVia(b, b.globex.plain, 'theirs');
    const all = await b.http.get(`${A}/pipelines`).set(bearer(b.acme.plain));
    expect(all.status).toBe(200);
    expect((all.body.items as { id: number }[]).map((p) => p.id)).toEqual([...ids].reverse());
    for (const item of all.body.items as unknown[]) expect(validateResource('simulator/pipeline', item)).toEqual([]);
    expect(all.body.pagination).toEqual({ page: 1, page_size: 50, has_more: false, next_page: null });
    const capped = await b.http.get(`${A}/pipelines?page_size=1000`).set(bearer(b.acme.plain));
    expect(capped.body.pagination.page_size).toBe(100);
  });

  it('pages concatenate to the whole list without gaps or repeats', async () => {
    const b = boot();
    for (let i = 0; i < 7; i++) await createVia(b, b.acme.plain, `p${i}`);
    const seen: number[] = [];
    let page: number | null = 1;
    while (page !== null) {
      const res = await b.http.get(`${A}/pipelines?page=${page}&page_size=3`).set(bearer(b.acme.plain));
      seen.push(...(res.body.items as { id: number }[]).map((p) => p.id));
      expect(res.body.pagination.has_more).toBe(res.body.pagination.next_page !== null);
      page = res.body.pagination.next_page as number | null;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const beyond = await b.http.get(`${A}/pipelines?page=9`).set(bearer(b.acme.plain));
    expect(beyond.body).toEqual({ items: [], pagination: { page: 9, page_size: 50, has_more: false, next_page: null } });
  });

  it('hides archived pipelines unless include_archived=true', async () => {
    const b = boot();
    const gone = await createVia(b, b.acme.plain, 'gone');
    await createVia(b, b.acme.plain, 'kept');
    await b.http.delete(`${A}/pipelines/${gone.id}`).set(bearer(b.acme.plain));
    const visible = await b.http.get(`${A}/pipelines`).set(bearer(b.acme.plain));
    expect((visible.body.items as { name: string }[]).map((p) => p.name)).toEqual(['kept']);
    const all = await b.http.get(`${A}/pipelines?include_archived=true`).set(bearer(b.acme.plain));
    expect((all.body.items as { name: string; state: string }[]).map((p) => [p.name, p.state])).toEqual([
      ['kept', 'not_deployed'],
      ['gone', 'archived'],
    ]);
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['page=', 'page'],
    ['page=1&page=2', 'page'],
    ['page=99999999999999999999', 'page'],
    ['page_size=0', 'page_size'],
    ['page_size=-5', 'page_size'],
    ['page_size=ten', 'page_size'],
    ['page_size=010', 'page_size'],
    ['include_archived=yes', 'include_archived'],
  ])('?%s is 400 naming %s', async (query, field) => {
    const b = boot();
    const res = await b.http.get(`${A}/pipelines?${query}`).set(bearer(b.acme.plain));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad_request', field });
  });
});

describe('GET /pipelines/{id} and /pipelines/{id}/definition', () => {
  it('reads the metadata', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    const res = await b.http.get(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain));
    expect(res.status).toBe(200);
    expect(sameOrigin(res.body)).toEqual(sameOrigin(created));
  });

  it('serves the definition as JSON by default, for */* and application/json, secrets redacted', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    const expected = definition('orders');
    (expected.source as { connection: Record<string, unknown> }).connection.password = REDACTED;
    for (const accept of [undefined, '*/*', 'application/json', 'application/*', 'text/html, application/json;q=0.5']) {
      const req = b.http.get(`${A}/pipelines/${created.id}/definition`).set(bearer(b.acme.plain));
      const res = await (accept ? req.set('Accept', accept) : req);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual(expected);
      expect(validateResource('pipeline-definition', res.body)).toEqual([]);
      expect(res.text).not.toContain('s3cret-pw');
    }
  });

  it('serves YAML for application/yaml (and its aliases), preferring it by q-value', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    for (const [accept, type] of [
      ['application/yaml', 'application/yaml'],
      ['application/x-yaml', 'application/x-yaml'],
      ['text/yaml', 'text/yaml'],
      ['application/json;q=0.1, application/yaml', 'application/yaml'],
    ] as const) {
      const res = await b.http.get(`${A}/pipelines/${created.id}/definition`).set(bearer(b.acme.plain)).set('Accept', accept).buffer(true).parse((r, done) => {
        let text = '';
        r.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        r.on('end', () => done(null, text));
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(`${type}; charset=utf-8`);
      const doc = parseYaml(res.body as string) as Record<string, unknown>;
      expect(doc.name).toBe('orders');
      expect((doc.source as { connection: { password: string } }).connection.password).toBe(REDACTED);
      expect(res.body as string).not.toContain('s3cret-pw');
    }
  });

  it('answers 406 with the error object when neither JSON nor YAML is acceptable', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    for (const accept of ['text/html', 'application/xml', 'application/json;q=0']) {
      const res = await b.http.get(`${A}/pipelines/${created.id}/definition`).set(bearer(b.acme.plain)).set('Accept', accept);
      expect(res.status).toBe(406);
      expect(validateResource('error-a', res.body)).toEqual([]);
    }
  });
});

describe('PUT /pipelines/{id}', () => {
  it('replaces the definition; the redaction marker keeps the stored secret', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    b.clock.advance(5000);
    const read = await b.http.get(`${A}/pipelines/${created.id}/definition`).set(bearer(b.acme.plain));
    const edited = { ...(read.body as Record<string, unknown>), name: 'orders-v2', description: 'now with a description' };
    const res = await b.http.put(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send(edited);
    expect(res.status).toBe(200);
    expect(validateResource('simulator/pipeline', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ name: 'orders-v2', updated_at: iso(b.clock.now()), created_at: created.created_at });
    const stored = b.sim.store.account('acme-data')?.pipelines.get(created.id)?.definition as unknown as { source: { connection: { password: string } } };
    expect(stored.source.connection.password).toBe('s3cret-pw');
  });

  it('an unchanged document changes nothing, not even updated_at', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    b.clock.advance(5000);
    const res = await b.http.put(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send(definition('orders'));
    expect(res.body.updated_at).toBe(created.updated_at);
  });

  it('the redaction marker where nothing is stored is 400 naming the field', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    const doc = definition('orders', {
      destination: { type: 'redshift', settings: { host: 'rs.example.com', database: 'dw', schema: 'raw', user: 'loader', password: REDACTED } },
    });
    const res = await b.http.put(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send(doc);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_definition', field: 'destination.settings.password' });
    const onCreate = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(definition('new', { source: { ...(doc.source as object) } }));
    expect(onCreate.status).toBe(201);
  });

  it('validates like create: 422 for unknown keys, 400 for bad values, 409 for a taken name', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    await createVia(b, b.acme.plain, 'other');
    const unknown = await b.http.put(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send({ ...definition('orders'), colour: 'blue' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.field).toBe('colour');
    const bad = await b.http.put(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send(definition('orders', { sync: { mode: 'sometimes' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('sync.mode');
    const taken = await b.http.put(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send(definition('other'));
    expect(taken.status).toBe(409);
  });
});

describe('PATCH /pipelines/{id}', () => {
  it('applies a JSON merge patch (RFC 7396), sent as application/merge-patch+json or JSON', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    const res = await b.http
      .patch(`${A}/pipelines/${created.id}`)
      .set(bearer(b.acme.plain))
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ source: { tables: ['public.orders'] }, description: 'patched' }));
    expect(res.status).toBe(200);
    const def = await b.http.get(`${A}/pipelines/${created.id}/definition`).set(bearer(b.acme.plain));
    expect(def.body.description).toBe('patched');
    expect(def.body.source.tables).toEqual(['public.orders']);
    expect(def.body.source.connection.host).toBe('db.internal.example.com');
    const removed = await b.http.patch(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send({ description: null });
    expect(removed.status).toBe(200);
    expect((await b.http.get(`${A}/pipelines/${created.id}/definition`).set(bearer(b.acme.plain))).body).not.toHaveProperty('description');
  });

  it('refuses a null for a key the definition does not know (an unknown key, whatever its value), at any depth, and changes nothing', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    const before = await b.http.get(`${A}/pipelines/${created.id}/definition`).set(bearer(b.acme.plain));
    for (const [patch, field] of [
      [{ bogus: null }, 'bogus'],
      [{ source: { connection: { bogus: null } } }, 'source.connection.bogus'],
      [{ description: 'kept?', sync: { cadence: null } }, 'sync.cadence'],
      [JSON.parse('{"__proto__": null}') as unknown, '__proto__'],
    ] as const) {
      const res = await b.http.patch(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).set('Content-Type', 'application/merge-patch+json').send(JSON.stringify(patch));
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body.field).toBe(field);
    }
    expect((await b.http.get(`${A}/pipelines/${created.id}/definition`).set(bearer(b.acme.plain))).body).toEqual(before.body);
    // A null for a known key the definition lacks deletes nothing, and is no error.
    const known = await b.http.patch(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send({ description: null });
    expect(known.status).toBe(200);
  });

  it('validates the merged document as a whole', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    const missing = await b.http.patch(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send({ source: { connection: { port: null } } });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('source.connection.port');
    const unknown = await b.http.patch(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send({ sync: { cadence: 'hourly' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.field).toBe('sync.cadence');
    const scalar = await b.http.patch(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).type('json').send('"replace me"');
    expect(scalar.status).toBe(422);
    const proto = await b.http.patch(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).type('json').send('{"__proto__": {"polluted": true}}');
    expect(proto.status).toBe(422);
    expect(proto.body.field).toBe('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a patch that switches the password to password_env drops the password', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    const res = await b.http.patch(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send({ source: { connection: { password: null, password_env: 'PG_PASSWORD' } } });
    expect(res.status).toBe(200);
    const both = await b.http.patch(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send({ source: { connection: { password: 'again' } } });
    expect(both.status).toBe(400);
    expect(both.body.field).toBe('source.connection.password');
  });
});

describe('POST /pipelines/validate', () => {
  it('answers {valid: true} for a valid document and stores nothing', async () => {
    const b = boot();
    const res = await b.http.post(`${A}/pipelines/validate`).set(bearer(b.acme.plain)).send(definition('dry'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true });
    expect(b.sim.store.account('acme-data')?.pipelines.size).toBe(0);
  });

  it('answers 400 and 422 exactly as create does', async () => {
    const b = boot();
    const bad = await b.http.post(`${A}/pipelines/validate`).set(bearer(b.acme.plain)).send(definition('dry', { name: '' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_definition', field: 'name' });
    const shape = await b.http.post(`${A}/pipelines/validate`).set(bearer(b.acme.plain)).send({ ...definition('dry'), extra: true });
    expect(shape.status).toBe(422);
    expect(shape.body).toMatchObject({ code: 'unprocessable', field: 'extra' });
  });
});

describe('POST /pipelines/{id}/start and /stop', () => {
  it('start deploys (initial_sync, then continuous_sync after the documented time); stop undeploys', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    const started = await b.http.post(`${A}/pipelines/${created.id}/start`).set(bearer(b.acme.plain));
    expect(started.status).toBe(200);
    expect(validateResource('simulator/pipeline', started.body)).toEqual([]);
    expect(started.body).toMatchObject({ state: 'initial_sync', status: 'deployed', deployed_at: iso(b.clock.now()), last_sync_at: null });
    b.clock.advance(INITIAL_SYNC_MS);
    const syncing = await b.http.get(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain));
    expect(syncing.body).toMatchObject({ state: 'continuous_sync', status: 'deployed', last_sync_at: iso(b.clock.now()) });
    b.clock.advance(45_000);
    const stopped = await b.http.post(`${A}/pipelines/${created.id}/stop`).set(bearer(b.acme.plain));
    expect(stopped.body).toMatchObject({ state: 'not_deployed', status: 'not_deployed', deployed_at: null, last_sync_at: iso(b.clock.now() - 15_000) });
    expect((stopped.body.history as { from: string; to: string; reason: string }[]).map((h) => [h.from, h.to, h.reason])).toEqual([
      ['not_deployed', 'initial_sync', 'start'],
      ['initial_sync', 'continuous_sync', 'initial_sync_completed'],
      ['continuous_sync', 'not_deployed', 'stop'],
    ]);
  });

  it('start on a deployed pipeline and stop on a stopped one are idempotent 200s that change nothing', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    const stop = await b.http.post(`${A}/pipelines/${created.id}/stop`).set(bearer(b.acme.plain));
    expect(stop.status).toBe(200);
    expect(sameOrigin(stop.body)).toEqual(sameOrigin(created));
    const first = await b.http.post(`${A}/pipelines/${created.id}/start`).set(bearer(b.acme.plain));
    b.clock.advance(1000);
    const second = await b.http.post(`${A}/pipelines/${created.id}/start`).set(bearer(b.acme.plain));
    expect(sameOrigin(second.body)).toEqual(sameOrigin(first.body));
  });

  it('a changed definition redeploys a deployed pipeline from an initial sync', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    await b.http.post(`${A}/pipelines/${created.id}/start`).set(bearer(b.acme.plain));
    b.clock.advance(INITIAL_SYNC_MS + 1000);
    const res = await b.http.patch(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain)).send({ source: { tables: ['public.orders'] } });
    expect(res.body).toMatchObject({ state: 'initial_sync', deployed_at: iso(b.clock.now()), last_sync_at: iso(b.clock.now() - 1000) });
    expect((res.body.history as { reason: string }[]).at(-1)).toMatchObject({ from: 'continuous_sync', to: 'initial_sync', reason: 'definition_changed' });
  });

  it('start and stop take no body: a body with keys is 422', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    expect((await b.http.post(`${A}/pipelines/${created.id}/start`).set(bearer(b.acme.plain)).send({})).status).toBe(200);
    const res = await b.http.post(`${A}/pipelines/${created.id}/stop`).set(bearer(b.acme.plain)).send({ force: true });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('force');
  });
});

describe('DELETE /pipelines/{id} and archived pipelines', () => {
  it('archives a not-deployed pipeline and does nothing else (A-PIPE-2)', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    const res = await b.http.delete(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain));
    expect(res.status).toBe(200);
    expect(validateResource('simulator/pipeline', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ state: 'archived', status: 'archived', deployed_at: null, archived_at: iso(b.clock.now()) });
    expect((res.body.history as { from: string; to: string }[]).map((h) => [h.from, h.to])).toEqual([['not_deployed', 'archived']]);
  });

  it('stops and tears down a deployed pipeline before archiving it (A-PIPE-1)', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    await b.http.post(`${A}/pipelines/${created.id}/start`).set(bearer(b.acme.plain));
    b.clock.advance(INITIAL_SYNC_MS + 30_000);
    const res = await b.http.delete(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'archived', deployed_at: null, last_sync_at: iso(b.clock.now()) });
    expect((res.body.history as { from: string; to: string; reason: string }[]).slice(-3).map((h) => [h.from, h.to, h.reason])).toEqual([
      ['continuous_sync', 'stopping', 'archive'],
      ['stopping', 'tearing_down', 'stopped'],
      ['tearing_down', 'archived', 'torn_down'],
    ]);
  });

  it('an archived pipeline reads 200, refuses every mutation with 409, and DELETE again is a 200 no-op', async () => {
    const b = boot();
    const created = await createVia(b, b.acme.plain, 'orders');
    const archived = await b.http.delete(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain));
    b.clock.advance(1000);
    expect(sameOrigin((await b.http.get(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain))).body)).toEqual(sameOrigin(archived.body));
    expect((await b.http.get(`${A}/pipelines/${created.id}/definition`).set(bearer(b.acme.plain))).status).toBe(200);
    const mutations = [
      b.http.put(`${A}/pipelines/${created.id}`).send(definition('orders-2')),
      b.http.patch(`${A}/pipelines/${created.id}`).send({ description: 'x' }),
      b.http.post(`${A}/pipelines/${created.id}/start`),
      b.http.post(`${A}/pipelines/${created.id}/stop`),
    ];
    for (const mutation of mutations) {
      const res = await mutation.set(bearer(b.acme.plain));
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('conflict');
    }
    const again = await b.http.delete(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain));
    expect(again.status).toBe(200);
    expect(sameOrigin(again.body)).toEqual(sameOrigin(archived.body));
  });
});
