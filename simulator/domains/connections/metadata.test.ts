import { describe, expect, it } from 'vitest';
import { ABSENT_ID, connectionId, fingerprint, testBed, type Client, type TestBed } from './test-support.ts';

/** Every way of naming a connection that is not the caller's `type` connection: all the same 404. */
async function expectMissesIdentical(bed: TestBed, client: Client, type: 'salesforce' | 'bingads', suffix: string): Promise<void> {
  const other = type === 'salesforce' ? 'bingads' : 'salesforce';
  const misses = [ABSENT_ID, connectionId(bed, 1, type), connectionId(bed, 0, other), connectionId(bed, 0, 'mysql'), 'abc', '0'];
  const reference = fingerprint(await client.get(`/connections/${connectionId(bed, 1, type)}/${suffix}`));
  expect(reference).toMatchObject({ status: 404, text: '{"message":"Item not found."}' });
  for (const id of misses) expect(fingerprint(await client.get(`/connections/${id}/${suffix}`)), String(id)).toEqual(reference);
}

function expect422(res: { status: number; body: { errors?: { field: string }[]; message?: string } }, field: string): void {
  expect(res.status).toBe(422);
  expect(res.body.errors?.map((e) => e.field)).toEqual([field]);
  expect(res.body.message).toContain(field);
}

describe('GET /connections/{connection_id}/salesforce/fields', () => {
  const bed = testBed();
  const acme = bed.client(0);
  const salesforce = connectionId(bed, 0, 'salesforce');

  it('answers 200 with an array of field objects of the named object', async () => {
    const res = await acme.get(`/connections/${salesforce}/salesforce/fields?object_name=Account&force_fetch=true`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.service+json; version=2');
    expect(Array.isArray(res.body)).toBe(true);
    const fields = res.body as Record<string, unknown>[];
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(['Id', 'Name', 'BillingCity', 'AnnualRevenue']));
    for (const field of fields) {
      expect(field).toEqual(expect.objectContaining({ name: expect.any(String), label: expect.any(String), type: expect.any(String), length: expect.any(Number), nillable: expect.any(Boolean) }));
    }
    expect(fields.find((f) => f.name === 'Id')).toMatchObject({ type: 'id', length: 18, nillable: false });
  });

  it('matches object names case-insensitively, as Salesforce does, and knows custom objects', async () => {
    const lower = await acme.get(`/connections/${salesforce}/salesforce/fields?object_name=contact`);
    expect(lower.status).toBe(200);
    expect((lower.body as { name: string }[]).map((f) => f.name)).toContain('Email');
    const custom = await acme.get(`/connections/${salesforce}/salesforce/fields?object_name=Invoice__c&force_fetch=false`);
    expect(custom.status).toBe(200);
    expect((custom.body as { name: string }[]).map((f) => f.name)).toContain('Name');
  });

  it.each([
    ['a missing object_name', '', 'object_name'],
    ['an empty object_name', '?object_name=', 'object_name'],
    ['a repeated object_name', '?object_name=Account&object_name=Lead', 'object_name'],
    ['an object the org does not have', '?object_name=Spaceship', 'object_name'],
    ['a force_fetch that is not true or false', '?object_name=Account&force_fetch=yes', 'force_fetch'],
  ])('refuses %s with a 422 naming it', async (_label, query, field) => {
    expect422(await acme.get(`/connections/${salesforce}/salesforce/fields${query}`), field);
  });

  it('answers every connection but the caller\'s Salesforce ones with byte-identical 404s', async () => {
    await expectMissesIdentical(bed, acme, 'salesforce', 'salesforce/fields?object_name=Account');
  });
});

