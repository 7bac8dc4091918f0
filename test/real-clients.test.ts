import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../api/index.ts';
import { disco } from './support/cli.ts';

/**
 * The header shapes the real service's own clients send (read from xplenty/xplenty.py,
 * xplenty.rb and xplenty.jar), byte for byte, against the lenient profile; the strict profile
 * keeps refusing what the spec does not allow.
 */

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** What each client puts on the wire. */
function clientHeaders(key: string): Record<string, { headers: Record<string, string>; bodyType: string }> {
  return {
    // xplenty.py (Python 3 version): base64 of the key alone, Accept without a semicolon.
    'xplenty.py': { headers: { authorization: `Basic ${b64(key)}`, accept: 'application/vnd.xplenty+json version=2' }, bodyType: 'application/json' },
    // xplenty.rb: Base64.encode64 of the key alone (newline stripped), the type with "; version=N" when given.
    'xplenty.rb': { headers: { authorization: `Basic ${b64(key)}`, accept: 'application/vnd.xplenty+json; version=2', 'user-agent': 'xplenty-rb/0.1.0' }, bodyType: 'application/json' },
    // xplenty.jar: Jersey's HTTPBasicAuthFilter(key, ""), no version by default, bodies as the vendor type.
    'xplenty.jar': { headers: { authorization: `Basic ${b64(`${key}:`)}`, accept: 'application/vnd.xplenty+json' }, bodyType: 'application/vnd.xplenty+json' },
  };
}

describe('the real clients\' header shapes', () => {
  let lenient: RunningSimulator;
  let strict: RunningSimulator;
  beforeAll(async () => {
    lenient = await startSimulator({ profile: 'lenient' });
    strict = await startSimulator({ profile: 'strict' });
  });
  afterAll(async () => {
    await lenient.close();
    await strict.close();
  });

  it.each(['xplenty.py', 'xplenty.rb', 'xplenty.jar'])('%s: its reads, a job run and stopped, and its rate-limit call work on the lenient profile', async (client) => {
    const account = lenient.accounts[0]!;
    const { headers, bodyType } = clientHeaders(account.users[0]!.api_key)[client]!;
    const base = lenient.interfaceB();
    const limits = await fetch(`${base}/rate_limit_status`, { headers });
    expect(limits.status).toBe(200);
    const { limits: l } = (await limits.json()) as { limits: { limit: number; remaining: number } };
    expect(l.limit).toBe(5000);
    expect(l.remaining).toBeLessThanOrEqual(5000);
    for (const path of ['/clusters', '/jobs', '/packages?offset=0&limit=20', `/packages/${account.package_ids[0]}`]) expect((await fetch(`${base}${path}`, { headers })).status, path).toBe(200);
    const run = await fetch(`${base}/jobs`, { method: 'POST', headers: { ...headers, 'content-type': bodyType }, body: JSON.stringify({ cluster_id: account.cluster_ids[0], package_id: account.package_ids[0], variables: {}, dynamic_variables: {} }) });
    expect(run.status).toBe(201);
    const { id } = (await run.json()) as { id: number };
    expect((await fetch(`${base}/jobs/${id}`, { method: 'DELETE', headers })).status).toBe(200);
  });

  it('the lenient profile says what it let through that a strict deployment refuses: X-Disco-Lenient names the clauses, the journal says what', async () => {
    const account = lenient.accounts[0]!;
    const base = lenient.interfaceB();
    const expected: Record<string, { read: string; write: string }> = {
      'xplenty.py': { read: 'B-VER-1, B-AUTH-1', write: 'B-VER-1, B-AUTH-1' },
      'xplenty.rb': { read: 'B-VER-1, B-AUTH-1', write: 'B-VER-1, B-AUTH-1' },
      'xplenty.jar': { read: 'B-VER-1', write: 'B-VER-1, B-HDR-1' },
    };
    await lenient.control.journal.clear();
    for (const [client, { headers, bodyType }] of Object.entries(clientHeaders(account.users[0]!.api_key))) {
      const read = await fetch(`${base}/clusters`, { headers });
      expect(read.headers.get('x-disco-lenient'), client).toBe(expected[client]!.read);
      const write = await fetch(`${base}/jobs`, { method: 'POST', headers: { ...headers, 'content-type': bodyType }, body: JSON.stringify({ cluster_id: account.cluster_ids[0], package_id: account.package_ids[0] }) });
      expect(write.status).toBe(201);
      expect(write.headers.get('x-disco-lenient'), client).toBe(expected[client]!.write);
    }
    // A request as the spec has it gets nothing of the kind, on either profile.
    const conformant = { authorization: `Basic ${b64(`${account.users[0]!.api_key}:`)}`, accept: 'application/vnd.service+json; version=2' };
    expect((await fetch(`${base}/clusters`, { headers: conformant })).headers.has('x-disco-lenient')).toBe(false);
    const strictKey = strict.accounts[0]!.users[0]!.api_key;
    expect((await fetch(`${strict.interfaceB()}/clusters`, { headers: { ...conformant, authorization: `Basic ${b64(`${strictKey}:`)}` } })).headers.has('x-disco-lenient')).toBe(false);
    // The journal keeps what was allowed, each with its clause, and counts those requests apart.
    expect(await lenient.control.journal.count({ lenient: true })).toBe(6);
    expect(await lenient.control.journal.count({ lenient: false })).toBe(1);
    const [py] = await lenient.control.journal.list({ lenient: true }, 6);
    expect(py!.lenient).toEqual([
      { clause: 'B-VER-1', what: 'Accept: "application/vnd.xplenty+json version=2" does not ask for application/vnd.service+json; version=2' },
      { clause: 'B-AUTH-1', what: 'Authorization: Basic holds the key without the ":" before its empty password (RFC 7617 user-pass)' },
    ]);
    const listed = await disco(['journal', '--url', lenient.control.url, '--once', '--lenient']);
    expect(listed.stdout.trim().split('\n')).toHaveLength(6);
    expect(listed.stdout).toContain('| lenient: B-VER-1 Accept: "application/vnd.xplenty+json" does not ask for application/vnd.service+json; version=2; B-HDR-1 the body came as Content-Type: "application/vnd.xplenty+json", not as application/json');
  });

  it('the strict profile refuses those shapes (406), and every profile refuses another version', async () => {
    const key = strict.accounts[0]!.users[0]!.api_key;
    for (const { headers } of Object.values(clientHeaders(key))) expect((await fetch(`${strict.interfaceB()}/clusters`, { headers })).status).toBe(406);
    const v1 = { authorization: `Basic ${b64(`${lenient.accounts[0]!.users[0]!.api_key}:`)}`, accept: 'application/vnd.xplenty+json; version=1' };
    expect((await fetch(`${lenient.interfaceB()}/clusters`, { headers: v1 })).status).toBe(406);
  });

  it('GET /rate_limit_status shows the caller\'s own window, per user, without using it up (the real docs: it incurs no API hit)', async () => {
    const key = lenient.accounts[1]!.users[0]!.api_key;
    const headers = { authorization: `Basic ${b64(`${key}:`)}`, accept: 'application/vnd.service+json; version=2' };
    const base = lenient.interfaceB(lenient.accounts[1]!.account_id);
    const status = async () => (await (await fetch(`${base}/rate_limit_status`, { headers })).json()) as { limits: { remaining: number; reset_at: string } };
    const first = await status();
    expect((await status()).limits.remaining).toBe(first.limits.remaining);
    expect((await fetch(`${base}/packages`, { headers })).status).toBe(200);
    expect((await status()).limits.remaining).toBe(first.limits.remaining - 1);
    expect(first.limits.reset_at).toMatch(/Z$/);
  });
});

