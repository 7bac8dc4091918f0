import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A deployment whose stop takes a while: right after `POST /pipelines/{id}/stop` its reads still
 * show the pipeline deployed, with its deployment time. Its DELETE then tears the pipeline down
 * (A-PIPE-1's rule), which changes more than the archived state: that is no breach of A-PIPE-2,
 * whose "nothing else" is about a pipeline not deployed.
 */
describe('a-pipe/delete-not-deployed against a deployment whose stop is still under way', () => {
  const stopped = new Set<string>();
  const stopUnderWay = rewriting((req, reply) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const stop = /^\/api\/public\/v1\/pipelines\/(\d+)\/stop$/.exec(path);
    if (req.method === 'POST' && stop) stopped.add(stop[1]!);
    const read = /^\/api\/public\/v1\/pipelines\/(\d+)$/.exec(path);
    if (req.method !== 'GET' || !read || !stopped.has(read[1]!) || reply.status !== 200) return undefined;
    const body = JSON.parse(reply.body) as Record<string, unknown>;
    if (body.state === 'archived') return undefined;
    return { body: JSON.stringify({ ...body, state: 'continuous_sync', status: 'running', deployed_at: '2026-11-29T03:00:00Z' }) };
  });

  it('leaves those pipelines to the cleanup and judges the others: A-PIPE-2 passes', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-pipe/delete-not-deployed'], profile: 'spec', front: stopUnderWay, seed: 11, runs: 16 });
    const check = run.checks[0]!;
    expect(stopped.size).toBeGreaterThan(0);
    expect(check.verdict, `${check.reason ?? ''} ${JSON.stringify(check.failures[0] ?? '')}`).toBe('pass');
    expect(run.leftovers).toEqual([]);
  });
});
