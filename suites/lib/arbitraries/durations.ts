import fc from 'fast-check';

/** Steps of the log scale: adjacent steps of 61 s .. 3 days differ by under 1 %. */
const LOG_STEPS = 1_000;

/**
 * Whole seconds from `min` to `max` (both at least 1), spread evenly on a log scale: a range
 * from a minute to days gives minutes, hours and days alike often, where a uniform draw would
 * give almost only days. It shrinks toward `min`.
 */
export function logUniformSeconds(min: number, max: number): fc.Arbitrary<number> {
  if (!(min >= 1 && max >= min)) throw new Error(`logUniformSeconds needs 1 <= min <= max, got ${min} .. ${max}`);
  return fc.integer({ min: 0, max: LOG_STEPS }).map((step) => Math.min(max, Math.max(min, Math.round(min * (max / min) ** (step / LOG_STEPS)))));
}

/** A day and a week, in seconds. */
export const DAY_S = 86_400;
export const WEEK_S = 7 * DAY_S;
