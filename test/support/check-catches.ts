import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { runSuitesAgainstSimulator } from './run-suites.ts';

type Conventions = 'standard' | 'alt';

/** A check that catches the fault, and the conventions it catches it in (a control-API check: standard only). */
export interface CaughtBy {
  check: string;
  conventions: readonly Conventions[];
}

/**
 * The test a check's new catch comes with (docs/extending.md, (d)): the check, run alone at a
 * fixed seed, fails `clause` with a message matching `message` against the simulator with
 * `fault`, and passes without it. Where one change made several checks catch the fault, `check`
 * lists each with the conventions it catches it in, and the checks run together without the
 * fault. Written out by hand it was the same twenty lines in each file; what differs is the
 * checks, the fault, the clause and the words.
 *
 * Run in the standard conventions where the check catches the fault there, in the alt ones only
 * where it catches it there alone: every fault the alt conventions catch is proven caught there,
 * naming its clause, by test/alt-conventions.test.ts (and the checks that trip it in the standard
 * ones by the trip records of test/faults-*.test.ts), so a second run here in alt only repeated
 * that proof, at about a third of these tests' time (CI came to 575 to 597 s of its 600 here).
 */
export function describeCheckCatches(title: string, o: { check: string | readonly CaughtBy[]; fault: FaultName; clause: string; message: string | RegExp; seed?: number; runs?: number }): void {
  const { fault, clause, message, seed = 7, runs = 3 } = o;
  const caughtBy: readonly CaughtBy[] = typeof o.check === 'string' ? [{ check: o.check, conventions: ['standard', 'alt'] }] : o.check;
  const single = caughtBy.length === 1;
  const checks = async (ids: string[], options: Parameters<typeof runSuitesAgainstSimulator>[0]) => {
    const run = await runSuitesAgainstSimulator({ exactly: ids, seed, runs, ...options });
    return ids.map((id) => {
      const check = run.checks.find((c) => c.id === id);
      if (!check) throw new Error(`${id} did not run`);
      return check;
    });
  };
  describe(title, () => {
    for (const { check: id, conventions: caughtIn } of caughtBy) {
      for (const conventions of caughtIn.includes('standard') ? ['standard' as const] : caughtIn) {
        it(`${single ? '' : `${id} `}fails ${clause} (${conventions})`, { timeout: 90_000 }, async () => {
          const [check] = await checks([id], { conventions, faults: [fault] });
          expect(check?.verdict).toBe('fail');
          expect(check?.failures).toContainEqual(expect.objectContaining({ clause, message: typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message) }));
        });
      }
    }
    it(`without the fault: ${single ? 'passes' : 'all pass'}`, { timeout: 90_000 }, async () => {
      for (const check of await checks(caughtBy.map((c) => c.check), {})) {
        expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
        expect(check.verdict).toBe('pass');
      }
    });
  });
}
