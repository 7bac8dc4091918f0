import { delay } from '../../suites/lib/delay.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { targetState } from './probe.ts';

/**
 * `disco check --wait SECONDS`: a CI job that has just started the deployment (`docker compose
 * up -d`) runs the checks at once, and the target is not up yet. Instead of ending the run (exit
 * 2), the probe is repeated, half a second apart and then more slowly (doubling, at most 5 s),
 * while the target does not answer or answers its interface paths 5xx, until it is ready or
 * `waitMs` has passed; as Schemathesis's --wait-for-schema and Dredd's --server-wait. A redirect
 * is a wrong address, not a slow start: it ends the run at once. Returns what ends the run, or
 * null; a target still answering 5xx when the time is up is run against (the checks judge it).
 */
export async function waitForTarget(target: ResolvedTarget, probeTimeoutMs: number, waitMs: number, signal: AbortSignal | undefined, say: (line: string) => void): Promise<string | null> {
  const started = performance.now();
  let pause = 500;
  let waited = false;
  for (;;) {
    const state = await targetState(target, probeTimeoutMs, signal);
    const why = state.unreachable ? state.problem : state.notReady;
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    if (!why || waitMs <= 0 || signal?.aborted) {
      if (waited && !why) say(`disco check: the target is ready after ${seconds} s`);
      return state.problem;
    }
    const left = waitMs - (performance.now() - started);
    if (left <= 0) {
      if (state.problem) return `${state.problem}; still so after waiting ${seconds} s (--wait)`;
      say(`disco check: the target is still not ready after ${seconds} s (${why}); running the checks`);
      return null;
    }
    if (!waited) say(`disco check: waiting up to ${Math.round(waitMs / 1000)} s for the target: ${why}`);
    waited = true;
    await delay(Math.min(pause, left), signal);
    pause = Math.min(pause * 2, 5_000);
  }
}
