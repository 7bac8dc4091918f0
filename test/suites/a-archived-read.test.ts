import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The spec says what DELETE does to a pipeline, not whether an archived one can still be read: a
 * deployment whose read of it answers 410 Gone is conformant. The archive is then not seen, and
 * A-PIPE-1 and A-PIPE-2 are not verified, saying why; no check may fail them for it.
 */
describe('interface A checks against a deployment whose archived pipelines read as gone', () => {
  // Each test's own set of archived ids: ids are numbered afresh in each test's simulator.
  const goneOnceArchived = (archived: Set<string>) => answering((req) => {
    const id = /^\/api\/public\/v1\/pipelines\/(\d+)$/.exec(req.url ?? '')?.[1];
    if (id === undefined) return undefined;
    if (req.method === 'DELETE') {
      archived.add(id);
      return undefined;
    }
    return req.method === 'GET' && archived.has(id) ? { status: 410, body: '{"error":"This pipeline was archived."}' } : undefined;
  });

  it('no false alarm: the lifecycle model and the archive checks say the archive was not seen', { timeout: 90_000 }, async () => {
    const archived = new Set<string>();
    const run = await runSuitesAgainstSimulator({ only: ['a-lifecycle/model', 'a-pipe/delete-deployed', 'a-pipe/delete-not-deployed'], profile: 'spec', runs: 5, front: goneOnceArchived(archived) });
    expect(archived.size).toBeGreaterThan(0);
    expect(run.checks.flatMap((c) => c.failures.map((f) => `${c.id}: ${f.clause} ${f.message}`))).toEqual([]);
    expect(run.checks.length).toBeGreaterThanOrEqual(3);
    expect(run.checks.filter((c) => c.verdict !== 'pass').map((c) => c.id)).toEqual([]);
    const lifecycle = run.checks.find((c) => c.id === 'a-lifecycle/model')!;
    expect(lifecycle.partial?.some((p) => /answered 410, so it was not seen archived/.test(p.reason))).toBe(true);
  });

  /**
   * In the simulator profile the simulator's convention (archived pipelines stay readable,
   * docs/interface-a.md) binds: a read refused after the DELETE fails, but as the convention it
   * is (A-GAP-1, a gap clause), not as A-PIPE-1 or A-PIPE-2, which say nothing of reads. Before,
   * a-pipe's checks threw "could not read the archived pipeline" (a failure of the must clause,
   * or an error) and the model failed A-PIPE-1 (the fourteenth freedom audit's fk 13).
   */
  it('simulator profile: the refused read fails A-GAP-1, never A-PIPE-1 or A-PIPE-2', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-lifecycle/model', 'a-pipe/delete-deployed', 'a-pipe/delete-not-deployed'], profile: 'simulator', runs: 5, front: goneOnceArchived(new Set()) });
    expect(run.checks.filter((c) => c.verdict === 'error').map((c) => `${c.id}: ${c.reason}`)).toEqual([]);
    expect([...run.failedClauses]).toEqual(['A-GAP-1']);
    for (const c of run.checks) expect(c.failures.every((f) => f.clause === 'A-GAP-1' && /answer(s|ed) 410.*keeps archived pipelines readable/.test(f.message))).toBe(true);
  });
});
