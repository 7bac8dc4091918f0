import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../suites/lib/run.ts';
import { resolveTarget } from '../../suites/lib/target.ts';
import type { CheckDefinition } from '../../suites/lib/types.ts';

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
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const check: CheckDefinition = {
    id: 'test/property-stop',
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

  it.each(['500', 'reset'] as const)('%s: one request, the first case, then the check ends', async (which) => {
    mode = which;
    hits = 0;
    const target = resolveTarget({ base_url: url, accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }] }, {});
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
