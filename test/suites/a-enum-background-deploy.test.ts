import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * X-ISO-1 in a-enum compares what account 2 sees of its pipelines before and after account 1's
 * requests. A deployment that deploys in the background shows a deployed pipeline without its
 * deployment time at first, and sets it by itself: that is no change made by account 1.
 */
describe('a-enum/foreign-pipeline-same-404 against a deployment that deploys in the background', () => {
  const seen = new Set<string>();
  let hidden = 0;
  const deployedAtLater = rewriting((req, reply) => {
    const id = /^\/api\/public\/v1\/pipelines\/(\d+)$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'GET' || id === undefined || reply.status !== 200) return undefined;
    const body = JSON.parse(reply.body) as Record<string, unknown>;
    if (typeof body.deployed_at !== 'string' || seen.has(id)) return undefined;
    // The first read of a deployed pipeline: deploying has not ended yet.
    seen.add(id);
    hidden++;
    return { body: JSON.stringify({ ...body, deployed_at: null }) };
  });

  it('no false alarm on X-ISO-1', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], profile: 'spec', runs: 5, front: deployedAtLater });
    expect(hidden).toBeGreaterThan(0);
    expect(run.checks[0]?.failures.map((f) => `${f.clause} ${f.message}`)).toEqual([]);
    expect(run.checks[0]?.verdict).toBe('pass');
  });
});
