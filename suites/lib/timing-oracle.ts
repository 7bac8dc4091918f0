/**
 * The timing oracle of A-ENUM-2: can the latency of two kinds of request (another account's
 * pipeline, an absent one) be told apart? Rank statistics, so that a few slow outliers (a GC
 * pause, a busy neighbour on a shared machine) weigh no more than any other sample:
 *
 * - the Mann-Whitney U test (normal approximation with tie correction) says whether the two
 *   samples differ at all (p-value);
 * - the Hodges-Lehmann estimator (median of all pairwise differences) says by how much, with
 *   its distribution-free confidence interval (the order statistics of the pairwise differences
 *   that the U distribution picks).
 *
 * A difference counts only when it is both significant and practically large: the whole
 * confidence interval lies beyond the practical threshold, so noise alone does not trip it.
 */

export interface LatencyComparison {
  /** Sample sizes. */
  m: number;
  n: number;
  medianA: number;
  medianB: number;
  /** Hodges-Lehmann estimate of how much slower A is than B (ms; negative: faster). */
  shift: number;
  /** Confidence interval of the shift at `confidence`. */
  lower: number;
  upper: number;
  confidence: number;
  /** Two-sided p-value of the Mann-Whitney U test. */
  p: number;
  /** The practical threshold the interval was held against (ms). */
  thresholdMs: number;
  /** Significant and beyond the threshold on one side. */
  distinguishable: boolean;
  /** The interval lies within ±threshold: the samples agree as far as it matters. */
  equivalent: boolean;
}

export interface OracleOptions {
  /** Smallest shift that counts, in ms. */
  minShiftMs: number;
  /** Smallest shift that counts, as a fraction of B's median (whichever is larger). */
  minRelative: number;
  /** Significance level of the U test; the interval has confidence 1 - alpha. */
  alpha: number;
}

export const DEFAULT_ORACLE: OracleOptions = { minShiftMs: 3, minRelative: 0.1, alpha: 0.001 };

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Two-sided Mann-Whitney U test, normal approximation with continuity and tie corrections. */
export function mannWhitney(a: readonly number[], b: readonly number[]): { u: number; z: number; p: number } {
  const m = a.length;
  const n = b.length;
  const all = [...a.map((v) => ({ v, fromA: true })), ...b.map((v) => ({ v, fromA: false }))].sort((x, y) => x.v - y.v);
  let rankSumA = 0;
  let tieTerm = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && (all[j + 1] as { v: number }).v === (all[i] as { v: number }).v) j++;
    const rank = (i + j + 2) / 2; // average of ranks i+1 .. j+1
    const ties = j - i + 1;
    tieTerm += ties ** 3 - ties;
    for (let k = i; k <= j; k++) if ((all[k] as { fromA: boolean }).fromA) rankSumA += rank;
    i = j + 1;
  }
  const u = rankSumA - (m * (m + 1)) / 2;
  const mean = (m * n) / 2;
  const N = m + n;
  const variance = ((m * n) / 12) * (N + 1 - tieTerm / (N * (N - 1)));
  if (variance <= 0) return { u, z: 0, p: 1 };
  const diff = u - mean;
  const z = (Math.abs(diff) - 0.5 > 0 ? Math.abs(diff) - 0.5 : 0) / Math.sqrt(variance) * Math.sign(diff);
  return { u, z, p: Math.min(1, 2 * normalUpperTail(Math.abs(z))) };
}

/**
 * Hodges-Lehmann shift of a over b with its confidence interval: the k-th smallest and k-th
 * largest of the m*n differences a_i - b_j, k from the U distribution's normal approximation.
 */
export function hodgesLehmann(a: readonly number[], b: readonly number[], confidence: number): { shift: number; lower: number; upper: number } {
  const diffs = new Float64Array(a.length * b.length);
  let i = 0;
  for (const x of a) for (const y of b) diffs[i++] = x - y;
  diffs.sort();
  const mn = diffs.length;
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const k = Math.max(1, Math.floor(mn / 2 - z * Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12)));
  const at = (index: number) => diffs[Math.min(mn - 1, Math.max(0, index))] as number;
  const shift = mn % 2 ? at((mn - 1) / 2) : (at(mn / 2 - 1) + at(mn / 2)) / 2;
  return { shift, lower: at(k - 1), upper: at(mn - k) };
}

