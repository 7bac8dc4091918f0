import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * A-PIPE-3: a pipeline's whole id in other words, friendly (`orders-12`, a slug, a dash, the id),
 * is no integer id, and in no profile may it act on pipeline 12. The seventeenth mutation audit's
 * m02 found a-pipe/integer-id-reads and -writes passing, under the other conventions (the spec
 * profile), a deployment that reads `orders-12` by its trailing digits on every operation: no
 * probe sent it for a live pipeline, and outside the simulator profile a malformed id's read was
 * judged for "no 5xx" only.
 */

/** The id segment of one pipeline in other words: `orders-12` (and `-12`). */
const OTHER_WORDS = /^(\/api\/public\/v1\/pipelines\/)(?:-|orders-)(\d+)(\/[^?]*)?(\?.*)?$/;

/** A deployment that refuses such ids with a 4xx of its own choosing (400 for writes, 422 for reads), the error object in each. */
const refusing = rewriting((req) => {
  if (!OTHER_WORDS.test(req.url ?? '')) return undefined;
  const read = req.method === 'GET' || req.method === 'HEAD';
  return { status: read ? 422 : 400, body: JSON.stringify({ error: 'invalid_id', message: 'The pipeline id must be a positive integer.' }) };
});

async function run(only: string, options: { faults?: FaultName[]; front?: Front }) {
  const result = await runSuitesAgainstSimulator({ only: [only], profile: 'spec', seed: 7, runs: 3, ...options });
  return result.checks.find((c) => c.id === only)!;
}

describe('a-pipe/integer-id-reads and -writes against a pipeline id in other words (orders-12)', () => {
  for (const fault of ['a-friendly-id-trailing-digits'] as const) {
    it(`${fault} (every operation takes the id for pipeline 12): integer-id-reads fails A-PIPE-3 in the spec profile`, { timeout: 90_000 }, async () => {
      const check = await run('a-pipe/integer-id-reads', { faults: [fault] });
      expect(check.verdict).toBe('fail');
      expect(check.failures.map((f) => f.clause)).toContain('A-PIPE-3');
    });

    it(`${fault}: integer-id-writes fails A-PIPE-3 in the spec profile`, { timeout: 90_000 }, async () => {
      const check = await run('a-pipe/integer-id-writes', { faults: [fault] });
      expect(check.verdict).toBe('fail');
      expect(check.failures.map((f) => f.clause)).toContain('A-PIPE-3');
    });
  }

  it('refusing such ids with a 4xx of its own (400, 422, the error object): both checks pass', { timeout: 90_000 }, async () => {
    for (const only of ['a-pipe/integer-id-reads', 'a-pipe/integer-id-writes']) {
      const check = await run(only, { front: refusing });
      expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
      expect(check.verdict).toBe('pass');
    }
  });
});
