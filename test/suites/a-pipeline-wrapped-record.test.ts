import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The spec shows no answer to a pipeline's create (A-GAP-1): a deployment may wrap the new
 * pipeline's metadata, `{"pipeline": {id, name, ...}}` (the second freedom audit's variation 8).
 * The checks that make pipelines must find its id there, and so verify their clauses, not skip
 * them for a setup that "could not create a pipeline".
 */
const wrappedPipelines = rewriting((req, reply) => {
  if (req.method !== 'POST' || !/\/api\/public\/v1\/pipelines$/.test(req.url ?? '') || reply.status >= 300) return undefined;
  return { body: JSON.stringify({ pipeline: JSON.parse(reply.body) as unknown }) };
});

const CHECKS = ['a-pipe/delete-deployed', 'a-pipe/delete-not-deployed', 'a-err/bodiless-operations-422', 'a-lifecycle/model'];

describe('a pipeline record wrapped in the create answer', () => {
  it('is found: the checks that make pipelines pass, verifying their clauses', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, front: wrappedPipelines, profile: 'spec', seed: 5, runs: 3 });
    const judged = run.checks.filter((c) => CHECKS.includes(c.id)).sort((a, b) => CHECKS.indexOf(a.id) - CHECKS.indexOf(b.id));
    expect(judged.map((c) => [c.id, c.verdict, c.reason ?? '', c.failures.map((f) => f.message)])).toEqual(CHECKS.map((id) => [id, 'pass', '', []]));
  });
});
