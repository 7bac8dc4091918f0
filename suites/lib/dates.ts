/**
 * The one date-time oracle and the one calendar-date oracle of the suites (B-FMT-1, B-INV-1 and
 * the `utc-date-time` / `calendar-date` schema formats all use these). A value must be written
 * the right way *and* name a moment that exists: `2026-02-30`, `T24:00` and `T23:60` are no
 * dates, although a pattern alone and `Date.parse` (which rolls them over) would take them.
 */

/**
 * ISO 8601 date-time in UTC: `Z` or a zero offset. ISO 8601 lets seconds be left out, so they
 * are optional here, and writes a fraction after a comma or a full stop (ISO 8601-1 prefers the
 * comma; RFC 3339 would require seconds and the full stop; the spec names ISO 8601).
 */
const UTC_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:Z|[+-]00:?00)$/i;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether year, month and day name a day that exists (a leap year's 29 February does). */
export function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear keeps them.
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO 8601 UTC date-time naming a real moment: a real day, hours 00-23, minutes and seconds 00-59. */
export function isUtcDateTime(value: string): boolean {
  const m = UTC_DATE_TIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  return isRealDay(year, month, day) && hour <= 23 && minute <= 59 && second <= 59;
}

/**
 * The moment an ISO 8601 UTC date-time names (isUtcDateTime), in milliseconds since the epoch;
 * undefined for anything else. `Date.parse` alone refuses a fraction after a comma.
 */
export function utcDateTimeMs(value: unknown): number | undefined {
  if (typeof value !== 'string' || !isUtcDateTime(value)) return undefined;
  const ms = Date.parse(value.replace(',', '.'));
  return Number.isNaN(ms) ? undefined : ms;
}

/** An ISO 8601 date-time with its zone (`Z` or an offset), in any precision past the minute. */
const ZONED_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * The moment an ISO 8601 date-time with a zone names (UTC or an offset: not only the spec's UTC
 * form), in milliseconds since the epoch; undefined for anything else.
 */
export function zonedDateTimeMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = ZONED_DATE_TIME.exec(value);
  if (!m || !isRealDay(Number(m[1]), Number(m[2]), Number(m[3]))) return undefined;
  // Date.parse takes neither a comma before the fraction nor a space for the T nor an offset without its colon.
  const iso = value.replace(',', '.').replace(/^(.{10})[ t]/, '$1T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2').replace(/z$/, 'Z');
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `YYYY-MM-DD` naming a day that exists. */
export function isCalendarDate(value: string): boolean {
  const m = CALENDAR_DATE.exec(value);
  return m !== null && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * Whether two time zone names name the same zone: the same text, or two IANA names that are
 * aliases of one zone (`Asia/Kolkata` and `Asia/Calcutta`, `Europe/Kyiv` and `Europe/Kiev`,
 * `Etc/UTC` and `UTC`), as a deployment storing the canonical name of an alias writes it back.
 * Names no IANA database knows (Rails' "Eastern Time (US & Canada)") must be the same text.
 */
export function sameTimeZone(a: string, b: string): boolean {
  if (a === b) return true;
  const canonical = (zone: string): string | undefined => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      return undefined;
    }
  };
  const [ca, cb] = [canonical(a), canonical(b)];
  return ca !== undefined && ca === cb;
}
