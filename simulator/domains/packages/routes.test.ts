import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { firstId, makeWorld } from '../jobs/test-support.ts';

const NOT_FOUND = '{"message":"Item not found."}';

describe('GET /packages', () => {
  it('lists the caller\'s active packages only, newest first, each matching the package schema; status=archived the archived ones, as the real service', async () => {
    const { owner, acme } = makeWorld();
    const res = await owner.get('/packages').expect(200);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    const body = res.body as Record<string, unknown>[];
    expect(body.map((p) => p.id)).toEqual([firstId(acme.package_ids, 1), firstId(acme.package_ids, 0)]);
    for (const pkg of body) expect(validateResource('package', pkg)).toEqual([]);
    expect(body.map((p) => p.status)).toEqual(['active', 'active']);
    await owner.get('/packages?status=active').expect(200, res.body as object);
    const archived = await owner.get('/packages?status=archived').expect(200);
    expect((archived.body as Record<string, unknown>[]).map((p) => [p.id, p.status])).toEqual([[firstId(acme.package_ids, 2), 'archived']]);
    const refused = await owner.get('/packages?status=all').expect(422);
    expect((refused.body as { errors: { field: string }[] }).errors[0]?.field).toBe('status');
  });

  it('pages with offset and limit and links the next and previous pages', async () => {
    const { owner, acme } = makeWorld();
    const first = await owner.get('/packages?limit=1').expect(200);
    expect((first.body as unknown[]).length).toBe(1);
    expect(first.headers.link).toContain('rel="next"');
    expect(first.headers.link).not.toContain('rel="prev"');
    const second = await owner.get('/packages?offset=1&limit=1').expect(200);
    expect((second.body as { id: number }[]).map((p) => p.id)).toEqual([firstId(acme.package_ids, 0)]);
    expect(second.headers.link).toContain('rel="prev"');
    await owner.get('/packages?offset=50').expect(200, []);
  });

  it('refuses a bad page size with a 422 naming it', async () => {
    const { owner } = makeWorld();
    const res = await owner.get('/packages?limit=101').expect(422);
    expect((res.body as { errors: { field: string }[] }).errors[0]?.field).toBe('limit');
  });

  it('needs a key and the versioned Accept header', async () => {
    const { http } = makeWorld();
    await http().get('/acme/api/packages').set('Accept', VENDOR_MEDIA_TYPE).expect(401);
    const { owner } = makeWorld();
    await owner.get('/packages').set('Accept', 'application/json').expect(406);
  });
});

describe('GET /packages/{package_id}', () => {
  it('returns the package with the fields of section 2', async () => {
    const { owner, acme } = makeWorld();
    const id = firstId(acme.package_ids);
    const res = await owner.get(`/packages/${id}`).expect(200);
    expect(validateResource('package', res.body)).toEqual([]);
    expect(res.body).toMatchObject({
      id,
      name: 'orders-daily',
      description: 'Loads orders',
      variables: { run_date: '2026-01-04' },
      owner_id: acme.users[0]?.id,
      status: 'active',
      created_at: '2026-01-05T09:00:00Z',
    });
    expect(res.body.url).toMatch(new RegExp(`^http://[^/]+/acme/api/packages/${id}$`));
    expect(res.body.html_url).toMatch(new RegExp(`^http://[^/]+/acme/packages/${id}$`));
    expect(res.body).not.toHaveProperty('outcome');
  });

  it('adds the real service\'s single-read fields: version, flow_type, flow_version, package_version, item_id', async () => {
    const { owner, acme } = makeWorld();
    const id = firstId(acme.package_ids);
    const res = await owner.get(`/packages/${id}`).expect(200);
    expect(res.body).toMatchObject({ version: 1, flow_type: 'dataflow', flow_version: '2.0.0', package_version: '1.0', item_id: id });
    // The list keeps the list's shape, as the real service's docs show it.
    const listed = (await owner.get('/packages').expect(200)).body as Record<string, unknown>[];
    expect(listed.find((p) => p.id === id)).not.toHaveProperty('item_id');
  });

  it('answers an absent id and another account\'s id with the same 404 body', async () => {
    const { owner, globex } = makeWorld();
    const absent = await owner.get('/packages/999999').expect(404);
    const foreign = await owner.get(`/packages/${firstId(globex.package_ids)}`).expect(404);
    expect(absent.text).toBe(NOT_FOUND);
    expect(foreign.text).toBe(absent.text);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999', '1e3'])('answers the malformed id %s with the same 404', async (raw) => {
    const { owner } = makeWorld();
    const res = await owner.get(`/packages/${raw}`).expect(404);
    expect(res.text).toBe(NOT_FOUND);
  });
});

describe('package faults', () => {
  it('b-foreign-resource-403: another account\'s package is 403, an absent one still 404', async () => {
    const { owner, globex } = makeWorld(['b-foreign-resource-403']);
    const foreign = await owner.get(`/packages/${firstId(globex.package_ids)}`).expect(403);
    expect(typeof foreign.body.message).toBe('string');
    await owner.get('/packages/999999').expect(404);
  });

  it('b-package-absent-200-null: an absent package is 200 with a null body', async () => {
    const { owner } = makeWorld(['b-package-absent-200-null']);
    const res = await owner.get('/packages/999999').expect(200);
    expect(res.text).toBe('null');
  });

  it('b-package-read-another: the answer is another package of the account', async () => {
    const { owner, acme } = makeWorld(['b-package-read-another']);
    const id = firstId(acme.package_ids);
    const res = await owner.get(`/packages/${id}`).expect(200);
    expect(res.body.id).not.toBe(id);
  });

  it('b-package-id-as-string: the id is a string and the schema notices', async () => {
    const { owner, acme } = makeWorld(['b-package-id-as-string']);
    const id = firstId(acme.package_ids);
    const res = await owner.get(`/packages/${id}`).expect(200);
    expect(res.body.id).toBe(String(id));
    expect(validateResource('package', res.body)).not.toEqual([]);
  });

  it('b-timestamps-without-zone: timestamps lose their zone and the schema notices', async () => {
    const { owner, acme } = makeWorld(['b-timestamps-without-zone']);
    const res = await owner.get(`/packages/${firstId(acme.package_ids)}`).expect(200);
    expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(validateResource('package', res.body)).not.toEqual([]);
  });
});