describe('GET /connections/{connection_id}/bingads/accounts', () => {
  const bed = testBed();
  const acme = bed.client(0);
  const bingads = connectionId(bed, 0, 'bingads');
  const path = `/connections/${bingads}/bingads/accounts`;

  it('answers 200 with an array of ad accounts, without campaigns unless asked', async () => {
    const res = await acme.get(`${path}?api_version=13`);
    expect(res.status).toBe(200);
    const accounts = res.body as Record<string, unknown>[];
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts) {
      expect(account).toEqual(expect.objectContaining({ id: expect.any(Number), name: expect.any(String), number: expect.any(String), currency_code: expect.stringMatching(/^[A-Z]{3}$/) }));
      expect(account).not.toHaveProperty('campaigns');
    }
  });

  it('is stable per connection and differs between connections', async () => {
    const again = await acme.get(path);
    expect((await acme.get(path)).body).toEqual(again.body);
    const theirs = await bed.client(1).get(`/connections/${connectionId(bed, 1, 'bingads')}/bingads/accounts`);
    expect((theirs.body as { id: number }[])[0]?.id).not.toBe((again.body as { id: number }[])[0]?.id);
  });

  it('adds campaigns to every account with force_fetch=true, or to the listed accounts', async () => {
    const all = await acme.get(`${path}?force_fetch=true`);
    for (const account of all.body as { campaigns?: unknown[] }[]) expect(account.campaigns?.length).toBeGreaterThan(0);
    const ids = (all.body as { id: number }[]).map((a) => a.id);
    const some = await acme.get(`${path}?accounts=${ids[1]}`);
    expect((some.body as { id: number; campaigns?: unknown[] }[]).filter((a) => a.campaigns).map((a) => a.id)).toEqual([ids[1]]);
  });

  it.each([
    ['an unsupported api_version', '?api_version=7', 'api_version'],
    ['a repeated api_version', '?api_version=13&api_version=12', 'api_version'],
    ['an account this connection cannot see', '?accounts=12345', 'accounts'],
    ['an empty accounts list', '?accounts=', 'accounts'],
    ['a force_fetch that is not true or false', '?force_fetch=1', 'force_fetch'],
  ])('refuses %s with a 422 naming it', async (_label, query, field) => {
    expect422(await acme.get(`${path}${query}`), field);
  });

  it('answers every connection but the caller\'s Bing Ads ones with byte-identical 404s', async () => {
    await expectMissesIdentical(bed, acme, 'bingads', 'bingads/accounts');
  });
});

describe('GET /connections/{connection_id}/bingads/columns', () => {
  const bed = testBed();
  const acme = bed.client(0);
  const bingads = connectionId(bed, 0, 'bingads');
  const path = `/connections/${bingads}/bingads/columns`;
  const names = (body: unknown) => (body as { name: string }[]).map((c) => c.name);

  it('answers 200 with an array of columns of the keyword report by default', async () => {
    const res = await acme.get(path);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const column of res.body as Record<string, unknown>[]) {
      expect(column).toEqual(expect.objectContaining({ name: expect.any(String), display_name: expect.any(String), type: expect.any(String) }));
    }
    expect(names(res.body)).toEqual(expect.arrayContaining(['Keyword', 'Impressions', 'Clicks', 'Spend']));
  });

  it('answers the columns of the named report type', async () => {
    const res = await acme.get(`${path}?report_type=AccountPerformanceReport&api_version=12`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toContain('AccountName');
    expect(names(res.body)).not.toContain('Keyword');
  });

  it.each([
    ['an unknown report type', '?report_type=Nope', 'report_type'],
    ['an inherited property name as report type', '?report_type=constructor', 'report_type'],
    ['an unsupported api_version', '?api_version=v13', 'api_version'],
  ])('refuses %s with a 422 naming it', async (_label, query, field) => {
    expect422(await acme.get(`${path}${query}`), field);
  });

  it('answers every connection but the caller\'s Bing Ads ones with byte-identical 404s', async () => {
    await expectMissesIdentical(bed, acme, 'bingads', 'bingads/columns');
  });

  it('answers an object keyed by column name under b-bingads-columns-object', async () => {
    const faulty = testBed({ faults: ['b-bingads-columns-object'] });
    const res = await faulty.client(0).get(`/connections/${connectionId(faulty, 0, 'bingads')}/bingads/columns`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(false);
    expect(res.body.Keyword).toMatchObject({ name: 'Keyword' });
  });
});
