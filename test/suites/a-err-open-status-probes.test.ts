import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The A-ERR-1 probes with a query a deployment may honour on every answer (`fields`, `pretty`,
 * `envelope`), and those under a path ending in a format suffix (`/pipelines/12.yaml`), have no
 * status of their own in the spec: a deployment that takes no such parameter may refuse it (400)
 * before it looks at the key or the pipeline, and one may refuse an id that is no integer with
 * 400. Those answers are not judged, and the run says so; both checks still pass on their other
 * probes. Here a front refuses every interface A request that carries one of the three
 * parameters, or whose path ends in .yaml, .json or .html.
 */
const strict = rewriting((req) => {
  if (!req.url?.startsWith('/api/public/')) return undefined;
  if (/[?&](fields|pretty|envelope)=/.test(req.url)) return { status: 400, body: JSON.stringify({ error: 'unknown query parameter' }) };
  if (/\.(yaml|json|html)$/.test(req.url)) return { status: 400, body: JSON.stringify({ error: 'the id must be an integer' }) };
  return undefined;
});

describe('a-err/401-404-error-object and a-err/404-error-object-writes against a deployment refusing unknown query parameters and non-integer ids with 400', () => {
  it('pass, noting the refused probes as not judged', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-err/401-404-error-object', 'a-err/404-error-object-writes'], profile: 'spec', front: strict, seed: 7, runs: 5 });
    expect(run.checks.map((c) => [c.id, c.verdict, c.reason ?? '', c.failures.map((f) => f.message), c.partial ?? []])).toEqual([
      ['a-err/401-404-error-object', 'pass', '', [], []],
      ['a-err/404-error-object-writes', 'pass', '', [], []],
    ]);
    const [reads, writes] = run.checks.map((c) => c.notes.filter((n) => n.startsWith('not judged for A-ERR-1')));
    expect(reads).toEqual([
      expect.stringMatching(/^not judged for A-ERR-1, answered neither 401 nor 404: DELETE \/pipelines\/\d+\?fields=id%2Cname%2Cstate without a key: 400; GET \/pipelines\/\d+\?fields=id%2Cname%2Cstate: 400; .*envelope=1: 400$/),
      expect.stringMatching(/^not judged for A-ERR-1, answered neither 401 nor 404: GET \/pipelines\/(\d+)\.yaml: 400; GET \/pipelines\/\1\.json: 400; GET \/pipelines\/\1\.html: 400; GET \/pipelines\/\1\/definition\.yaml: 400; DELETE \/pipelines\/\1\.yaml without a key: 400$/),
    ]);
    expect(writes).toEqual([
      expect.stringMatching(/^not judged for A-ERR-1, answered neither 401 nor 404: DELETE \/pipelines\/\d+\?fields=id%2Cname%2Cstate: 400; DELETE \/pipelines\/\d+\?pretty=1: 400; DELETE \/pipelines\/\d+\?envelope=1: 400$/),
      expect.stringMatching(/^not judged for A-ERR-1, answered neither 401 nor 404: DELETE \/pipelines\/(\d+)\.yaml: 400; DELETE \/pipelines\/\1\.json: 400; DELETE \/pipelines\/\1\.html: 400$/),
    ]);
  });
});
