import { describe, expect, it } from 'vitest';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * What an offset at or past the end of the invoice list gets is a gap of the spec (B-GAP-3): a
 * deployment that refuses it, where the simulator answers an empty page, is conformant, and
 * B-LIM-1 and B-LIM-2 still pass on the pages within the list.
 */
describe('the invoice paging checks against a deployment that refuses an offset past the end', () => {
  let refused = 0;
  const refusesPastTheEnd = rewriting((req, reply) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method !== 'GET' || !/^\/[^/]+\/api\/invoices\/?$/.test(url.pathname) || Number(url.searchParams.get('offset') ?? 0) === 0 || reply.status !== 200 || reply.body.trim() !== '[]') return undefined;
    refused++;
    return { status: 400, body: '{"message":"offset is past the end of the list"}' };
  });

  it('no false alarm: B-LIM-1 and B-LIM-2 pass, the refusal is the gap clause\'s advisory', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-inv/walk-pages', 'b-inv/page-size'], profile: 'spec', runs: 30, front: refusesPastTheEnd });
    expect(refused).toBeGreaterThan(0);
    expect(run.checks.flatMap((c) => c.failures.map((f) => `${c.id}: ${f.clause} ${f.message}`))).toEqual([]);
    const verdicts = clauseVerdicts(run.checks, { profile: 'spec' });
    expect(verdicts.find((v) => v.id === 'B-LIM-1')?.verdict).toBe('pass');
    expect(run.checks.flatMap((c) => c.advisories ?? []).some((a) => a.clause === 'B-GAP-3' && /at or past the end/.test(a.message))).toBe(true);
  });
});
