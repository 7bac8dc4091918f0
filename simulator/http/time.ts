import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sim } from '../context.ts';
import { isoTime } from '../clock.ts';

/**
 * A timestamp as interface B writes it: ISO 8601 UTC with `Z` (B-FMT-1). Presenters call this
 * instead of `isoTime` so that the `b-timestamps-without-zone` fault deviates in one place for
 * every resource that adopts it.
 */
export function presentTime(sim: Sim, ms: number): string {
  // b-times-in-caller-zone: the request's zone taken from the caller's user (Rails' Time.zone =
  // current_user.time_zone) writes every resource's times but the user's own.
  const callerZone = sim.faults.has('b-times-in-caller-zone') ? callerTimeZone.getStore() : undefined;
  if (callerZone !== undefined && callerZone !== 'UTC') return timeWithOffset(ms, callerZone) ?? resourceTime(sim, ms);
  return resourceTime(sim, ms);
}

/**
 * The time zone of the user a request of interface B authenticated as, for the request's own
 * async work: set by the gate only under the `b-times-in-caller-zone` fault.
 */
export const callerTimeZone = new AsyncLocalStorage<string>();

/**
 * `presentTime` of the user's own times (the user's presenter): never in the caller's zone, as a
 * user serializer that writes its times `.utc` (the one the `b-times-in-caller-zone` fault spares).
 */
export function presentOwnUserTime(sim: Sim, ms: number): string {
  return resourceTime(sim, ms);
}

/** `presentTime` but for the caller's zone. */
function resourceTime(sim: Sim, ms: number): string {
  if (sim.faults.has('b-timestamps-without-zone')) return localTimeWithoutZone(ms);
  // b-local-time-labelled-utc: a formatter built from the host's wall clock (getHours() and
  // friends) with `Z` appended, on a host that does not run in UTC (here one in Asia/Tokyo).
  if (sim.faults.has('b-local-time-labelled-utc')) return withDesignator(sim, `${(timeWithOffset(ms, HOST_ZONE_OFF_UTC) ?? isoTime(ms)).slice(0, 19)}Z`);
  return utcTime(sim, ms);
}

/** ISO 8601 UTC, whole seconds, with the conventions' UTC designator (`Z` or `+00:00`). */
function utcTime(sim: Sim, ms: number): string {
  return withDesignator(sim, isoTime(ms));
}

/** An ISO 8601 date-time ending in `Z` with the conventions' UTC designator instead. */
function withDesignator(sim: Sim, iso: string): string {
  return sim.conventions.utcDesignator === 'Z' ? iso : `${iso.slice(0, -1)}${sim.conventions.utcDesignator}`;
}

/** The host zone of the `b-local-time-labelled-utc` fault: nine hours from UTC all year. */
const HOST_ZONE_OFF_UTC = 'Asia/Tokyo';

/**
 * `presentTime` of a record that belongs to a user with a time zone (the user's own times). The
 * `b-user-times-in-user-zone` fault writes the same instant with that zone's offset
 * (`2026-11-29T12:00:00-05:00`): right as an instant, but not UTC, which B-FMT-1 asks for.
 */
export function presentUserTime(sim: Sim, ms: number, zone: string): string {
  if (!sim.faults.has('b-user-times-in-user-zone')) return resourceTime(sim, ms);
  return timeWithOffset(ms, zone) ?? resourceTime(sim, ms);
}

/** `ms` in whole seconds written with `zone`'s UTC offset at that moment; null for a zone Intl does not know. */
function timeWithOffset(ms: number, zone: string): string | null {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return null;
  }
  const m = /^GMT(?:([+-])(\d\d):(\d\d))?$/.exec(name ?? '');
  if (!m) return null;
  const [sign, hours, minutes] = m[1] ? [m[1], m[2] ?? '00', m[3] ?? '00'] : ['+', '00', '00'];
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  return `${new Date(Math.floor(ms / 1000) * 1000 + offsetMs).toISOString().slice(0, 19)}${sign}${hours}:${minutes}`;
}

/** `presentTime`, or null for a moment that has not happened (a job not yet started). */
export function presentOptionalTime(sim: Sim, ms: number | null): string | null {
  return ms === null ? null : presentTime(sim, ms);
}

/**
 * A timestamp as interface A writes it: like interface B's, but never touched by the interface B
 * fault `b-timestamps-without-zone`.
 */
export function presentATime(sim: Sim, ms: number): string {
  return utcTime(sim, ms);
}

/** `presentATime`, or null for a moment that has not happened. */
export function presentOptionalATime(sim: Sim, ms: number | null): string | null {
  return ms === null ? null : utcTime(sim, ms);
}

/** The server's wall-clock time with no zone designator: what a careless backend writes. */
function localTimeWithoutZone(ms: number): string {
  const d = new Date(Math.floor(ms / 1000) * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${String(d.getFullYear()).padStart(4, '0')}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  return `${date}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
