import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * A deployment whose hooks take other words than the real service's refuses the check's hook:
 * that write shows no timestamp and no id, so B-FMT-1 was not judged on what it makes.
 */
describe('b-schema/written-formats where the hook write is refused', () => {
  const otherHookWords = answering((req) => (req.method === 'POST' && /^\/[^/]+\/api\/hooks\/?$/.test(req.url ?? '') ? { status: 422, body: '{"message":"Unknown hook type."}' } : undefined));

  it('B-FMT-1 is covered in part, naming the write that showed nothing', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-schema/written-formats'], profile: 'spec', front: otherHookWords, retarget: withoutControl, seed: 3 });
    const check = run.checks.find((c) => c.id === 'b-schema/written-formats')!;
    expect([check.verdict, check.failures.map((f) => f.message)]).toEqual(['pass', []]);
    expect(check.partial?.map((p) => [p.clause, p.reason])).toEqual([['B-FMT-1', expect.stringMatching(/^no hook resource was seen from the spec's writes: POST \/hooks answered 422 to the real service's values/)]]);
  });
});
