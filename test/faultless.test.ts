import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLAUSES } from '../suites/clauses.ts';
import { WHOLE_RUN_TIMEOUT_MS, faultlessRunProblems, runSuitesAgainstSimulator } from './support/run-suites.ts';

/**
 * Seeds that once raised a false alarm, each with the check it tripped: they must stay quiet.
 * (1879076581: a generated path `/api/public/v1/%2e%2e/%2e%2e` resolves to `/api/`, which is
 * not interface A, and the check expected interface A's error object there.)
 */
const FORMER_FALSE_ALARMS: readonly { seed: number; check: string }[] = [{ seed: 1879076581, check: 'a-rob/unknown-paths-and-queries' }];

/**
 * A fixed seed, and one fresh seed per run (printed, so a false alarm it finds can be replayed and
 * added above). One fixed seed, not two: every whole-suite test of npm test runs the standard
 * conventions' checks at a seed of its own besides (the gateways, ids beyond 2^53, ids per
 * account, a skewed clock), and `npm run soak` runs hundreds; a second fixed seed here cost CI
 * about 30 s of a worker's time.
 */
const SEEDS = [1, Number(process.env.DISCO_RANDOM_SEED ?? randomInt(0, 2 ** 31 - 1))];
const FRESH = SEEDS[1];

describe('the faultless simulator passes every check (no false alarms)', () => {
  for (const seed of SEEDS) {
    // A hang guard, not a bound (WHOLE_RUN_TIMEOUT_MS).
    it(`with seed ${seed}, nothing fails, errors or skips and every must clause passes`, { timeout: WHOLE_RUN_TIMEOUT_MS }, async () => {
      if (seed === FRESH) process.stdout.write(`faultless: fresh random seed ${seed} (replay: disco check --seed ${seed} --runs 10)\n`);
      const run = await runSuitesAgainstSimulator({ seed, runs: 10 });
      expect(faultlessRunProblems(run, 'standard'), `seed ${seed}`).toEqual([]);
    });
  }

  it('a run that verified nothing, or left something behind, is not a quiet run', () => {
    const problems = faultlessRunProblems({ checks: [], leftovers: ['package 42'], failedClauses: new Set() }, 'alt');
    expect(problems).toContain('left behind: package 42');
    // Every must clause of the catalog, each unverified: a seed like that is reported, not passed.
    const unverified = problems.filter((p) => / not passed: /.test(p)).map((p) => p.split(' ')[0]);
    expect(unverified).toEqual(CLAUSES.filter((c) => c.kind === 'must').map((c) => c.id));
  });

  it.each(FORMER_FALSE_ALARMS)('seed $seed stays quiet on $check', async ({ seed, check }) => {
    const run = await runSuitesAgainstSimulator({ seed, runs: 25, only: [check] });
    expect(run.checks.map((c) => `${c.id}: ${c.verdict}`)).toEqual([`${check}: pass`]);
  });
});