describe('the real clients\' calls beyond the spec: clusters, watchers, schedules', () => {
  let sim: RunningSimulator;
  let call: (method: string, path: string, body?: unknown, slug?: string) => Promise<{ status: number; body: Record<string, unknown> & { errors?: { field: string }[] } }>;
  beforeAll(async () => {
    sim = await startSimulator({ clock: 'frozen' });
    const keys = new Map(sim.accounts.map((a) => [a.account_id, a.users[0]!.api_key]));
    call = async (method, path, body, slug = sim.accounts[0]!.account_id) => {
      const res = await fetch(`${sim.interfaceB(slug)}${path}`, {
        method,
        headers: { authorization: `Basic ${b64(`${keys.get(slug)}:`)}`, accept: 'application/vnd.service+json; version=2', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown> & { errors?: { field: string }[] }) : {} };
    };
  });
  afterAll(() => sim.close());

  it('a cluster is created (flat or wrapped, 0/1 flags), provisions on the clock, changes, and terminates', async () => {
    const created = await call('POST', '/clusters', { cluster: { name: 'py', nodes: 2, type: 'production', terminate_on_idle: 1, time_to_idle: 3600 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'py', nodes: 2, type: 'production', status: 'pending', terminate_on_idle: true, available_since: null });
    const id = created.body.id as number;
    await sim.control.clock.advance(5_000);
    expect((await call('GET', `/clusters/${id}`)).body.status).toBe('creating');
    await sim.control.clock.advance(30_000);
    expect((await call('GET', `/clusters/${id}`)).body).toMatchObject({ status: 'available', available_since: expect.stringMatching(/Z$/) });
    expect((await call('PUT', `/clusters/${id}`, { nodes: 4, description: 'bigger' })).body).toMatchObject({ nodes: 4, description: 'bigger' });
    expect((await call('DELETE', `/clusters/${id}`)).body.status).toBe('pending_terminate');
    expect((await call('PUT', `/clusters/${id}`, { nodes: 1 })).body.errors?.map((e) => e.field)).toEqual(['status']);
    await sim.control.clock.advance(10_000);
    expect((await call('GET', `/clusters/${id}`)).body).toMatchObject({ status: 'terminated', terminated_at: expect.stringMatching(/Z$/) });
    const bad = await call('POST', '/clusters', { nodes: 0, type: 'huge', terminate_on_idle: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['nodes', 'terminate_on_idle', 'type']);
  });

  it('another account\'s cluster is absent: no change, no termination, no watching', async () => {
    const other = sim.accounts[1]!;
    const theirs = other.cluster_ids[0]!;
    const before = (await call('GET', `/clusters/${theirs}`, undefined, other.account_id)).body;
    for (const [method, path, body] of [['PUT', `/clusters/${theirs}`, { nodes: 9 }], ['DELETE', `/clusters/${theirs}`], ['POST', `/clusters/${theirs}/watchers`], ['GET', `/clusters/${theirs}/watchers`]] as const) {
      expect((await call(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', `/clusters/${theirs}`, undefined, other.account_id)).body).toEqual(before);
  });

  it('cluster and job watchers: watch, list, stop watching (204, also twice)', async () => {
    const cluster = sim.accounts[0]!.cluster_ids[0]!;
    expect((await call('POST', `/clusters/${cluster}/watchers`)).status).toBe(200);
    expect(((await call('GET', `/clusters/${cluster}/watchers`)).body as unknown as unknown[]).length).toBe(1);
    expect((await call('DELETE', `/clusters/${cluster}/watchers`)).status).toBe(204);
    expect((await call('DELETE', `/clusters/${cluster}/watchers`)).status).toBe(204);
    expect((await call('GET', `/clusters/${cluster}/watchers`)).body).toEqual([]);
    const job = (await call('POST', '/jobs', { cluster_id: cluster, package_id: sim.accounts[0]!.package_ids[0] })).body.id as number;
    expect((await call('DELETE', `/jobs/${job}/watchers`)).status).toBe(204);
    expect((await call('GET', `/jobs/${job}/watchers`)).body).toEqual([]);
  });

  it('a schedule is created, read with its next run, changed, cloned and deleted; bad and foreign values are named', async () => {
    const now = Date.parse((await sim.control.clock.get()).now);
    const start = new Date(now - 90 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const pkg = sim.accounts[0]!.package_ids[0]!;
    const created = await call('POST', '/schedules', { schedule: { name: 'hourly', status: 'enabled', start_at: start, interval_amount: 1, interval_unit: 'hours', task: { nodes: 1, packages: [{ package_id: pkg, variables: { a: 'b' } }] } } });
    expect(created.status).toBe(201);
    // Started 90 minutes ago, hourly: the next run is 30 minutes from now.
    expect(Date.parse(created.body.next_run_at as string) - now).toBe(30 * 60_000);
    // The real docs' default strategy, as the body leaves it out.
    expect(created.body).toMatchObject({ status: 'enabled', execution_count: 0, last_run_at: null, reuse_cluster_strategy: 'any' });
    const id = created.body.id as number;
    expect((await call('PUT', `/schedules/${id}`, { status: 'disabled' })).body).toMatchObject({ status: 'disabled', next_run_at: null });
    const clone = await call('POST', `/schedules/${id}/clone`);
    expect(clone.status).toBe(201);
    expect(clone.body).toMatchObject({ name: 'hourly (copy)', status: 'disabled' });
    expect(clone.body.id).not.toBe(id);
    expect((await call('DELETE', `/schedules/${id}`)).status).toBe(200);
    expect((await call('GET', `/schedules/${id}`)).status).toBe(404);
    const foreignPackage = sim.accounts[1]!.package_ids[0]!;
    const bad = await call('POST', '/schedules', { name: ' ', start_at: 'soon', interval_amount: 0, interval_unit: 'fortnights', task: { packages: [{ package_id: foreignPackage }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['interval_amount', 'interval_unit', 'name', 'start_at', 'task.packages[0].package_id']);
    expect((await call('GET', `/schedules/${clone.body.id as number}`, undefined, sim.accounts[1]!.account_id)).status).toBe(404);
  });
});

describe('the older clients\' body shapes on the lenient profile', () => {
  let lenient: RunningSimulator;
  let strict: RunningSimulator;
  beforeAll(async () => {
    lenient = await startSimulator({ profile: 'lenient', clock: 'frozen' });
    strict = await startSimulator({ clock: 'frozen' });
  });
  afterAll(async () => {
    await lenient.close();
    await strict.close();
  });
  const auth = (sim: RunningSimulator) => ({ authorization: `Basic ${b64(sim.accounts[0]!.users[0]!.api_key)}`, accept: 'application/vnd.xplenty+json' });

  it('the API docs\' curl form (cluster[plan_id]=...), the Ruby client\'s query-string POST, and a job wrapped in job[...]', async () => {
    const plans = (await (await fetch(`${lenient.interfaceB()}/cluster_plans`, { headers: auth(lenient) })).json()) as { id: number; name: string }[];
    expect(plans.map((p) => p.name)).toEqual(['Free', 'Medium', 'Large', 'Extra Large']);
    const form = await fetch(`${lenient.interfaceB()}/clusters`, { method: 'POST', headers: { ...auth(lenient), 'content-type': 'application/x-www-form-urlencoded' }, body: `cluster[plan_id]=${plans[1]!.id}&cluster[name]=${encodeURIComponent('New Cluster')}&cluster[description]=from+curl` });
    expect(form.status).toBe(201);
    expect(await form.json()).toMatchObject({ name: 'New Cluster', description: 'from curl', plan_id: plans[1]!.id, status: 'pending' });
    const ruby = await fetch(`${lenient.interfaceB()}/clusters?${new URLSearchParams({ 'cluster[nodes]': '1', 'cluster[type]': 'sandbox', 'cluster[terminate_on_idle]': 'true' })}`, { method: 'POST', headers: auth(lenient) });
    expect(ruby.status).toBe(201);
    expect(await ruby.json()).toMatchObject({ nodes: 1, type: 'sandbox', terminate_on_idle: true });
    const account = lenient.accounts[0]!;
    const job = await fetch(`${lenient.interfaceB()}/jobs`, { method: 'POST', headers: { ...auth(lenient), 'content-type': 'application/x-www-form-urlencoded' }, body: `job[cluster_id]=${account.cluster_ids[0]}&job[package_id]=${account.package_ids[0]}&job[variables][day]=2026-01-15` });
    expect(job.status).toBe(201);
    expect(await job.json()).toMatchObject({ cluster_id: account.cluster_ids[0], package_id: account.package_ids[0], variables: { day: '2026-01-15' } });
    const proto = await fetch(`${lenient.interfaceB()}/clusters`, { method: 'POST', headers: { ...auth(lenient), 'content-type': 'application/x-www-form-urlencoded' }, body: 'cluster[__proto__][nodes]=3&cluster[nodes]=2' });
    expect(proto.status).toBe(201);
    expect(({} as { nodes?: unknown }).nodes).toBeUndefined();
  });

  it('each of those shapes is named for what a strict deployment refuses it under', async () => {
    await lenient.control.journal.clear();
    const account = lenient.accounts[0]!;
    const form = await fetch(`${lenient.interfaceB()}/jobs`, { method: 'POST', headers: { ...auth(lenient), 'content-type': 'application/x-www-form-urlencoded' }, body: `job[cluster_id]=${account.cluster_ids[0]}&job[package_id]=${account.package_ids[0]}` });
    expect(form.headers.get('x-disco-lenient')).toBe('B-VER-1, B-AUTH-1, B-HDR-1, B-JOB-1');
    const ruby = await fetch(`${lenient.interfaceB()}/clusters?${new URLSearchParams({ 'cluster[nodes]': '1' })}`, { method: 'POST', headers: auth(lenient) });
    expect(ruby.headers.get('x-disco-lenient')).toBe('B-VER-1, B-AUTH-1, B-HDR-1');
    const [entry] = await lenient.control.journal.list({ path: '/*/api/jobs' });
    expect(entry!.lenient?.slice(2)).toEqual([
      { clause: 'B-HDR-1', what: 'the body came as application/x-www-form-urlencoded, not as application/json' },
      { clause: 'B-JOB-1', what: 'the job\'s fields came wrapped in {"job": {...}}, not at the top of the body' },
    ]);
  });

  it('the strict profile refuses them (415 for a form body, 422 for fields in the query string)', async () => {
    const key = strict.accounts[0]!.users[0]!.api_key;
    const headers = { authorization: `Basic ${b64(`${key}:`)}`, accept: 'application/vnd.service+json; version=2' };
    expect((await fetch(`${strict.interfaceB()}/clusters`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: 'cluster[nodes]=2' })).status).toBe(415);
    expect((await fetch(`${strict.interfaceB()}/clusters?cluster[nodes]=2`, { method: 'POST', headers })).status).toBe(422);
  });
});
