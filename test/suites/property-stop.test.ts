import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../suites/lib/run.ts';
import { resolveTarget } from '../../suites/lib/target.ts';
import type { CheckDefinition } from '../../suites/lib/types.ts';

/** One property: every package id drawn is found (B-PKG-1). */
const check: CheckDefinition = {
  id: 'test/packages-found',
  clauses: ['B-PKG-1'],
  title: 'A property over package ids',
  needs: ['b'],
  async run(t) {
    await t.property('packages are found', fc.integer({ min: 1, max: 1_000_000 }), async (id) => {
      const ex = await t.b().get(`/packages/${id}`);
      t.expect.status(ex, 200, 'B-PKG-1', `GET /packages/${id} answered ${ex.response.status}`);
    });
  },
};

/** `server` listening on loopback for the enclosing describe block: its origin, once it listens. */
function servedDuring(server: http.Server): () => string {
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return () => url;
}

/** A transport error or a 5xx ends a property at once: no shrinking, no more requests to a failing target. */
describe('properties stop at a transport error or a 5xx', () => {
  let hits = 0;
  let mode: 'reset' | '500' = '500';
  const server = http.createServer((req, res) => {
    hits++;
    if (mode === 'reset') return void req.socket.destroy();
    req.resume();
    res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom"}');
  });
  const url = servedDuring(server);


  it.each(['500', 'reset'] as const)('%s: one request, the first case, then the check ends', async (which) => {
    mode = which;
    hits = 0;
    const target = resolveTarget({ base_url: url(), accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }] }, {});
    const out = await runChecks({ target, checks: [check], profile: 'spec', seed: 5, runs: 25, readOnly: false, timeoutMs: 2000 });
    expect(out.checks[0]?.verdict).toBe(which === '500' ? 'fail' : 'error');
    expect(hits).toBe(1);
    if (which === '500') expect(out.checks[0]?.properties[0]?.numShrinks ?? 0).toBe(0);
  });
});

/**
 * A property that its time limit cuts short passes on what it ran, and says how many cases that
 * was and how many were asked, so a report or certificate stating `runs` is not read as every
 * property's. (A short limit here; the run's own is 120 s.)
 */
describe('a property cut short by its time limit', () => {
  it('records the cases it ran and those it was asked to run', async () => {
    const slow: CheckDefinition = {
      id: 'test/slow-property',
      clauses: ['B-PKG-1'],
      title: 'A property whose cases take a while',
      needs: [],
      async run(t) {
        await t.property('each case waits', fc.integer(), async () => t.sleep(20));
      },
    };
    const target = resolveTarget({ base_url: 'http://127.0.0.1:9', accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }] }, {});
    const out = await runChecks({ target, checks: [slow], profile: 'spec', seed: 5, runs: 1000, readOnly: false, timeoutMs: 2000, propertyTimeLimitMs: 200 });
    const [property] = out.checks[0]?.properties ?? [];
    expect(out.checks[0]?.verdict).toBe('pass');
    expect(property?.asked).toBe(1000);
    expect(property?.runs).toBeGreaterThan(0);
    expect(property?.runs).toBeLessThan(1000);
    expect(out.checks[0]?.notes.join(' ')).toMatch(/ran \d+ of 1000 cases before its 0\.2 s limit/);
  });
});

/**
 * `--no-shrink`: a failing property ends at its first failing case. Shrinking sends the failing
 * case's requests again and again for a smaller counterexample; the verdict is the same without it.
 */
describe('a failing property without shrinking', () => {
  let hits = 0;
  // Packages up to 1,000 exist; past that every id is a 404, so most cases fail and shrinking
  // walks the counterexample down towards 1,001.
  const server = http.createServer((req, res) => {
    hits++;
    req.resume();
    const id = Number(/\/packages\/(\d+)/.exec(req.url ?? '')?.[1]);
    if (id <= 1000) return void res.writeHead(200, { 'content-type': 'application/vnd.xplenty+json; version=2' }).end(`{"id":${id}}`);
    res.writeHead(404, { 'content-type': 'application/vnd.xplenty+json; version=2' }).end('{"message":"not found"}');
  });
  const url = servedDuring(server);

  const target = () => resolveTarget({ base_url: url(), accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }] }, {});

  it('fails the same, after the first failing case only, with that case as counterexample and no shrink count', async () => {
    hits = 0;
    const shrunk = await runChecks({ target: target(), checks: [check], profile: 'spec', seed: 5, runs: 25, readOnly: false, timeoutMs: 2000 });
    const shrinkingHits = hits;
    hits = 0;
    const unshrunk = await runChecks({ target: target(), checks: [check], profile: 'spec', seed: 5, runs: 25, readOnly: false, timeoutMs: 2000, shrink: false });
    expect([shrunk.checks[0]?.verdict, unshrunk.checks[0]?.verdict]).toEqual(['fail', 'fail']);
    expect(shrunk.checks[0]?.properties[0]?.numShrinks).toBeGreaterThan(0);
    expect(shrinkingHits).toBeGreaterThan(hits);
    const [property] = unshrunk.checks[0]?.properties ?? [];
    expect(property?.numShrinks).toBeUndefined();
    // The first failing case of this seed, as fast-check drew it, and nothing after it.
    expect(Number(/\[(\d+)\]/.exec(property?.counterexample ?? '')?.[1])).toBeGreaterThan(1000);
    // fast-check's path of an unshrunk failure is the failing case's index: one request per case up to it.
    expect(property?.path).toMatch(/^\d+$/);
    expect(hits).toBe(Number(property?.path) + 1);
    expect(unshrunk.checks[0]?.failures[0]?.clause).toBe('B-PKG-1');
  });
});
