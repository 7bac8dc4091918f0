import { describe, expect, it } from 'vitest';
import { faultlessRunProblems, runSuitesAgainstSimulator } from './support/run-suites.ts';

/**
 * A deployment's clock is its own: the runner's may be hours or, on a badly kept machine, days
 * off. Where a check times something on the target (a key's expiry, a Retry-After date) it must
 * read the target's time from the target (its Date header), or a faultless target fails (its
 * clock behind: a key "past" its expiry still works) or goes unverified (ahead: expired at once).
 * The simulator's clock is started that far off this machine's; its Date header tells its time.
 */
const DAY_MS = 86_400_000;

describe('a target whose clock is not the runner\'s', () => {
  it.for([
    { conventions: 'alt', clockOffsetMs: -400 * DAY_MS, said: '400 days behind' },
    { conventions: 'standard', clockOffsetMs: 400 * DAY_MS, said: '400 days ahead' },
  ] as const)('$conventions conventions, the target\'s clock $said: every must clause verified and passed, no false alarm', { timeout: 120_000 }, async ({ conventions, clockOffsetMs }) => {
    const run = await runSuitesAgainstSimulator({ conventions, clockOffsetMs, seed: 20261128, runs: 10 });
    expect(faultlessRunProblems(run, conventions)).toEqual([]);
    // The real-time expiry check saw the skew (it reads the Date header), so this test tried what it says.
    const expiry = run.checks.find((c) => c.id === 'a-keys/expiry-in-real-time');
    const skew = expiry?.notes.map((n) => /clock skew (-?\d+) s/.exec(n)?.[1]).find((s) => s !== undefined);
    expect(Math.abs(Number(skew) - clockOffsetMs / 1000)).toBeLessThanOrEqual(2);
  });
});
