import net from 'node:net';
import tls from 'node:tls';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator, type TargetDocument } from '../api/index.ts';
import { resolveTarget } from '../suites/lib/target.ts';
import { runChecks } from '../suites/lib/run.ts';
import { createHttpClient, TransportError } from '../suites/lib/http.ts';
import { tlsRequestOptions } from '../suites/lib/tls-settings.ts';
import { loadChecks } from '../suites/index.ts';
import { probeTarget } from '../bin/check/probe.ts';
import { TunnelProxy } from './support/tunnel-proxy.ts';
import { disco } from './support/cli.ts';
import { expectEveryReport } from './support/report-files.ts';

/*
 * A deployment that asks every client for a certificate (mutual TLS), as staging environments
 * behind a zero-trust gateway do: the run presents the one the target document's `tls` section
 * names, directly and through a proxy's tunnel, and without it (or with one the deployment does
 * not trust) the run cannot be done and says so before any check.
 */

const TLS = fileURLToPath(new URL('./fixtures/tls/', import.meta.url));
const at = (name: string) => join(TLS, name);
const PASSPHRASE = 'disco-test-passphrase';
const IDS = ['b-auth/basic-key-authenticates', 'b-auth/unknown-keys-refused', 'a-auth/bearer-key-authenticates'];

