import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveTarget } from '../../suites/lib/target.ts';
import { discoUserAgent } from '../../reports/suite-version.ts';
import { probeTarget } from './probe.ts';

/**
 * The probe before a run: a base URL that answers at all is reachable; an interface path that
 * answers a keyless request with a redirect names the wrong address, and the run stops (exit 2)
 * saying where the redirect goes and, when it only moves the same path elsewhere, what to set.
 */

type Answer = { status: number; location?: string };
const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise<void>((resolve) => s.close(() => resolve()));
});

/** A server answering each path as `answer` says; everything it was asked, in order. */
async function serve(answer: (path: string) => Answer): Promise<{ origin: string; asked: string[] }> {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(`${req.method} ${req.url} accept=${req.headers.accept ?? '-'} authorization=${req.headers.authorization ?? '-'} user-agent=${req.headers['user-agent'] ?? '-'}`);
    const a = answer(req.url ?? '/');
    res.writeHead(a.status, a.location === undefined ? {} : { location: a.location }).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

function targetAt(base: string, cdc?: string) {
  return resolveTarget({
    base_url: base,
    ...(cdc ? { cdc_base_url: cdc, key_prefix: 'fdk' } : {}),
    accounts: [{ account_id: 'acme+data', api_key: 'probe-test-key', ...(cdc ? { pipeline_admin_key: 'fdk_probe-test-admin' } : {}) }],
  }, {});
}

const UNAUTHENTICATED: Answer = { status: 401 };

describe('the probe before a run', () => {
  it('lets a target through that refuses keyless interface requests, whatever its root does; it sends no key', async () => {
    const { origin, asked } = await serve((path) => (path === '/' ? { status: 302, location: 'https://docs.example.invalid/' } : UNAUTHENTICATED));
    expect(await probeTarget(targetAt(origin, `${origin}/cdc`), 2000)).toBeNull();
    // The run's User-Agent (a firewall may refuse a request without one).
    const ua = `user-agent=${discoUserAgent()}`;
    expect(asked).toEqual([
      `GET / accept=- authorization=- ${ua}`,
      `GET /cdc/ accept=- authorization=- ${ua}`,
      `GET /acme%2Bdata/api/packages accept=application/vnd.service+json; version=2 authorization=- ${ua}`,
      `GET /cdc/api/public/v1/pipelines accept=- authorization=- ${ua}`,
    ]);
  });

  it('stops at an http:// address whose API moved to https://, naming what to set', async () => {
    const { origin } = await serve((path) => (path === '/' ? { status: 200 } : { status: 308, location: `https://api.example.invalid${path}` }));
    expect(await probeTarget(targetAt(origin), 2000)).toBe(
      `target redirects: GET ${origin}/acme%2Bdata/api/packages without a key answered 308 to https://api.example.invalid/acme%2Bdata/api/packages; the API answers at https://api.example.invalid: set base_url to https://api.example.invalid`,
    );
  });

  it('names cdc_base_url, with its path, when only interface A redirects', async () => {
    const { origin } = await serve((path) => (path.startsWith('/cdc/api/') ? { status: 301, location: `https://cdc.example.invalid${path}` } : UNAUTHENTICATED));
    expect(await probeTarget(targetAt(origin, `${origin}/cdc`), 2000)).toBe(
      `target redirects: GET ${origin}/cdc/api/public/v1/pipelines without a key answered 301 to https://cdc.example.invalid/cdc/api/public/v1/pipelines; the API answers at https://cdc.example.invalid: set cdc_base_url to https://cdc.example.invalid/cdc`,
    );
  });

  it('stops at a sign-in page in the way, without its query', async () => {
    const { origin } = await serve((path) => (path === '/' ? { status: 200 } : { status: 302, location: '/login?state=opaque-sign-in-state' }));
    const problem = await probeTarget(targetAt(origin), 2000);
    expect(problem).toBe(
      `target redirects: GET ${origin}/acme%2Bdata/api/packages without a key answered 302 to ${origin}/login; no interface of the spec redirects (a keyless request gets 401): base_url must be the API's own address, not a page or gateway in front of it`,
    );
    expect(problem).not.toContain('opaque-sign-in-state');
  });

  it('names a redirect without a Location too', async () => {
    const { origin } = await serve((path) => (path === '/' ? { status: 200 } : { status: 307 }));
    expect(await probeTarget(targetAt(origin), 2000)).toMatch(/answered 307 to no Location; no interface of the spec redirects/);
  });

  it('takes a 304 or a 4xx or 5xx as an answer: judging them is the checks\' work', async () => {
    for (const status of [304, 400, 404, 406, 500]) {
      const { origin } = await serve((path) => (path === '/' ? { status: 200 } : { status }));
      expect(await probeTarget(targetAt(origin), 2000)).toBeNull();
    }
  });
});
