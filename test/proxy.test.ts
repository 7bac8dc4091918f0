import net from 'node:net';
import tls from 'node:tls';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator, type TargetDocument } from '../api/index.ts';
import { proxiesFor, proxyFor } from '../suites/lib/proxy.ts';
import { createHttpClient, TransportError } from '../suites/lib/http.ts';
import { resolveTarget, targetSecrets } from '../suites/lib/target.ts';
import { runChecks } from '../suites/lib/run.ts';
import { loadChecks } from '../suites/index.ts';
import { probeTarget } from '../bin/check/probe.ts';
import { TunnelProxy } from './support/tunnel-proxy.ts';
import { discoEntry } from './support/cli.ts';

/**
 * A run reaches its target through the proxy the environment names (HTTPS_PROXY, HTTP_PROXY,
 * NO_PROXY), through a CONNECT tunnel; the proxy's refusal is a transport error naming the
 * proxy, never an answer judged as the target's; loopback goes direct.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TLS = join(ROOT, 'test/fixtures/tls');
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy', 'NO_PROXY', 'no_proxy'];

/** Sets the proxy variables for one test; the others are cleared. Undone after each test. */
const saved = new Map(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
function proxyEnvironment(values: Record<string, string>): void {
  for (const name of PROXY_VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
}
afterEach(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** The simulator's target document with its base URLs under a name only the proxy resolves, and no control API: a remote deployment, as far as the run can tell. */
function behindTheProxy(doc: TargetDocument, origin: string): TargetDocument {
  const rename = (url: string | undefined) => url?.replace(/^http:\/\/127\.0\.0\.1:(\d+)/, origin.replace('PORT', '$1'));
  const { control_url: _control, ...rest } = doc;
  return { ...rest, base_url: rename(doc.base_url)!, ...(doc.cdc_base_url ? { cdc_base_url: rename(doc.cdc_base_url)! } : {}) };
}

describe('which requests go through a proxy', () => {
  it('follows HTTPS_PROXY and HTTP_PROXY by scheme, NO_PROXY, lower-case names and ALL_PROXY', () => {
    proxyEnvironment({ HTTPS_PROXY: 'http://proxy.corp.example:3128' });
    expect(proxyFor(new URL('https://api.example.com/acme/api'))?.href).toBe('http://proxy.corp.example:3128/');
    expect(proxyFor(new URL('http://api.example.com/acme/api'))).toBeNull();
    proxyEnvironment({ http_proxy: 'http://plain.corp.example:8080', NO_PROXY: '.internal.example' });
    expect(proxyFor(new URL('http://api.example.com'))?.host).toBe('plain.corp.example:8080');
    expect(proxyFor(new URL('http://staging.internal.example'))).toBeNull();
    proxyEnvironment({ ALL_PROXY: 'http://all.corp.example:3128' });
    expect(proxyFor(new URL('https://api.example.com'))?.host).toBe('all.corp.example:3128');
  });

  it('never sends a loopback target through one: no proxy elsewhere can reach this machine', () => {
    proxyEnvironment({ ALL_PROXY: 'http://proxy.corp.example:3128' });
    for (const url of ['http://127.0.0.1:4010', 'http://127.8.9.10', 'http://localhost:4010', 'https://api.localhost', 'http://[::1]:4010']) expect(proxyFor(new URL(url)), url).toBeNull();
  });

  it('shows a proxy without its credentials, and keeps its password out of everything the run writes', () => {
    proxyEnvironment({ HTTPS_PROXY: 'http://ci-bot:s3cret-proxy-pass@proxy.corp.example:3128' });
    expect(proxiesFor(['https://api.example.com', 'https://cdc.example.com', 'http://127.0.0.1:1'])).toEqual(['http://proxy.corp.example:3128']);
    const target = resolveTarget({ base_url: 'https://api.example.com', accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }] }, {});
    expect(targetSecrets(target)).toContain('s3cret-proxy-pass');
  });

  it('refuses a proxy setting that is not a URL without echoing it (it may hold a password)', async () => {
    proxyEnvironment({ HTTPS_PROXY: 'http://user:pa55word@[not-a-host' });
    expect(() => proxyFor(new URL('https://api.example.com'))).toThrow(/not a URL/);
    const target = resolveTarget({ base_url: 'https://api.example.com', accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }] }, {});
    const problem = await probeTarget(target, 1000);
    expect(problem).toMatch(/the proxy set in the environment for https:\/\/ requests is not a URL/);
    expect(problem).not.toContain('pa55word');
  });
});

