import http from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator, type TargetDocument } from '../api/index.ts';
import { ConfigError, resolveTarget, targetSecrets } from '../suites/lib/target.ts';
import { runChecks } from '../suites/lib/run.ts';
import { clauseVerdicts } from '../suites/lib/aggregate.ts';
import { loadChecks } from '../suites/index.ts';
import { probeTarget } from '../bin/check/probe.ts';
import { withoutHopByHop } from './support/gateway-parts.ts';
import { disco } from './support/cli.ts';
import { expectEveryReport } from './support/report-files.ts';
import { REDACTED, Redactor } from '../suites/lib/redact.ts';

/*
 * A deployment behind an access gateway that wants a service token on every request (as
 * Cloudflare Access does: CF-Access-Client-Id and CF-Access-Client-Secret), beyond the API's own
 * keys: the target document's `headers` are sent with every request of the run, the probe's
 * too; the checks still judge the deployment; the values are secrets, the reports name the
 * headers only.
 */

const CLIENT_ID = 'disco-ci.access';
const CLIENT_SECRET = 'cf-secret-5f2b9c7e1d';
const IDS = ['b-auth/basic-key-authenticates', 'b-auth/unknown-keys-refused', 'a-auth/bearer-key-authenticates'];

/** Forwards only requests with the service token, and answers others 403 with its own page. */
class AccessGateway {
  refused = 0;
  passed = 0;
  private readonly server: http.Server;
  origin = '';
  constructor(upstream: string) {
    const target = new URL(upstream);
    const agent = new http.Agent({ keepAlive: false });
    this.server = http.createServer((req, res) => {
      if (req.headers['cf-access-client-id'] !== CLIENT_ID || req.headers['cf-access-client-secret'] !== CLIENT_SECRET) {
        this.refused++;
        req.resume();
        res.writeHead(403, { 'content-type': 'text/html' }).end('<html><body>Forbidden: a service token is required</body></html>');
        return;
      }
      this.passed++;
      const forwarded = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: withoutHopByHop(req.headers), agent }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(res);
      });
      forwarded.on('error', () => res.destroy());
      req.pipe(forwarded);
    });
  }
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let sim: RunningSimulator;
let gateway: AccessGateway;
beforeAll(async () => {
  sim = await startSimulator({ deliverWebhooks: 'off', rateLimit: 0 });
  gateway = new AccessGateway(sim.origin);
  await gateway.start();
});
afterAll(async () => {
  await gateway?.close();
  await sim?.close();
});

/** The simulator's document at the gateway's origin, without its control API. */
function behindTheGateway(headers?: Record<string, unknown>): Omit<TargetDocument, 'headers'> & { headers?: Record<string, unknown> } {
  const { control_url: _control, ...rest } = sim.target;
  return { ...rest, base_url: gateway.origin, cdc_base_url: gateway.origin, ...(headers ? { headers } : {}) };
}

