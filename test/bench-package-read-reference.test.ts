// The bench's references (bench/package-read-reference.ts) must answer what the simulator
// answers, on node:http and on Koa alike, or their throughput says nothing about the simulator's
// own work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSimulator } from '../simulator/app.ts';
import { listen, type Listening } from '../simulator/server.ts';
import { applySeed } from '../simulator/control/seed.ts';
import { loadNamedSeed } from '../simulator/control/seed-files.ts';
import { VENDOR_MEDIA_TYPE } from '../simulator/http/accept.ts';
import { packageReadOnKoa, packageReadOnNodeHttp } from '../bench/package-read-reference.ts';
import type { Journal } from '../simulator/journal/journal.ts';

let simulator: Listening;
let journal: Journal;
const references: { name: string; server: Server; port: number }[] = [];
let account = '';
let key = '';
let packageId = 0;

beforeAll(async () => {
  const seed = await loadNamedSeed('default');
  const { app, sim } = createSimulator({ options: { deliverWebhooks: 'off', rateLimitPerHour: 0 } });
  journal = sim.journal;
  const [acme] = applySeed(sim, seed!);
  account = acme!.account_id;
  key = acme!.users[0]!.api_key;
  packageId = acme!.package_ids[0]!;
  simulator = await listen(app, 0, '127.0.0.1');
  for (const [name, server] of [['node:http', createServer(packageReadOnNodeHttp(sim))], ['Koa', createServer(packageReadOnKoa(sim).callback())]] as const) {
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

/** A GET with the simulator's Host header, so links in either body name the same origin. */
function get(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: new URL(simulator.origin).host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const basic = (k: string) => `Basic ${Buffer.from(`${k}:`).toString('base64')}`;

describe.each(['node:http', 'Koa'])('the bench reference on %s', (name) => {
  const portOf = () => references.find((r) => r.name === name)!.port;
  it('answers a package exactly as the simulator does, with the headers every answer carries', async () => {
    const headers = { accept: VENDOR_MEDIA_TYPE, authorization: basic(key) };
    const path = `/${account}/api/packages/${packageId}`;
    const simulated = await get(Number(new URL(simulator.origin).port), path, headers);
    const reference = await get(portOf(), path, headers);
    expect(simulated.status).toBe(200);
    expect(reference.status).toBe(200);
    expect(reference.body).toBe(simulated.body);
    for (const header of ['content-type', 'content-length', 'server', 'x-content-type-options', 'cache-control']) {
      expect(reference.headers[header], header).toBe(simulated.headers[header]);
    }
    expect(reference.headers.date).toMatch(/GMT$/);
    // Its share of the work includes the journal entry the simulator records for the exchange.
    const entry = journal.get(String(reference.headers['x-request-id']));
    expect(entry).toMatchObject({ method: 'GET', path, interface: 'B', account, status: 200, response: { body: reference.body } });
  });

  it('refuses what the simulator refuses: no key, a wrong key, a wrong Accept, another account, an absent package', async () => {
    const path = `/${account}/api/packages/${packageId}`;
    const port = portOf();
    expect((await get(port, path, { accept: VENDOR_MEDIA_TYPE })).status).toBe(401);
    expect((await get(port, path, { accept: VENDOR_MEDIA_TYPE, authorization: basic('not-a-key') })).status).toBe(401);
    expect((await get(port, path, { accept: 'application/json', authorization: basic(key) })).status).toBe(406);
    expect((await get(port, `/another-account/api/packages/${packageId}`, { accept: VENDOR_MEDIA_TYPE, authorization: basic(key) })).status).toBe(404);
    expect((await get(port, `/${account}/api/packages/987654`, { accept: VENDOR_MEDIA_TYPE, authorization: basic(key) })).status).toBe(404);
  });
});
