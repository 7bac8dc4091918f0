import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../api/index.ts';
import { ChaosRules } from '../simulator/chaos/rules.ts';
import { disco } from './support/cli.ts';

/**
 * Chaos rules as a client developer uses them: each kind through a real HTTP client on
 * loopback, asserting the client sees exactly that, and that the simulator is healthy after.
 */

const ACCEPT = 'application/vnd.service+json; version=2';

/** One request with node:http, reporting what the client saw: an answer, a reset, a short body, or a timeout. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<{ kind: 'answer'; status: number; headers: http.IncomingHttpHeaders; body: string } | { kind: 'error'; code: string }> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ kind: 'answer', status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ kind: 'error', code: err.code ?? err.message }));
      res.on('aborted', () => resolve({ kind: 'error', code: 'ABORTED' }));
    });
    req.setTimeout(options.timeoutMs ?? 5000, () => req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ kind: 'error', code: err.code ?? err.message }));
    req.end();
  });
}

describe('chaos rules through a real client', () => {
  let sim: RunningSimulator;
  let headers: Record<string, string>;
  let packages: string;

  beforeAll(async () => {
    sim = await startSimulator();
    const key = sim.accounts[0]?.users[0]?.api_key ?? '';
    headers = { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, accept: ACCEPT };
    packages = `${sim.interfaceB()}/packages`;
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    await sim.control.chaos.clear();
  });

  async function healthy(): Promise<void> {
    const r = await request(packages, { headers });
    expect(r).toMatchObject({ kind: 'answer', status: 200 });
  }

  it('answers a status with the interface\'s error object: 503, and 429 with Retry-After and the rate-limit headers', async () => {
    await sim.control.chaos.add({ path: '/*/api/packages', status: 503, times: 1 });
    const r = await request(packages, { headers });
    expect(r).toMatchObject({ kind: 'answer', status: 503, headers: { 'retry-after': '1' } });
    if (r.kind === 'answer') expect(JSON.parse(r.body)).toMatchObject({ message: expect.stringContaining('chaos rule') });
    await healthy();
    await sim.control.chaos.add({ method: 'GET', path: '/*/api/packages', status: 429, retry_after_s: 7, times: 1 });
    const limited = await request(packages, { headers });
    expect(limited).toMatchObject({ kind: 'answer', status: 429, headers: { 'retry-after': '7', 'x-ratelimit-remaining': '0' } });
    if (limited.kind === 'answer') expect(limited.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    // Interface A's own error object for A.
    await sim.control.chaos.add({ interface: 'A', status: 402, times: 1 });
    const a = await request(`${sim.interfaceA}/pipelines/1`, { method: 'DELETE', headers: { authorization: 'Bearer fdk_whatever' } });
    expect(a).toMatchObject({ kind: 'answer', status: 402 });
    if (a.kind === 'answer') expect(JSON.parse(a.body)).toMatchObject({ error: expect.any(String) });
  });

  it('answers with the text a rule gives: a 404 that reads like the interface\'s own not-found, on B and on A', async () => {
    await sim.control.chaos.add({ method: 'GET', path: '/*/api/packages', status: 404, message: 'Item not found.', times: 1 });
    const b = await request(packages, { headers });
    expect(b).toMatchObject({ kind: 'answer', status: 404 });
    if (b.kind === 'answer') expect(JSON.parse(b.body)).toMatchObject({ message: 'Item not found.' });
    await healthy();
    await sim.control.chaos.add({ interface: 'A', status: 404, message: 'Pipeline not found.', times: 1 });
    const a = await request(`${sim.interfaceA}/pipelines/1`, { method: 'DELETE', headers: { authorization: 'Bearer fdk_whatever' } });
    expect(a).toMatchObject({ kind: 'answer', status: 404 });
    if (a.kind === 'answer') expect(JSON.parse(a.body)).toMatchObject({ error: 'Pipeline not found.' });
    expect((await sim.control.chaos.list()).length).toBe(0);
    // A message needs a status to carry it, and is printable text of at most 500 characters.
    const res = await fetch(`${sim.controlUrl}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules: [{ latency_ms: 5, message: 'slow' }, { status: 404, message: '' }, { status: 404, message: 'x'.repeat(501) }, { status: 404, message: 'a\nb' }, { status: 404, message: 7 }] }) });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: { field: string }[] };
    expect(body.errors.map((e) => e.field).sort()).toEqual(['rules[0].message', 'rules[1].message', 'rules[2].message', 'rules[3].message', 'rules[4].message']);
    const added = await sim.control.chaos.add({ status: 503, message: 'Down for maintenance.', times: 1 });
    expect(added).toMatchObject({ status: 503, message: 'Down for maintenance.' });
  });

  it('counts: "the next 3 POST /jobs", then the rule is spent and gone', async () => {
    await sim.control.chaos.add({ id: 'three', method: 'POST', path: '/*/api/jobs', status: 500, times: 3 });
    const post = () => request(`${sim.interfaceB()}/jobs`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } });
    expect((await Promise.all([post(), post(), post()])).map((r) => (r.kind === 'answer' ? r.status : r.code))).toEqual([500, 500, 500]);
    const fourth = await post();
    expect(fourth.kind === 'answer' && fourth.status).not.toBe(500);
    expect(await sim.control.chaos.list()).toEqual([]);
    expect(await sim.control.journal.count({ chaos: true, method: 'POST', path: '/*/api/jobs' })).toBe(3);
  });

  it('stacks a latency rule with the rules after it, as README\'s example has them: slowed and refused, the next 3, both named in the journal', async () => {
    await sim.control.chaos.add({ id: 'slow-jobs', method: 'POST', path: '/*/api/jobs', latency_ms: [20, 40] });
    await sim.control.chaos.add({ id: 'limited', method: 'POST', path: '/*/api/jobs', status: 429, retry_after_s: 5, times: 3 });
    const post = () => request(`${sim.interfaceB()}/jobs`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } });
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await post();
      statuses.push(r.kind === 'answer' ? r.status : r.code);
    }
    expect(statuses.slice(0, 3)).toEqual([429, 429, 429]);
    expect(statuses[3]).not.toBe(429);
    const marked = (await sim.control.journal.list({ chaos: true, method: 'POST' })).map((e) => e.chaos?.rule);
    expect(marked.filter((rule) => rule === 'slow-jobs, limited')).toHaveLength(3);
    expect(marked.filter((rule) => rule === 'slow-jobs')).toHaveLength(1);
    expect((await sim.control.chaos.list()).map((r) => [r.id, r.hits])).toEqual([['slow-jobs', 4]]);
  });

  it('adds fixed and random latency, then answers normally', async () => {
    await sim.control.chaos.add({ path: '/*/api/packages', latency_ms: 300, times: 1 });
    let started = performance.now();
    expect(await request(packages, { headers })).toMatchObject({ kind: 'answer', status: 200 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await sim.control.chaos.add({ path: '/*/api/packages', latency_ms: [100, 200], times: 1 });
    started = performance.now();
    await request(packages, { headers });
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(95);
    expect(took).toBeLessThan(1500);
  });

  it('resets the connection: the client sees ECONNRESET, and the simulator stays healthy', async () => {
    await sim.control.chaos.add({ path: '/*/api/packages', fault: 'reset', times: 1 });
    expect(await request(packages, { headers })).toEqual({ kind: 'error', code: 'ECONNRESET' });
    await healthy();
  });

  it('sends an empty or a truncated body under a Content-Length that promises more', async () => {
    await sim.control.chaos.add({ path: '/*/api/packages', fault: 'truncated', times: 1 });
    const truncated = await request(packages, { headers });
    expect(truncated.kind === 'error' ? truncated.code : `answered ${truncated.status}`).toMatch(/ECONNRESET|ABORTED/);
    await sim.control.chaos.add({ path: '/*/api/packages', fault: 'empty', times: 1 });
    const empty = await request(packages, { headers });
    expect(empty.kind).toBe('error');
    await healthy();
  });

  it('never answers: the client gives up at its own timeout, and the simulator is healthy after', async () => {
    await sim.control.chaos.add({ path: '/*/api/packages', fault: 'hang', times: 1 });
    const started = performance.now();
    expect(await request(packages, { headers, timeoutMs: 500 })).toEqual({ kind: 'error', code: 'CLIENT_TIMEOUT' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    await healthy();
    const [hung] = await sim.control.journal.list({ chaos: true }, 1);
    expect(hung?.chaos).toEqual({ rule: expect.any(String), action: 'hang' });
  });

  it('matches every spelling of a path that reaches the route: a trailing slash, percent-encoding, letter case, and HEAD under a GET rule', async () => {
    const id = sim.accounts[0]?.package_ids[0] ?? 0;
    await sim.control.chaos.add({ method: 'GET', path: `/*/api/packages/${id}`, status: 503 });
    const spellings = [`/packages/${id}`, `/packages/${id}/`, `/packages/${encodeURIComponent(String(id)).replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`, `/PACKAGES/${id}`];
    for (const spelling of spellings) {
      expect(await request(`${sim.interfaceB()}${spelling}`, { headers }), spelling).toMatchObject({ kind: 'answer', status: 503 });
      expect(await request(`${sim.interfaceB()}${spelling}`, { method: 'HEAD', headers }), `HEAD ${spelling}`).toMatchObject({ kind: 'answer', status: 503 });
    }
    await sim.control.chaos.clear();
    // Each spelling reaches the package when no rule acts: the rule matched the route, no more.
    for (const spelling of spellings) expect(await request(`${sim.interfaceB()}${spelling}`, { headers }), spelling).toMatchObject({ kind: 'answer', status: 200 });
    // Another package is not that route.
    await sim.control.chaos.add({ method: 'GET', path: `/*/api/packages/${id}`, status: 503 });
    expect(await request(`${sim.interfaceB()}/packages/${id}0`, { headers })).toMatchObject({ kind: 'answer', status: 404 });
    // A POST is not under a GET rule.
    expect(await request(`${sim.interfaceB()}/packages/${id}/`, { method: 'POST', headers })).not.toMatchObject({ status: 503 });
  });

  it('matches by account and probability; bad rules are refused whole with every field named', async () => {
    const other = sim.accounts[1]?.account_id ?? '';
    await sim.control.chaos.add({ account: other, status: 500 });
    await healthy();
    const res = await fetch(`${sim.controlUrl}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules: [{ status: 200 }, { fault: 'explode', probability: 2 }] }) });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: { field: string }[] };
    expect(body.errors.map((e) => e.field).sort()).toEqual(['rules[0].status', 'rules[1].fault', 'rules[1].probability']);
    expect((await sim.control.chaos.list()).map((r) => r.account)).toEqual([other]);
    // Probability: decided per request by the random source.
    const rules = new ChaosRules();
    rules.add({ status: 500, probability: 0.25 });
    const hits = [0.1, 0.3, 0.2, 0.9].map((r) => rules.take({ method: 'GET', path: '/x', interface: 'B' }, () => r).length > 0);
    expect(hits).toEqual([true, false, true, false]);
  });
});

describe('disco serve --chaos FILE', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disco-chaos-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('starts with the rules of a YAML file, and refuses a file with a bad rule (exit 2)', async () => {
    const good = join(dir, 'chaos.yaml');
    await writeFile(good, 'rules:\n  - id: slow-jobs\n    method: POST\n    path: /*/api/jobs\n    latency_ms: [50, 100]\n');
    const target = join(dir, 't.json');
    let rulesSeen = '';
    const r = await disco(['serve', '--port', '0', '--chaos', good, '--write-target', target], {
      whenReady: (child) => {
        child.stdout?.on('data', async (d: Buffer) => {
          if (!d.toString().includes('chaos rules: 1')) return;
          const { control_url } = JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(target, 'utf8'))) as { control_url: string };
          rulesSeen = await (await fetch(`${control_url}/chaos`)).text();
          child.kill('SIGTERM');
        });
      },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(rulesSeen)).toMatchObject({ rules: [{ id: 'slow-jobs', method: 'POST', latency_ms: [50, 100] }] });
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify([{ fault: 'explode' }]));
    const refused = await disco(['serve', '--port', '0', '--chaos', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('fault must be one of');
  });
});
