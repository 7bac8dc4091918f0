import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * b-rob/wrong-types puts a wrong JSON type in one field of each write. An extension's fields are
 * the real service's: a deployment serving `PUT /payment_method` with fields of its own names
 * ignores `plan_id`, whatever its type, and takes the write. That is no bad input there, and
 * outside the simulator profile such writes are not probed (nor sent: they would change the plan).
 */
describe('b-rob/wrong-types and an extension served with other field names', () => {
  const seen: string[] = [];
  const otherPlanFields = answering((req) => {
    if (req.method !== 'PUT' || !/^\/[^/]+\/api\/payment_method$/.test(req.url ?? '')) return undefined;
    seen.push(req.url ?? '');
    return { status: 200, body: '{"plan":"team","card":null}' };
  });

  it('sends none of them in the spec profile, says so, and passes', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-rob/wrong-types'], profile: 'spec', front: otherPlanFields, retarget: withoutControl, seed: 3, runs: 10 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('pass');
    expect(check.notes.join(' ')).toContain('not probed outside the simulator profile: ');
    expect(check.notes.join(' ')).toContain('PUT /payment_method');
    expect(seen).toEqual([]);
  });

  it('still probes them in the simulator profile, where the simulator is held to its own fields', { timeout: 120_000 }, async () => {
    seen.length = 0;
    const run = await runSuitesAgainstSimulator({ only: ['b-rob/wrong-types'], profile: 'simulator', front: otherPlanFields, seed: 3, runs: 10 });
    expect(seen.length).toBeGreaterThan(0);
    expect([...run.failedClauses]).toEqual(['X-ROB-1']);
  });
});
