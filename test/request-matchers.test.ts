import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../api/index.ts';

/**
 * Matching requests by their headers, query parameters and body (WireMock's `withHeader`,
 * `withQueryParam`, `withRequestBody(containing)`) on both surfaces that match requests: the
 * journal's filters and chaos rules. Real requests on loopback, then the control API, through
 * the typed client and as raw HTTP where the wire format itself is the point.
 */

const ACCEPT = 'application/vnd.service+json; version=2';

/** The errors a 422 names, sorted. */
async function refusedFields(res: Response): Promise<string[]> {
  expect(res.status).toBe(422);
  const body = (await res.json()) as { errors?: { field: string }[] };
  return (body.errors ?? []).map((e) => e.field).sort();
}

describe('journal filters on headers, query and body', () => {
  let sim: RunningSimulator;
  let auth: string;
  let basicValue: string;
  let packageId: number;
  let clusterId: number;

  beforeAll(async () => {
    sim = await startSimulator({ clock: 'frozen' });
    const account = sim.accounts[0]!;
    basicValue = Buffer.from(`${account.users[0]?.api_key ?? ''}:`).toString('base64');
    auth = `Basic ${basicValue}`;
    packageId = account.package_ids[0] ?? 0;
    clusterId = account.cluster_ids[0] ?? 0;
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    await sim.control.journal.clear();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${sim.interfaceB()}${path}`, { headers: { authorization: auth, accept: ACCEPT, ...headers } });
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${sim.interfaceB()}${path}`, { method: 'POST', headers: { authorization: auth, accept: ACCEPT, 'content-type': 'application/json', ...headers }, body });
  const listed = async (queryString: string) => {
    const res = await fetch(`${sim.controlUrl}/journal?${queryString}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { entries: { id: string }[] }).entries.map((e) => e.id);
  };
  const idOf = (res: Response) => res.headers.get('x-request-id') ?? '';

  it('header: present, or a value that contains a text; names in any letter case; several must all match', async () => {
    const retried = await get('/packages', { 'X-Retry': '1', 'Idempotency-Key': 'key-abc-1' });
    const first = await get('/packages', { 'X-Retry': '0' });
    await get('/packages');
    expect(await sim.control.journal.count({ header: 'Idempotency-Key' })).toBe(1);
    expect(await sim.control.journal.count({ header: 'x-retry' })).toBe(2);
    expect(await sim.control.journal.count({ header: 'X-Retry: 1' })).toBe(1);
    expect(await sim.control.journal.count({ header: ['X-RETRY:1', 'idempotency-key: abc'] })).toBe(1);
    expect(await sim.control.journal.count({ header: ['X-Retry: 0', 'Idempotency-Key'] })).toBe(0);
    expect(await sim.control.journal.count({ header: 'X-Nobody-Sends-This' })).toBe(0);
    // The query string repeats `header`, one matcher each; the typed client writes it so too.
    expect(await listed(`header=X-Retry:1&header=Idempotency-Key`)).toEqual([idOf(retried)]);
    expect(await listed(`header=X-Retry`)).toEqual([idOf(retried), idOf(first)]);
    expect((await sim.control.journal.list({ header: ['X-Retry: 1', 'Idempotency-Key: key-abc'] })).map((e) => e.id)).toEqual([idOf(retried)]);
  });

  it('query: a parameter present, or equal to a value after percent-decoding; several must all match', async () => {
    const hundred = await get('/packages?offset=100&limit=5');
    const encoded = await get('/packages?offset=1%30%30');
    await get('/packages?offset=0');
    await get('/packages?q=a+b');
    expect(await sim.control.journal.count({ query: 'offset' })).toBe(3);
    expect(await sim.control.journal.count({ query: 'offset=100' })).toBe(2);
    expect(await sim.control.journal.count({ query: ['offset=100', 'limit=5'] })).toBe(1);
    expect(await sim.control.journal.count({ query: ['offset=100', 'limit=6'] })).toBe(0);
    expect(await sim.control.journal.count({ query: 'q=a b' })).toBe(1);
    expect(await sim.control.journal.count({ query: 'q=a%20b' })).toBe(1);
    expect(await sim.control.journal.count({ query: 'offset=1000' })).toBe(0);
    // In the journal's own query string `=` may stand as it is, or be escaped once.
    expect(await listed('query=offset=100')).toEqual([idOf(hundred), idOf(encoded)]);
    expect(await listed('query=offset%3D100&query=limit')).toEqual([idOf(hundred)]);
  });

  it('body: the text is in the body as the journal shows it (JSON re-serialised without spaces); together with method, path and the other matchers', async () => {
    const five = await post('/jobs', `{"cluster_id": ${clusterId}, "package_id": ${packageId}}`, { 'Idempotency-Key': 'k-1' });
    await post('/jobs', JSON.stringify({ cluster_id: clusterId, package_id: packageId + 1000 }));
    await get(`/packages/${packageId}`);
    const named = `"package_id":${packageId}`;
    expect(await sim.control.journal.count({ method: 'POST', path: '/*/api/jobs', body: named })).toBe(2);
    expect(await sim.control.journal.count({ method: 'POST', path: '/*/api/jobs', body: `${named},` })).toBe(0);
    expect(await sim.control.journal.count({ body: `${named}}` })).toBe(1);
    // As sent, with its spaces, is not as shown.
    expect(await sim.control.journal.count({ body: `"package_id": ${packageId}` })).toBe(0);
    expect(await sim.control.journal.count({ method: 'POST', body: named, header: 'Idempotency-Key' })).toBe(1);
    expect(await sim.control.journal.count({ method: 'GET', body: named })).toBe(0);
    expect(await listed(`method=POST&body=${encodeURIComponent(`${named}}`)}&header=Idempotency-Key:k-1`)).toEqual([idOf(five)]);
  });

  it('never matches a secret as sent: a count tells the same for every guess of a key, a password or a token, as the entry shows them redacted', async () => {
    await get('/packages?access_token=query-token-secret-7');
    await fetch(`${sim.interfaceB()}/user`, { method: 'PUT', headers: { authorization: auth, accept: ACCEPT, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Renamed', current_password: 'hunter2-secret' }) });
    await get('/packages', { 'X-Api-Key': 'api-key-secret-8' });
    const requests = 3;
    // Growing parts of the real key and made-up ones: the same count each time, none.
    const guesses = [1, 2, 4, 8, basicValue.length].map((n) => basicValue.slice(0, n)).concat(['Zm9v', 'x', basicValue.slice(1)]);
    for (const guess of guesses) {
      expect(await sim.control.journal.count({ header: `authorization: Basic ${guess}` }), guess).toBe(0);
      expect(await listed(`header=${encodeURIComponent(`Authorization: ${guess}`)}`), guess).toEqual([]);
    }
    // What a reader can see is matched: the header is there, its scheme, the redaction mark.
    expect(await sim.control.journal.count({ header: 'authorization' })).toBe(requests);
    expect(await sim.control.journal.count({ header: 'authorization: Basic' })).toBe(requests);
    expect(await sim.control.journal.count({ header: 'authorization: Basic [REDACTED]' })).toBe(requests);
    expect(await sim.control.journal.count({ header: 'x-api-key: api' })).toBe(0);
    expect(await sim.control.journal.count({ header: 'x-api-key' })).toBe(1);
    // A secret in the query or the body alike.
    for (const guess of ['q', 'query-token', 'query-token-secret-7']) expect(await sim.control.journal.count({ query: `access_token=${guess}` }), guess).toBe(0);
    expect(await sim.control.journal.count({ query: 'access_token' })).toBe(1);
    expect(await sim.control.journal.count({ query: 'access_token=[REDACTED]' })).toBe(1);
    for (const guess of ['hunter', 'hunter2-secret', '"current_password":"h']) expect(await sim.control.journal.count({ body: guess }), guess).toBe(0);
    expect(await sim.control.journal.count({ body: '"current_password":"[REDACTED]"' })).toBe(1);
  });

  it('never matches an interface A key sent in a path by a path pattern: the journal shows it redacted', async () => {
    const key = sim.accounts[0]!.pipeline_keys[0]!.key;
    // A client that put its key where an id belongs: answered (a 404), journaled with the key hidden.
    await fetch(`${sim.interfaceA}/pipelines/${key}`, { method: 'DELETE', headers: { authorization: 'Bearer not-a-key' } });
    for (const n of [4, 8, 12, key.length]) {
      expect(await sim.control.journal.count({ path: `/api/public/v1/pipelines/${key.slice(0, n)}*` }), `${n} characters`).toBe(0);
      expect(await sim.control.journal.count({ path: `/**${key.slice(0, n)}**` }), `${n} characters anywhere`).toBe(0);
    }
    expect(await sim.control.journal.count({ path: '/api/public/v1/pipelines/*' })).toBe(1);
    expect(await sim.control.journal.count({ path: '/api/public/v1/pipelines/[REDACTED]' })).toBe(1);
  });

  it('refuses bad matchers with a 422 naming each field, in JSON and in the query string', async () => {
    const count = await fetch(`${sim.controlUrl}/journal/count`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ header: ['X-Retry: 1', 'Not A Name: x', 5], query: [], body: '' }) });
    expect(await refusedFields(count)).toEqual(['body', 'header[1]', 'header[2]', 'query']);
    const shapes = await fetch(`${sim.controlUrl}/journal/count`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ header: { 'X-Retry': '1' }, query: '=100', body: ['a'] }) });
    expect(await refusedFields(shapes)).toEqual(['body', 'header', 'query']);
    expect(await refusedFields(await fetch(`${sim.controlUrl}/journal?header=${encodeURIComponent('bad name')}&query=%3D1&body=a&body=b`))).toEqual(['body', 'header', 'query']);
    expect(await refusedFields(await fetch(`${sim.controlUrl}/journal?header=ok&header=`))).toEqual(['header[1]']);
  });
});

describe('chaos rules on headers and query', () => {
  let sim: RunningSimulator;
  let headers: Record<string, string>;
  let basicValue: string;

  beforeAll(async () => {
    sim = await startSimulator();
    basicValue = Buffer.from(`${sim.accounts[0]?.users[0]?.api_key ?? ''}:`).toString('base64');
    headers = { authorization: `Basic ${basicValue}`, accept: ACCEPT };
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    await sim.control.chaos.clear();
  });

  const status = async (path: string, extra: Record<string, string> = {}, method = 'GET') => (await fetch(`${sim.interfaceB()}${path}`, { method, headers: { ...headers, ...extra } })).status;

  it('header: fails only the requests that carry it, or carry a value that contains the text', async () => {
    await sim.control.chaos.add({ id: 'retries', header: 'X-Retry: 1', status: 503 });
    expect(await status('/packages', { 'X-Retry': '1' })).toBe(503);
    expect(await status('/packages', { 'x-retry': '10' })).toBe(503);
    expect(await status('/packages', { 'X-Retry': '0' })).toBe(200);
    expect(await status('/packages')).toBe(200);
    await sim.control.chaos.clear();
    await sim.control.chaos.add({ header: 'Idempotency-Key', method: 'POST', status: 409 });
    expect(await status('/jobs', { 'Idempotency-Key': 'k', 'content-type': 'application/json' }, 'POST')).toBe(409);
    expect(await status('/packages', { 'Idempotency-Key': 'k' })).toBe(200);
    expect(await status('/jobs', { 'content-type': 'application/json' }, 'POST')).not.toBe(409);
  });

  it('query: "503 only for ?offset=100", matched after percent-decoding', async () => {
    await sim.control.chaos.add({ path: '/*/api/packages', query: 'offset=100', status: 503 });
    expect(await status('/packages?offset=100')).toBe(503);
    expect(await status('/packages?limit=5&offset=1%30%30')).toBe(503);
    expect(await status('/packages?offset=0')).toBe(200);
    expect(await status('/packages?offset=1000')).toBe(200);
    expect(await status('/packages')).toBe(200);
    await sim.control.chaos.clear();
    await sim.control.chaos.add({ query: 'sort', status: 500 });
    expect(await status('/packages?sort=name')).toBe(500);
    expect(await status('/packages?limit=5')).toBe(200);
  });

  it('all together: several headers and parameters must each match; the rule shows them as written; hits count only matches', async () => {
    const rule = await sim.control.chaos.add({ id: 'both', method: 'GET', header: ['X-Retry: 1', 'X-Client'], query: ['offset=100', 'limit'], status: 503 });
    expect(rule).toMatchObject({ id: 'both', header: ['X-Retry: 1', 'X-Client'], query: ['offset=100', 'limit'] });
    const both = { 'X-Retry': '1', 'X-Client': 'app/1.0' };
    expect(await status('/packages?offset=100&limit=5', both)).toBe(503);
    expect(await status('/packages?offset=100&limit=5', { 'X-Retry': '1' })).toBe(200);
    expect(await status('/packages?offset=100', both)).toBe(200);
    expect(await status('/packages?offset=99&limit=5', both)).toBe(200);
    const listed = await sim.control.chaos.list();
    expect(listed).toEqual([expect.objectContaining({ id: 'both', header: ['X-Retry: 1', 'X-Client'], query: ['offset=100', 'limit'], hits: 1 })]);
    // A single string is shown as an array of one.
    await sim.control.chaos.add({ id: 'one', header: 'X-One', latency_ms: 0 });
    expect((await sim.control.chaos.list()).find((r) => r.id === 'one')).toMatchObject({ header: ['X-One'] });
    // The journal names the rule that acted.
    const res = await fetch(`${sim.interfaceB()}/packages?offset=100&limit=1`, { headers: { ...headers, ...both } });
    expect((await sim.control.journal.get(res.headers.get('x-request-id') ?? '')).chaos).toEqual({ rule: 'both', action: 'status 503' });
  });

  it('matches a credential as the journal shows it: the scheme and presence, never the key', async () => {
    // One rule per guess, each with an action that changes nothing: its hits would tell.
    for (const n of [4, 8, basicValue.length]) await sim.control.chaos.add({ id: `guess-${n}`, header: `Authorization: Basic ${basicValue.slice(0, n)}`, latency_ms: 0 });
    await sim.control.chaos.add({ id: 'basic', header: 'authorization: Basic [REDACTED]', latency_ms: 0 });
    await sim.control.chaos.add({ id: 'token', query: 'access_token=query-token-secret-7', latency_ms: 0 });
    await sim.control.chaos.add({ id: 'any-token', query: 'access_token', latency_ms: 0 });
    expect(await status('/packages?access_token=query-token-secret-7')).toBe(200);
    const hits = Object.fromEntries((await sim.control.chaos.list()).map((r) => [r.id, r.hits]));
    expect(hits).toEqual({ 'guess-4': 0, 'guess-8': 0, [`guess-${basicValue.length}`]: 0, basic: 1, token: 0, 'any-token': 1 });
  });

  it('matches a path as the journal shows it: a key sent in the path is never matched as sent', async () => {
    const key = sim.accounts[0]!.pipeline_keys[0]!.key;
    for (const n of [4, 12, key.length]) await sim.control.chaos.add({ id: `path-guess-${n}`, path: `/api/public/v1/pipelines/${key.slice(0, n)}*`, latency_ms: 0 });
    await sim.control.chaos.add({ id: 'path-shown', path: '/api/public/v1/pipelines/[REDACTED]', latency_ms: 0 });
    await fetch(`${sim.interfaceA}/pipelines/${key}`, { method: 'DELETE', headers: { authorization: 'Bearer not-a-key' } });
    const hits = Object.fromEntries((await sim.control.chaos.list()).map((r) => [r.id, r.hits]));
    expect(hits).toEqual({ 'path-guess-4': 0, 'path-guess-12': 0, [`path-guess-${key.length}`]: 0, 'path-shown': 1 });
  });

  it('refuses bad matchers, and body (a rule acts before the body is read), with a 422 naming each field', async () => {
    const post = (doc: unknown) => fetch(`${sim.controlUrl}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(doc) });
    expect(await refusedFields(await post({ header: 'Bad Name', query: ['offset=1', 3], status: 503 }))).toEqual(['header', 'query[1]']);
    const body = await post({ body: '"package_id":5', status: 503 });
    expect(await refusedFields(body.clone())).toEqual(['body']);
    expect(((await body.json()) as { message: string }).message).toContain('before the request body is read');
    expect(await refusedFields(await post({ rules: [{ header: [], status: 503 }, { query: '', latency_ms: 1 }, { header: 'X-Ok', status: 503 }] }))).toEqual(['rules[0].header', 'rules[1].query']);
    expect(await sim.control.chaos.list()).toEqual([]);
  });

  it('starts with matchers from the start options, as from a --chaos file', async () => {
    const other = await startSimulator({ chaos: [{ id: 'retry', header: ['X-Retry: 1'], query: 'offset=100', status: 503 }] });
    try {
      const key = Buffer.from(`${other.accounts[0]?.users[0]?.api_key ?? ''}:`).toString('base64');
      const hdrs = { authorization: `Basic ${key}`, accept: ACCEPT, 'X-Retry': '1' };
      expect((await fetch(`${other.interfaceB()}/packages?offset=100`, { headers: hdrs })).status).toBe(503);
      expect((await fetch(`${other.interfaceB()}/packages?offset=0`, { headers: hdrs })).status).toBe(200);
    } finally {
      await other.close();
    }
    await expect(startSimulator({ chaos: [{ header: 'bad name', status: 503 }] })).rejects.toThrow(/header must be a header name/);
  });
});
