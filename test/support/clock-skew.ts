import { expect } from 'vitest';
import type { SuiteRun } from './run-suites.ts';

/**
 * A deployment's clock is its own: the runner's may be hours or, on a badly kept machine, days
 * off. Where a check times something on the target (a key's expiry, a Retry-After date) it must
 * read the target's time from the target (its Date header), or a faultless target fails (its
 * clock behind: a key "past" its expiry still works) or goes unverified (ahead: expired at once).
 * A whole-suite test that starts the simulator's clock this far off the runner's (the
 * `clockOffsetMs` of runSuitesAgainstSimulator; its Date header tells its time) proves it.
 */
export const SKEW_DAYS = 400;
export const SKEW_MS = SKEW_DAYS * 86_400_000;

/** The real-time expiry check saw the skew (it reads the Date header), so the run tried what it says. */
export function expectSkewSeen(run: SuiteRun, clockOffsetMs: number): void {
  const expiry = run.checks.find((c) => c.id === 'a-keys/expiry-in-real-time');
  const skew = expiry?.notes.map((n) => /clock skew (-?\d+) s/.exec(n)?.[1]).find((s) => s !== undefined);
  expect(Math.abs(Number(skew) - clockOffsetMs / 1000), expiry?.notes.join('\n')).toBeLessThanOrEqual(2);
}
