import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { ABSENT_ID, CONNECTIONS, connectionId, fingerprint, testBed } from '../connections/test-support.ts';
import { accountProblems } from '../../control/seed-check.ts';

describe('GET /deliveries (extension)', () => {
  const bed = testBed();
  const acme = bed.client(0);

  it('lists the caller\'s deliveries, newest first (the real service\'s default order), each valid', async () => {
    const res = await acme.get('/deliveries');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.service+json; version=2');
    expect((res.body as { id: number }[]).map((d) => d.id)).toEqual([...(bed.manifests[0]?.delivery_ids ?? [])].reverse());
    expect((res.body as { status: string }[]).map((d) => d.status)).toEqual(['disabled', 'idle', 'enabled']);
    for (const delivery of res.body as { id: number; url: string }[]) {
      expect(validateResource('simulator/delivery', delivery)).toEqual([]);
      expect(new URL(delivery.url).pathname).toBe(`/acme/api/deliveries/${delivery.id}`);
    }
  });

  it('shows the real service\'s fields: a seeded delivery\'s ends name its connections by id and type; without them, the account\'s first and last connection', async () => {
    const seeded = testBed({
      accounts: [
        {
          slug: 'acme',
          users: [{ name: 'Ada', email: 'ada@acme.example' }],
          connections: CONNECTIONS,
          deliveries: [
            { name: 'crm-to-warehouse', description: 'Accounts', interval_amount: 6, interval_unit: 'hours', source: { connection: 'crm', properties: { object: 'Account' } }, destination: { connection: 'warehouse', properties: { schema: 'salesforce_prod' } } },
            { name: 'plain' },
          ],
        },
      ],
    });
    const [plain, full] = (await seeded.client(0).get('/deliveries').expect(200)).body as Record<string, unknown>[];
    for (const d of [full, plain]) expect(validateResource('simulator/delivery', d)).toEqual([]);
    expect(full).toMatchObject({
      name: 'crm-to-warehouse',
      description: 'Accounts',
      interval_amount: 6,
      interval_unit: 'hours',
      source: { connection: { type: 'salesforce', id: connectionId(seeded, 0, 'salesforce') }, properties: { object: 'Account' } },
      destination: { connection: { type: 'redshift', id: connectionId(seeded, 0, 'redshift') }, properties: { schema: 'salesforce_prod' } },
      owner_id: seeded.manifests[0]?.users[0]?.id,
    });
    expect(plain).toMatchObject({
      description: null,
      interval_amount: 1,
      interval_unit: 'days',
      source: { connection: { type: 'mysql', id: connectionId(seeded, 0, 'mysql') }, properties: {} },
      destination: { connection: { type: 'redshift', id: connectionId(seeded, 0, 'redshift') }, properties: {} },
    });
  });

  it('shows a delivery of a state saved before these fields existed with their defaults', async () => {
    const old = testBed();
    for (const d of old.account(0).deliveries.values()) {
      for (const field of ['description', 'intervalAmount', 'intervalUnit', 'source', 'destination', 'ownerId'] as const) delete d[field];
    }
    const listed = (await old.client(0).get('/deliveries').expect(200)).body as Record<string, unknown>[];
    for (const d of listed) {
      expect(validateResource('simulator/delivery', d)).toEqual([]);
      expect(d).toMatchObject({ description: null, interval_amount: 1, interval_unit: 'days', source: { connection: null, properties: {} }, owner_id: null });
    }
  });

  it('refuses a seed delivery that names a connection the account does not have, or bad interval fields', () => {
    const seed = (delivery: Record<string, unknown>) => ({ slug: 'acme', connections: [{ name: 'crm', type: 'salesforce' }], deliveries: [{ name: 'd', ...delivery }] });
    expect(accountProblems(seed({ source: { connection: 'nowhere' } }), 'a').map((p) => p.field)).toEqual(['a.deliveries[0].source.connection']);
    expect(accountProblems(seed({ source: { connection: 'nowhere' } }), 'a', ['nowhere'])).toEqual([]);
    expect(accountProblems(seed({ destination: { connection: 'crm', properties: [] } }), 'a').map((p) => p.field)).toEqual(['a.deliveries[0].destination.properties']);
    expect(accountProblems(seed({ interval_amount: 0, interval_unit: 'years' }), 'a').map((p) => p.field)).toEqual(['a.deliveries[0].interval_amount', 'a.deliveries[0].interval_unit']);
  });

  it('pages with offset and limit', async () => {
    const res = await acme.get('/deliveries?offset=1&limit=1');
    expect((res.body as { id: number }[]).map((d) => d.id)).toEqual(bed.manifests[0]?.delivery_ids.slice(1, 2));
    expect(res.headers.link).toContain('rel="next"');
    const bad = await acme.get('/deliveries?offset=-1');
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('offset');
  });
});

