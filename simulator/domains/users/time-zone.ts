import { SERVICE_TIME_ZONE_IDENTIFIERS, SERVICE_TIME_ZONES } from './service-time-zones.ts';

/**
 * Time zones are IANA names, or the real service's own names (service-time-zones.ts: what its
 * clients send, as its list of time zones gives them). The runtime's own list (`Intl.supportedValuesOf`) holds only the
 * names its ICU version calls canonical, which leaves out current IANA names such as
 * `Asia/Kolkata` or `Europe/Kyiv` and the link `UTC`; so a name the list lacks is also accepted
 * when `Intl.DateTimeFormat` resolves it and it is shaped like an IANA name. That shape check
 * keeps out what ICU would otherwise take, such as offsets (`+01:00`) on newer runtimes.
 */
const KNOWN = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC']);
const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]{0,31}(?:\/[A-Za-z0-9][A-Za-z0-9_+-]{0,31}){0,2}$/;

export function isTimeZone(name: string): boolean {
  if (KNOWN.has(name) || SERVICE_TIME_ZONES.has(name)) return true;
  if (!IANA_SHAPE.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A user's `time_zone_info` as the real docs show it: `{"name": "UTC", "identifier": "Etc/UTC", "offset": "+0000"}`. */
export interface TimeZoneInfo {
  name: string;
  identifier: string;
  offset: string;
}

/**
 * The zone's name as the user set it, its IANA identifier (a service name's from Rails' mapping;
 * `UTC` is `Etc/UTC`, as the docs show), and its standard offset without a colon, as Rails'
 * `formatted_offset(false)` gives it: the zone's offset outside summer time, by its current
 * rules in the year of `at`.
 */
export function timeZoneInfo(name: string, at: number): TimeZoneInfo {
  const identifier = SERVICE_TIME_ZONE_IDENTIFIERS[name] ?? (name === 'UTC' ? 'Etc/UTC' : name);
  return { name, identifier, offset: standardOffset(identifier, new Date(at).getUTCFullYear()) };
}

/** Per zone and year: a user read must not build formatters. */
const OFFSETS = new Map<string, string>();

function standardOffset(identifier: string, year: number): string {
  const key = `${identifier} ${year}`;
  let offset = OFFSETS.get(key);
  if (offset === undefined) {
    // Summer time adds to the standard offset, in either hemisphere: the smaller of January's and July's.
    const minutes = Math.min(offsetMinutes(identifier, Date.UTC(year, 0, 1)), offsetMinutes(identifier, Date.UTC(year, 6, 1)));
    const abs = Math.abs(minutes);
    offset = `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
    OFFSETS.set(key, offset);
  }
  return offset;
}

function offsetMinutes(identifier: string, at: number): number {
  let zoneName: string | undefined;
  try {
    zoneName = new Intl.DateTimeFormat('en-US', { timeZone: identifier, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return 0; // a name the runtime no longer resolves: shown as UTC rather than failing the read
  }
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(zoneName ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The zone picker's hour labels, UTC-12 to UTC+12: the fault `b-user-zone-offset-table`'s table. */
const PICKER_HOUR_LABELS: readonly string[] = Array.from({ length: 25 }, (_, i) => `${i < 12 ? '-' : '+'}${String(Math.abs(i - 12)).padStart(2, '0')}`);

/**
 * The fault `b-user-zone-offset-table`: an offset (`+1345`) rebuilt with its hour part from the
 * picker's labels, which end at +12: east of that the label is missing and the read throws.
 */
export function pickerLabelOffset(offset: string): string {
  const hours = (offset.startsWith('-') ? -1 : 1) * Number(offset.slice(1, 3));
  return `${PICKER_HOUR_LABELS[hours + 12]!.toString()}${offset.slice(3)}`;
}
