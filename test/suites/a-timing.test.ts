import { describe, expect, it } from 'vitest';
import { compareLatencies, hodgesLehmann, mannWhitney, median, normalQuantile, normalUpperTail } from '../../suites/lib/timing-oracle.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/** A deterministic generator (mulberry32), so the statistics tests never flake. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Latencies like a loopback server's: a floor, exponential jitter, and rare long pauses. */
function latencies(n: number, seed: number, shiftMs = 0): number[] {
  const r = random(seed);
  return Array.from({ length: n }, () => 0.35 + shiftMs - Math.log(1 - r()) * 0.1 + (r() < 0.03 ? 5 + r() * 40 : 0));
}

describe('the timing oracle (A-ENUM-2)', () => {
  it('computes the normal tail and quantile', () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 6);
    expect(normalUpperTail(1.959964)).toBeCloseTo(0.025, 5);
    expect(normalUpperTail(3.290527)).toBeCloseTo(0.0005, 6);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.9995)).toBeCloseTo(3.290527, 5);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 5);
  });

  it('finds no difference between samples of one distribution', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const c = compareLatencies(latencies(150, seed), latencies(150, seed + 1000));
      expect(c.distinguishable, `seed ${seed}: shift ${c.shift}, CI [${c.lower}, ${c.upper}], p ${c.p}`).toBe(false);
    }
  });

  it('finds no practical difference in a sub-millisecond shift, however significant', () => {
    const c = compareLatencies(latencies(300, 5, 0.5), latencies(300, 6));
    expect(c.p).toBeLessThan(0.001);
    expect(c.distinguishable).toBe(false);
  });

  it('finds a 20 ms shift, with the shift inside its interval, from 50 samples', () => {
    const c = compareLatencies(latencies(50, 7, 20), latencies(50, 8));
    expect(c.distinguishable).toBe(true);
    expect(c.shift).toBeGreaterThan(19);
    expect(c.lower).toBeLessThanOrEqual(c.shift);
    expect(c.upper).toBeGreaterThanOrEqual(c.shift);
  });

  it('finds a faster foreign answer too (two-sided)', () => {
    expect(compareLatencies(latencies(100, 9), latencies(100, 10, 8)).distinguishable).toBe(true);
  });

  it('holds a shift against 10% of a slow target\'s median as well as 3 ms', () => {
    const slow = (seed: number, shift = 0) => latencies(150, seed, shift).map((v) => v + 100);
    expect(compareLatencies(slow(11, 5), slow(12)).distinguishable).toBe(false);
    expect(compareLatencies(slow(13, 15), slow(14)).distinguishable).toBe(true);
  });

  it('agrees with textbook values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    // Two samples without overlap: U is 0 or m*n.
    expect(mannWhitney([1, 2, 3], [4, 5, 6]).u).toBe(0);
    expect(mannWhitney([4, 5, 6], [1, 2, 3]).u).toBe(9);
    expect(hodgesLehmann([11, 12, 13], [1, 2, 3], 0.9).shift).toBe(10);
  });
});

describe('a-timing: no false alarm in repeated runs against the faultless simulator', () => {
  it('passes five runs in a row, each with its own seed', async () => {
    const notes: string[] = [];
    for (const seed of [101, 202, 303, 404, 505]) {
      const run = await runSuitesAgainstSimulator({ only: ['a-timing/'], seed, runs: 5 });
      const check = run.checks[0];
      notes.push(...(check?.notes ?? []));
      expect(check?.verdict, `${check?.reason ?? ''}\n${notes.join('\n')}`).toBe('pass');
    }
  });
});
