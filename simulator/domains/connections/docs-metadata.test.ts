import { describe, expect, it } from 'vitest';
import { ABSENT_ID, CONNECTIONS, connectionId, fingerprint, testBed, twoAccounts } from './test-support.ts';
import { upperSnake } from './docs-metadata.ts';
import { validateResource } from '../../../suites/lib/schemas.ts';

/** The connector metadata reads at the real docs' own paths, `/connections/metadata/{connector}/{id}/...`, in the docs' shapes. */

describe('connector metadata at the real docs\' paths (extension)', () => {
  const bed = testBed();
  const acme = bed.client(0);
  const salesforce = connectionId(bed, 0, 'salesforce');
  const bingads = connectionId(bed, 0, 'bingads');

  it("lists the simulated org's objects, each of which its fields read describes", async () => {
    const res = await acme.get(`/connections/metadata/salesforce/${salesforce}/objects`).expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.service+json; version=2');
    const entities = (res.body as { entities: string[] }).entities;
    expect(entities).toEqual(['Account', 'Case', 'Contact', 'Lead', 'Opportunity']);
    for (const name of entities) {
      const fields = (await acme.get(`/connections/metadata/salesforce/${salesforce}/fields?object_name=${name}`).expect(200)).body as { fields: { name: string }[] };
      expect(fields.fields.map((f) => f.name), name).toContain('Id');
    }
  });

  it("takes the fields read's object as the docs send it, a JSON body on the GET, or as a query parameter; the same fields the spec's path gives, wrapped", async () => {
    const spec = (await acme.get(`/connections/${salesforce}/salesforce/fields?object_name=Account`).expect(200)).body as unknown[];
    const byBody = await acme.get(`/connections/metadata/salesforce/${salesforce}/fields`).set('Content-Type', 'application/json').send({ object_name: 'Account', force_fetch: true }).expect(200);
    expect(byBody.body).toEqual({ fields: spec });
    const byQuery = await acme.get(`/connections/metadata/salesforce/${salesforce}/fields?object_name=account&force_fetch=false`).expect(200);
    expect(byQuery.body).toEqual({ fields: spec });
    // The query's value wins over the body's.
    const both = await acme.get(`/connections/metadata/salesforce/${salesforce}/fields?object_name=Lead`).set('Content-Type', 'application/json').send({ object_name: 'Account' }).expect(200);
    expect((both.body as { fields: { name: string }[] }).fields.map((f) => f.name)).toContain('Company');
  });

  it("gives Bing Ads accounts as the docs show them: string ids, campaigns of the accounts asked for (an array, as the docs send it, or ids joined with commas)", async () => {
    const plain = (await acme.get(`/connections/metadata/bingads/${bingads}/accounts`).expect(200)).body as { account_id: string; account_name: string; campaigns: unknown[] }[];
    expect(plain).toHaveLength(3);
    for (const account of plain) expect(account).toEqual({ account_id: expect.stringMatching(/^[0-9]+$/), account_name: expect.any(String), campaigns: [] });
    const first = plain[0]?.account_id ?? '';
    const asked = (await acme.get(`/connections/metadata/bingads/${bingads}/accounts`).set('Content-Type', 'application/json').send({ accounts: [first], api_version: 'v11' }).expect(200)).body as { account_id: string; campaigns: { campaign_id: string; campaign_status: string; campaign_name: string }[] }[];
    expect(asked[0]?.campaigns.length).toBeGreaterThan(0);
    expect(asked[0]?.campaigns[0]).toEqual({ campaign_id: expect.stringMatching(/^[0-9]+$/), campaign_status: expect.stringMatching(/^(Active|Paused)$/), campaign_name: expect.any(String) });
    expect(asked.slice(1).every((a) => a.campaigns.length === 0)).toBe(true);
    const byQuery = (await acme.get(`/connections/metadata/bingads/${bingads}/accounts?accounts=${first}&api_version=12`).expect(200)).body;
    expect(byQuery).toEqual(asked);
    const all = (await acme.get(`/connections/metadata/bingads/${bingads}/accounts?force_fetch=true`).expect(200)).body as { campaigns: unknown[] }[];
    expect(all.every((a) => a.campaigns.length > 0)).toBe(true);
  });

  it("gives a report's columns as the docs show them: upper snake case names, each a string", async () => {
    const res = (await acme.get(`/connections/metadata/bingads/${bingads}/columns`).expect(200)).body as { data: unknown[]; fields: Record<string, string>[] };
    expect(res.data).toEqual([]);
    const names = res.fields.map((f) => Object.keys(f)[0]);
    expect(names).toEqual(expect.arrayContaining(['TIME_PERIOD', 'ACCOUNT_NAME', 'ACCOUNT_ID', 'KEYWORD', 'AVERAGE_CPC', 'CTR', 'IMPRESSIONS']));
    expect(res.fields.every((f) => Object.keys(f).length === 1 && Object.values(f)[0] === 'string')).toBe(true);
    // The spec's path, the same report: the same columns.
    const spec = (await acme.get(`/connections/${bingads}/bingads/columns`).expect(200)).body as { name: string }[];
    expect(names).toEqual(spec.map((c) => upperSnake(c.name)));
    const campaign = (await acme.get(`/connections/metadata/bingads/${bingads}/columns`).set('Content-Type', 'application/json').send({ report_type: 'CampaignPerformanceReport' }).expect(200)).body as { fields: Record<string, string>[] };
    expect(campaign.fields.map((f) => Object.keys(f)[0])).not.toContain('KEYWORD');
    expect(upperSnake('AverageCpc')).toBe('AVERAGE_CPC');
    expect(upperSnake('Ctr')).toBe('CTR');
  });

  it('refuses bad parameters with a 422 naming each, and another connection, type or account with the one 404', async () => {
    const bad = async (path: string, body: unknown, field: string) => {
      const res = await acme.get(path).set('Content-Type', 'application/json').send(body as object);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect((res.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([field]);
    };
    await bad(`/connections/metadata/salesforce/${salesforce}/fields`, {}, 'object_name');
    await bad(`/connections/metadata/salesforce/${salesforce}/fields`, { object_name: 'NoSuchThing' }, 'object_name');
    await bad(`/connections/metadata/salesforce/${salesforce}/fields`, { object_name: { name: 'Account' } }, 'object_name');
    await bad(`/connections/metadata/salesforce/${salesforce}/objects`, { force_fetch: 'yes' }, 'force_fetch');
    await bad(`/connections/metadata/bingads/${bingads}/accounts`, { api_version: 'v9' }, 'api_version');
    await bad(`/connections/metadata/bingads/${bingads}/accounts`, { accounts: ['1'] }, 'accounts');
    await bad(`/connections/metadata/bingads/${bingads}/accounts`, { accounts: [] }, 'accounts');
    await bad(`/connections/metadata/bingads/${bingads}/columns`, { report_type: 'NoReport' }, 'report_type');
    expect((await acme.get(`/connections/metadata/bingads/${bingads}/columns`).set('Content-Type', 'application/json').send('{"report_type":').expect(400)).body).toHaveProperty('message');
    const reference = fingerprint(await acme.get(`/connections/metadata/salesforce/${ABSENT_ID}/objects`));
    expect(reference).toMatchObject({ status: 404, text: '{"message":"Item not found."}' });
    for (const id of [connectionId(bed, 1, 'salesforce'), bingads, connectionId(bed, 0, 'mysql'), 'abc', '0']) {
      expect(fingerprint(await acme.get(`/connections/metadata/salesforce/${id}/objects`)), String(id)).toEqual(reference);
    }
    expect(fingerprint(await acme.get(`/connections/metadata/bingads/${salesforce}/columns`))).toEqual(reference);
  });
});

describe("Google AdWords' customers and Google Analytics' accounts at the real docs' paths (extension)", () => {
  // Both accounts hold a connection of each Google type beside the usual ones.
  const withGoogle = twoAccounts().map((a) => ({ ...a, connections: [...(CONNECTIONS ?? []), { name: 'ads-manager', type: 'adwords' }, { name: 'web-analytics', type: 'analytics' }] }));
  const bed = testBed({ accounts: withGoogle });
  const acme = bed.client(0);
  const adwords = connectionId(bed, 0, 'adwords');
  const analytics = connectionId(bed, 0, 'analytics');

  it("lists an AdWords connection's customers as the docs show them: a manager and its clients, Google's ids as strings, stable per connection", async () => {
    const customers = (await acme.get(`/connections/metadata/adwords/${adwords}/customers`).expect(200)).body as { can_manage_clients: boolean; name: string; customer_id: string }[];
    expect(customers.map((c) => c.can_manage_clients)).toEqual([true, false, false]);
    for (const c of customers) expect(c.customer_id).toMatch(/^[0-9]{10}$/);
    expect(new Set(customers.map((c) => c.customer_id)).size).toBe(3);
    expect((await acme.get(`/connections/metadata/adwords/${adwords}/customers?force_fetch=true`).expect(200)).body).toEqual(customers);
    const theirs = (await bed.client(1).get(`/connections/metadata/adwords/${connectionId(bed, 1, 'adwords')}/customers`).expect(200)).body as { customer_id: string }[];
    expect(theirs.map((c) => c.customer_id)).not.toContain(customers[0]?.customer_id);
    for (const c of customers) expect(validateResource('simulator/adwords-customer', c)).toEqual([]);
  });

  it("lists an Analytics connection's accounts, their web properties and views, as the docs show them", async () => {
    const accounts = (await acme.get(`/connections/metadata/analytics/${analytics}/accounts`).set('Content-Type', 'application/json').send({ force_fetch: false }).expect(200)).body as { name: string; id: string; properties: { name: string; id: string; views: { name: string; id: string }[] }[] }[];
    expect(accounts.map((a) => a.name)).toEqual(['Account 1', 'Account 2']);
    for (const account of accounts) {
      expect(account.id).toMatch(/^[0-9]+$/);
      expect(account.properties.map((p) => p.id)).toEqual([`UA-${account.id}-1`, `UA-${account.id}-2`]);
      for (const property of account.properties) expect(property.views).toEqual([{ name: 'All Web Site Data', id: expect.stringMatching(/^[0-9]+$/) }]);
      expect(validateResource('simulator/analytics-account', account)).toEqual([]);
    }
  });

  it('answers another type, another account or a bad force_fetch as the other metadata reads do', async () => {
    const reference = fingerprint(await acme.get(`/connections/metadata/adwords/${ABSENT_ID}/customers`));
    expect(reference).toMatchObject({ status: 404, text: '{"message":"Item not found."}' });
    for (const id of [analytics, connectionId(bed, 1, 'adwords'), connectionId(bed, 0, 'mysql'), 'x']) {
      expect(fingerprint(await acme.get(`/connections/metadata/adwords/${id}/customers`)), String(id)).toEqual(reference);
    }
    expect(fingerprint(await acme.get(`/connections/metadata/analytics/${adwords}/accounts`))).toEqual(reference);
    const bad = await acme.get(`/connections/metadata/analytics/${analytics}/accounts?force_fetch=maybe`).expect(422);
    expect((bad.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['force_fetch']);
  });
});

describe("Facebook Ads Insights' accounts and fields at the real docs' paths (extension)", () => {
  const withFacebook = twoAccounts().map((a) => ({ ...a, connections: [...(CONNECTIONS ?? []), { name: 'social-ads', type: 'facebookadsinsights' }] }));
  const bed = testBed({ accounts: withFacebook });
  const acme = bed.client(0);
  const facebook = connectionId(bed, 0, 'facebookadsinsights');

  it("lists a connection's ad accounts as the docs show them: Facebook's ids as strings, act_ before the id, stable per connection", async () => {
    const accounts = (await acme.get(`/connections/metadata/facebookadsinsights/${facebook}/accounts`).set('Content-Type', 'application/json').send({ api_version: 'v2.9' }).expect(200)).body as { account_id: string; id: string; name: string }[];
    expect(accounts).toHaveLength(3);
    for (const a of accounts) {
      expect(a.account_id).toMatch(/^[0-9]{15}$/);
      expect(a.id).toBe(`act_${a.account_id}`);
      expect(validateResource('simulator/facebook-ad-account', a)).toEqual([]);
    }
    expect((await acme.get(`/connections/metadata/facebookadsinsights/${facebook}/accounts?force_fetch=true&api_version=19.0`).expect(200)).body).toEqual(accounts);
    const theirs = (await bed.client(1).get(`/connections/metadata/facebookadsinsights/${connectionId(bed, 1, 'facebookadsinsights')}/accounts`).expect(200)).body as { account_id: string }[];
    expect(theirs.map((a) => a.account_id)).not.toContain(accounts[0]?.account_id);
  });

  it("lists the Insights fields as the docs show them, the docs' own example among them", async () => {
    const fields = (await acme.get(`/connections/metadata/facebookadsinsights/${facebook}/fields`).expect(200)).body as { id: string; category: string }[];
    expect(fields).toContainEqual({
      category: 'Metric',
      data_type: 'float',
      default_alias: 'video_p95_watched_actions_28d_click',
      friendly_name: 'Video Watches at 95%: 28d_click',
      id: 'video_p95_watched_actions_28d_click',
      is_mandatory: '',
      pig_data_type: 'FLOAT',
      request: { action_attribution_windows: '28d_click', fields: 'video_p95_watched_actions' },
      response: "$.video_p95_watched_actions[?(@.action_type=='video_view')].28d_click",
    });
    expect(fields.filter((f) => f.category === 'Dimension').map((f) => f.id)).toContain('campaign_name');
    expect(new Set(fields.map((f) => f.id)).size).toBe(fields.length);
    for (const f of fields) expect(validateResource('simulator/facebook-insights-field', f)).toEqual([]);
  });

  it('refuses a bad api_version naming it, and another type, account or id with the one 404', async () => {
    const reference = fingerprint(await acme.get(`/connections/metadata/facebookadsinsights/${ABSENT_ID}/accounts`));
    expect(reference).toMatchObject({ status: 404, text: '{"message":"Item not found."}' });
    for (const id of [connectionId(bed, 1, 'facebookadsinsights'), connectionId(bed, 0, 'mysql'), 'x']) {
      expect(fingerprint(await acme.get(`/connections/metadata/facebookadsinsights/${id}/accounts`)), String(id)).toEqual(reference);
      expect(fingerprint(await acme.get(`/connections/metadata/facebookadsinsights/${id}/fields`)), String(id)).toEqual(reference);
    }
    const bad = await acme.get(`/connections/metadata/facebookadsinsights/${facebook}/fields?api_version=latest`).expect(422);
    expect((bad.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['api_version']);
  });
});
