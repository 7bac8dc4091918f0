import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rehearsalTarget } from '../bin/check/rehearsal.ts';
import { createWriteTally } from '../bin/check/write-tally.ts';
import { resolveTarget } from '../suites/lib/target.ts';
import type { Exchange, ResolvedTarget } from '../suites/lib/types.ts';
import { disco } from './support/cli.ts';

const simulated: ResolvedTarget = resolveTarget(
  {
    name: 'sim',
    base_url: 'http://127.0.0.1:4010',
    cdc_base_url: 'http://127.0.0.1:4010/cdc',
    control_url: 'http://127.0.0.1:4010/_disco',
    accounts: [
      { account_id: 'acme', api_key: 'k1', pipeline_admin_key: 'fdk_admin1', pipeline_key: 'fdk_member1', fixtures: { package_id: 1, cluster_id: 2, connections: { mysql: 3, salesforce: 4 }, delivery_ids: [5, 6], notification_ids: [7], pipeline_ids: [8], archivable_pipelines: { deployed: 9, not_deployed: 10 } } },
      { account_id: 'globex', api_key: 'k2', pipeline_admin_key: 'fdk_admin2', fixtures: { package_id: 11 } },
    ],
    permissions: ['rotate_api_key', 'assign_connections_to_groups'],
  },
  {},
);

describe('rehearsalTarget: the simulator cut down to what the real target document provides', () => {
  it('keeps only the interfaces, accounts, keys, fixture kinds and permissions the real document has, and no control API it lacks', () => {
    const real = resolveTarget(
      {
        name: 'staging',
        base_url: 'https://api.example.test',
        accounts: [{ account_id: 'a', api_key: 'x', fixtures: { package_id: 100, connections: { mysql: 200 } } }],
        permissions: ['assign_connections_to_groups'],
      },
      {},
    );
    const t = rehearsalTarget(simulated, real);
    expect(t.baseUrl).toBe('http://127.0.0.1:4010');
    expect(t.cdcBaseUrl).toBeUndefined();
    expect(t.controlUrl).toBeUndefined();
    expect(t.b).toEqual([{ accountId: 'acme', apiKey: 'k1', fixtures: { package_id: 1, connections: { mysql: 3 } } }]);
    expect(t.a).toEqual([]);
    expect(t.permissions).toEqual(['assign_connections_to_groups']);
    expect(t.name).toBe('rehearsal of staging');
  });

  it('keeps interface A keys only where the real document has them, and marks unserved operations', () => {
    const real = resolveTarget(
      {
        cdc_base_url: 'https://cdc.example.test',
        control_url: 'http://127.0.0.1:1/_disco',
        accounts: [{ pipeline_admin_key: 'fdk_a', fixtures: { archivable_pipelines: { deployed: 1 } } }, { pipeline_admin_key: 'fdk_b' }],
        interface_a: { operations: { 'keys.list': null } },
      },
      {},
    );
    const t = rehearsalTarget(simulated, real);
    expect(t.controlUrl).toBe('http://127.0.0.1:4010/_disco');
    expect(t.a).toEqual([{ adminKey: 'fdk_admin1', fixtures: { archivable_pipelines: { deployed: 9 } } }, { adminKey: 'fdk_admin2', fixtures: {} }]);
    expect(t.interfaceA.operations['keys.list']).toBeNull();
    expect(t.b).toEqual([]);
  });
});

function exchange(method: string, url: string, status: number, headers: Record<string, string> = {}): Exchange {
  return { request: { method, url, headers }, response: { status, headers: {}, body: '' }, json: undefined, durationMs: 1 };
}