describe('a run through a tunnelling proxy', () => {
  const proxy = new TunnelProxy();
  let sim: RunningSimulator;
  let remote: TargetDocument;
  beforeAll(async () => {
    await proxy.start();
    sim = await startSimulator({ deliverWebhooks: 'off', rateLimit: 0 });
    remote = behindTheProxy(sim.target, 'http://sim.disco.test:PORT');
  });
  afterAll(async () => {
    await sim.close();
    await proxy.close();
  });

  const selected = async (ids: string[]) => (await loadChecks()).filter((c) => ids.includes(c.id));
  const IDS = ['b-auth/basic-key-authenticates', 'b-auth/unknown-keys-refused', 'a-auth/bearer-key-authenticates'];

  it('reaches a target only the proxy can name, on pooled tunnels, and the checks judge the target', async () => {
    proxyEnvironment({ HTTP_PROXY: proxy.url });
    proxy.behaviour = { kind: 'tunnel' };
    proxy.connects.length = 0;
    const target = resolveTarget(remote, {});
    expect(await probeTarget(target, 2000)).toBeNull();
    const checks = await selected(IDS);
    expect(checks.map((c) => c.id).sort()).toEqual([...IDS].sort());
    const out = await runChecks({ target, checks, profile: 'spec', seed: 7, runs: 10, readOnly: false, timeoutMs: 2000 });
    expect(out.checks.map((c) => [c.id, c.verdict])).toEqual(checks.map((c) => [c.id, 'pass']));
    const port = new URL(sim.origin).port;
    expect(proxy.connects.length).toBeGreaterThan(0);
    expect(proxy.connects.every((c) => c.target === `sim.disco.test:${port}`)).toBe(true);
    // Keep-alive through the tunnels: far fewer CONNECTs than requests.
    const requests = out.checks.reduce((n, c) => n + c.requests, 0);
    expect(proxy.connects.length).toBeLessThan(requests / 2);
  });

  it('sends the credentials of the proxy URL to the proxy', async () => {
    proxyEnvironment({ HTTP_PROXY: proxy.url.replace('http://', 'http://ci-bot:s3cret-proxy-pass@') });
    proxy.behaviour = { kind: 'tunnel' };
    proxy.connects.length = 0;
    const client = createHttpClient({ timeoutMs: 2000 });
    const ex = await client.request('GET', `${remote.base_url}/${remote.accounts![0]!.account_id}/api/connections/types`);
    expect(ex.response.status).toBeLessThan(500);
    expect(proxy.connects[0]?.authorization).toBe(`Basic ${Buffer.from('ci-bot:s3cret-proxy-pass').toString('base64')}`);
  });

  for (const [status, text] of [
    [407, 'Proxy Authentication Required'],
    [502, 'Bad Gateway'],
  ] as const) {
    it(`takes a ${status} to its CONNECT as the proxy's refusal: every check errors, none is judged on the proxy's answer`, async () => {
      proxyEnvironment({ HTTP_PROXY: proxy.url.replace('http://', 'http://ci-bot:s3cret-proxy-pass@') });
      proxy.behaviour = { kind: 'refuse', status, text };
      const target = resolveTarget(remote, {});
      const port = new URL(sim.origin).port;
      const refusal = `the proxy ${proxy.url} refused to connect to sim.disco.test:${port} (${status} ${text})`;
      expect(await probeTarget(target, 2000)).toBe(`target unreachable: GET ${remote.base_url}/ failed (${refusal})`);
      const out = await runChecks({ target, checks: await selected(IDS), profile: 'spec', seed: 7, runs: 10, readOnly: false, timeoutMs: 2000 });
      for (const check of out.checks) {
        expect(check.verdict, check.id).toBe('error');
        expect(check.failures, check.id).toEqual([]);
        expect(JSON.stringify(check)).not.toContain('s3cret-proxy-pass');
      }
      expect(out.checks.some((c) => c.reason?.includes(refusal))).toBe(true);
    });
  }

  it('times a proxy that never answers the CONNECT', async () => {
    proxyEnvironment({ HTTP_PROXY: proxy.url });
    proxy.behaviour = { kind: 'silent' };
    const target = resolveTarget(remote, {});
    let started = performance.now();
    expect(await probeTarget(target, 300)).toMatch(/no answer within 300 ms through the proxy/);
    expect(performance.now() - started).toBeLessThan(2000);
    started = performance.now();
    const client = createHttpClient({ timeoutMs: 300 });
    const failure = await client.request('GET', `${remote.base_url}/x`).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as TransportError).message).toMatch(/no answer from the proxy .* within 300 ms/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('goes direct to a loopback target even when the proxy is dead', async () => {
    proxyEnvironment({ HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9' });
    expect(await probeTarget(resolveTarget(sim.target, {}), 2000)).toBeNull();
  });
});

describe('disco check against an HTTPS target through a proxy, trusting a private CA', () => {
  it('runs, says so in its reports, and keeps the proxy password out of them', { timeout: 60_000 }, async () => {
    const proxy = new TunnelProxy();
    await proxy.start();
    const sim = await startSimulator({ deliverWebhooks: 'off', rateLimit: 0 });
    // TLS in front of the simulator, with the certificate the test CA made for sim.disco.test.
    const simPort = Number(new URL(sim.origin).port);
    const open = new Set<net.Socket>();
    const terminator = tls.createServer({ key: readFileSync(join(TLS, 'server.key')), cert: readFileSync(join(TLS, 'server.pem')) }, (socket) => {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      const upstream = net.connect(simPort, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => terminator.listen(0, '127.0.0.1', resolve));
    const tlsPort = (terminator.address() as AddressInfo).port;
    const dir = await mkdtemp(join(tmpdir(), 'disco-proxy-'));
    try {
      const doc = behindTheProxy(sim.target, 'https://sim.disco.test:PORT');
      const file = join(dir, 'target.json');
      await writeFile(file, JSON.stringify({ ...doc, base_url: `https://sim.disco.test:${tlsPort}`, ...(doc.cdc_base_url ? { cdc_base_url: `https://sim.disco.test:${tlsPort}` } : {}) }));
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_EXTRA_CA_CERTS: join(TLS, 'ca.pem') };
      for (const name of PROXY_VARIABLES) delete env[name];
      env.HTTPS_PROXY = proxy.url.replace('http://', 'http://ci-bot:s3cret-proxy-pass@');
      const reports = join(dir, 'reports');
      const child = spawn(process.execPath, [discoEntry(), 'check', '--target', file, '--only', 'B-AUTH-1', '--runs', '5', '--report-dir', reports], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, output).toBe(0);
      expect(proxy.connects.length).toBeGreaterThan(0);
      expect(proxy.connects.every((c) => c.target === `sim.disco.test:${tlsPort}`)).toBe(true);
      const result = JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as { target: { baseUrl: string; proxy?: string }; clauses: { id: string; verdict: string }[] };
      expect(result.target).toMatchObject({ baseUrl: `https://sim.disco.test:${tlsPort}`, proxy: proxy.url });
      expect(result.clauses.find((c) => c.id === 'B-AUTH-1')?.verdict).toBe('pass');
      for (const name of ['result.json', 'report.html', 'summary.md', 'junit.xml', 'certification.json']) {
        const text = await readFile(join(reports, name), 'utf8');
        expect(text, name).toContain(proxy.url);
        expect(text, name).not.toContain('s3cret-proxy-pass');
      }
      expect(output).not.toContain('s3cret-proxy-pass');
    } finally {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => terminator.close(() => resolve()));
      await sim.close();
      await proxy.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
