import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { A_OPERATIONS } from '../../suites/lib/target-types.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * A deployment described as serving only the spec's archive of interface A (every other
 * operation null), without the control API: another account's pipelines are the document's
 * fixtures. Its DELETE answering the same 404 to every id, its own pipelines' too, answers a
 * foreign id exactly like an absent one, and proves nothing by that.
 */
const archiveOnly = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => ({
  ...target,
  interfaceA: { ...target.interfaceA, operations: Object.fromEntries(A_OPERATIONS.filter((op) => op !== 'pipelines.archive').map((op) => [op, null])) },
});

const finds404Everywhere = answering((req) =>
  req.method === 'DELETE' && /^\/api\/public\/v1\/pipelines\/\d+$/.test(req.url ?? '') ? { status: 404, body: JSON.stringify({ error: 'not_found', message: 'Not found' }) } : undefined,
);

describe('a-enum/foreign-pipeline-same-404 needs the target seen finding a pipeline', () => {
  it('against a DELETE that answers 404 to every id, A-ENUM-1 is not verified, never passed', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], profile: 'spec', front: finds404Everywhere, retarget: archiveOnly, seed: 4, runs: 5 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('pass');
    expect(check.partial?.map((p) => p.clause)).toContain('A-ENUM-1');
  });

  it('against the simulator\'s own DELETE, an archive of a pipeline anywhere in the run gives the control, after the check too', { timeout: 60_000 }, async () => {
    // a-enum runs before a-pipe: the archive comes after the comparison, and the run lifts the partial.
    const run = await runSuitesAgainstSimulator({ only: ['a-pipe/delete-not-deployed', 'a-enum/foreign-pipeline-same-404'], profile: 'spec', retarget: archiveOnly, seed: 4, runs: 5 });
    const ids = run.checks.map((c) => c.id);
    expect(ids.indexOf('a-enum/foreign-pipeline-same-404')).toBeLessThan(ids.indexOf('a-pipe/delete-not-deployed'));
    const check = run.checks.find((c) => c.id === 'a-enum/foreign-pipeline-same-404')!;
    expect(check.verdict, check.reason).toBe('pass');
    expect(check.partial?.map((p) => p.clause) ?? []).not.toContain('A-ENUM-1');
    expect(check.notes.join('\n')).toMatch(/A-ENUM-1: the control this check lacked was given later in the run \(the archiving of account 1's own pipeline \d+ answered 200/);
    expect(JSON.stringify(run.checks)).not.toContain('"until"');
  });
});