describe('createWriteTally', () => {
  it('counts writes by catalog endpoint, account and check; reads only as a number; unknown paths apart', () => {
    const tally = createWriteTally(simulated);
    tally.add(exchange('POST', 'http://127.0.0.1:4010/acme/api/jobs', 201), 'b-job/create-starts');
    tally.add(exchange('POST', 'http://127.0.0.1:4010/globex/api/jobs', 422), 'b-iso/x');
    tally.add(exchange('DELETE', 'http://127.0.0.1:4010/acme/api/jobs/12', 200), 'b-job/create-starts');
    tally.add(exchange('GET', 'http://127.0.0.1:4010/acme/api/jobs/12', 200), 'b-job/create-starts');
    tally.add(exchange('DELETE', 'http://127.0.0.1:4010/acme/api/deliveries/5', 204), 'b-dlv/delete');
    tally.add(exchange('POST', 'http://127.0.0.1:4010/acme/api/no/such/thing', 404), 'b-rob/x');
    tally.add(exchange('DELETE', 'http://127.0.0.1:4010/cdc/api/public/v1/pipelines/8', 404, { authorization: 'Bearer fdk_admin2' }), 'a-enum/x');
    tally.add(exchange('POST', 'http://127.0.0.1:4010/_disco/clock/advance', 200), undefined);
    tally.add(exchange('PUT', 'http://127.0.0.1:4010/initech/api/user', 404), 'b-iso/x');
    const rows = tally.rows();
    expect(rows.find((r) => r.endpoint === 'B POST /jobs')).toEqual({ endpoint: 'B POST /jobs', sent: 2, succeeded: 1, accounts: [1, 2], checks: ['b-iso/x', 'b-job/create-starts'] });
    expect(rows.find((r) => r.endpoint === 'B DELETE /jobs/{id}')).toMatchObject({ sent: 1, succeeded: 1 });
    expect(rows.find((r) => r.endpoint === 'B DELETE /deliveries/{id}')?.irreversible).toMatch(/delivery/);
    expect(rows.find((r) => r.endpoint === 'B POST (paths no endpoint serves)')).toMatchObject({ sent: 1, succeeded: 0 });
    // A 404 archive did nothing: not flagged as irreversible.
    expect(rows.find((r) => r.endpoint === 'A DELETE /pipelines/{id}')).toEqual({ endpoint: 'A DELETE /pipelines/{id}', sent: 1, succeeded: 0, accounts: [2], checks: ['a-enum/x'] });
    expect(rows.find((r) => r.endpoint === 'POST (outside both interfaces)')).toMatchObject({ sent: 1 });
    expect(rows.find((r) => r.endpoint === 'B PUT (account ids not in the target document)')).toMatchObject({ sent: 1, succeeded: 0 });
    expect(tally.reads()).toBe(1);
  });

  it('counts the methods beyond the usual seven in one row per interface, whatever the method and path', () => {
    const tally = createWriteTally(simulated);
    tally.add(exchange('PROPFIND', 'http://127.0.0.1:4010/acme/api/jobs', 405), 'b-rob/unusual-methods');
    tally.add(exchange('DISCO-TOKEN', 'http://127.0.0.1:4010/acme/api/no/such/thing', 400), 'b-rob/unusual-methods');
    tally.add(exchange('PURGE', 'http://127.0.0.1:4010/cdc/api/public/v1/pipelines/8', 405), 'a-rob/unusual-methods');
    tally.add(exchange('LOCK', 'http://127.0.0.1:4010/accounts', 405), 'b-rob/unusual-methods');
    const rows = tally.rows();
    expect(rows.map((r) => [r.endpoint, r.sent])).toEqual([
      ['A other methods (PROPFIND, PURGE, made-up tokens)', 1],
      ['B other methods (PROPFIND, PURGE, made-up tokens)', 2],
      ['other methods (PROPFIND, PURGE, made-up tokens) (outside both interfaces)', 1],
    ]);
  });

  it('labels interface A rows with the real target\'s routes', () => {
    const real = resolveTarget({ cdc_base_url: 'https://cdc.example.test', interface_a: { operations: { 'keys.revoke': 'POST /api_keys/{id}/revoke' } } }, {});
    const tally = createWriteTally(simulated, real);
    tally.add(exchange('DELETE', 'http://127.0.0.1:4010/cdc/api/public/v1/api-keys/3', 204, { authorization: 'Bearer fdk_admin1' }), 'a-keys/x');
    expect(tally.rows().map((r) => r.endpoint)).toEqual(['A POST /api_keys/{id}/revoke']);
  });
});

