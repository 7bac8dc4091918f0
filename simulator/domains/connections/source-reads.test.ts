import { describe, expect, it } from 'vitest';
import { makeWorld } from '../jobs/test-support.ts';

/**
 * The real service's reads of a connection's source (its API docs: sections/validate-connection.md,
 * import-connection-schema.md) and its curl requests (test-connection.md), as extensions.
 */

interface Refusal {
  errors: { field: string; message: string }[];
}

type World = ReturnType<typeof makeWorld>;

const refusedField = (body: unknown): string | undefined => (body as Refusal).errors[0]?.field;

async function make(world: World, type: string, body: Record<string, unknown>): Promise<number> {
  return ((await world.owner.post(`/connections/${type}`, { name: `${type}-source`, ...body }).expect(201)).body as { id: number }).id;
}

const DATABASE = { host: 'db.acme.example', username: 'loader', password: 'pw-secret-3' };

describe("a connection's source: validate and import its schema (extension)", () => {
  it('imports a table of the sample database: its fields typed, its rows as a preview of at most lines', async () => {
    const world = makeWorld();
    const id = await make(world, 'mysql', DATABASE);
    const imported = (await world.owner.get(`/connections/mysql/${id}/schema`).query({ table: 'orders', lines: 2 }).expect(200)).body;
    expect(imported).toEqual({
      data: [[101, 1, 42.5, 'shipped', '2026-01-04T08:00:00Z'], [102, 2, 19.99, 'pending', '2026-01-04T09:30:00Z']],
      raw: [],
      fields: [{ id: 'int' }, { customer_id: 'int' }, { total: 'double' }, { status: 'string' }, { ordered_at: 'datetime' }],
    });
    // The docs send the parameters as a JSON body on the GET; a query the simulator can read selects columns.
    const byQuery = (await world.owner.get(`/connections/mysql/${id}/schema`).set('content-type', 'application/json').send({ access_mode: 'query', query: 'SELECT name, Email FROM public.customers WHERE country = \'US\'' }).expect(200)).body as { data: unknown[][]; fields: unknown[] };
    expect(byQuery.fields).toEqual([{ name: 'string' }, { email: 'string' }]);
    expect(byQuery.data[0]).toEqual(['Ada Lovelace', 'ada@customers.example']);
  });

  it('names what is wrong: a table or column that does not exist fails the check (400, with the docs\' error_message), input it cannot read is a 422', async () => {
    const world = makeWorld();
    const id = await make(world, 'postgres', DATABASE);
    const schema = (query: Record<string, string>) => world.owner.get(`/connections/postgres/${id}/schema`).query(query);
    const absent = (await schema({ table: 'invoices' }).expect(400)).body as Refusal & { message: string; error_message: string };
    expect(refusedField(absent)).toBe('table');
    expect(absent.error_message).toBe(absent.message);
    expect(absent.error_message).toContain('invoices does not exist');
    expect(refusedField((await schema({}).expect(422)).body)).toBe('table');
    expect(refusedField((await schema({ access_mode: 'query', query: 'DELETE FROM orders' }).expect(422)).body)).toBe('query');
    expect(refusedField((await schema({ access_mode: 'query', query: 'SELECT secret FROM orders' }).expect(400)).body)).toBe('query');
    expect(refusedField((await schema({ access_mode: 'sideways', table: 'orders' }).expect(422)).body)).toBe('access_mode');
    expect(refusedField((await schema({ table: 'orders', lines: '0' }).expect(422)).body)).toBe('lines');
  });

  it('reads a query in one pass: a long one that is almost of the form is refused at once, not after backtracking', async () => {
    const world = makeWorld();
    const id = await make(world, 'mysql', DATABASE);
    // Such a query kept an earlier single regular expression busy for minutes (8,000 spaces: 226 s).
    for (const query of [`SELECT a FROM b WHERE x${' '.repeat(200_000)}!`, `SELECT ${'a FROM '.repeat(30_000)}`, `SELECT ${'a,'.repeat(50_000)} FROM orders`]) {
      const refused = await world.owner.get(`/connections/mysql/${id}/schema`).set('content-type', 'application/json').send({ access_mode: 'query', query });
      // Not of the form (422), or naming a table or column the sample database lacks (400).
      expect([400, 422]).toContain(refused.status);
      expect(refusedField(refused.body)).toBe('query');
    }
    const spaced = await world.owner.get(`/connections/mysql/${id}/schema`).query({ access_mode: 'query', query: `select\tid ,  total\nfrom orders where total > 10${' '.repeat(5000)};` }).expect(200);
    expect((spaced.body as { fields: unknown[] }).fields).toEqual([{ id: 'int' }, { total: 'double' }]);
  });

  it('validates a database: true; a table needs its schema_name and must exist; an unreachable host fails', async () => {
    const world = makeWorld();
    const id = await make(world, 'snowflake', { account_name: 'acme', username: 'u', password: 'p', database: 'D', warehouse: 'W', region: 'snowflake::us-east-1' });
    expect((await world.owner.post(`/connections/snowflake/${id}/validate`, {}).expect(200)).text).toBe('true');
    expect((await world.owner.post(`/connections/snowflake/${id}/validate`, { table: 'customers', schema_name: 'PUBLIC' }).expect(200)).text).toBe('true');
    expect(refusedField((await world.owner.post(`/connections/snowflake/${id}/validate`, { table: 'customers' }).expect(422)).body)).toBe('schema_name');
    expect(refusedField((await world.owner.post(`/connections/snowflake/${id}/validate`, { table: 'ghosts', schema_name: 'PUBLIC' }).expect(400)).body)).toBe('table');
    const unreachable = await make(world, 'mysql', { ...DATABASE, host: 'db.nowhere.invalid' });
    expect(refusedField((await world.owner.post(`/connections/mysql/${unreachable}/validate`, {}).expect(400)).body)).toBe('host');
    expect(refusedField((await world.owner.get(`/connections/mysql/${unreachable}/schema`).query({ table: 'orders' }).expect(400)).body)).toBe('host');
  });

  it('gives MongoDB records unparsed in raw, as the docs show', async () => {
    const world = makeWorld();
    const id = await make(world, 'mongo', { host: 'mongo.acme.example', database: 'shop' });
    const imported = (await world.owner.get(`/connections/mongo/${id}/schema`).query({ table: 'customers', lines: 1 }).expect(200)).body as { data: unknown[]; raw: string[] };
    expect(imported.data).toEqual([]);
    expect(imported.raw.map((line) => JSON.parse(line))).toEqual([{ id: 1, name: 'Ada Lovelace', email: 'ada@customers.example', country: 'GB', created_at: '2025-11-02T09:14:00Z' }]);
  });

  it("imports a Salesforce object's fields (all, those named, or a SOQL query's), with no records", async () => {
    const world = makeWorld();
    const id = await make(world, 'salesforce', { password: 'sf-token', environment: 'production' });
    const all = (await world.owner.get(`/connections/salesforce/${id}/schema`).query({ object_name: 'Account' }).expect(200)).body as { data: unknown[]; fields: Record<string, string>[] };
    expect(all.data).toEqual([]);
    expect(all.fields).toContainEqual({ Id: 'string' });
    expect(all.fields).toContainEqual({ CreatedDate: 'datetime' });
    const named = (await world.owner.get(`/connections/salesforce/${id}/schema`).query({ object_name: 'account', object_fields: 'name,id' }).expect(200)).body;
    expect(named).toMatchObject({ fields: [{ Name: 'string' }, { Id: 'string' }] });
    const soql = (await world.owner.get(`/connections/salesforce/${id}/schema`).query({ access_mode: 'query', query: 'SELECT Id, IsDeleted FROM Contact' }).expect(200)).body;
    expect(soql).toMatchObject({ fields: [{ Id: 'string' }, { IsDeleted: 'boolean' }] });
    expect(refusedField((await world.owner.get(`/connections/salesforce/${id}/schema`).query({ access_mode: 'query', query: 'SELECT Id FROM Nothing' }).expect(422)).body)).toBe('query');
    expect(refusedField((await world.owner.post(`/connections/salesforce/${id}/validate`, { object_name: 'Nothing' }).expect(422)).body)).toBe('object_name');
    expect((await world.owner.post(`/connections/salesforce/${id}/validate`, { object_name: 'Lead' }).expect(200)).text).toBe('true');
  });

  it("takes Google Analytics' profile and dates, and answers its dimensions and metrics as fields", async () => {
    const world = makeWorld();
    const id = await make(world, 'analytics', { password: 'ga-token' });
    const report = { profile_ids: 'ga:1234567', start_date: '30daysAgo', end_date: 'today', dimensons: 'ga:date', metrics: 'ga:sessions,ga:users' };
    expect((await world.owner.get(`/connections/analytics/${id}/schema`).query(report).expect(200)).body).toEqual({ data: [], raw: [], fields: [{ 'ga:date': 'string' }, { 'ga:sessions': 'double' }, { 'ga:users': 'double' }] });
    expect(refusedField((await world.owner.post(`/connections/analytics/${id}/validate`, { ...report, profile_ids: undefined }).expect(422)).body)).toBe('profile_ids');
    expect(refusedField((await world.owner.post(`/connections/analytics/${id}/validate`, { ...report, start_date: '2026-02-30' }).expect(422)).body)).toBe('start_date');
    expect(refusedField((await world.owner.post(`/connections/analytics/${id}/validate`, { ...report, start_date: '2026-03-02', end_date: '2026-03-01' }).expect(422)).body)).toBe('end_date');
  });

  it('holds no files: reading a file fails naming path, a destination validates', async () => {
    const world = makeWorld();
    const id = await make(world, 's3', { username: 'AKIA', password: 'aws-secret' });
    const location = { bucket: 'acme-exports', path: '/daily/orders.csv', record_type: 'delimited' };
    const read = await world.owner.get(`/connections/s3/${id}/schema`).query(location).expect(400);
    expect((read.body as Refusal).errors).toEqual([{ field: 'path', message: 'no file at acme-exports/daily/orders.csv: the simulated storage holds no files' }]);
    expect(refusedField((await world.owner.post(`/connections/s3/${id}/validate`, location).expect(400)).body)).toBe('path');
    expect((await world.owner.post(`/connections/s3/${id}/validate`, { ...location, destination: true }).expect(200)).text).toBe('true');
    expect(refusedField((await world.owner.post(`/connections/s3/${id}/validate`, { path: 'x' }).expect(422)).body)).toBe('bucket');
    expect(refusedField((await world.owner.post(`/connections/s3/${id}/validate`, { ...location, record_type: 'xml' }).expect(422)).body)).toBe('record_type');
  });

  it("answers only for the caller's own connection of that type; a service with no schema is a 422", async () => {
    const world = makeWorld();
    const id = await make(world, 'mysql', DATABASE);
    await world.stranger.get(`/connections/mysql/${id}/schema`).query({ table: 'orders' }).expect(404);
    await world.owner.get(`/connections/postgres/${id}/schema`).query({ table: 'orders' }).expect(404);
    await world.owner.post(`/connections/mysql/999999/validate`, {}).expect(404);
    const youtube = await make(world, 'youtube', { password: 'yt-token' });
    expect((await world.owner.post(`/connections/youtube/${youtube}/validate`, {}).expect(200)).text).toBe('true');
    expect(refusedField((await world.owner.get(`/connections/youtube/${youtube}/schema`).expect(422)).body)).toBe('connection_type');
  });
});

