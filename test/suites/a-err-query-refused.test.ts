import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The A-ERR-1 probes with a query a deployment may honour on every answer (`fields`, `pretty`,
 * `envelope`) have no status of their own in the spec: a deployment that takes no such parameter
 * may refuse it (400) before it looks at the key or the pipeline. Those answers are not judged,
 * and the run says so; both checks still pass on their other probes. Here a front refuses every
 * interface A request that carries one of the three.
 */
const strictQuery = rewriting((req) => {
  if (!req.url?.startsWith('/api/public/') || !/[?&](fields|pretty|envelope)=/.test(req.url)) return undefined;
  return { status: 400, body: JSON.stringify({ error: 'unknown query parameter' }) };
});

describe('a-err/401-404-error-object and a-err/404-error-object-writes against a deployment refusing unknown query parameters', () => {
  it('pass, noting the refused probes as not judged', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-err/401-404-error-object', 'a-err/404-error-object-writes'], profile: 'spec', front: strictQuery, seed: 7, runs: 5 });
    expect(run.checks.map((c) => [c.id, c.verdict, c.reason ?? '', c.failures.map((f) => f.message), c.partial ?? []])).toEqual([
      ['a-err/401-404-error-object', 'pass', '', [], []],
      ['a-err/404-error-object-writes', 'pass', '', [], []],
    ]);
    const notes = run.checks.flatMap((c) => c.notes.filter((n) => n.startsWith('not judged for A-ERR-1')));
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/DELETE \/pipelines\/\d+\?fields=id%2Cname%2Cstate without a key: 400; GET \/pipelines\/\d+\?fields=id%2Cname%2Cstate: 400; .*envelope=1: 400$/);
    expect(notes[1]).toMatch(/^not judged for A-ERR-1, answered neither 401 nor 404: DELETE \/pipelines\/\d+\?fields=id%2Cname%2Cstate: 400; DELETE \/pipelines\/\d+\?pretty=1: 400; DELETE \/pipelines\/\d+\?envelope=1: 400$/);
  });
});
