import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChecks } from '../../suites/index.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import { runChecks } from '../../suites/lib/run.ts';
import { resolveTarget } from '../../suites/lib/target.ts';

/**
 * No check passes by accident: every check against targets that answer everything the same way.
 * A server that answers 500 to everything passes no check at all (a gap difference that is a
 * 5xx fails X-ROB-1 instead of being advisory). One that answers `200 {}` passes no must clause.
 */

type Answer = { status: number; body: string };
const ANSWERS: Record<string, Answer> = {
  '500': { status: 500, body: '{"message":"boom"}' },
  '200 {}': { status: 200, body: '{}' },
  '404 error object': { status: 404, body: '{"message":"Item not found.","error":"Not found."}' },
};

async function runAgainst(answer: Answer) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const target = resolveTarget(
      {
        name: 'degenerate',
        base_url: url,
        cdc_base_url: url,
        accounts: [
          { account_id: 'acme', api_key: 'k'.repeat(40), pipeline_admin_key: `fdk_${'a'.repeat(40)}`, pipeline_key: `fdk_${'b'.repeat(40)}`, fixtures: { package_id: 1, cluster_id: 2, connections: { mysql: 3, salesforce: 4, bingads: 5 }, delivery_ids: [6], notification_ids: [7], pipeline_ids: [8], archivable_pipelines: { deployed: 9, not_deployed: 10 } } },
          { account_id: 'globex', api_key: 'g'.repeat(40), pipeline_admin_key: `fdk_${'c'.repeat(40)}`, fixtures: { package_id: 11, cluster_id: 12, pipeline_ids: [13] } },
        ],
      },
      {},
    );
    const out = await runChecks({ target, checks: await loadChecks(), profile: 'spec', seed: 1, runs: 5, readOnly: false, timeoutMs: 3000 });
    return { out, verdicts: clauseVerdicts(out.checks, { profile: 'spec' }) };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('every check against a degenerate target', () => {
  const runs = new Map<string, Awaited<ReturnType<typeof runAgainst>>>();
  beforeAll(async () => {
    for (const [name, answer] of Object.entries(ANSWERS)) runs.set(name, await runAgainst(answer));
  }, 120_000);
  afterAll(() => runs.clear());

  it('a target answering 500 to everything passes no check', () => {
    const run = runs.get('500')!;
    expect(run.out.checks.filter((c) => c.verdict === 'pass').map((c) => c.id)).toEqual([]);
    expect(run.verdicts.find((v) => v.id === 'X-ROB-1')?.verdict).toBe('fail');
  });

  it('a target answering 200 {} to everything passes no must clause', () => {
    expect(runs.get('200 {}')!.verdicts.filter((v) => v.kind === 'must' && v.verdict === 'pass').map((v) => v.id)).toEqual([]);
  });

  it('a target answering 404 with an error object passes no must clause', () => {
    // Its 404s and refusals are true of it, but prove nothing until the target is seen finding
    // what exists (positive controls, suites/lib/controls.ts): interface B's 404 rules (B-ERR-1,
    // B-JOB-2) want GET /connections/types answered; interface A's (A-ENUM-2, A-PIPE-3) want a
    // pipeline of the caller found by its id, and this one never finds any.
    const run = runs.get('404 error object')!;
    expect(run.verdicts.filter((v) => v.kind === 'must' && v.verdict === 'pass').map((v) => v.id)).toEqual([]);
    for (const id of ['A-ENUM-2', 'A-PIPE-3', 'B-ERR-1', 'B-JOB-2']) expect(run.verdicts.find((v) => v.id === id)?.verdict, id).toBe('not-verified');
  });
});

describe('a target that stops answering ends the run quickly', () => {
  type Behaviour = 'never answers' | 'resets every connection' | 'answers garbage' | 'answers too late' | 'answers 500';
  const behaviours: Behaviour[] = ['never answers', 'resets every connection', 'answers garbage', 'answers too late', 'answers 500'];
  const timeoutMs = 300;
  // Each behaviour from the first request, and after the target answered its first requests well
  // (as when it dies in the middle of a run, after the CLI's probe got through).
  const cases = behaviours.flatMap((behaviour) => [0, 12].map((goodFirst) => ({ behaviour, goodFirst })));

  it.each(cases)('$behaviour after $goodFirst good answers: the run ends within about ten timeouts, not one per request (and nothing passes when no answer was good)', async ({ behaviour, goodFirst }) => {
    const sockets = new Set<import('node:net').Socket>();
    let seen = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      if (seen++ < goodFirst) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      if (behaviour === 'resets every connection') return void req.socket.destroy();
      if (behaviour === 'answers garbage') return void req.socket.end('this is not HTTP\r\n\r\n');
      if (behaviour === 'answers too late') return void setTimeout(() => res.writeHead(200).end('{}'), 2 * timeoutMs);
      if (behaviour === 'answers 500') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom"}');
      // never answers: the request is left until the client gives up.
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const target = resolveTarget({ base_url: url, cdc_base_url: url, accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40), pipeline_admin_key: `fdk_${'a'.repeat(40)}`, fixtures: { package_id: 1, cluster_id: 2 } }, { account_id: 'globex', api_key: 'g'.repeat(40) }] }, {});
      const started = performance.now();
      const out = await runChecks({ target, checks: await loadChecks(), profile: 'spec', seed: 1, runs: 5, readOnly: false, timeoutMs });
      const took = performance.now() - started;
      if (goodFirst === 0) expect(out.checks.filter((c) => c.verdict === 'pass').map((c) => c.id)).toEqual([]);
      if (behaviour === 'answers 500') {
        // Answers, fast: nothing to give up on, but every check that got one fails or errors on it.
        expect(out.checks.filter((c) => c.verdict === 'fail').length).toBeGreaterThan(10);
      } else {
        expect(out.checks.some((c) => c.verdict === 'error' && /stopped answering/.test(c.reason ?? ''))).toBe(true);
      }
      // About five timeouts per lane, whatever the number of checks and requests (1,000s).
      expect(took, `${Math.round(took)} ms`).toBeLessThan(10 * timeoutMs + 3_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
