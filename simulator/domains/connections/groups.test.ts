import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { ABSENT_ID, connectionId, fingerprint, testBed } from './test-support.ts';

describe('POST /connection_groups', () => {
  const bed = testBed();
  const acme = bed.client(0);
  const globex = bed.client(1);
  const mysql = connectionId(bed, 0, 'mysql');
  const s3 = connectionId(bed, 0, 's3');
  const redshift = connectionId(bed, 0, 'redshift');

  it('creates a group with database and cloud storage connections: 201 and the group', async () => {
    const res = await acme.post('/connection_groups', {
      connection_group: { name: 'production', description: 'Production sources' },
      connections: [{ id: mysql, type: 'mysql' }, { id: s3, type: 's3' }, { id: redshift, type: 'redshift' }],
    });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/vnd.service+json; version=2');
    expect(validateResource('connection-group', res.body)).toEqual([]);
    expect(res.body).toMatchObject({
      name: 'production',
      description: 'Production sources',
      account_id: bed.manifests[0]?.numeric_id,
      modified_by: { name: 'Ada Lovelace', email: 'ada.lovelace@acme.example' },
      connections: [
        { id: mysql, name: 'orders-db', type: 'mysql' },
        { id: s3, name: 'raw-bucket', type: 's3' },
        { id: redshift, name: 'warehouse', type: 'redshift' },
      ],
    });
    expect(res.body.created_at).toBe(res.body.updated_at);
    const connection = await acme.get(`/connections/mysql/${mysql}`);
    expect(connection.body.connection_group_id).toBe(res.body.id);
  });

  it('defaults the description to "" and the connections to none', async () => {
    const res = await acme.post('/connection_groups', { connection_group: { name: 'empty' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ description: '', connections: [] });
    expect(validateResource('connection-group', res.body)).toEqual([]);
  });

  it('moves a connection that is already in another group', async () => {
    const first = await acme.post('/connection_groups', { connection_group: { name: 'first' }, connections: [{ id: s3, type: 's3' }] });
    bed.clock.advance(1_000);
    const second = await acme.post('/connection_groups', { connection_group: { name: 'second' }, connections: [{ id: s3, type: 's3' }] });
    expect(second.status).toBe(201);
    const old = await acme.get(`/connection_groups/${first.body.id}`);
    expect(old.body.connections).toEqual([]);
    expect(Date.parse(old.body.updated_at as string) - Date.parse(first.body.updated_at as string)).toBe(1_000);
    expect((await acme.get(`/connections/s3/${s3}`)).body.connection_group_id).toBe(second.body.id);
  });

  const invalid: [string, unknown, string][] = [
    ['no body', undefined, 'connection_group'],
    ['no connection_group', { connections: [] }, 'connection_group'],
    ['a connection_group that is not an object', { connection_group: 'prod' }, 'connection_group'],
    ['a connection_group that is an array', { connection_group: [] }, 'connection_group'],
    ['no name', { connection_group: {} }, 'connection_group.name'],
    ['an empty name', { connection_group: { name: '' } }, 'connection_group.name'],
    ['a numeric name', { connection_group: { name: 7 } }, 'connection_group.name'],
    ['a description that is not a string', { connection_group: { name: 'g', description: 3 } }, 'connection_group.description'],
    ['a null description', { connection_group: { name: 'g', description: null } }, 'connection_group.description'],
    ['connections that are not an array', { connection_group: { name: 'g' }, connections: { id: 1 } }, 'connections'],
    ['a connection that is not an object', { connection_group: { name: 'g' }, connections: [7] }, 'connections[0]'],
    ['a string id', { connection_group: { name: 'g' }, connections: [{ id: '5', type: 'mysql' }] }, 'connections[0].id'],
    ['a fractional id', { connection_group: { name: 'g' }, connections: [{ id: 1.5, type: 'mysql' }] }, 'connections[0].id'],
    ['a zero id', { connection_group: { name: 'g' }, connections: [{ id: 0, type: 'mysql' }] }, 'connections[0].id'],
    ['a missing type', { connection_group: { name: 'g' }, connections: [{ id: 1 }] }, 'connections[0].type'],
    ['an unknown type', { connection_group: { name: 'g' }, connections: [{ id: 1, type: 'ftp' }] }, 'connections[0].type'],
  ];

  it.each(invalid)('refuses %s with a 422 naming the field', async (_label, body, field) => {
    const res = await acme.post('/connection_groups', body);
    expect(res.status).toBe(422);
    expect((res.body.errors as { field: string }[]).map((e) => e.field)).toContain(field);
    expect(res.body.message).toContain(field);
  });

  it('refuses a service connection (not database or cloud storage), naming its type', async () => {
    const salesforce = connectionId(bed, 0, 'salesforce');
    const res = await acme.post('/connection_groups', { connection_group: { name: 'g' }, connections: [{ id: mysql, type: 'mysql' }, { id: salesforce, type: 'salesforce' }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'connections[1].type' })]);
  });

  it('refuses the same connection listed twice', async () => {
    const res = await acme.post('/connection_groups', { connection_group: { name: 'g' }, connections: [{ id: mysql, type: 'mysql' }, { id: mysql, type: 'mysql' }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'connections[1].id' })]);
  });

  it('refuses a connection named with another type than its own', async () => {
    const res = await acme.post('/connection_groups', { connection_group: { name: 'g' }, connections: [{ id: mysql, type: 'postgres' }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'connections[0].id' })]);
  });

  it('answers another account\'s connection exactly as an absent one, and changes nothing', async () => {
    const groupsBefore = bed.account(0).connectionGroups.size;
    const body = (id: number) => ({ connection_group: { name: 'g' }, connections: [{ id: mysql, type: 'mysql' }, { id, type: 'mysql' }] });
    const foreign = await acme.post('/connection_groups', body(connectionId(bed, 1, 'mysql')));
    const absent = await acme.post('/connection_groups', body(ABSENT_ID));
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual([expect.objectContaining({ field: 'connections[1].id' })]);
    expect(fingerprint(foreign)).toEqual(fingerprint(absent));
    expect(bed.account(0).connectionGroups.size).toBe(groupsBefore);
    expect((await globex.get(`/connections/mysql/${connectionId(bed, 1, 'mysql')}`)).body.connection_group_id).toBeNull();
  });

  it('assigns nothing when one reference is bad', async () => {
    const fresh = testBed();
    const pg = connectionId(fresh, 0, 'postgres');
    const res = await fresh.client(0).post('/connection_groups', { connection_group: { name: 'g' }, connections: [{ id: pg, type: 'postgres' }, { id: ABSENT_ID, type: 'mysql' }] });
    expect(res.status).toBe(422);
    expect(fresh.account(0).connectionGroups.size).toBe(0);
    expect(fresh.account(0).connections.get(pg)?.connectionGroupId).toBeNull();
  });

  it('accepts another account\'s connection under b-group-accepts-foreign-connection', async () => {
    const faulty = testBed({ faults: ['b-group-accepts-foreign-connection'] });
    const foreign = connectionId(faulty, 1, 'mysql');
    const res = await faulty.client(0).post('/connection_groups', { connection_group: { name: 'g' }, connections: [{ id: foreign, type: 'mysql' }] });
    expect(res.status).toBe(201);
    expect(res.body.connections).toEqual([{ id: foreign, name: 'orders-db', type: 'mysql' }]);
  });

  it('property: random bodies never get a 5xx; a 201 is a valid group and a 422 names fields', async () => {
    const fresh = testBed();
    const client = fresh.client(0);
    const ids = [...(fresh.manifests[0]?.connections ?? []), ...(fresh.manifests[1]?.connections ?? [])].map((c) => c.id);
    const ref = fc.record(
      {
        id: fc.oneof(fc.constantFrom(...ids, ABSENT_ID), fc.integer(), fc.double(), fc.string(), fc.constant(null)),
        type: fc.oneof(fc.constantFrom('mysql', 'postgres', 's3', 'sftp', 'redshift', 'salesforce', 'bingads', 'ftp'), fc.string(), fc.integer()),
      },
      { requiredKeys: [] },
    );
    const group = fc.oneof(
      fc.record({ name: fc.oneof(fc.string({ unit: 'grapheme' }), fc.integer(), fc.constant(null)), description: fc.oneof(fc.string(), fc.boolean()) }, { requiredKeys: [] }),
      fc.jsonValue(),
    );
    const body = fc.oneof(
      fc.record({ connection_group: group, connections: fc.oneof(fc.array(fc.oneof(ref, fc.jsonValue()), { maxLength: 4 }), fc.jsonValue()) }, { requiredKeys: [] }),
      fc.jsonValue(),
    );
    let created = 0;
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const res = await client.post('/connection_groups').set('Content-Type', 'application/json').send(JSON.stringify(value));
        expect(res.status).toBeLessThan(500);
        if (res.status === 201) {
          created++;
          expect(validateResource('connection-group', res.body)).toEqual([]);
        }
        else {
          expect(res.status).toBe(422);
          expect(typeof res.body.message).toBe('string');
          expect(res.body.errors.length).toBeGreaterThan(0);
        }
      }),
      { seed: 42, numRuns: 200 },
    );
    // The generator reaches the success path too, not only refusals.
    expect(created).toBeGreaterThan(0);
  });
});