describe('curl requests (extension)', () => {
  it('checks the request as the docs give it and answers true, never making it; a .invalid host fails naming url', async () => {
    const world = makeWorld();
    for (const check of ['test', 'validate']) {
      expect((await world.owner.post(`/connections/curl/${check}`, { url: 'https://api.partner.example/v1/orders', method: 'post', headers: { Accept: 'application/json' }, password: 'curl-secret' }).expect(200)).text).toBe('true');
      // The docs' failed request: 400 with an error_message.
      const unreachable = await world.owner.post(`/connections/curl/${check}`, { url: 'https://api.nowhere.invalid/x', password: 'curl-secret' }).expect(400);
      expect(refusedField(unreachable.body)).toBe('url');
      expect((unreachable.body as { error_message: string }).error_message).toContain('could not be reached');
      expect(JSON.stringify(unreachable.body)).not.toContain('curl-secret');
      expect(refusedField((await world.owner.post(`/connections/curl/${check}`, {}).expect(422)).body)).toBe('url');
      expect(refusedField((await world.owner.post(`/connections/curl/${check}`, { url: 'file:///etc/passwd' }).expect(422)).body)).toBe('url');
      expect(refusedField((await world.owner.post(`/connections/curl/${check}`, { url: 'https://a.example', method: 'PUT' }).expect(422)).body)).toBe('method');
      expect(refusedField((await world.owner.post(`/connections/curl/${check}`, { url: 'https://a.example', headers: ['Accept'] }).expect(422)).body)).toBe('headers');
      expect(refusedField((await world.owner.post(`/connections/curl/${check}`, { url: 'https://a.example', response_type: 'xml' }).expect(422)).body)).toBe('response_type');
    }
  });

  it("takes a connection_id of the caller's account only", async () => {
    const world = makeWorld();
    const id = await make(world, 'mysql', DATABASE);
    const theirs = ((await world.stranger.post('/connections/mysql', { name: 'theirs', ...DATABASE }).expect(201)).body as { id: number }).id;
    await world.owner.post('/connections/curl/test', { url: 'https://a.example', connection_id: id, connection_type: 'mysql' }).expect(200);
    expect(refusedField((await world.owner.post('/connections/curl/test', { url: 'https://a.example', connection_id: id, connection_type: 's3' }).expect(422)).body)).toBe('connection_id');
    expect(refusedField((await world.owner.post('/connections/curl/test', { url: 'https://a.example', connection_id: theirs }).expect(422)).body)).toBe('connection_id');
  });
});
