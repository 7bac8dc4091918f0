/**
 * `npm run soak`: the whole suite against the faultless simulator (both conventions) with many
 * random seeds, reporting every seed that raised a false alarm. Long (about 12 s per seed and
 * conventions on 2 cores); `npm test` runs one fresh seed per run (test/faultless.test.ts).
 *
 *   npm run soak                      # 200 seeds
 *   SOAK_SEEDS=20 SOAK_RUNS=25 npm run soak
 */
import { randomInt } from 'node:crypto';
import type { ConventionsName } from '../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from './support/run-suites.ts';

const seeds = Number(process.env.SOAK_SEEDS ?? 200);
const runs = Number(process.env.SOAK_RUNS ?? 25);
const failing: string[] = [];
const started = performance.now();
for (let i = 0; i < seeds; i++) {
  const seed = randomInt(0, 2 ** 31 - 1);
  for (const conventions of ['standard', 'alt'] as ConventionsName[]) {
    const run = await runSuitesAgainstSimulator({ seed, runs, conventions });
    const bad = run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error');
    const line = `seed ${seed} (${conventions}): ${bad.length ? `FALSE ALARM ${bad.map((c) => c.id).join(', ')}` : 'quiet'}`;
    process.stdout.write(`${line}\n`);
    if (bad.length) {
      failing.push(line);
      process.stdout.write(`${describeChecks(bad)}\n`);
    }
  }
}
process.stdout.write(`\nsoak: ${seeds} seeds x 2 conventions, ${runs} runs per property, ${Math.round((performance.now() - started) / 1000)} s; ${failing.length} false alarms\n${failing.join('\n')}\n`);
process.exitCode = failing.length ? 1 : 0;
