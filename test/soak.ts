/**
 * `npm run soak`: first the long forms of the robustness drills (100,000 malformed requests,
 * the inputs shaped for backtracking patterns with their times, 2,000 concurrent creates x 3
 * rounds, Ctrl-C at every second from 3 to 15 s; `npm test` runs a sample, test/drills.test.ts), then the
 * whole suite against the faultless simulator (both conventions, then one of them with ids
 * numbered per account and the other through a gateway showing ids beyond 2^53) with many random seeds, reporting every seed that raised a false alarm or
 * left a must clause not passed (faultlessRunProblems, perAccountRunProblems in
 * test/support/run-suites.ts). Long (about 7 s per seed and conventions at 25
 * runs on 2 cores); `npm test` runs one fresh seed per run under each conventions
 * (test/faultless.test.ts, test/alt-conventions.test.ts).
 *
 *   npm run soak                      # the drills, then 200 seeds
 *   SOAK_SEEDS=20 SOAK_RUNS=25 SOAK_DRILLS=0 npm run soak
 */
import { randomInt } from 'node:crypto';
import type { ConventionsName } from '../simulator/conventions.ts';
import type { IdNumbering } from '../simulator/store.ts';
import { faultlessRunProblems, perAccountRunProblems, runSuitesAgainstSimulator } from './support/run-suites.ts';
import { bigIdRunProblems, startBigIdGateway, withBigFixtureIds } from './support/big-id-gateway.ts';
import { concurrentCreates, interruptDrill, malformedFlood, pathologicalInputs, startDrillTarget } from './support/drills.ts';

if (process.env.SOAK_DRILLS !== '0') {
  const target = await startDrillTarget();
  try {
    const flood = await malformedFlood(target, Number(process.env.SOAK_MALFORMED ?? 100_000), { seed: randomInt(0, 2 ** 31 - 1), concurrency: 50 });
    const floodOk = !flood.serverErrors.length && !flood.hangs && !flood.stackTraces.length && !flood.withoutErrorObject.length;
    process.stdout.write(`drill: ${flood.sent} malformed requests: ${flood.serverErrors.length} 5xx, ${flood.hangs} hangs, ${flood.stackTraces.length} stack traces, ${flood.withoutErrorObject.length} 4xx without the error object; heap ${flood.heapGrowthMb >= 0 ? '+' : ''}${flood.heapGrowthMb.toFixed(1)} MB${floodOk ? '' : ' FAILED'}\n`);
    for (const line of [...flood.serverErrors, ...flood.stackTraces, ...flood.withoutErrorObject].slice(0, 20)) process.stdout.write(`  ${line}\n`);
    const pathological = await pathologicalInputs(target);
    const pathologicalOk = pathological.answers.every((a) => a.status >= 400 && a.status < 500 && a.errorObject);
    const slowest = Math.max(...pathological.answers.map((a) => a.ms));
    process.stdout.write(`drill: ${pathological.answers.length} inputs shaped for backtracking patterns: ${pathological.answers.map((a) => `${a.label} -> ${a.status || 'no answer'} in ${Math.round(a.ms)} ms`).join('; ')}; slowest ${Math.round(slowest)} ms${pathologicalOk ? '' : ' FAILED'}\n`);
    const creates = await concurrentCreates(target, 2_000, 3);
    const createsOk = !creates.failed.length && !creates.duplicateIds && !creates.missing && !creates.crossListed && creates.made === 6_000;
    process.stdout.write(`drill: 2,000 concurrent creates x 3 rounds: ${creates.made} made, ${creates.failed.length} refused, ${creates.duplicateIds} duplicate ids, ${creates.missing} missing from their list, ${creates.crossListed} listed in the other account${createsOk ? '' : ' FAILED'}\n`);
    if (!floodOk || !pathologicalOk || !createsOk) process.exitCode = 1;
  } finally {
    await target.close();
  }
  // Every second of a full run, so the signal lands in every kind of wait a check can be in.
  for (let at = 3_000; at <= 15_000; at += 1_000) {
    const r = await interruptDrill(at);
    if (Number.isNaN(r.exitMs)) {
      process.stdout.write(`drill: disco check ended before a Ctrl-C at ${at / 1000} s (exit ${r.code}): the sweep stops here\n`);
      break;
    }
    const ok = r.code === 130 && r.exitMs <= 300 && r.leftovers === 0 && r.interrupted === 'SIGINT';
    const retried = r.tries > 1 ? ` (try ${r.tries}: the signals before came while it was still starting)` : '';
    process.stdout.write(`drill: disco check, Ctrl-C at ${r.atMs / 1000} s: exit ${r.code} ${Math.round(r.exitMs)} ms after the signal, ${r.leftovers} left behind${retried}${ok ? '' : ' FAILED'}\n`);
    if (!ok) process.exitCode = 1;
  }
}

const seeds = Number(process.env.SOAK_SEEDS ?? 200);
const runs = Number(process.env.SOAK_RUNS ?? 25);
const failing: string[] = [];
const started = performance.now();
for (let i = 0; i < seeds; i++) {
  const seed = randomInt(0, 2 ** 31 - 1);
  // Both conventions as they are, then one of them with ids numbered per account (the two take turns).
  const perAccount: ConventionsName = i % 2 === 0 ? 'standard' : 'alt';
  for (const [conventions, idNumbering] of [['standard', 'simulator'], ['alt', 'simulator'], [perAccount, 'account']] as [ConventionsName, IdNumbering][]) {
    const run = await runSuitesAgainstSimulator({ seed, runs, conventions, idNumbering, ...(idNumbering === 'account' ? { profile: 'spec' as const } : {}) });
    const problems = idNumbering === 'account' ? perAccountRunProblems(run) : faultlessRunProblems(run, conventions);
    const line = `seed ${seed} (${conventions}${idNumbering === 'account' ? ', ids per account' : ''}): ${problems.length ? `${problems.length} PROBLEMS` : 'quiet'}`;
    report(line, problems);
  }
  // And the other through a gateway that shows every id beyond 2^53 (test/support/big-id-gateway.ts).
  const bigIds: ConventionsName = perAccount === 'standard' ? 'alt' : 'standard';
  const run = await runSuitesAgainstSimulator({ seed, runs, conventions: bigIds, profile: 'spec', front: startBigIdGateway, retarget: withBigFixtureIds });
  const problems = bigIdRunProblems(run, bigIds);
  report(`seed ${seed} (${bigIds}, ids beyond 2^53): ${problems.length ? `${problems.length} PROBLEMS` : 'quiet'}`, problems);
}

function report(line: string, problems: string[]): void {
  process.stdout.write(`${line}\n`);
  if (problems.length) {
    failing.push(line);
    process.stdout.write(`${problems.map((p) => `  ${p}`).join('\n')}\n`);
  }
}
process.stdout.write(`\nsoak: ${seeds} seeds x 2 conventions, one with ids per account and the other with ids beyond 2^53, ${runs} runs per property, ${Math.round((performance.now() - started) / 1000)} s; ${failing.length} with a false alarm or a must clause not passed\n${failing.join('\n')}\n`);
if (failing.length) process.exitCode = 1;
