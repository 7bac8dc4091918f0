import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../api/index.ts';
import { disco } from './support/cli.ts';
import { redactBody } from '../simulator/journal/redact.ts';

/**
 * The request journal as a client developer uses it: real requests on loopback, then the
 * control API (through the typed client) to list, count, fetch by request id and clear.
 */

const ACCEPT = 'application/vnd.service+json; version=2';

describe('the request journal', () => {
  let sim: RunningSimulator;
  let userKey: string;
  let adminKey: string;
  const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

  beforeAll(async () => {
    sim = await startSimulator({ clock: 'frozen' });
    userKey = sim.accounts[0]?.users[0]?.api_key ?? '';
    adminKey = sim.accounts[0]?.pipeline_keys.find((k) => k.admin)?.key ?? '';
  });
  afterAll(() => sim.close());

  it("hides every secret a hook or connection carries, sent or answered: a PagerDuty service key, basic auth data, an OAuth grant's code, a URL's credentials", async () => {
    await sim.control.journal.clear();
    const headers = { authorization: basic(userKey), accept: ACCEPT, 'content-type': 'application/json' };
    const send = async (path: string, body: unknown, type = 'application/json') => {
      const res = await fetch(`${sim.interfaceB()}${path}`, { method: 'POST', headers: { ...headers, 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });
      return sim.control.journal.get(res.headers.get('x-request-id') ?? '');
    };
    const pagerduty = await send('/hooks', { type: 'pagerduty', settings: { pd_account: 'acme', service_name: 'etl', service_key: 'pd-service-key-secret-1' }, events: ['job'] });
    const web = await send('/hooks', { type: 'web', settings: { url: 'https://hooks.acme.example/x', basic_auth: true, basic_auth_data: 'dXNlcjpiYXNpYy1zZWNyZXQtMg==' }, events: ['job'] });
    const oauth = await send('/connections/adwords', { name: 'ads', code: 'grant-code-secret-3', redirect_uri: 'https://app.acme.example/cb' });
    const curl = await send('/connections/curl/test', { url: 'https://ada:url-password-secret-4@api.partner.example/v1' });
    const shown = JSON.stringify([pagerduty, web, oauth, curl]);
    for (const secret of ['pd-service-key-secret-1', 'dXNlcjpiYXNpYy1zZWNyZXQtMg', 'grant-code-secret-3', 'url-password-secret-4', 'ada:']) expect(shown, secret).not.toContain(secret);
    // The rest stays readable: the answer's error code, the URL's host, the settings' other fields.
    expect(JSON.parse(curl.request.body ?? '{}')).toEqual({ url: 'https://[REDACTED]@api.partner.example/v1' });
    expect(JSON.parse(pagerduty.response.body ?? '{}')).toMatchObject({ settings: { pd_account: 'acme', service_name: 'etl', service_key: '[REDACTED]' } });
    expect(JSON.parse(oauth.request.body ?? '{}')).toMatchObject({ code: '[REDACTED]', redirect_uri: 'https://app.acme.example/cb' });
    // An answer's code is an error's, kept; a sent one, also in a form body, is a grant's.
    expect(redactBody('{"error":"Pipeline not found","code":"not_found"}', 'fdk').body).toContain('"code":"not_found"');
    expect(redactBody('name=ads&code=grant-code-secret-5&redirect_uri=x', 'fdk', true).body).toBe('name=ads&code=[REDACTED]&redirect_uri=x');
    // A userinfo that holds an @ itself ends at the last one before the path, as URL parsers read it.
    expect(redactBody(JSON.stringify({ url: 'https://ada@acme:pw-secret-6@api.partner.example/x@y' }), 'fdk', true).body).toBe(JSON.stringify({ url: 'https://[REDACTED]@api.partner.example/x@y' }));
  });

  it('files a request refused before its key was read under the account its path names, as chaos rules match it', async () => {
    await sim.control.journal.clear();
    const slug = sim.accounts[0]!.account_id;
    const refused = [
      await fetch(`${sim.interfaceB()}/packages`, { headers: { authorization: basic('0'.repeat(40)), accept: ACCEPT } }),
      await fetch(`${sim.interfaceB()}/packages`, { headers: { authorization: basic(userKey) } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 406]);
    expect(await sim.control.journal.count({ account: slug })).toBe(2);
    expect(await sim.control.journal.count({ account: slug, status: 401 })).toBe(1);
  });

  it('records the body of a request refused before it was read, and a long one refused that way holds up no request after it on the connection', async () => {
    const json = { accept: ACCEPT, 'content-type': 'application/json' };
    const body = JSON.stringify({ cluster_id: 1, package_id: 1 });
    const unknownKey = basic('0'.repeat(40));
    const refused = await fetch(`${sim.interfaceB()}/jobs`, { method: 'POST', headers: { ...json, authorization: unknownKey }, body });
    expect(refused.status).toBe(401);
    expect((await sim.control.journal.get(refused.headers.get('x-request-id') ?? '')).request.body).toBe(body);
    // 2 MB refused unread, then two more requests down the same keep-alive connection.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (text: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${sim.interfaceB()}/jobs`, { method: 'POST', agent, headers: { ...json, authorization: unknownKey } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.setTimeout(10_000, () => req.destroy(new Error('no answer: the connection is held up')));
        req.on('error', reject);
        req.end(text);
      });
    try {
      expect([await post(JSON.stringify({ x: 'y'.repeat(2_000_000) })), await post('{}'), await post('{}')]).toEqual([401, 401, 401]);
    } finally {
      agent.destroy();
    }
  });

  it('gives two simulators in one process request ids of their own', async () => {
    const other = await startSimulator();
    try {
      const [mine, theirs] = await Promise.all([fetch(`${sim.interfaceA}/pipelines`), fetch(`${other.interfaceA}/pipelines`)]);
      expect(mine.headers.get('x-request-id')?.split('_')[1]).not.toBe(theirs.headers.get('x-request-id')?.split('_')[1]);
    } finally {
      await other.close();
    }
  });

  it('hides a key or token sent in the query string, the kind of client bug a journal is read for', async () => {
    await sim.control.journal.clear();
    const res = await fetch(`${sim.interfaceB()}/packages?access_token=query-token-secret-7&api_key=${userKey}&limit=5`, { headers: { authorization: basic(userKey), accept: ACCEPT } });
    const entry = await sim.control.journal.get(res.headers.get('x-request-id') ?? '');
    expect(JSON.stringify(entry)).not.toContain('query-token-secret-7');
    expect(JSON.stringify(entry)).not.toContain(userKey);
    expect(entry.query).toEqual({ access_token: '[REDACTED]', api_key: '[REDACTED]', limit: '5' });
    const pipelines = await fetch(`${sim.interfaceA}/pipelines?key=${adminKey}`, { headers: { authorization: `Bearer ${adminKey}` } });
    const a = await sim.control.journal.get(pipelines.headers.get('x-request-id') ?? '');
    expect(JSON.stringify(a)).not.toContain(adminKey);
  });

  it('records every interface request with its id, status, account, redacted headers and bodies', async () => {
    await sim.control.journal.clear();
    const res = await fetch(`${sim.interfaceB()}/user`, { method: 'PUT', headers: { authorization: basic(userKey), accept: ACCEPT, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Renamed', current_password: 'hunter2-secret' }) });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^req_[0-9a-f]{6}_[0-9a-z]+$/);
    const entry = await sim.control.journal.get(id ?? '');
    expect(entry).toMatchObject({ id, method: 'PUT', path: `/${sim.accounts[0]?.account_id}/api/user`, interface: 'B', account: sim.accounts[0]?.account_id, status: 200 });
    expect(entry.at.simulator).toMatch(/Z$/);
    expect(entry.latencyMs).toBeGreaterThanOrEqual(0);
    expect(entry.request.headers.authorization).toBe('Basic [REDACTED]');
    expect(JSON.parse(entry.request.body ?? '{}')).toMatchObject({ name: 'Renamed', current_password: '[REDACTED]' });
    // The user's own answer carries its api_key: redacted in the journal.
    expect(JSON.parse(entry.response.body ?? '{}')).toMatchObject({ name: 'Renamed', api_key: '[REDACTED]' });
    const stored = JSON.stringify(await sim.control.journal.list());
    expect(stored).not.toContain(userKey);
    expect(stored).not.toContain('hunter2-secret');

    const pipelines = await fetch(`${sim.interfaceA}/pipelines/999999`, { method: 'DELETE', headers: { authorization: `Bearer ${adminKey}` } });
    expect(pipelines.status).toBe(404);
    const a = await sim.control.journal.get(pipelines.headers.get('x-request-id') ?? '');
    expect(a).toMatchObject({ interface: 'A', status: 404, account: sim.accounts[0]?.account_id, request: { headers: { authorization: 'Bearer [REDACTED]' } } });
    expect(JSON.stringify(a)).not.toContain(adminKey);
  });

  it('keeps the body of every refusal, which is what tells a client developer why: 401, 404, 405, 422 and a chaos rule\'s 503, on both interfaces; a 404 or 405 also says whether an endpoint served the path, and the nearest one when none did', async () => {
    await sim.control.journal.clear();
    const b = sim.interfaceB();
    const json = { authorization: basic(userKey), accept: ACCEPT, 'content-type': 'application/json' };
    await sim.control.chaos.add({ id: 'journal-503', method: 'GET', path: '/*/api/clusters', status: 503, times: 1 });
    const sent = [
      await fetch(`${b}/packages`, { headers: { authorization: basic('not-a-key-of-anyone'), accept: ACCEPT } }),
      await fetch(`${b}/packages/999999`, { headers: json }),
      await fetch(`${b}/packages/1`, { method: 'PATCH', headers: json, body: '{}' }),
      await fetch(`${b}/hooks`, { method: 'POST', headers: json, body: JSON.stringify({ type: 'web', settings: {}, events: ['no-such-event'] }) }),
      await fetch(`${b}/clusters`, { headers: json }),
      await fetch(`${sim.interfaceA}/pipelines/999999`, { headers: { authorization: `Bearer ${adminKey}` } }),
    ];
    // Spent after one request, it is gone already.
    expect(await sim.control.chaos.list()).toEqual([]);
    for (const res of sent) {
      const answered = await res.text();
      expect(res.status, answered).toBeGreaterThanOrEqual(400);
      const entry = await sim.control.journal.get(res.headers.get('x-request-id') ?? '');
      // The body as the client read it (none of these holds a secret to redact).
      expect({ status: entry.status, body: entry.response.body }).toEqual({ status: res.status, body: answered });
      expect(JSON.parse(answered)).toHaveProperty(entry.interface === 'A' ? 'error' : 'message');
    }
    expect(sent.map((r) => r.status)).toEqual([401, 404, 405, 422, 503, 404]);
    // A 404 or 405 also says whether an endpoint served the path (simulator/journal/near-miss.ts).
    const hints = await Promise.all(sent.map(async (r) => (await sim.control.journal.get(r.headers.get('x-request-id') ?? '')).hint));
    expect(hints[0]).toBeUndefined();
    expect(hints[1]).toMatch(/^GET \/\{account\}\/api\/packages\/\{id\} is an endpoint: the 404 is about what the path names/);
    expect(hints[2]).toMatch(/^PATCH is not a method of \/\{account\}\/api\/packages\/\{id\} \(it takes /);
    expect(hints[5]).toMatch(/^GET \/api\/public\/v1\/pipelines\/\{id\} is an endpoint/);
    const misspelt = await fetch(`${b}/package/1`, { headers: json });
    expect((await sim.control.journal.get(misspelt.headers.get('x-request-id') ?? '')).hint).toBe(`no endpoint is GET /${sim.accounts[0]?.account_id}/api/package/1; nearest: GET /{account}/api/packages/{id}`);
  });

  it('counts and lists by method, path pattern, status class and account; control requests are not recorded', async () => {
    await sim.control.journal.clear();
    const b = sim.interfaceB();
    for (let i = 0; i < 3; i++) await fetch(`${b}/packages`, { headers: { authorization: basic(userKey), accept: ACCEPT } });
    await fetch(`${b}/packages/999999`, { headers: { authorization: basic(userKey), accept: ACCEPT } });
    await fetch(`${b}/packages`, { headers: { accept: ACCEPT } });
    await sim.control.health();
    expect(await sim.control.journal.count({ method: 'GET', path: '/*/api/packages' })).toBe(4);
    expect(await sim.control.journal.count({ path: '/*/api/packages/*' })).toBe(1);
    expect(await sim.control.journal.count({ path: '/**/packages**', status: '4xx' })).toBe(2);
    expect(await sim.control.journal.count({ status: 401 })).toBe(1);
    // The 401 too: its path names the account, though no key authenticated it.
    expect(await sim.control.journal.count({ account: sim.accounts[0]?.account_id })).toBe(5);
    expect(await sim.control.journal.count({ method: 'POST' })).toBe(0);
    const listed = await sim.control.journal.list({ path: '/*/api/packages' }, 2);
    expect(listed).toHaveLength(2);
    expect(listed[0]!.seq).toBeLessThan(listed[1]!.seq);
    const tail = await sim.control.journal.list({ after: listed[0]!.seq });
    expect(tail.map((e) => e.seq)).not.toContain(listed[0]!.seq);
    expect((await sim.control.journal.list()).every((e) => !e.path.startsWith('/_disco'))).toBe(true);
  });

  it('refuses bad filters with the control API\'s error object and an unknown request id with 404', async () => {
    const bad = await fetch(`${sim.controlUrl}/journal/count`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'teapot', colour: 'red' }) });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { errors?: { field: string }[] };
    expect(body.errors?.map((e) => e.field).sort()).toEqual(['colour', 'status']);
    expect((await fetch(`${sim.controlUrl}/journal/req_nope`)).status).toBe(404);
  });

  it('is a ring: it keeps the last N entries; with size 0 it records nothing but still sends request ids', async () => {
    const small = await startSimulator({ journal: 3 });
    const off = await startSimulator({ journal: 0 });
    try {
      for (let i = 0; i < 5; i++) await fetch(`${small.interfaceB()}/packages?n=${i}`, { headers: { accept: ACCEPT } });
      const kept = await small.control.journal.list();
      expect(kept.map((e) => e.query.n)).toEqual(['2', '3', '4']);
      const res = await fetch(`${off.interfaceB()}/packages`, { headers: { accept: ACCEPT } });
      expect(res.headers.get('x-request-id')).toMatch(/^req_/);
      expect(await off.control.journal.list()).toEqual([]);
    } finally {
      await small.close();
      await off.close();
    }
  });
});

describe('disco journal', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it('--once prints one line per request (filters apply); following, it prints new requests as they come and stops on SIGTERM', async () => {
    await fetch(`${sim.interfaceB()}/packages?page=1`, { headers: { accept: ACCEPT } });
    await fetch(`${sim.interfaceA}/pipelines/5`, { method: 'DELETE' });
    const once = await disco(['journal', '--url', sim.controlUrl, '--once']);
    expect(once.code).toBe(0);
    const lines = once.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} 401 GET +/[^ ]+/api/packages\\?page=1 \\d+\\.\\d ms ${sim.accounts[0]!.account_id} req_`));
    expect(lines[1]).toMatch(/ 401 DELETE \/api\/public\/v1\/pipelines\/5 /);
    // Each refusal says why on its line: the error object's text.
    expect(lines[1]).toMatch(/ req_\S+ \| \S.*$/);
    // A path no endpoint serves names the nearest one.
    await fetch(`${sim.interfaceB()}/package/5`, { headers: { accept: ACCEPT } });
    const misspelt = await disco(['journal', '--url', sim.controlUrl, '--once', '--path', '/*/api/package/*']);
    expect(misspelt.stdout.trim()).toMatch(/ 404 GET +\/[^ ]+\/api\/package\/5 .* \| Item not found\. \| no endpoint is GET \/[^ ]+\/api\/package\/5; nearest: GET \/\{account\}\/api\/packages\/\{id\}$/);
    const filtered = await disco(['journal', '--url', sim.controlUrl, '--once', '--method', 'DELETE']);
    expect(filtered.stdout.trim().split('\n')).toHaveLength(1);

    let sent = false;
    const followed = await disco(['journal', '--url', sim.controlUrl, '--interval', '100', '--path', '/*/api/clusters'], {
      whenReady: (child) => {
        child.stdout?.on('data', (d: Buffer) => {
          if (d.toString().includes('/api/clusters')) child.kill('SIGTERM');
        });
        setTimeout(() => {
          sent = true;
          void fetch(`${sim.interfaceB()}/clusters`, { headers: { accept: ACCEPT } });
        }, 400);
      },
    });
    expect(sent).toBe(true);
    expect(followed.code).toBe(0);
    expect(followed.stdout).toMatch(/ 401 GET +\/[^ ]+\/api\/clusters /);
    const unreachable = await disco(['journal', '--url', 'http://127.0.0.1:9/_disco', '--once']);
    expect(unreachable.code).toBe(2);
  });

  it('--header (repeatable), --query (repeatable) and --body print only the requests that carry them', async () => {
    await sim.control.journal.clear();
    await fetch(`${sim.interfaceB()}/packages?offset=100`, { headers: { accept: ACCEPT, 'x-retry': '1', 'idempotency-key': 'k-1' } });
    await fetch(`${sim.interfaceB()}/packages?offset=0`, { headers: { accept: ACCEPT, 'x-retry': '2' } });
    await fetch(`${sim.interfaceB()}/jobs`, { method: 'POST', headers: { accept: ACCEPT, 'content-type': 'application/json' }, body: JSON.stringify({ package_id: 77 }) });
    const lines = async (...filters: string[]) => (await disco(['journal', '--url', sim.controlUrl, '--once', ...filters])).stdout.trim().split('\n').filter(Boolean);
    expect(await lines('--header', 'X-Retry')).toHaveLength(2);
    expect(await lines('--header', 'X-Retry: 1')).toEqual([expect.stringMatching(/GET +\/\S+\/api\/packages\?offset=100 /)]);
    expect(await lines('--header', 'x-retry', '--header', 'idempotency-key')).toHaveLength(1);
    expect(await lines('--query', 'offset=0')).toEqual([expect.stringMatching(/\?offset=0 /)]);
    expect(await lines('--query', 'offset', '--query', 'limit')).toEqual([]);
    expect(await lines('--body', '"package_id":77')).toEqual([expect.stringMatching(/POST +\/\S+\/api\/jobs /)]);
  });

  it('--har writes the requests as an HTTP Archive: absolute URLs, redacted, each with its request id and the journal\'s hint; following, until SIGTERM', { timeout: 30_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-journal-har-'));
    try {
      await sim.control.journal.clear();
      const key = sim.accounts[0]!.users[0]!.api_key;
      const auth = { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, accept: ACCEPT };
      await fetch(`${sim.interfaceB()}/packages?limit=1`, { headers: auth });
      await fetch(`${sim.interfaceB()}/package/1`, { headers: auth });
      await fetch(`${sim.interfaceB()}/user`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Har' }) });
      const file = join(dir, 'once.har');
      const once = await disco(['journal', '--url', sim.controlUrl, '--once', '--har', file]);
      expect(once.code).toBe(0);
      expect(once.stderr).toContain(`disco journal: 3 requests written to ${file}`);
      const text = await readFile(file, 'utf8');
      expect(text).not.toContain(key);
      expect(text).not.toContain(Buffer.from(`${key}:`).toString('base64'));
      const doc = JSON.parse(text) as { log: { version: string; entries: { request: { method: string; url: string; headers: { name: string; value: string }[]; postData?: { text: string } }; response: { status: number; content: { text?: string } }; comment: string; _requestId: string; _hint?: string }[] } };
      expect(doc.log.version).toBe('1.2');
      const [list, misspelt, put] = doc.log.entries;
      expect(list!.request.url).toBe(`${sim.interfaceB()}/packages?limit=1`);
      expect(list!.request.headers).toContainEqual({ name: 'authorization', value: 'Basic [REDACTED]' });
      expect(list!._requestId).toMatch(/^req_/);
      expect(misspelt!.response.status).toBe(404);
      expect(misspelt!._hint).toMatch(/nearest: GET \/\{account\}\/api\/packages\/\{id\}/);
      expect(misspelt!.comment).toContain(misspelt!._hint);
      expect(JSON.parse(put!.request.postData!.text)).toEqual({ name: 'Har' });
      expect(JSON.parse(put!.response.content.text!)).toMatchObject({ name: 'Har', api_key: '[REDACTED]' });

      // Following: every request that comes, and a whole file when SIGTERM ends it.
      const followed = join(dir, 'followed.har');
      const run = await disco(['journal', '--url', sim.controlUrl, '--interval', '100', '--har', followed, '--path', '/*/api/clusters'], {
        whenReady: (child) => {
          child.stdout?.on('data', (d: Buffer) => {
            if (d.toString().includes('/api/clusters')) child.kill('SIGTERM');
          });
          setTimeout(() => void fetch(`${sim.interfaceB()}/clusters`, { headers: auth }), 400);
        },
      });
      expect(run.code).toBe(0);
      const followedDoc = JSON.parse(await readFile(followed, 'utf8')) as { log: { entries: { request: { url: string } }[] } };
      expect(followedDoc.log.entries.map((e) => e.request.url)).toEqual([`${sim.interfaceB()}/clusters`]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

