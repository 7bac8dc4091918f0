import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_S, logUniformSeconds } from './durations.ts';

describe('logUniformSeconds', () => {
  it('stays within its bounds, in whole seconds, and shrinks to its minimum', () => {
    fc.assert(fc.property(logUniformSeconds(61, 3 * DAY_S), (s) => Number.isInteger(s) && s >= 61 && s <= 3 * DAY_S), { seed: 7 });
    const failed = fc.check(fc.property(logUniformSeconds(61, 3 * DAY_S), () => false), { seed: 7 });
    expect(failed.counterexample).toEqual([61]);
    expect(fc.sample(logUniformSeconds(5, 5), { numRuns: 20, seed: 1 })).toEqual(Array(20).fill(5));
  });

  it('draws minutes, hours and days alike often from a minute to days (a uniform draw gives almost only days)', () => {
    const drawn = fc.sample(logUniformSeconds(61, 3 * DAY_S), { numRuns: 2_000, seed: 7 });
    const share = (lo: number, hi: number) => drawn.filter((s) => s >= lo && s < hi).length / drawn.length;
    // ln(3600/61) / ln(259200/61) = 0.49 of the scale is under an hour; 0.13 is past a day.
    expect(share(0, 3_600)).toBeGreaterThan(0.35);
    expect(share(3_600, DAY_S)).toBeGreaterThan(0.25);
    expect(share(DAY_S, 3 * DAY_S + 1)).toBeGreaterThan(0.08);
    expect(Math.max(...drawn)).toBe(3 * DAY_S);
  });

  it('refuses bounds it cannot draw between', () => {
    expect(() => logUniformSeconds(0, 10)).toThrow(/1 <= min <= max/);
    expect(() => logUniformSeconds(10, 9)).toThrow(/1 <= min <= max/);
  });
});
