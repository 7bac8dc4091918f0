import { it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
it('measure', async () => {
  for (const only of (process.env.FAMS ?? 'b-schema/,b-conn/,b-dlv/,b-ntf/,b-gap/').split(',')) {
    const t0 = performance.now();
    const run = await runSuitesAgainstSimulator({ only: only === 'ALL' ? undefined : [only], seed: Number(process.env.SEED ?? 7), runs: Number(process.env.RUNS ?? 10), faults: (process.env.FAULTS ? process.env.FAULTS.split(',') : []) as never });
    console.log(only, Math.round(performance.now() - t0), run.checks.map((c) => `${c.id}:${c.verdict}:${c.durationMs}ms:${c.requests}req${c.reason ? ' ' + c.reason : ''}${c.failures.map(f => ' | ' + f.clause + ' ' + f.message + ' exp ' + f.expected + ' got ' + f.received).join('')}${c.notes.length ? ' notes: ' + c.notes.join('; ') : ''}`).join('\n  '), run.leftovers);
  }
}, 120000);