/** TLS in front of the simulator that refuses a client without a certificate its CA signed; records each client's CN. */
class MutualTlsTerminator {
  readonly clients: string[] = [];
  /** Cut every connection once its handshake is done (a deployment going away mid-run). */
  cutEveryConnection = false;
  private readonly open = new Set<net.Socket>();
  private readonly server: tls.Server;
  port = 0;
  constructor(upstreamPort: number) {
    this.server = tls.createServer({ key: readFileSync(at('mtls-server.key')), cert: readFileSync(at('mtls-server.pem')), ca: readFileSync(at('mtls-ca.pem')), requestCert: true, rejectUnauthorized: true }, (socket) => {
      if (this.cutEveryConnection) {
        socket.destroy();
        return;
      }
      this.open.add(socket);
      socket.once('close', () => this.open.delete(socket));
      this.clients.push(String(socket.getPeerCertificate().subject?.CN));
      const upstream = net.connect(upstreamPort, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    // A refused handshake is the point of some tests, not an error of the test.
    this.server.on('tlsClientError', () => {});
  }
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  /** Ends every connection open now, so the next request needs a new one. */
  dropConnections(): void {
    for (const socket of this.open) socket.destroy();
  }
  close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let sim: RunningSimulator;
let terminator: MutualTlsTerminator;
beforeAll(async () => {
  sim = await startSimulator({ deliverWebhooks: 'off', rateLimit: 0 });
  terminator = new MutualTlsTerminator(Number(new URL(sim.origin).port));
  await terminator.start();
});
afterAll(async () => {
  await terminator?.close();
  await sim?.close();
});
afterEach(() => {
  terminator.clients.length = 0;
});

/** The simulator's document at `https://{host}:{port}` of the terminator, without its control API, with this `tls` section. */
function behindTheTerminator(tlsSection: Record<string, unknown>, host = '127.0.0.1'): TargetDocument & { tls: Record<string, unknown> } {
  const origin = `https://${host}:${terminator.port}`;
  const { control_url: _control, ...rest } = sim.target;
  return { ...rest, base_url: origin, cdc_base_url: origin, tls: tlsSection };
}

const CLIENT = { ca_file: at('mtls-ca.pem'), client_cert_file: at('mtls-client.pem'), client_key_file: at('mtls-client.key') };

describe('a deployment that asks for a client certificate', () => {
  it('is reached with the certificate the tls section names: the probe and the checks get through, and the checks judge the deployment', async () => {
    const target = resolveTarget(behindTheTerminator(CLIENT), {});
    expect(await probeTarget(target, 2000)).toBeNull();
    const checks = (await loadChecks()).filter((c) => IDS.includes(c.id));
    const out = await runChecks({ target, checks, profile: 'spec', seed: 7, runs: 5, readOnly: false, timeoutMs: 2000 });
    expect(out.checks.map((c) => [c.id, c.verdict])).toEqual(checks.map((c) => [c.id, 'pass']));
    expect(terminator.clients.length).toBeGreaterThan(0);
    expect(new Set(terminator.clients)).toEqual(new Set(['disco-ci']));
  });

  it('is reached through a proxy\'s tunnel with the certificate too', async () => {
    const proxy = new TunnelProxy(['mtls.disco.test']);
    await proxy.start();
    const saved = process.env.HTTPS_PROXY;
    process.env.HTTPS_PROXY = proxy.url;
    try {
      const target = resolveTarget(behindTheTerminator(CLIENT, 'mtls.disco.test'), {});
      expect(await probeTarget(target, 2000)).toBeNull();
      const checks = (await loadChecks()).filter((c) => c.id === 'b-auth/basic-key-authenticates');
      const out = await runChecks({ target, checks, profile: 'spec', seed: 7, runs: 5, readOnly: false, timeoutMs: 2000 });
      expect(out.checks.map((c) => c.verdict)).toEqual(['pass']);
      expect(proxy.connects.length).toBeGreaterThan(0);
      expect(proxy.connects.every((c) => c.target === `mtls.disco.test:${terminator.port}`)).toBe(true);
      expect(new Set(terminator.clients)).toEqual(new Set(['disco-ci']));
    } finally {
      if (saved === undefined) delete process.env.HTTPS_PROXY;
      else process.env.HTTPS_PROXY = saved;
      await proxy.close();
    }
  });

  it('a failure\'s curl command presents the CA and the certificate, as the run did', async () => {
    const faulty = await startSimulator({ deliverWebhooks: 'off', rateLimit: 0, faults: ['b-unknown-key-accepted'] });
    const front = new MutualTlsTerminator(Number(new URL(faulty.origin).port));
    await front.start();
    try {
      const { control_url: _control, ...rest } = faulty.target;
      const origin = `https://127.0.0.1:${front.port}`;
      const target = resolveTarget({ ...rest, base_url: origin, cdc_base_url: origin, tls: CLIENT }, {});
      const checks = (await loadChecks()).filter((c) => c.id === 'b-auth/unknown-keys-refused');
      const out = await runChecks({ target, checks, profile: 'spec', seed: 7, runs: 5, readOnly: false, timeoutMs: 2000 });
      expect(out.checks[0]?.verdict).toBe('fail');
      // The first failure is a GET or (since the check sends HEAD with an unknown key too) a HEAD.
      expect(out.checks[0]?.failures[0]?.curl).toMatch(/^curl (-i -g -X GET|-I -g) 'https:\/\/127\.0\.0\.1:\d+\/[^']*' --cacert "\$DISCO_CA_CERT" --cert "\$DISCO_CLIENT_CERT" --key "\$DISCO_CLIENT_KEY" /);
    } finally {
      await front.close();
      await faulty.close();
    }
  });

  it.each([
    ['without a certificate', { ca_file: at('mtls-ca.pem') }, 'the target asks for a client certificate (TLS alert: certificate required): name one in the target document (tls.client_cert_file, tls.client_key_file)'],
    // TLS 1.3: the refusal comes after the client's side of the handshake, as an alert or a reset.
    ['with a certificate it does not trust', { ca_file: at('mtls-ca.pem'), client_cert_file: at('mtls-stranger.pem'), client_key_file: at('mtls-stranger.key') }, /(TLS alert: unknown ca\): it|\(ECONNRESET\); the target) may not trust the client certificate tls names$/],
  ])('refuses the run %s: the probe says why the target cannot be reached, in one line', async (_how, section, why) => {
    const problem = await probeTarget(resolveTarget(behindTheTerminator(section), {}), 2000);
    const prefix = `target unreachable: GET https://127.0.0.1:${terminator.port}/ failed (`;
    expect(problem?.startsWith(prefix)).toBe(true);
    const reason = problem!.slice(prefix.length, -1);
    if (typeof why === 'string') expect(reason).toBe(why);
    else expect(reason).toMatch(why);
    expect(problem).not.toContain('\n');
    expect(terminator.clients).toEqual([]);
  });

  it('mid-run, a request refused in the handshake is a transport error saying why, in one line', async () => {
    const target = resolveTarget(behindTheTerminator({ ca_file: at('mtls-ca.pem') }), {});
    const client = createHttpClient({ timeoutMs: 2000, tls: tlsRequestOptions(target.tls) });
    const url = `${target.baseUrl}/_disco/health`;
    await expect(client.request('GET', url)).rejects.toMatchObject({ name: 'TransportError', message: 'the target asks for a client certificate (TLS alert: certificate required): name one in the target document (tls.client_cert_file, tls.client_key_file)', method: 'GET', url });
  });

  it('mid-run, a reset after the target has answered with the certificate is not blamed on the certificate', async () => {
    const target = resolveTarget(behindTheTerminator(CLIENT), {});
    const client = createHttpClient({ timeoutMs: 2000, tls: tlsRequestOptions(target.tls), maxConsecutiveFailures: 100 });
    const url = `${target.baseUrl}/_disco/health`;
    try {
      // Before any answer, a reset may be the certificate's: the hint stays.
      terminator.cutEveryConnection = true;
      const first = await client.request('GET', url).catch((e: unknown) => e);
      expect(first).toBeInstanceOf(TransportError);
      expect((first as Error).message).toMatch(/may not trust the client certificate/);
      terminator.cutEveryConnection = false;
      expect((await client.request('GET', url)).response.status).toBe(200);
      terminator.dropConnections();
      terminator.cutEveryConnection = true;
      const later = await client.request('GET', url).catch((e: unknown) => e);
      expect(later).toBeInstanceOf(TransportError);
      expect((later as Error).message).not.toMatch(/certificate/);
    } finally {
      terminator.cutEveryConnection = false;
    }
  });

  it('disco check: a key and passphrase from the environment, the selected clause passes, the certificate named in the reports, the key and passphrase in none', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-mtls-'));
    try {
      const file = join(dir, 'staging.json');
      const { accounts, ...rest } = behindTheTerminator({ ca_file: at('mtls-ca.pem'), client_cert_file: at('mtls-client.pem'), client_key_env: 'MTLS_CLIENT_KEY', client_key_passphrase_env: 'MTLS_KEY_PASSPHRASE' });
      await writeFile(file, JSON.stringify({ ...rest, accounts }), { mode: 0o600 });
      const key = readFileSync(at('mtls-client-encrypted.key'), 'utf8');
      const reports = join(dir, 'reports');
      const r = await disco(['check', '--target', file, '--only', 'B-AUTH-1', '--runs', '5', '--report-dir', reports], { env: { MTLS_CLIENT_KEY: key, MTLS_KEY_PASSPHRASE: PASSPHRASE } });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const result = JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as { target: { clientCertificate?: string }; clauses: { id: string; verdict: string }[] };
      expect(result.clauses.find((c) => c.id === 'B-AUTH-1')?.verdict).toBe('pass');
      expect(result.target.clientCertificate).toMatch(/^CN=disco-ci \(SHA-256 [0-9A-F:]{95}\)$/);
      await expectEveryReport(reports, 'CN=disco-ci', [key.split('\n')[1]!, PASSPHRASE]);
      expect(r.stdout + r.stderr).not.toContain(PASSPHRASE);
      expect(new Set(terminator.clients)).toEqual(new Set(['disco-ci']));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
