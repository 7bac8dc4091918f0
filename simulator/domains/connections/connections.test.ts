import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { ABSENT_ID, connectionId, fingerprint, testBed } from './test-support.ts';

const TYPE_IDS = [
  'adwords', 'analytics', 'athena', 'azureblobstorage', 'bigquery', 'bingads', 'facebookadsinsights', 'googlecloudpostgres', 'googlecloudspanner',
  'googlecloudsql', 'googlesheets', 'gs', 'hdfs', 'herokupostgres', 'hubspot', 'instagram', 'intercom', 'linkedin', 'mongo', 'mysql', 'netsuite',
  'oracle', 'pinterest', 'postgres', 'rackspace', 'redshift', 's3', 'salesforce', 'segment', 'sftp', 'shopify', 'snowflake', 'softlayer',
  'sqlserver', 'swift', 'xero', 'youtube',
];

/** Path segments that are not a positive integer written plainly: all name nothing. */
const NOT_AN_ID = ['abc', '0', '-1', '01', '1.5', '1e3', '%20', '99999999999999999999'];

describe('GET /connections/types', () => {
  const acme = testBed().client(0);

  it('answers 200 with a bare array of every known connection type, each valid', async () => {
    const res = await acme.get('/connections/types');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.service+json; version=2');
    expect(Array.isArray(res.body)).toBe(true);
    expect((res.body as { type: string }[]).map((t) => t.type).sort()).toEqual(TYPE_IDS);
    for (const type of res.body as { name: string; description: string; icon_url: string; groups: string[] }[]) {
      expect(validateResource('connection-type', type)).toEqual([]);
      expect(type.name).not.toBe('');
      expect(type.description).not.toBe('');
      expect(() => new URL(type.icon_url)).not.toThrow();
      expect(type.groups.length).toBeGreaterThan(0);
      for (const group of type.groups) expect(['database', 'analytical', 'cloud_storage', 'services']).toContain(group);
    }
  });

  it('puts SaaS sources in services and object stores in cloud_storage', async () => {
    const res = await acme.get('/connections/types');
    const groupsOf = (id: string) => (res.body as { type: string; groups: string[] }[]).find((t) => t.type === id)?.groups;
    expect(groupsOf('salesforce')).toEqual(['services']);
    expect(groupsOf('s3')).toEqual(['cloud_storage']);
    expect(groupsOf('mysql')).toEqual(['database']);
    expect(groupsOf('redshift')).toEqual(['analytical']);
  });

  it('wraps the array in an object under b-connection-types-wrapped', async () => {
    const res = await testBed({ faults: ['b-connection-types-wrapped'] }).client(0).get('/connections/types');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(false);
    expect(res.body.types).toHaveLength(TYPE_IDS.length);
  });
});

describe('GET /connections (extension)', () => {
  const bed = testBed();
  const acme = bed.client(0);

  it('lists the caller\'s connections by name, descending (the real service\'s default order), each valid and ungrouped', async () => {
    const res = await acme.get('/connections');
    expect(res.status).toBe(200);
    const names = (res.body as { name: string }[]).map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    expect(new Set((res.body as { id: number }[]).map((c) => c.id))).toEqual(new Set(bed.manifests[0]?.connections.map((c) => c.id)));
    for (const connection of res.body as Record<string, unknown>[]) {
      expect(validateResource('connection', connection)).toEqual([]);
      expect(connection.connection_group_id).toBeNull();
    }
  });

  it('never lists another account\'s connections', async () => {
    const res = await acme.get('/connections?limit=100');
    const foreign = new Set(bed.manifests[1]?.connections.map((c) => c.id));
    expect((res.body as { id: number }[]).some((c) => foreign.has(c.id))).toBe(false);
  });

  it('pages with offset and limit and a Link header', async () => {
    const all = (await acme.get('/connections')).body as { id: number }[];
    const res = await acme.get('/connections?offset=2&limit=2');
    expect((res.body as { id: number }[]).map((c) => c.id)).toEqual(all.slice(2, 4).map((c) => c.id));
    expect(res.headers.link).toContain('rel="next"');
    expect(res.headers.link).toContain('rel="prev"');
    const bad = await acme.get('/connections?limit=0');
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('limit');
  });
});

