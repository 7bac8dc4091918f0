import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isoTime, isoTimeByDate } from './clock.ts';

describe('isoTime', () => {
  it('writes every moment exactly as Date#toISOString at second precision does', () => {
    // The whole Date range, with the edges of the four-digit years and of days weighted in.
    const moments = fc.oneof(
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      fc.integer({ min: -62_167_219_200_000 - 86_400_000, max: -62_167_219_200_000 + 86_400_000 }),
      fc.integer({ min: 253_402_300_800_000 - 86_400_000, max: 253_402_300_800_000 + 86_400_000 }),
      fc.integer({ min: -86_400_000 * 3, max: 86_400_000 * 3 }),
      fc.double({ min: -8.64e15, max: 8.64e15, noNaN: true }),
    );
    fc.assert(
      fc.property(moments, (ms) => {
        expect(isoTime(ms)).toBe(isoTimeByDate(ms));
      }),
      { seed: 20261125, numRuns: 20_000 },
    );
  });

  it('throws for NaN and moments outside the Date range, as the definition does', () => {
    for (const ms of [Number.NaN, Number.POSITIVE_INFINITY, 8.64e15 + 1000]) expect(() => isoTime(ms)).toThrow(RangeError);
  });

  it('keeps writing correct days after its cache of day prefixes starts afresh', () => {
    for (let day = 0; day < 5000; day++) expect(isoTime(day * 86_400_000 + 3_723_000)).toBe(isoTimeByDate(day * 86_400_000 + 3_723_000));
  });
});
