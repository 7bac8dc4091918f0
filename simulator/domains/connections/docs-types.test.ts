import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { makeWorld } from '../jobs/test-support.ts';

/**
 * The connection types the real service's API docs give a page to beyond gaps.md's twenty
 * (resources/connections/*-connection.md), and the docs' OAuth rule: the token (`password`) is
 * required unless the grant's `code` is sent, and then its `redirect_uri` is.
 */

interface Refusal {
  message: string;
  errors: { field: string; message: string }[];
}

const fieldsOf = (body: unknown): string[] => (body as Refusal).errors.map((p) => p.field).sort();

const DOCS_TYPES = [
  'athena', 'azureblobstorage', 'facebookadsinsights', 'googlecloudpostgres', 'googlecloudspanner', 'googlesheets', 'hubspot', 'instagram',
  'intercom', 'linkedin', 'netsuite', 'oracle', 'pinterest', 'shopify', 'snowflake', 'xero', 'youtube',
];

const OAUTH_TYPES = [
  'adwords', 'analytics', 'bingads', 'facebookadsinsights', 'googlesheets', 'instagram', 'intercom', 'linkedin', 'pinterest', 'salesforce', 'shopify', 'xero', 'youtube',
];

describe('the docs’ other connection types (extension)', () => {
  it('lists each in GET /connections/types with a group', async () => {
    const world = makeWorld();
    const types = (await world.owner.get('/connections/types').expect(200)).body as { type: string; groups: string[] }[];
    const byType = new Map(types.map((t) => [t.type, t]));
    for (const type of DOCS_TYPES) expect(byType.get(type)?.groups.length, type).toBeGreaterThan(0);
    expect(byType.get('snowflake')?.groups).toEqual(['analytical']);
    expect(byType.get('azureblobstorage')?.groups).toEqual(['cloud_storage']);
    expect(byType.get('shopify')?.groups).toEqual(['services']);
  });

  it('makes a Snowflake connection from the docs’ attributes, naming each missing one, never showing the password', async () => {
    const world = makeWorld();
    const refused = await world.owner.post('/connections/snowflake', { name: 'warehouse' }).expect(422);
    expect(fieldsOf(refused.body)).toEqual(['account_name', 'database', 'password', 'region', 'username', 'warehouse']);
    const body = { name: 'warehouse', account_name: 'acme', username: 'loader', password: 'snow-secret-9', database: 'ANALYTICS', warehouse: 'LOAD_WH', region: 'snowflake::us-east-1' };
    const made = (await world.owner.post('/connections/snowflake', body).expect(201)).body as Record<string, unknown>;
    expect(made).toMatchObject({ type: 'snowflake', account_name: 'acme', warehouse: 'LOAD_WH', region: 'snowflake::us-east-1', tunnel_type: 'direct', unique_id: `SNOWFLAKE_CONNECTION_${String(made.id)}` });
    expect(JSON.stringify(made)).not.toContain('snow-secret');
    expect(validateResource('connection', made)).toEqual([]);
  });

  it('gives each database type the docs’ defaults: Oracle 1521 with SSL, NetSuite 1708 on NetSuite.com, Google Cloud SQL for PostgreSQL 5432', async () => {
    const world = makeWorld();
    const credentials = { username: 'loader', password: 'pw-secret-1', host: 'db.acme.example' };
    const oracle = (await world.owner.post('/connections/oracle', { name: 'erp', ...credentials }).expect(201)).body;
    expect(oracle).toMatchObject({ port: 1521, ssl: true, database: '', tunnel_type: 'direct' });
    const netsuite = (await world.owner.post('/connections/netsuite', { name: 'ledger', ...credentials, net_suite_account_id: 'TSTDRV123' }).expect(201)).body;
    expect(netsuite).toMatchObject({ port: 1708, database: 'NetSuite.com', net_suite_account_id: 'TSTDRV123' });
    expect(fieldsOf((await world.owner.post('/connections/netsuite', { name: 'ledger', ...credentials }).expect(422)).body)).toEqual(['net_suite_account_id']);
    const postgres = (await world.owner.post('/connections/googlecloudpostgres', { name: 'pg', ...credentials }).expect(201)).body;
    expect(postgres).toMatchObject({ port: 5432, tunnel_type: 'direct' });
    expect(postgres).not.toHaveProperty('ssl');
    const spanner = await world.owner.post('/connections/googlecloudspanner', { name: 'sp', ...credentials }).expect(422);
    expect(fieldsOf(spanner.body)).toEqual(['database', 'instance_id']);
    const hubspot = (await world.owner.post('/connections/hubspot', { name: 'crm', password: 'hub-secret' }).expect(201)).body;
    expect(hubspot).toMatchObject({ local_port: 46126 });
    expect(hubspot).not.toHaveProperty('tunnel_type');
    const azure = (await world.owner.post('/connections/azureblobstorage', { name: 'blobs', username: 'acmestore', password: 'az-key' }).expect(201)).body;
    expect(azure).toMatchObject({ username: 'acmestore' });
    expect(JSON.stringify([oracle, netsuite, postgres, hubspot, azure])).not.toMatch(/pw-secret|hub-secret|az-key/);
  });

  it('takes Athena’s staging directory only as an s3:// path', async () => {
    const world = makeWorld();
    const body = { name: 'lake', username: 'AKIAEXAMPLE', password: 'aws-secret', region: 'amazon-web-services::us-east-1' };
    const refused = await world.owner.post('/connections/athena', { ...body, s3_staging_dir: 'results/athena' }).expect(422);
    expect((refused.body as Refusal).errors).toEqual([{ field: 's3_staging_dir', message: 'must begin with s3://' }]);
    const made = (await world.owner.post('/connections/athena', { ...body, s3_staging_dir: 's3://acme-results/athena/' }).expect(201)).body;
    expect(made).toMatchObject({ s3_staging_dir: 's3://acme-results/athena/', database: '', tunnel_type: 'direct' });
  });

  it.each(OAUTH_TYPES)('%s: the token is required unless a code is sent, a code needs its redirect_uri; neither token nor code is shown', async (type) => {
    const world = makeWorld();
    // Salesforce also asks for its environment (the next case), given here so only the rule shows.
    const extra = type === 'salesforce' ? { environment: 'production' } : {};
    const bare = await world.owner.post(`/connections/${type}`, { name: 'ads', ...extra }).expect(422);
    expect((bare.body as Refusal).errors).toEqual([{ field: 'password', message: `is required for a ${type} connection unless code is given` }]);
    const codeAlone = await world.owner.post(`/connections/${type}`, { name: 'ads', code: 'grant-code-1', ...extra }).expect(422);
    expect((codeAlone.body as Refusal).errors).toEqual([{ field: 'redirect_uri', message: 'is required with code' }]);
    const byCode = (await world.owner.post(`/connections/${type}`, { name: 'ads', code: 'grant-code-1', redirect_uri: 'https://app.acme.example/oauth', ...extra }).expect(201)).body;
    expect(byCode).toMatchObject({ redirect_uri: 'https://app.acme.example/oauth' });
    // expires_at is a time: any zone in, UTC out, as every timestamp (B-FMT-1).
    const byToken = (await world.owner.post(`/connections/${type}`, { name: 'ads', password: 'token-secret-2', expires: true, expires_at: '2026-12-31T02:00:00+02:00', ...extra }).expect(201)).body;
    expect(byToken).toMatchObject({ expires: true, expires_at: '2026-12-31T00:00:00Z' });
    expect(JSON.stringify([byCode, byToken])).not.toMatch(/grant-code|token-secret/);
    const badExpires = await world.owner.post(`/connections/${type}`, { name: 'ads', password: 't', expires: 'soon', expires_at: '2026-02-30T00:00:00Z', ...extra }).expect(422);
    expect(fieldsOf(badExpires.body)).toEqual(['expires', 'expires_at']);
  });

  it('asks a Salesforce connection for its environment as well as the token, one of the two the docs name', async () => {
    const world = makeWorld();
    const refused = await world.owner.post('/connections/salesforce', { name: 'crm' }).expect(422);
    expect(fieldsOf(refused.body)).toEqual(['environment', 'password']);
    const staging = await world.owner.post('/connections/salesforce', { name: 'crm', password: 't', environment: 'staging' }).expect(422);
    expect((staging.body as Refusal).errors).toEqual([{ field: 'environment', message: 'must be one of production, sandbox' }]);
    await world.owner.post('/connections/salesforce', { name: 'crm', password: 't', environment: 'sandbox' }).expect(201);
  });

  it("takes an SFTP connection's auth_method as the docs list it: password (the default) or key", async () => {
    const world = makeWorld();
    const sftp = { name: 'drop', host: 'sftp.acme.example', username: 'u', password: 'p' };
    expect((await world.owner.post('/connections/sftp', sftp).expect(201)).body).toMatchObject({ auth_method: 'password' });
    expect((await world.owner.post('/connections/sftp', { ...sftp, auth_method: 'key' }).expect(201)).body).toMatchObject({ auth_method: 'key' });
    expect(fieldsOf((await world.owner.post('/connections/sftp', { ...sftp, auth_method: 'kerberos' }).expect(422)).body)).toEqual(['auth_method']);
  });
});
