import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-ERR-2's refusal changes nothing: after each 400 to a replace or an update, a-err/invalid-
 * definition-400 reads the check's own pipeline's definition back and wants it as before. A
 * deployment may put a field of its own into the definition it serves that moves from read to
 * read (a read time here): that is no change the refusal made. Where the definition read is
 * refused, the check says so and judges the rest.
 */
const DEFINITION = /^\/api\/public\/v1\/pipelines\/\d+\/definition$/;

/** The definition read carries a counter that moves on every read. */
function movingField() {
  let reads = 0;
  return rewriting((req, reply) => {
    if (req.method !== 'GET' || !DEFINITION.test(req.url ?? '') || reply.status !== 200) return undefined;
    const body = JSON.parse(reply.body) as Record<string, unknown>;
    return { body: JSON.stringify({ ...body, served_read: ++reads }) };
  });
}

const only = ['a-err/invalid-definition-400'];

describe('a-err/invalid-definition-400 reads the definition back after a refused replace or update', () => {
  it('fails a replace that stores the refused definition, though the read carries a field that moves', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only, runs: 25, faults: ['a-invalid-replace-stored'], front: movingField() });
    const failures = run.checks.flatMap((c) => c.failures);
    expect(failures.map((f) => f.clause)).toContain('A-ERR-2');
    expect(failures.some((f) => f.message.includes("the pipeline's definition read after it differs from before"))).toBe(true);
  });

  it('no false alarm for the field that moves by itself', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only, runs: 25, front: movingField() });
    expect(run.checks.flatMap((c) => c.failures.map((f) => `${f.clause} ${f.message}`))).toEqual([]);
    expect(run.checks.map((c) => c.verdict)).toEqual(['pass']);
  });

  it('where the definition read is refused, says so and still passes on what it judged', { timeout: 90_000 }, async () => {
    const refused = rewriting((req) => (req.method === 'GET' && DEFINITION.test(req.url ?? '') ? { status: 404, body: '{"error":"not found"}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only, runs: 25, profile: 'spec', front: refused });
    const [check] = run.checks;
    expect(check?.failures ?? []).toEqual([]);
    expect(check?.verdict).toBe('pass');
    expect(check?.notes.some((n) => n.includes('left the pipeline\'s definition as it was was not verified'))).toBe(true);
  });
});