/** Compares latencies `a` (the suspect kind) with `b` (the reference kind). */
export function compareLatencies(a: readonly number[], b: readonly number[], options: OracleOptions = DEFAULT_ORACLE): LatencyComparison {
  const { p } = mannWhitney(a, b);
  const confidence = 1 - options.alpha;
  const { shift, lower, upper } = hodgesLehmann(a, b, confidence);
  const medianB = median(b);
  const thresholdMs = Math.max(options.minShiftMs, options.minRelative * medianB);
  const beyond = lower > thresholdMs || upper < -thresholdMs;
  return {
    m: a.length,
    n: b.length,
    medianA: median(a),
    medianB,
    shift,
    lower,
    upper,
    confidence,
    p,
    thresholdMs,
    distinguishable: p < options.alpha && beyond,
    equivalent: lower > -thresholdMs && upper < thresholdMs,
  };
}

/**
 * How many samples of each kind would likely settle `c`, or null when none would: its interval
 * inside ±threshold (the kinds alike) when the estimate lies within the threshold, wholly beyond
 * it (told apart) when the estimate lies past it; an estimate at the threshold settles neither
 * way. The interval's half-width shrinks as one over the square root of the sample size; the
 * estimate is taken to stay where it is, and a fifth more samples are asked for than that
 * projection, for the estimate to move.
 */
export function samplesToSettle(c: LatencyComparison): number | null {
  if (c.equivalent || c.distinguishable) return c.m;
  const halfWidth = (c.upper - c.lower) / 2;
  const room = Math.abs(c.thresholdMs - Math.abs((c.upper + c.lower) / 2));
  if (room < 1e-9 || halfWidth <= 0) return null;
  return Math.ceil(c.m * (halfWidth / room) ** 2 * 1.2);
}

/** How far an open verdict may be sampled on: in rounds, up to a number of samples and a time spent sampling in all. */
export interface SampleExtension {
  round: number;
  extendedMaxPairs: number;
  extendedBudgetMs: number;
}

/**
 * How many samples of each kind to take in all once `c` is still open at its size (`elapsedMs`
 * spent sampling so far), or null to stop there: when no number of samples is projected to settle
 * it, or the projection is past the extension's samples or time.
 */
export function extendedSampleLimit(c: LatencyComparison, elapsedMs: number, extension: SampleExtension): number | null {
  const needed = samplesToSettle(c);
  if (needed === null || needed <= c.m || needed > extension.extendedMaxPairs) return null;
  const perSampleMs = elapsedMs / c.m;
  if (elapsedMs + (needed - c.m) * perSampleMs > extension.extendedBudgetMs) return null;
  return Math.min(extension.extendedMaxPairs, Math.ceil(needed / extension.round) * extension.round);
}

/** One line for reports: medians, shift with its interval, p, sizes. */
export function describeComparison(c: LatencyComparison, names: { a: string; b: string }): string {
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  return (
    `median ${names.a} ${ms(c.medianA)} vs ${names.b} ${ms(c.medianB)} (n = ${c.m} and ${c.n}); ` +
    `Hodges-Lehmann shift ${ms(c.shift)}, ${(c.confidence * 100).toFixed(1)}% CI [${ms(c.lower)}, ${ms(c.upper)}]; ` +
    `Mann-Whitney p = ${c.p < 1e-6 ? c.p.toExponential(1) : c.p.toFixed(4)}; practical threshold ±${ms(c.thresholdMs)}`
  );
}

/** P(Z > z) for a standard normal Z. */
export function normalUpperTail(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/** erfc with relative error below 1.2e-7 (Numerical Recipes' Chebyshev fit). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p <= 0 || p >= 1) throw new RangeError('the quantile needs 0 < p < 1');
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  return x;
}
