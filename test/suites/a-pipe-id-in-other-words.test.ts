import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * A-PIPE-3: a pipeline's whole id in other words, signed (`-12`) or friendly (`orders-12`, a
 * slug, a dash, the id), is no integer id, and in no profile may it act on pipeline 12. The
 * seventeenth mutation audit's m02 and m03 found a-pipe/integer-id-reads and -writes passing,
 * under the other conventions (the spec profile), deployments that read `orders-12` by its
 * trailing digits and `-12` by its absolute value on every operation: no probe sent either for a
 * live pipeline, and outside the simulator profile a malformed id's read was judged for "no 5xx"
 * only. Freedom audit 21 (v5) then took `orders-12` read as pipeline 12 for a slug-tolerant
 * router's read, which the spec does not define: outside the simulator profile it is noted, as
 * `12abc` is; its writes, and `-12` read or written, still fail A-PIPE-3 in every profile.
 */

/** The id segment of one pipeline in other words: `-12`, `orders-12`. */
const OTHER_WORDS = /^(\/api\/public\/v1\/pipelines\/)(?:-|orders-)(\d+)(\/[^?]*)?(\?.*)?$/;

/**
 * A DELETE handler alone that reads its id loosely: `DELETE /pipelines/-12` and
 * `/pipelines/orders-12` archive pipeline 12, yet answer as for an absent id (404, the error
 * object) when `hidden`, so only a read after shows it; every read is strict.
 */
const looseDelete = (hidden: boolean): Front => (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    const m = OTHER_WORDS.exec(req.url ?? '');
    const loose = req.method === 'DELETE' && m !== null && m[3] === undefined;
    forward(loose ? `${m[1]}${m[2]}` : (req.url ?? '/'), (answer) => {
      if (loose && hidden) {
        answer.resume();
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not_found', message: 'Pipeline not found.' }));
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

/** A deployment that refuses such ids with a 4xx of its own choosing (400 for writes, 422 for reads), the error object in each. */
const refusing = rewriting((req) => {
  if (!OTHER_WORDS.test(req.url ?? '')) return undefined;
  const read = req.method === 'GET' || req.method === 'HEAD';
  return { status: read ? 422 : 400, body: JSON.stringify({ error: 'invalid_id', message: 'The pipeline id must be a positive integer.' }) };
});

async function run(only: string, options: { faults?: FaultName[]; front?: Front; profile?: 'spec' | 'simulator' }) {
  const result = await runSuitesAgainstSimulator({ only: [only], profile: 'spec', seed: 7, runs: 3, ...options });
  return result.checks.find((c) => c.id === only)!;
}

describe('a-pipe/integer-id-reads and -writes against a pipeline id in other words (-12, orders-12)', () => {
  for (const fault of ['a-friendly-id-trailing-digits', 'a-negative-id-absolute'] as const) {
    it(`${fault} (every operation takes the id for pipeline 12): integer-id-writes fails A-PIPE-3 in the spec profile`, { timeout: 90_000 }, async () => {
      const check = await run('a-pipe/integer-id-writes', { faults: [fault] });
      expect(check.verdict).toBe('fail');
      expect(check.failures.map((f) => f.clause)).toContain('A-PIPE-3');
    });
  }

  it('a-negative-id-absolute: integer-id-reads fails A-PIPE-3 in the spec profile (-12 read as 12, in every profile)', { timeout: 90_000 }, async () => {
    const check = await run('a-pipe/integer-id-reads', { faults: ['a-negative-id-absolute'] });
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toContain('A-PIPE-3');
  });

  // Freedom audit 21 (v5): a read of orders-12 answering pipeline 12 is a slug-tolerant router's
  // read, which the spec does not define: judged as `12abc` is, failed in the simulator profile only.
  it('a-friendly-id-trailing-digits: integer-id-reads notes the read of orders-12 in the spec profile and fails A-PIPE-3 in the simulator profile', { timeout: 90_000 }, async () => {
    const spec = await run('a-pipe/integer-id-reads', { faults: ['a-friendly-id-trailing-digits'] });
    expect(spec.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(spec.notes.join('\n')).toMatch(/GET \S+\/orders-\d+ \(not an integer id\) answered pipeline \d+/);
    const simulator = await run('a-pipe/integer-id-reads', { faults: ['a-friendly-id-trailing-digits'], profile: 'simulator' });
    expect(simulator.verdict).toBe('fail');
    expect(simulator.failures.map((f) => f.clause)).toContain('A-PIPE-3');
  });

  it('only DELETE reads -12 and orders-12 as pipeline 12 (archives it, 200): integer-id-writes fails A-PIPE-3', { timeout: 90_000 }, async () => {
    const check = await run('a-pipe/integer-id-writes', { front: looseDelete(false) });
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => `${f.clause} ${f.message}`).join('\n')).toMatch(/A-PIPE-3 DELETE \S+\/-\d+ with a non-integer id answered 200/);
  });

  it('only DELETE reads -12 as pipeline 12 and archives it, answering 404: integer-id-writes reads the pipeline after and fails A-PIPE-3', { timeout: 90_000 }, async () => {
    const check = await run('a-pipe/integer-id-writes', { front: looseDelete(true) });
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => `${f.clause} ${f.message}`).join('\n')).toMatch(/A-PIPE-3 after writes of -\d+ .*pipeline \d+ is archived where it was not deployed: -\d+ was taken for it/);
  });

  it('refusing such ids with a 4xx of its own (400, 422, the error object): both checks pass', { timeout: 90_000 }, async () => {
    for (const only of ['a-pipe/integer-id-reads', 'a-pipe/integer-id-writes']) {
      const check = await run(only, { front: refusing });
      expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
      expect(check.verdict).toBe('pass');
    }
  });
});
