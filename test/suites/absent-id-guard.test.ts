import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../suites/lib/run.ts';
import { loadChecks } from '../../suites/index.ts';
import { closeServer, localTarget } from '../support/local-target.ts';
import { withEmbeddedTarget } from '../support/run-suites.ts';
import type { CheckDefinition, ResolvedTarget } from '../../suites/lib/types.ts';
import { INTEGER_WIDTH_OVERFLOWS } from '../../suites/lib/arbitraries/ids-and-paths.ts';

/**
 * A target whose own ids reach the range a run takes for absent ones halts the run at the first
 * answer that shows one (suites/lib/absent-id-guard.ts): the check in flight sends nothing more
 * but its cleanups, the checks after it do not start, all say why, and none passes or fails on
 * what it could not check safely.
 */
describe('a run halts when the target shows ids inside the range taken for absent ones', () => {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    const body = req.url === '/made' ? { id: 1_500_000_000 } : { id: 7 };
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  let target: ResolvedTarget;
  beforeAll(async () => {
    target = await localTarget(server);
  });
  afterAll(() => closeServer(server));

  const check = (id: string, run: CheckDefinition['run']): CheckDefinition => ({ id, clauses: [], title: id, needs: ['b'], run });

  it('the check in flight sends only its cleanups, the next does not start; both are errors that say what to do', async () => {
    seen.length = 0;
    const first = check('b-guard/makes', async (t) => {
      await t.http.request('GET', `${target.baseUrl}/before`);
      const made = await t.http.request('POST', `${target.baseUrl}/made`);
      t.cleanup('delete what was made', async () => void (await t.http.request('DELETE', `${target.baseUrl}/made/${String((made.json as { id: number }).id)}`)));
      await t.http.request('DELETE', `${target.baseUrl}/pipelines/1500000001`);
    });
    const second = check('b-guard/next', async (t) => void (await t.http.request('GET', `${target.baseUrl}/next`)));
    const out = await runChecks({ target, checks: [first, second], profile: 'spec', seed: 1, runs: 1, readOnly: false, timeoutMs: 2000, schedule: 'serial' });
    expect(seen).toEqual(['GET /before', 'POST /made', 'DELETE /made/1500000000']);
    expect(out.checks.map((c) => c.verdict)).toEqual(['error', 'error']);
    expect(out.checks[0]?.reason).toMatch(/DELETE http:\/\/127\.0\.0\.1:\d+\/pipelines\/1500000001: not sent: halted: the target's ids reach/);
    expect(out.checks[1]?.reason).toMatch(/^not run: halted: .*POST \/made answered id 1500000000/);
    expect(out.checks[1]?.requests).toBe(0);
    expect(out.leftovers).toEqual([]);
    expect(out.halted).toMatch(/^the target's ids reach the ids the run takes by default .*POST \/made answered id 1500000000/);
  });

  it('the whole suite against the alt simulator (ids from 10^9) without its absent_ids: nothing passes or fails unsafely, nothing is revoked', async () => {
    await withEmbeddedTarget({ conventions: 'alt' }, async (embedded) => {
      const { absentIds, ...undeclared } = embedded.target;
      expect(absentIds).toBeDefined();
      const out = await runChecks({ target: undeclared, checks: await loadChecks(), profile: 'spec', seed: 63, runs: 10, readOnly: false, timeoutMs: 10_000 });
      expect(out.checks.filter((c) => c.verdict === 'fail').map((c) => c.id)).toEqual([]);
      const errors = out.checks.filter((c) => c.verdict === 'error');
      expect(errors.length).toBeGreaterThan(80);
      for (const c of errors) expect(c.reason).toContain('set absent_ids in the target document');
      expect(out.halted).toContain('GET /api/public/v1/pipelines answered');
      expect(out.leftovers).toEqual([]);
      // The configured admin key still works: nothing took it for an absent key and revoked it.
      const admin = embedded.target.a[0]!.adminKey!;
      const res = await fetch(`${embedded.target.cdcBaseUrl}/api/public/v1/pipelines`, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status).toBe(200);
    });
  });
});

describe('a target document that names its own absent ids', () => {
  it('is the only place the checks that sweep absent ids take them from: no id beyond the range is named', { timeout: 90_000 }, async () => {
    await withEmbeddedTarget({}, async (embedded) => {
      // A deployment whose own ids reach 10^9 says which ids name nothing; the simulator's stay small.
      const range = { min: 700_000_000, max: 700_100_000 };
      const ids = ['b-err/404-same-message-reads', 'b-err/404-same-message-writes', 'b-iso/foreign-ids-read-as-absent'];
      const checks = (await loadChecks()).filter((c) => ids.includes(c.id));
      const named: string[] = [];
      const out = await runChecks({
        target: { ...embedded.target, absentIds: range },
        checks,
        profile: 'simulator',
        seed: 8,
        runs: 5,
        readOnly: false,
        timeoutMs: 10_000,
        onExchange: (ex) => named.push(...[...`${ex.request.url} ${ex.request.body ?? ''}`.matchAll(/\d{9,}/g)].map((m) => m[0])),
      });
      expect(out.checks.map((c) => [c.id, c.verdict])).toEqual(checks.map((c) => [c.id, 'pass']));
      // The ids just past the integer widths are read whatever they name (b-err's wide-id reads, judged on a 404 only): no absent ids.
      const outside = named.filter((n) => (Number(n) < range.min || Number(n) > range.max) && !INTEGER_WIDTH_OVERFLOWS.includes(n));
      expect(outside).toEqual([]);
      expect(named.length).toBeGreaterThan(20);
    });
  });
});