describe('disco check --plan', () => {
  let dir: string;
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    res.writeHead(500).end();
  });
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disco-plan-'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the writes by endpoint, what cannot be undone and what would be skipped, and sends the target nothing', async () => {
    const { port } = server.address() as AddressInfo;
    const file = join(dir, 'target.json');
    await writeFile(
      file,
      JSON.stringify({
        name: 'staging',
        base_url: `http://127.0.0.1:${port}`,
        accounts: [
          { account_id: 'acme', api_key_env: 'DISCO_PLAN_KEY', fixtures: { package_id: 1, cluster_id: 2, delivery_ids: [3] } },
          { account_id: 'globex', api_key: 'second-key-value' },
        ],
      }),
    );
    const r = await disco(['check', '--target', file, '--plan', '--only', 'b-job/create-starts,B-DLV-1,B-AUTH-2', '--seed', '1', '--runs', '3'], { env: { DISCO_PLAN_KEY: 'first-key-value' } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(requests, 'nothing reaches the target').toBe(0);
    expect(r.stdout).toMatch(/^disco check --plan: what this run would do to staging/);
    expect(r.stdout).toContain(`\na run would send its requests to http://127.0.0.1:${port}\n`);
    expect(r.stdout).toMatch(/^B POST \/jobs\s+\d+\s+[1-9]\d*\s+1/m);
    expect(r.stdout).toMatch(/^B DELETE \/jobs\/\{id\}\s+\d+\s+[1-9]/m);
    expect(r.stdout).toMatch(/B DELETE \/deliveries\/\{id\} \(1\): a delivery of fixtures.delivery_ids is deleted/);
    // Key rotation needs a permission this document does not grant: the plan says it would skip.
    expect(r.stdout).toMatch(/skipped, and why:\n(?:  .*\n)*.*permissions: \[rotate_api_key\].*b-auth\/regenerated-key-replaces-old/);
    expect(r.stdout).not.toContain('first-key-value');
    expect(r.stdout).not.toContain('second-key-value');
  });

  it('starts no git process (the suite version goes into reports, and a plan writes none); a run does', async () => {
    // A git earlier on PATH that only leaves a mark, then hands over to no real git: the run
    // below then reports no commit, which is all it should do without one.
    const bin = join(dir, 'bin');
    const marks = join(dir, 'git-called');
    await mkdir(bin, { recursive: true });
    await writeFile(join(bin, 'git'), `#!/bin/sh\necho "$@" >> '${marks}'\nexit 1\n`, { mode: 0o755 });
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}` };
    const file = join(dir, 'no-git.json');
    await writeFile(file, JSON.stringify({ name: 'staging', base_url: 'https://api.example.test', accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }] }));
    const plan = await disco(['check', '--target', file, '--plan', '--only', 'B-AUTH-1', '--seed', '1', '--runs', '2'], { env });
    expect(plan.code, plan.stderr).toBe(0);
    expect(existsSync(marks), 'a plan asked git').toBe(false);
    const run = await disco(['check', '--only', 'B-AUTH-1', '--seed', '1', '--runs', '2', '--report-dir', join(dir, 'reports')], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(marks, 'utf8')).toContain('rev-parse');
  });

  it('says which proxy a run would go through, without its password', async () => {
    const file = join(dir, 'proxied.json');
    // Both spellings: the lower-case one, if the machine sets it, is read first.
    const PROXY = 'http://ci-bot:s3cret-proxy-pass@proxy.corp.example:3128';
    await writeFile(file, JSON.stringify({ name: 'staging', base_url: 'https://api.example.test', accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }] }));
    const r = await disco(['check', '--target', file, '--plan', '--only', 'B-AUTH-1', '--seed', '1', '--runs', '2'], { env: { HTTPS_PROXY: PROXY, https_proxy: PROXY, NO_PROXY: '', no_proxy: '' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('\na run would send its requests to https://api.example.test through the proxy http://proxy.corp.example:3128\n');
    expect(r.stdout + r.stderr).not.toContain('s3cret-proxy-pass');
  });
});
