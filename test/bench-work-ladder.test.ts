// The work ladder's arithmetic (bench/work-ladder.ts): where a throughput ratio falls on the
// rungs of a bare server doing a known amount of busy work per request.
import { describe, expect, it } from 'vitest';
import { workAt } from '../bench/work-ladder.ts';

// Shaped like a measured ladder: throughput roughly one over (a request's base cost + the work).
const ladder = [
  { workUs: 5, ratio: 0.8 },
  { workUs: 10, ratio: 0.5 },
  { workUs: 20, ratio: 0.4 },
  { workUs: 40, ratio: 0.25 },
  { workUs: 80, ratio: 0.125 },
];

describe('work ladder', () => {
  it('reads a rung exactly and interpolates between rungs in one over the ratio', () => {
    expect(workAt(ladder, 0.5)).toBe(10);
    expect(workAt(ladder, 0.25)).toBe(40);
    // 1 / 0.3125 = 3.2 lies between the 20 us rung (1 / 0.4 = 2.5) and the 40 us one (1 / 0.25 = 4).
    expect(workAt(ladder, 0.3125)).toBeCloseTo(20 + (20 * 0.7) / 1.5, 9);
    // Between the bare server (no work, 1) and the first rung.
    expect(workAt(ladder, 0.9)).toBeCloseTo((5 * (1 / 0.9 - 1)) / (1 / 0.8 - 1), 9);
  });

  it('says nothing beyond the last rung, and no work at or above the bare server', () => {
    expect(workAt(ladder, 0.1)).toBeUndefined();
    expect(workAt(ladder, 0)).toBeUndefined();
    expect(workAt(ladder, Number.NaN)).toBeUndefined();
    expect(workAt(ladder, 1)).toBe(0);
    expect(workAt(ladder, 1.1)).toBe(0);
  });

  it('does not depend on the order the rungs come in, and copes with a noisy rung', () => {
    expect(workAt([...ladder].reverse(), 0.5)).toBe(10);
    // A later rung measured faster than the one before it (host noise): still an answer within the ladder.
    const noisy = [{ workUs: 5, ratio: 0.6 }, { workUs: 10, ratio: 0.62 }, { workUs: 20, ratio: 0.4 }];
    const at = workAt(noisy, 0.61)!;
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThanOrEqual(20);
    expect(workAt(noisy, 0.5)).toBeGreaterThan(10);
    expect(workAt(noisy, 0.5)).toBeLessThan(20);
  });
});
