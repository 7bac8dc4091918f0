import { SERVICE_TIME_ZONES } from './service-time-zones.ts';

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
