import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from './support/run-suites.ts';

/**
 * Seeds that once raised a false alarm, each with the check it tripped: they must stay quiet.
 * (1879076581: a generated path `/api/public/v1/%2e%2e/%2e%2e` resolves to `/api/`, which is
 * not interface A, and the check expected interface A's error object there.)
 */
const FORMER_FALSE_ALARMS: readonly { seed: number; check: string }[] = [{ seed: 1879076581, check: 'a-rob/unknown-paths-and-queries' }];

/** Fixed seeds, and one fresh seed per run (printed, so a false alarm it finds can be replayed and added above). */
const SEEDS = [1, 20261122, Number(process.env.DISCO_RANDOM_SEED ?? randomInt(0, 2 ** 31 - 1))];

describe('the faultless simulator passes every check (no false alarms)', () => {
  for (const seed of SEEDS) {
    it(`with seed ${seed}, nothing fails or errors`, async () => {
      if (seed === SEEDS[2]) process.stdout.write(`faultless: fresh random seed ${seed} (replay: disco check --seed ${seed} --runs 10)\n`);
      const run = await runSuitesAgainstSimulator({ seed, runs: 10 });
      const bad = run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error');
      expect(bad, `seed ${seed}: ${describeChecks(bad)}`).toEqual([]);
      expect(run.leftovers).toEqual([]);
      // Skips against the simulator would hide untested clauses: the embedded target offers everything.
      const skipped = run.checks.filter((c) => c.verdict === 'skip');
      expect(skipped.map((c) => `${c.id}: ${c.reason}`)).toEqual([]);
    });
  }

  it.each(FORMER_FALSE_ALARMS)('seed $seed stays quiet on $check', async ({ seed, check }) => {
    const run = await runSuitesAgainstSimulator({ seed, runs: 25, only: [check] });
    expect(run.checks.map((c) => `${c.id}: ${c.verdict}`)).toEqual([`${check}: pass`]);
  });
});
