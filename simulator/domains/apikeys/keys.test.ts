import { describe, it, expect } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { A, bearer, boot } from '../pipelines/test-support.ts';

const future = (now: number, ms = 86_400_000): string => new Date(now + ms).toISOString();

describe('POST /api-keys', () => {
  it('creates a key (201), shows the full value once, and the key works at once', async () => {
    const { http, acme, clock } = boot();
    const res = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).send({ name: 'terraform-staging', expires_at: future(clock.now()) });
    expect(res.status).toBe(201);
    expect(validateResource('simulator/api-key', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ name: 'terraform-staging', admin: false, status: 'active', revoked_at: null, last_used_at: null });
    expect(res.body.key).toMatch(/^fdk_[A-Za-z0-9]{40}$/);
    expect(res.body.preview).toBe(`${(res.body.key as string).slice(0, 8)}…`);
    expect(res.headers.location).toBe(res.body.url);
    expect((await http.get(`${A}/pipelines`).set(bearer(res.body.key as string))).status).toBe(200);
  });

  it('creates admin keys and keys without expiry (expires_at null or absent)', async () => {
    const { http, acme } = boot();
    const admin = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).send({ name: 'ops', admin: true, expires_at: null });
    expect(admin.status).toBe(201);
    expect(admin.body).toMatchObject({ admin: true, expires_at: null });
    expect((await http.get(`${A}/api-keys`).set(bearer(admin.body.key as string))).status).toBe(200);
  });

  it.each([
    [{ name: 'x', extra: 1 }, 'extra'],
    [{ name: 5 }, 'name'],
    [{ name: 'x', admin: 'yes' }, 'admin'],
    [{ name: 'x', expires_at: 1767225600 }, 'expires_at'],
    [[{ name: 'x' }], 'body'],
    ['just a string', 'body'],
  ])('the wrong shape %j is 422 naming %s', async (body, field) => {
    const { http, acme } = boot();
    const res = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).type('json').send(JSON.stringify(body));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'unprocessable', field });
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'n'.repeat(101) }, 'name'],
    [{ name: 'x', expires_at: 'tomorrow' }, 'expires_at'],
    [{ name: 'x', expires_at: '2030-01-01' }, 'expires_at'],
    [{ name: 'x', expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
  ])('the bad value %j is 400 naming %s', async (body, field) => {
    const { http, acme } = boot();
    const res = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad_request', field });
  });

  it('an expiry equal to now is refused: it must be in the future', async () => {
    const { http, acme, clock } = boot();
    const res = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).send({ name: 'x', expires_at: new Date(clock.now()).toISOString() });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('expires_at');
  });

  it('no body at all is 400 naming name; malformed JSON is 400; YAML is 415', async () => {
    const { http, acme } = boot();
    expect((await http.post(`${A}/api-keys`).set(bearer(acme.admin))).body.field).toBe('name');
    const malformed = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).type('json').send('{"name": ');
    expect(malformed.status).toBe(400);
    expect(validateResource('error-a', malformed.body)).toEqual([]);
    const yaml = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).set('Content-Type', 'application/yaml').send('name: x\n');
    expect(yaml.status).toBe(415);
  });
});

describe('GET /api-keys and GET /api-keys/{id}', () => {
  it('lists the account\'s keys, newest first, never with the full value (A-AUTH-3)', async () => {
    const { http, acme } = boot();
    const created = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).send({ name: 'later' });
    const res = await http.get(`${A}/api-keys`).set(bearer(acme.admin));
    expect(res.status).toBe(200);
    const items = res.body.items as Record<string, unknown>[];
    expect(items.map((k) => k.name)).toEqual(['later', 'ci-readonly', 'terraform-prod']);
    expect(res.body.pagination).toEqual({ page: 1, page_size: 50, has_more: false, next_page: null });
    for (const item of items) {
      expect(validateResource('simulator/api-key', item)).toEqual([]);
      expect(item).not.toHaveProperty('key');
    }
    expect(JSON.stringify(res.body)).not.toContain(created.body.key as string);
    const one = await http.get(`${A}/api-keys/${created.body.id}`).set(bearer(acme.admin));
    expect(one.status).toBe(200);
    expect(validateResource('simulator/api-key', one.body)).toEqual([]);
    expect(one.body).not.toHaveProperty('key');
  });

  it('pages as the pipeline list does: page and page_size, at most 100, every key once across the pages, newest first', async () => {
    const { http, acme, clock } = boot();
    // 120 more keys (122 in all), some made in the same millisecond: the id orders those.
    for (let i = 0; i < 120; i++) {
      if (i % 7 === 0) clock.advance(1000);
      expect((await http.post(`${A}/api-keys`).set(bearer(acme.admin)).send({ name: `k-${i}` })).status).toBe(201);
    }
    const capped = await http.get(`${A}/api-keys?page_size=1000`).set(bearer(acme.admin));
    expect(capped.body.items).toHaveLength(100);
    expect(capped.body.pagination).toEqual({ page: 1, page_size: 100, has_more: true, next_page: 2 });
    expect((await http.get(`${A}/api-keys`).set(bearer(acme.admin))).body.items).toHaveLength(50);
    const ids: number[] = [];
    for (let page: number | null = 1; page !== null; ) {
      const res = await http.get(`${A}/api-keys?page=${page}&page_size=50`).set(bearer(acme.admin));
      expect(res.status).toBe(200);
      ids.push(...(res.body.items as { id: number }[]).map((k) => k.id));
      expect(res.body.pagination.has_more).toBe(res.body.pagination.next_page !== null);
      page = res.body.pagination.next_page as number | null;
    }
    expect(ids).toHaveLength(122);
    expect(new Set(ids).size).toBe(122);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const beyond = await http.get(`${A}/api-keys?page=9`).set(bearer(acme.admin));
    expect(beyond.body).toEqual({ items: [], pagination: { page: 9, page_size: 50, has_more: false, next_page: null } });
  });

  it.each([['page=0', 'page'], ['page=abc', 'page'], ['page=1&page=2', 'page'], ['page_size=0', 'page_size'], ['page_size=010', 'page_size']])('?%s is 400 naming %s; a non-admin is 403 whatever it asks', async (query, field) => {
    const { http, acme } = boot();
    const res = await http.get(`${A}/api-keys?${query}`).set(bearer(acme.admin));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad_request', field });
    expect((await http.get(`${A}/api-keys?${query}`).set(bearer(acme.plain))).status).toBe(403);
  });

  it('another account\'s key, an absent id and a malformed id are the same 404', async () => {
    const { http, acme, globex } = boot();
    const bodies = [];
    for (const id of [String(globex.plainId), '999999', 'abc', '0', '-1', '1.5', '01']) {
      const res = await http.get(`${A}/api-keys/${id}`).set(bearer(acme.admin));
      expect(res.status).toBe(404);
      bodies.push(res.text);
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] ?? '{}')).toEqual({ error: 'API key not found.', code: 'not_found' });
  });
});

