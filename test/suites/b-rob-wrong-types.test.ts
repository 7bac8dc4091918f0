import { describe, expect, it } from 'vitest';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * b-rob/wrong-types puts a value of the wrong type in each field of each write. A field below a
 * member the valid body leaves out cannot take one: the group's `connections` go into
 * POST /connection_groups only when the target names a mysql connection, and without one the
 * "wrong" body would be the valid body, which a conformant deployment answers 201.
 */
describe('b-rob/wrong-types on a target that names no mysql connection', () => {
  const withoutMysql = (target: ResolvedTarget): ResolvedTarget => {
    const first = target.b[0]!;
    const { mysql: _mysql, ...connections } = first.fixtures.connections ?? {};
    return { ...target, b: [{ ...first, fixtures: { ...first.fixtures, connections } }, ...target.b.slice(1)] };
  };

  it('sends no valid write as a wrong one: no false alarm', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-rob/wrong-types'], profile: 'spec', seed: 5, runs: 10, retarget: withoutMysql });
    const check = run.checks.find((c) => c.id === 'b-rob/wrong-types')!;
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(run.leftovers).toEqual([]);
  });
});
