import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate, isUtcDateTime, sameTimeZone, utcDateTimeMs, zonedDateTimeMs } from './dates.ts';
import { formatProblems, isoSecondsAtOffset } from './formats.ts';
import { validateResource } from './schemas.ts';

const two = (n: number) => String(n).padStart(2, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Every moment from year 1 to 9999, written as ISO 8601 UTC in each spelling the oracle takes. */
const realMoment = fc
  .record({ ms: fc.integer({ min: Date.parse('0001-01-01T00:00:00Z'), max: Date.parse('9999-12-31T23:59:59Z') }), spelling: fc.constantFrom('Z', '+00:00', '-0000', 'no-seconds', 'millis', 'comma-millis') })
  .map(({ ms, spelling }) => writtenAs(ms, spelling));

/** `ms` in one of the oracle's spellings (without seconds, the seconds and fraction are dropped). */
function writtenAs(ms: number, spelling: string): string {
  const iso = new Date(ms).toISOString();
  const whole = iso.replace(/\.\d{3}Z$/, '');
  if (spelling === 'millis') return iso;
  // ISO 8601's comma before the fraction (ISO 8601-1 prefers it to the full stop).
  if (spelling === 'comma-millis') return iso.replace('.', ',');
  if (spelling === 'no-seconds') return `${whole.slice(0, 16)}Z`;
  return `${whole}${spelling}`;
}

/** Dates that are written right but do not exist: a day past the month's end, 24 h, 60 min, 60 s, month 0 or 13. */
const impossibleMoment = fc
  .record({ year: fc.integer({ min: 1970, max: 2100 }), month: fc.integer({ min: 1, max: 12 }), which: fc.constantFrom('day', 'hour', 'minute', 'second', 'month') })
  .chain(({ year, month, which }) =>
    fc.integer({ min: 1, max: 3 }).map((over) => {
      let [m, d, h, mi, s] = [month, 1, 10, 0, 0];
      if (which === 'day') d = daysIn(year, month) + over;
      if (which === 'hour') h = 23 + over;
      if (which === 'minute') mi = 59 + over;
      if (which === 'second') s = 59 + over;
      if (which === 'month') m = over === 1 ? 0 : 12 + over;
      return `${year}-${two(m)}-${two(d)}T${two(h)}:${two(mi)}:${two(s)}Z`;
    }),
  );

describe('the one date-time oracle', () => {
  it('takes every real moment in UTC, with or without seconds and fractions, Z or a zero offset', () => {
    fc.assert(fc.property(realMoment, (text) => isUtcDateTime(text)), { seed: 4242, numRuns: 500 });
  });

  it('reads the moment each spelling names, the comma\'s fraction too, which Date.parse alone refuses', () => {
    const moment = fc.record({ ms: fc.integer({ min: Date.parse('0001-01-01T00:00:00Z'), max: Date.parse('9999-12-31T23:59:59Z') }), spelling: fc.constantFrom('Z', '+00:00', '-0000', 'millis', 'comma-millis') });
    fc.assert(fc.property(moment, ({ ms, spelling }) => utcDateTimeMs(writtenAs(ms, spelling)) === (spelling.endsWith('millis') ? ms : Math.floor(ms / 1000) * 1000)), { seed: 4242, numRuns: 500 });
    expect(Date.parse('2026-11-30T11:40:25,000Z')).toBeNaN();
    for (const text of ['2026-02-30T10:00:00Z', '2026-11-22T05:12:47+01:00', '', 'now']) expect(utcDateTimeMs(text), text).toBeUndefined();
    expect(utcDateTimeMs(1_767_261_600_000)).toBeUndefined();
  });

  it('refuses every impossible moment, which a pattern or Date.parse would take', () => {
    fc.assert(fc.property(impossibleMoment, (text) => !isUtcDateTime(text)), { seed: 4242, numRuns: 500 });
    for (const text of ['2026-02-30T10:00:00Z', '2026-11-22T24:00:00Z', '2026-11-22T23:60:00Z', '2026-11-22T23:59:60Z', '2025-02-29T00:00:00Z']) expect(isUtcDateTime(text), text).toBe(false);
    expect(isUtcDateTime('2024-02-29T00:00:00Z')).toBe(true);
  });

  it('refuses local times and other offsets', () => {
    for (const text of ['2026-11-22T05:12:47', '2026-11-22T05:12:47+01:00', '2026-11-22T05:12:47-05:00', '2026-11-22 05:12:47Z']) expect(isUtcDateTime(text), text).toBe(false);
  });

  it('is the oracle behind the B-FMT-1 walker and the schemas alike', () => {
    const impossible = '2026-02-30T10:00:00Z';
    expect(formatProblems({ id: 1, updated_at: impossible }).map((p) => p.path)).toEqual(['/updated_at']);
    const pkg = { id: 1, name: 'p', description: '', variables: {}, owner_id: 1, created_at: '2026-01-01T00:00:00Z', updated_at: impossible, url: 'u', html_url: 'h', status: 'active' };
    expect(validateResource('package', pkg).map((p) => p.path)).toEqual(['/updated_at']);
    expect(validateResource('package', { ...pkg, updated_at: '2026-02-28T10:00:00Z' })).toEqual([]);
  });

  it('judges only the members section 2 names (and every `id`) when told to: a deployment\'s own members are not the spec\'s', () => {
    const job = { id: 7, package_id: 'p-1', created_at: 'yesterday', external_id: 'grp_9f2', expires_at: 1767225600, gateway: { id: 'eu', checked_at: 17, owner_id: 'x' } };
    expect(formatProblems(job).map((p) => p.path)).toEqual(['/package_id', '/created_at', '/external_id', '/expires_at', '/gateway/id', '/gateway/checked_at', '/gateway/owner_id']);
    expect(formatProblems(job, { specFieldsOnly: true }).map((p) => p.path)).toEqual(['/package_id', '/created_at', '/gateway/id', '/gateway/owner_id']);
  });
});

describe('the one calendar-date oracle', () => {
  it('takes every real day and refuses days past the end of their month', () => {
    const day = fc.record({ year: fc.integer({ min: 1, max: 9999 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) });
    fc.assert(
      fc.property(day, ({ year, month, day: d }) => isCalendarDate(`${String(year).padStart(4, '0')}-${two(month)}-${two(d)}`) === d <= daysIn(year, month)),
      { seed: 4242, numRuns: 1000 },
    );
  });
});

describe('sameTimeZone', () => {
  it('takes an IANA alias for its zone, and nothing else', () => {
    expect(sameTimeZone('Asia/Kolkata', 'Asia/Calcutta')).toBe(true);
    expect(sameTimeZone('Europe/Kyiv', 'Europe/Kiev')).toBe(true);
    expect(sameTimeZone('Etc/UTC', 'UTC')).toBe(true);
    expect(sameTimeZone('Eastern Time (US & Canada)', 'Eastern Time (US & Canada)')).toBe(true);
    expect(sameTimeZone('Asia/Kolkata', 'Asia/Karachi')).toBe(false);
    expect(sameTimeZone('Eastern Time (US & Canada)', 'America/New_York')).toBe(false);
    expect(sameTimeZone('Nope/Zone', 'Nope/Other')).toBe(false);
  });
});

describe('isoSecondsAtOffset', () => {
  it('writes the same moment, to the second, at any offset from UTC, with the offset it names', () => {
    const offsets = fc.integer({ min: -12 * 60, max: 14 * 60 });
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2099-12-31T00:00:00Z') }), offsets, (ms, offset) => {
        const written = isoSecondsAtOffset(ms, offset);
        expect(zonedDateTimeMs(written)).toBe(Math.floor(ms / 1000) * 1000);
        expect(written.endsWith(offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`)).toBe(true);
      }),
    );
    expect(isoSecondsAtOffset(Date.parse('2030-01-01T09:00:00Z'), 330)).toBe('2030-01-01T14:30:00+05:30');
    expect(isoSecondsAtOffset(Date.parse('2030-01-01T02:00:00Z'), -300)).toBe('2029-12-31T21:00:00-05:00');
  });
});