describe('DELETE /api-keys/{id}', () => {
  it('revokes (200 with revoked_at), idempotently, and the record stays listed', async () => {
    const { http, acme, clock } = boot();
    const first = await http.delete(`${A}/api-keys/${acme.plainId}`).set(bearer(acme.admin));
    expect(first.status).toBe(200);
    expect(validateResource('simulator/api-key', first.body)).toEqual([]);
    expect(first.body).toMatchObject({ status: 'revoked' });
    expect(first.body.revoked_at).not.toBeNull();
    clock.advance(10_000);
    const again = await http.delete(`${A}/api-keys/${acme.plainId}`).set(bearer(acme.admin));
    expect(again.status).toBe(200);
    expect(again.body.revoked_at).toBe(first.body.revoked_at);
    const list = await http.get(`${A}/api-keys`).set(bearer(acme.admin));
    expect((list.body.items as { id: number; status: string }[]).find((k) => k.id === acme.plainId)?.status).toBe('revoked');
  });

  it('another account\'s key is 404 and stays usable', async () => {
    const { http, acme, globex } = boot();
    const res = await http.delete(`${A}/api-keys/${globex.plainId}`).set(bearer(acme.admin));
    expect(res.status).toBe(404);
    expect((await http.get(`${A}/pipelines`).set(bearer(globex.plain))).status).toBe(200);
  });

  it('there is no way to un-revoke: no PUT, PATCH or POST on a key', async () => {
    const { http, acme } = boot();
    await http.delete(`${A}/api-keys/${acme.plainId}`).set(bearer(acme.admin));
    for (const method of ['put', 'patch', 'post'] as const) {
      const res = await http[method](`${A}/api-keys/${acme.plainId}`).set(bearer(acme.admin)).send({ revoked_at: null });
      expect(res.status).toBe(405);
    }
    expect((await http.get(`${A}/pipelines`).set(bearer(acme.plain))).status).toBe(401);
  });
});

describe('key management needs an admin key (A-AUTH-5)', () => {
  it('a non-admin key gets 403 with the error object on list, read, create and revoke', async () => {
    const { http, acme } = boot();
    const attempts = [
      http.get(`${A}/api-keys`),
      http.get(`${A}/api-keys/${acme.adminId}`),
      http.post(`${A}/api-keys`).send({ name: 'sneaky', admin: true }),
      http.delete(`${A}/api-keys/${acme.adminId}`),
      http.delete(`${A}/api-keys/${acme.plainId}`),
    ];
    for (const attempt of attempts) {
      const res = await attempt.set(bearer(acme.plain));
      expect(res.status).toBe(403);
      expect(validateResource('error-a', res.body)).toEqual([]);
      expect(res.body.code).toBe('forbidden');
    }
    expect((await http.get(`${A}/pipelines`).set(bearer(acme.admin))).status).toBe(200);
  });

  it('a-non-admin-key-management: with the fault a non-admin key creates and revokes keys', async () => {
    const { http, acme } = boot(['a-non-admin-key-management']);
    expect((await http.post(`${A}/api-keys`).set(bearer(acme.plain)).send({ name: 'escalated', admin: true })).status).toBe(201);
    expect((await http.delete(`${A}/api-keys/${acme.adminId}`).set(bearer(acme.plain))).status).toBe(200);
  });
});

describe('a-key-readable-after-create', () => {
  it('with the fault, listing and reading return the full key created through the API', async () => {
    const { http, acme } = boot(['a-key-readable-after-create']);
    const created = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).send({ name: 'leaky' });
    const list = await http.get(`${A}/api-keys`).set(bearer(acme.admin));
    expect((list.body.items as { id: number; key?: string }[]).find((k) => k.id === created.body.id)?.key).toBe(created.body.key);
    const one = await http.get(`${A}/api-keys/${created.body.id}`).set(bearer(acme.admin));
    expect(one.body.key).toBe(created.body.key);
  });
});