describe('GET /connection_groups and /connection_groups/{id} (extensions)', () => {
  const bed = testBed();
  const acme = bed.client(0);
  const globex = bed.client(1);

  it('lists the caller\'s groups, oldest first, and reads one', async () => {
    const a = await acme.post('/connection_groups', { connection_group: { name: 'a' }, connections: [{ id: connectionId(bed, 0, 'postgres'), type: 'postgres' }] });
    const b = await acme.post('/connection_groups', { connection_group: { name: 'b' } });
    await globex.post('/connection_groups', { connection_group: { name: 'theirs' } });
    const list = await acme.get('/connection_groups');
    expect(list.status).toBe(200);
    expect((list.body as { id: number }[]).map((g) => g.id)).toEqual([a.body.id, b.body.id]);
    for (const group of list.body as unknown[]) expect(validateResource('connection-group', group)).toEqual([]);
    const paged = await acme.get('/connection_groups?limit=1');
    expect(paged.body).toHaveLength(1);
    expect(paged.headers.link).toContain('rel="next"');
    const one = await acme.get(`/connection_groups/${a.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(a.body);
  });

  it('answers an absent, a foreign and a malformed id with byte-identical 404s', async () => {
    const theirs = await globex.post('/connection_groups', { connection_group: { name: 'private' } });
    const reference = fingerprint(await acme.get(`/connection_groups/${theirs.body.id}`));
    expect(reference).toMatchObject({ status: 404, text: '{"message":"Item not found."}' });
    for (const id of [ABSENT_ID, 'abc', '0', '-3']) expect(fingerprint(await acme.get(`/connection_groups/${id}`))).toEqual(reference);
  });
});