function refusal(headers: Record<string, unknown>): string {
  try {
    resolveTarget(behindTheGateway(headers), {}, 'staging.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the document was accepted');
}

describe('headers the target document adds to every request', () => {
  it('reach the deployment behind the gateway: the probe and the checks get through, and the checks judge the deployment', async () => {
    const target = resolveTarget(behindTheGateway({ 'CF-Access-Client-Id': CLIENT_ID, 'CF-Access-Client-Secret_env': 'CF_SECRET' }), { CF_SECRET: CLIENT_SECRET });
    expect(targetSecrets(target)).toEqual(expect.arrayContaining([CLIENT_ID, CLIENT_SECRET]));
    gateway.refused = 0;
    expect(await probeTarget(target, 2000)).toBeNull();
    const checks = (await loadChecks()).filter((c) => IDS.includes(c.id));
    const out = await runChecks({ target, checks, profile: 'spec', seed: 7, runs: 5, readOnly: false, timeoutMs: 2000 });
    expect(out.checks.map((c) => [c.id, c.verdict])).toEqual(checks.map((c) => [c.id, 'pass']));
    expect(gateway.refused).toBe(0);
  });

  it('without them the gateway refuses every request, and no clause passes on its 403', async () => {
    const target = resolveTarget(behindTheGateway(), {});
    const checks = (await loadChecks()).filter((c) => IDS.includes(c.id));
    gateway.refused = 0;
    const out = await runChecks({ target, checks, profile: 'spec', seed: 7, runs: 5, readOnly: false, timeoutMs: 2000 });
    // b-auth/unknown-keys-refused passes on any 4xx, as B-AUTH-1 allows; the clause still fails,
    // through the configured key refused.
    expect(clauseVerdicts(out.checks, { profile: 'spec' }).filter((v) => ['A-AUTH-1', 'B-AUTH-1'].includes(v.id)).map((v) => [v.id, v.verdict])).toEqual([
      ['A-AUTH-1', 'fail'],
      ['B-AUTH-1', 'fail'],
    ]);
    expect(gateway.refused).toBeGreaterThan(0);
  });

  it.each([
    [{ Authorization: 'Basic abc' }, "staging.yaml: headers.Authorization cannot be set here: the interfaces' keys go in accounts (api_key, pipeline_admin_key, pipeline_key); the checks set Authorization themselves"],
    [{ accept: 'application/json' }, 'staging.yaml: headers.accept cannot be set here: the checks set Accept themselves'],
    [{ Host: 'api.example.com' }, 'staging.yaml: headers.Host cannot be set here: it comes from base_url'],
    [{ 'x-api-key': 'a', 'X-Api-Key': 'b' }, 'staging.yaml: headers names X-Api-Key twice (header names are case-insensitive)'],
    [{ 'bad name': 'v' }, 'staging.yaml: headers: "bad name" is not a header name'],
    [{ 'x-api-key': 'line\r\nInjected: 1' }, 'staging.yaml: headers.x-api-key holds a line break or NUL, which no header value may'],
    [{ 'x-api-key': 'a\u0001b' }, 'staging.yaml: headers.x-api-key holds a character no header value may (a control character, or one beyond Latin-1)'],
    [{ 'x-api-key': 'a\u20acb' }, 'staging.yaml: headers.x-api-key holds a character no header value may (a control character, or one beyond Latin-1)'],
    [{ 'x-api-key': '' }, 'staging.yaml: headers.x-api-key must be a non-empty string'],
    [{ 'x-env': { value: 'staging', secret: 'no' } }, 'staging.yaml: headers.x-env.secret must be true or false'],
    [{ 'x-env': { value: 'staging', hidden: false } }, 'staging.yaml: headers.x-env.hidden is not a field of a header (value, value_env, secret)'],
    [{ 'x-env': { secret: false } }, 'staging.yaml: headers.x-env must be a non-empty string'],
  ])('refuses %j, naming the header and never its value', (headers, message) => {
    expect(refusal(headers)).toBe(message);
  });

  it('disco check: values from the environment; the reports name the headers, never their values', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-headers-'));
    try {
      const file = join(dir, 'staging.json');
      await writeFile(file, JSON.stringify(behindTheGateway({ 'CF-Access-Client-Id_env': 'CF_ID', 'CF-Access-Client-Secret_env': 'CF_SECRET' })), { mode: 0o600 });
      const reports = join(dir, 'reports');
      gateway.refused = 0;
      const r = await disco(['check', '--target', file, '--only', 'B-AUTH-1', '--runs', '5', '--report-dir', reports], { env: { CF_ID: CLIENT_ID, CF_SECRET: CLIENT_SECRET } });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(gateway.refused).toBe(0);
      const result = JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as { target: { headers?: string[] }; clauses: { id: string; verdict: string }[] };
      expect(result.clauses.find((c) => c.id === 'B-AUTH-1')?.verdict).toBe('pass');
      expect(result.target.headers).toEqual(['cf-access-client-id', 'cf-access-client-secret']);
      await expectEveryReport(reports, 'cf-access-client-secret', [CLIENT_SECRET, CLIENT_ID]);
      expect(r.stdout + r.stderr).not.toContain(CLIENT_SECRET);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a header given as {value, secret: false} is no secret: its value shows in the reports, as the host that holds the same word does', () => {
    const target = resolveTarget(behindTheGateway({ 'X-Tenant': { value: 'staging', secret: false }, 'X-Token': { value_env: 'GW_TOKEN' } }), { GW_TOKEN: 'gw-token-secret-value' }, 'staging.yaml');
    expect(target.headers).toEqual({ 'x-tenant': 'staging', 'x-token': 'gw-token-secret-value' });
    expect(target.headersNotSecret).toEqual(['x-tenant']);
    const secrets = targetSecrets(target);
    expect(secrets).toContain('gw-token-secret-value');
    expect(secrets).not.toContain('staging');
    const redactor = new Redactor(secrets);
    expect(redactor.text('GET https://staging.example.com/x with gw-token-secret-value')).toBe(`GET https://staging.example.com/x with ${REDACTED}`);
  });
});

