/**
 * The work ladder: what the 0.5 x bare goal means in work per request. The bare server answers
 * the same bytes after keeping its core busy for a few microseconds (5, 10, 20, 40, 80), each
 * rung measured like any baseline; where its throughput falls to half the bare server's is how
 * much work a request may take on top of node:http. Placing the plain Koa app and the simulator
 * on the same rungs says how much work each behaves like. Measured rather than derived from CPU
 * per request, because the kernel's share is not fixed: a server that answers more slowly leaves
 * its load generator idle between answers, and each answer's write then also pays for waking it
 * (see ARCHITECTURE.md).
 */
import { measureBesideBare, type BenchRequest } from './endpoints.ts';

export interface Rung {
  workUs: number;
  /** Its throughput over the bare server's (no work). */
  ratio: number;
  /** Why the rung, or the bare server it is compared with, is not to be trusted (bench/endpoints.ts). */
  invalid?: string;
}

export const RUNGS_US = [5, 10, 20, 40, 80] as const;

/**
 * Each rung's throughput over the bare server's (no work), all answering `r`'s bytes: every round
 * loads the bare server and then each rung in turn, and the medians are compared, so a host that
 * drifts between rounds moves the rungs and their baseline together.
 */
export async function measureWorkLadder(r: BenchRequest, opts: { seconds: number; connections: number; rounds: number }, rungs: readonly number[] = RUNGS_US): Promise<Rung[]> {
  const { beside } = await measureBesideBare(r, rungs.map((workUs) => ({ workUs })), opts);
  return beside.map(({ ratio, invalid }, i) => ({ workUs: rungs[i]!, ratio, ...(invalid ? { invalid } : {}) }));
}

/**
 * The work per request at which the ladder reaches `ratio`: interpolated between the two rungs
 * around it (the bare server itself is the rung of no work, at 1), linearly in 1 / ratio, which
 * is what grows with the work (the time a request costs). Undefined beyond the last rung, where
 * the ladder says nothing; 0 at or above the bare server.
 */
export function workAt(ladder: readonly Rung[], ratio: number): number | undefined {
  if (!(ratio > 0)) return undefined;
  if (ratio >= 1) return 0;
  const rungs = [{ workUs: 0, ratio: 1 }, ...[...ladder].sort((a, b) => a.workUs - b.workUs)];
  for (let i = 1; i < rungs.length; i++) {
    const lower = rungs[i - 1]!;
    const upper = rungs[i]!;
    if (ratio <= lower.ratio && ratio >= upper.ratio) {
      const span = 1 / upper.ratio - 1 / lower.ratio;
      if (!(span > 0)) return upper.workUs;
      return lower.workUs + ((upper.workUs - lower.workUs) * (1 / ratio - 1 / lower.ratio)) / span;
    }
  }
  return undefined;
}
