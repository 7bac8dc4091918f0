// The bench's references (bench/own-code-alone.ts) must answer what the simulator answers, on
// node:http and on Koa alike, or their throughput says nothing about the simulator's own work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSimulator } from '../simulator/app.ts';
import { listen, type Listening } from '../simulator/server.ts';
import { applySeed } from '../simulator/control/seed.ts';
import { loadNamedSeed } from '../simulator/control/seed-files.ts';
import { VENDOR_MEDIA_TYPE } from '../simulator/http/accept.ts';
import { answeredAlone, ownCodeOnKoa, ownCodeOnNodeHttp } from '../bench/own-code-alone.ts';
import type { Journal } from '../simulator/journal/journal.ts';

let simulator: Listening;
let journal: Journal;
const references: { name: string; server: Server; port: number }[] = [];
let account = '';
let key = '';
let packageId = 0;
let clusterId = 0;

beforeAll(async () => {
  const seed = await loadNamedSeed('default');
  const { app, sim } = createSimulator({ options: { deliverWebhooks: 'off', rateLimitPerHour: 0 } });
  journal = sim.journal;
  const [acme] = applySeed(sim, seed!);
  account = acme!.account_id;
  key = acme!.users[0]!.api_key;
  packageId = acme!.package_ids[0]!;
  clusterId = acme!.cluster_ids[0]!;
  simulator = await listen(app, 0, '127.0.0.1');
  for (const [name, server] of [['node:http', createServer(ownCodeOnNodeHttp(sim))], ['Koa', createServer(ownCodeOnKoa(sim).callback())]] as const) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    references.push({ name, server, port: (server.address() as AddressInfo).port });
  }
});
afterAll(async () => {
  for (const { server } of references) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await simulator.close();
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with the simulator's Host header, so links in either body name the same origin. */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: new URL(simulator.origin).host, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const basic = (k: string) => `Basic ${Buffer.from(`${k}:`).toString('base64')}`;
const simulatorPort = () => Number(new URL(simulator.origin).port);
const COMMON_HEADERS = ['content-type', 'server', 'x-content-type-options', 'cache-control'];

describe.each(['node:http', 'Koa'])('the bench reference on %s', (name) => {
  const portOf = () => references.find((r) => r.name === name)!.port;

  it('answers a package exactly as the simulator does, with the headers every answer carries', async () => {
    const headers = { accept: VENDOR_MEDIA_TYPE, authorization: basic(key) };
    const path = `/${account}/api/packages/${packageId}`;
    const simulated = await send(simulatorPort(), 'GET', path, headers);
    const reference = await send(portOf(), 'GET', path, headers);
    expect(simulated.status).toBe(200);
    expect(reference.status).toBe(200);
    expect(reference.body).toBe(simulated.body);
    for (const header of [...COMMON_HEADERS, 'content-length']) expect(reference.headers[header], header).toBe(simulated.headers[header]);
    expect(reference.headers.date).toMatch(/GMT$/);
    // Its share of the work includes the journal entry the simulator records for the exchange.
    const entry = journal.get(String(reference.headers['x-request-id']));
    expect(entry).toMatchObject({ method: 'GET', path, interface: 'B', account, status: 200, response: { body: reference.body } });
  });

  it('creates a job as the simulator does: same status and headers, the same fields, the next id', async () => {
    const headers = { accept: VENDOR_MEDIA_TYPE, authorization: basic(key), 'content-type': 'application/json' };
    const body = JSON.stringify({ cluster_id: clusterId, package_id: packageId });
    const path = `/${account}/api/jobs`;
    const simulated = await send(simulatorPort(), 'POST', path, headers, body);
    const reference = await send(portOf(), 'POST', path, headers, body);
    expect(simulated.status).toBe(201);
    expect(reference.status).toBe(simulated.status);
    for (const header of COMMON_HEADERS) expect(reference.headers[header], header).toBe(simulated.headers[header]);
    const made = JSON.parse(simulated.body) as Record<string, unknown>;
    const madeByReference = JSON.parse(reference.body) as Record<string, unknown>;
    // A new job each time: the id is the next one, and what is made of it follows; the rest is equal.
    expect(madeByReference.id).toBe((made.id as number) + 1);
    const withoutId = (job: Record<string, unknown>) => JSON.parse(JSON.stringify(job).replaceAll(`/jobs/${String(job.id)}`, '/jobs/ID')) as Record<string, unknown>;
    const { id: _a, created_at: _b, updated_at: _c, ...rest } = withoutId(madeByReference);
    const { id: _d, created_at: _e, updated_at: _f, ...simulatedRest } = withoutId(made);
    expect(rest).toEqual(simulatedRest);
    expect(Object.keys(madeByReference)).toEqual(Object.keys(made));
    const entry = journal.get(String(reference.headers['x-request-id']));
    expect(entry).toMatchObject({ method: 'POST', path, account, status: 201, request: { body }, response: { body: reference.body } });
  });

  it('refuses what the simulator refuses: no key, a wrong key, a wrong Accept, another account, an absent package', async () => {
    const path = `/${account}/api/packages/${packageId}`;
    const port = portOf();
    expect((await send(port, 'GET', path, { accept: VENDOR_MEDIA_TYPE })).status).toBe(401);
    expect((await send(port, 'GET', path, { accept: VENDOR_MEDIA_TYPE, authorization: basic('not-a-key') })).status).toBe(401);
    expect((await send(port, 'GET', path, { accept: 'application/json', authorization: basic(key) })).status).toBe(406);
    expect((await send(port, 'GET', `/another-account/api/packages/${packageId}`, { accept: VENDOR_MEDIA_TYPE, authorization: basic(key) })).status).toBe(404);
    expect((await send(port, 'GET', `/${account}/api/packages/987654`, { accept: VENDOR_MEDIA_TYPE, authorization: basic(key) })).status).toBe(404);
    expect((await send(port, 'POST', `/${account}/api/jobs`, { accept: VENDOR_MEDIA_TYPE, authorization: basic(key), 'content-type': 'text/plain' }, '{}')).status).toBe(415);
  });

  it('answers exactly the requests answeredAlone names (bench/profile.ts refuses the others)', async () => {
    const port = portOf();
    const headers = { accept: VENDOR_MEDIA_TYPE, authorization: basic(key) };
    expect(answeredAlone('GET', `/${account}/api/packages/${packageId}`)).toBe(true);
    expect((await send(port, 'GET', `/${account}/api/packages/${packageId}`, headers)).status).toBe(200);
    expect(answeredAlone('POST', `/${account}/api/jobs`)).toBe(true);
    for (const [method, path] of [['GET', `/${account}/api/invoices`], ['GET', `/${account}/api/jobs`], ['POST', `/${account}/api/packages/${packageId}`], ['DELETE', `/${account}/api/packages/${packageId}`], ['GET', `/${account}/api/packages/${packageId}?fields=id`]] as const) {
      expect(answeredAlone(method, path), `${method} ${path}`).toBe(false);
      const answer = await send(port, method, path, headers);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });
});
