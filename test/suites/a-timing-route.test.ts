import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ENUM-2 times the spec's DELETE, and first a read of the pipeline where the target finds
 * pipelines with it. A deployment that does not serve the read (its route answers 404 whatever
 * the id) gives 404s that take the same time for every id: timing them would prove nothing about
 * pipelines. The check sees the read find nothing, even a pipeline its own account reads, and
 * times the DELETE alone.
 */
const noPipelineReads = answering((req) =>
  req.method === 'GET' && /^\/api\/public\/v1\/pipelines\/\d+$/.test(req.url ?? '') ? { status: 404, body: JSON.stringify({ message: 'Not Found', error: 'not_found' }) } : undefined,
);

// An archive earlier in the run is the control that the target finds pipelines (by DELETE).
const CHECKS = ['a-pipe/delete-not-deployed', 'a-timing/'];

describe('a-timing/foreign-404-latency on a deployment whose pipeline read finds nothing', () => {
  it('times the DELETE, and catches a DELETE whose foreign 404 is slower (A-ENUM-2)', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, faults: ['a-foreign-404-slower'], profile: 'spec', front: noPipelineReads, seed: 5, runs: 3 });
    const timing = run.checks.find((c) => c.id === 'a-timing/foreign-404-latency');
    expect(timing?.notes.join('\n')).toContain("so only the spec's DELETE is timed");
    expect([...run.failedClauses]).toContain('A-ENUM-2');
  });

  it('passes it when the DELETE does not leak', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, profile: 'spec', front: noPipelineReads, seed: 5, runs: 3 });
    const timing = run.checks.find((c) => c.id === 'a-timing/foreign-404-latency');
    expect(timing?.verdict, timing?.reason).toBe('pass');
    expect(timing?.notes.join('\n')).toMatch(/timed DELETE of account 2's pipelines/);
  });
});