describe('GET /connections/{connection_type}/{connection_id} (extension)', () => {
  const bed = testBed();
  const acme = bed.client(0);
  const mysql = connectionId(bed, 0, 'mysql');

  it('answers 200 with the connection, whose url reads it back', async () => {
    const res = await acme.get(`/connections/mysql/${mysql}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: mysql, name: 'orders-db', type: 'mysql', connection_group_id: null });
    expect(validateResource('connection', res.body)).toEqual([]);
    const url = new URL(res.body.url as string);
    expect(url.pathname).toBe(`/acme/api/connections/mysql/${mysql}`);
  });

  it('answers every miss with byte-identical 404s', async () => {
    const misses = [
      `/connections/postgres/${mysql}`,
      `/connections/nosuchtype/${mysql}`,
      `/connections/MYSQL/${mysql}`,
      `/connections/mysql/${ABSENT_ID}`,
      `/connections/mysql/${connectionId(bed, 1, 'mysql')}`,
      ...NOT_AN_ID.map((id) => `/connections/mysql/${id}`),
    ];
    const reference = fingerprint(await acme.get(misses[0] ?? ''));
    expect(reference).toMatchObject({ status: 404, text: '{"message":"Item not found."}' });
    for (const path of misses) expect(fingerprint(await acme.get(path)), path).toEqual(reference);
  });
});

describe('PUT /connections/{connection_type}/{connection_id}', () => {
  const bed = testBed();
  const acme = bed.client(0);
  const globex = bed.client(1);
  const sftp = connectionId(bed, 0, 'sftp');

  it('renames the connection: 200 with the connection, updated_at moved, created_at kept', async () => {
    const before = await acme.get(`/connections/sftp/${sftp}`);
    bed.clock.advance(5_000);
    const res = await acme.put(`/connections/sftp/${sftp}`, { name: 'partner-drop-eu' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.service+json; version=2');
    expect(validateResource('connection', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ id: sftp, name: 'partner-drop-eu', type: 'sftp', connection_group_id: null, created_at: before.body.created_at });
    expect(Date.parse(res.body.updated_at as string) - Date.parse(before.body.updated_at as string)).toBe(5_000);
    expect((await acme.get(`/connections/sftp/${sftp}`)).body.name).toBe('partner-drop-eu');
  });

  it('takes the type\'s attributes as the real docs update them, keeps the others, and ignores keys that are none', async () => {
    const res = await acme.put(`/connections/sftp/${sftp}`, { name: 'drop', host: 'sftp2.example', port: 2222, hostname: 'no attribute' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'drop', host: 'sftp2.example', port: 2222 });
    expect(res.body.hostname).toBeUndefined();
    expect((await acme.get(`/connections/sftp/${sftp}`)).body).toMatchObject({ host: 'sftp2.example', port: 2222 });
    // Only what is given changes.
    expect((await acme.put(`/connections/sftp/${sftp}`, { name: 'drop', port: 22 })).body).toMatchObject({ host: 'sftp2.example', port: 22 });
    // An attribute the type takes in another shape is refused, naming it, and nothing changes.
    const bad = await acme.put(`/connections/sftp/${sftp}`, { name: 'renamed', port: 'twenty-two' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'port' })]);
    expect((await acme.get(`/connections/sftp/${sftp}`)).body).toMatchObject({ name: 'drop', port: 22 });
  });

  it('accepts a JSON body with a charset parameter', async () => {
    const res = await acme.put(`/connections/sftp/${sftp}`).set('Content-Type', 'application/json; charset=utf-8').send(JSON.stringify({ name: 'utf8 ✓' }));
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('utf8 ✓');
  });

  it('shows the group id of a grouped connection', async () => {
    const mysql = connectionId(bed, 0, 'mysql');
    const group = await acme.post('/connection_groups', { connection_group: { name: 'warehouse' }, connections: [{ id: mysql, type: 'mysql' }] });
    expect(group.status).toBe(201);
    const res = await acme.put(`/connections/mysql/${mysql}`, { name: 'orders-db' });
    expect(res.body.connection_group_id).toBe(group.body.id);
    expect(validateResource('connection', res.body)).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a numeric name', { name: 42 }],
    ['a null name', { name: null }],
    ['an array name', { name: ['a'] }],
    ['a name over 255 characters', { name: 'x'.repeat(256) }],
  ])('refuses %s with a 422 naming name', async (_label, body) => {
    const res = await acme.put(`/connections/sftp/${sftp}`, body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'name' })]);
    expect(res.body.message).toContain('name');
  });

  it('refuses a body that is not an object with a 422 naming body', async () => {
    const res = await acme.put(`/connections/sftp/${sftp}`, ['name']);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('body');
  });

  it('refuses malformed JSON with 400 and another media type with 415', async () => {
    const malformed = await acme.put(`/connections/sftp/${sftp}`).set('Content-Type', 'application/json').send('{"name":');
    expect(malformed.status).toBe(400);
    const text = await acme.put(`/connections/sftp/${sftp}`).set('Content-Type', 'text/plain').send('name=x');
    expect(text.status).toBe(415);
  });

  it('answers a wrong type, an unknown type, an absent and a foreign id with byte-identical 404s', async () => {
    const foreign = connectionId(bed, 1, 'sftp');
    const misses = [`/connections/mysql/${sftp}`, `/connections/ftp/${sftp}`, `/connections/sftp/${ABSENT_ID}`, `/connections/sftp/${foreign}`, '/connections/sftp/abc'];
    const reference = fingerprint(await acme.put(`/connections/sftp/${foreign}`, { name: 'stolen' }));
    expect(reference).toMatchObject({ status: 404, text: '{"message":"Item not found."}' });
    for (const path of misses) {
      expect(fingerprint(await acme.put(path, { name: 'stolen' })), path).toEqual(reference);
      // The body is never looked at for a connection that is not found.
      expect(fingerprint(await acme.put(path, { name: '' })), path).toEqual(reference);
    }
    expect((await globex.get(`/connections/sftp/${foreign}`)).body.name).toBe('partner-drop');
  });

  it('omits connection_group_id of an ungrouped connection under b-connection-group-id-omitted', async () => {
    const faulty = testBed({ faults: ['b-connection-group-id-omitted'] });
    const id = connectionId(faulty, 0, 's3');
    const res = await faulty.client(0).put(`/connections/s3/${id}`, { name: 'bucket' });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('connection_group_id');
    expect(validateResource('connection', res.body)).not.toEqual([]);
  });
});
