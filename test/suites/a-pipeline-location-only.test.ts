import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The spec shows no answer to a pipeline's create (A-GAP-1): a deployment may answer 201 with
 * the new pipeline's URL in `Location` and no body, as plain HTTP allows (the third freedom
 * audit's variation fc 2). The checks that make pipelines must take the id from there, and so
 * verify their clauses, not skip them for a setup that "could not create a pipeline" (and leave
 * the pipelines made unarchived, so that the next create under the name is refused).
 */
const locationOnly = rewriting((req, reply) => {
  if (req.method !== 'POST' || !/\/api\/public\/v1\/pipelines$/.test(req.url ?? '') || reply.status >= 300) return undefined;
  return { status: 201, body: '' };
});

const CHECKS = ['a-pipe/delete-deployed', 'a-pipe/delete-not-deployed', 'a-err/bodiless-operations-422', 'a-lifecycle/model'];

describe('a pipeline create answered with a Location and no body', () => {
  it('is followed: the checks that make pipelines pass, verifying their clauses', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, front: locationOnly, profile: 'spec', seed: 5, runs: 3 });
    const judged = run.checks.filter((c) => CHECKS.includes(c.id)).sort((a, b) => CHECKS.indexOf(a.id) - CHECKS.indexOf(b.id));
    expect(judged.map((c) => [c.id, c.verdict, c.reason ?? '', c.failures.map((f) => f.message)])).toEqual(CHECKS.map((id) => [id, 'pass', '', []]));
  });
});
