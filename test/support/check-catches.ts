import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { runSuitesAgainstSimulator } from './run-suites.ts';

/**
 * The test a check's new catch comes with (docs/extending.md, (d)): the one check, run alone at a
 * fixed seed, fails `clause` with a message matching `message` against the simulator with
 * `fault` in both sets of conventions, and passes without it. Written out by hand it was the same
 * twenty lines in each file; what differs is the check, the fault, the clause and the words.
 */
export function describeCheckCatches(title: string, o: { check: string; fault: FaultName; clause: string; message: string | RegExp; seed?: number; runs?: number }): void {
  const { check: id, fault, clause, message, seed = 7, runs = 3 } = o;
  const one = async (options: Parameters<typeof runSuitesAgainstSimulator>[0]) => {
    const run = await runSuitesAgainstSimulator({ exactly: [id], seed, runs, ...options });
    const check = run.checks.find((c) => c.id === id);
    if (!check) throw new Error(`${id} did not run`);
    return check;
  };
  describe(title, () => {
    for (const conventions of ['standard', 'alt'] as const) {
      it(`fails ${clause} (${conventions})`, { timeout: 90_000 }, async () => {
        const check = await one({ conventions, faults: [fault] });
        expect(check.verdict).toBe('fail');
        expect(check.failures).toContainEqual(expect.objectContaining({ clause, message: typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message) }));
      });
    }
    it('without the fault: passes', { timeout: 90_000 }, async () => {
      const check = await one({});
      expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
      expect(check.verdict).toBe('pass');
    });
  });
}
