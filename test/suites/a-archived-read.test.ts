import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The spec says what DELETE does to a pipeline, not whether an archived one can still be read: a
 * deployment whose read of it answers 410 Gone is conformant. The archive is then not seen, and
 * A-PIPE-1 and A-PIPE-2 are not verified, saying why; no check may fail them for it.
 */
describe('interface A checks against a deployment whose archived pipelines read as gone', () => {
  const archived = new Set<string>();
  const goneOnceArchived = answering((req) => {
    const id = /^\/api\/public\/v1\/pipelines\/(\d+)$/.exec(req.url ?? '')?.[1];
    if (id === undefined) return undefined;
    if (req.method === 'DELETE') {
      archived.add(id);
      return undefined;
    }
    return req.method === 'GET' && archived.has(id) ? { status: 410, body: '{"error":"This pipeline was archived."}' } : undefined;
  });

  it('no false alarm: the lifecycle model and the archive checks say the archive was not seen', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-lifecycle/model', 'a-pipe/delete-deployed', 'a-pipe/delete-not-deployed'], profile: 'spec', runs: 5, front: goneOnceArchived });
    expect(archived.size).toBeGreaterThan(0);
    expect(run.checks.flatMap((c) => c.failures.map((f) => `${c.id}: ${f.clause} ${f.message}`))).toEqual([]);
    expect(run.checks.length).toBeGreaterThanOrEqual(3);
    expect(run.checks.filter((c) => c.verdict !== 'pass').map((c) => c.id)).toEqual([]);
    const lifecycle = run.checks.find((c) => c.id === 'a-lifecycle/model')!;
    expect(lifecycle.partial?.some((p) => /answered 410, so it was not seen archived/.test(p.reason))).toBe(true);
  });
});