describe('GET /deliveries/{delivery_id} (extension)', () => {
  it('answers one of the caller\'s deliveries as the list shows it; gone after its deletion', async () => {
    const bed = testBed();
    const acme = bed.client(0);
    const listed = (await acme.get('/deliveries').expect(200)).body as { id: number; url: string }[];
    // Each request of this bed comes on a new port, which the url carries: compared by path.
    const withPath = ({ url, ...rest }: { url: string }) => ({ ...rest, path: new URL(url).pathname });
    for (const d of listed) {
      const one = await acme.get(`/deliveries/${d.id}`).expect(200);
      expect(one.headers['content-type']).toBe('application/vnd.service+json; version=2');
      expect(withPath(one.body as { url: string })).toEqual(withPath(d));
      expect(validateResource('simulator/delivery', one.body)).toEqual([]);
    }
    await acme.delete(`/deliveries/${listed[0]?.id}`).expect(204);
    expect((await acme.get(`/deliveries/${listed[0]?.id}`)).status).toBe(404);
  });

  it('answers another account\'s, an absent and a malformed id with the delete\'s byte-identical 404', async () => {
    const bed = testBed();
    const acme = bed.client(0);
    const reference = fingerprint(await acme.delete(`/deliveries/${ABSENT_ID}`));
    for (const id of [bed.manifests[1]?.delivery_ids[0], ABSENT_ID, 'abc', '0']) expect(fingerprint(await acme.get(`/deliveries/${id}`)), String(id)).toEqual(reference);
  });
});

describe('DELETE /deliveries/{delivery_id}', () => {
  it('deletes the delivery: 204 with no body and no Content-Type', async () => {
    const bed = testBed();
    const acme = bed.client(0);
    const [first, ...rest] = bed.manifests[0]?.delivery_ids ?? [];
    const res = await acme.delete(`/deliveries/${first}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
    expect(res.headers['content-length'] ?? '0').toBe('0');
    expect(((await acme.get('/deliveries')).body as { id: number }[]).map((d) => d.id)).toEqual([...rest].reverse());
    expect((await acme.delete(`/deliveries/${first}`)).status).toBe(404);
  });

  it('answers an absent, a foreign and a malformed id with byte-identical 404s, deleting nothing', async () => {
    const bed = testBed();
    const acme = bed.client(0);
    const theirs = bed.manifests[1]?.delivery_ids[0];
    const reference = fingerprint(await acme.delete(`/deliveries/${theirs}`));
    expect(reference).toMatchObject({ status: 404, text: '{"message":"Item not found."}' });
    for (const id of [ABSENT_ID, 'abc', '0', '-1', '1.0', '007']) expect(fingerprint(await acme.delete(`/deliveries/${id}`)), String(id)).toEqual(reference);
    expect(bed.account(1).deliveries.size).toBe(3);
    expect(bed.account(0).deliveries.size).toBe(3);
  });

  it('answers 200 with the deleted record under b-delivery-delete-200-body', async () => {
    const bed = testBed({ faults: ['b-delivery-delete-200-body'] });
    const id = bed.manifests[0]?.delivery_ids[0];
    const res = await bed.client(0).delete(`/deliveries/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'nightly-to-s3' });
    expect(bed.account(0).deliveries.has(id ?? 0)).toBe(false);
  });
});
