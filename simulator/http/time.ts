import type { Sim } from '../context.ts';
import { isoTime } from '../clock.ts';

/**
 * A timestamp as interface B writes it: ISO 8601 UTC with `Z` (B-FMT-1). Presenters call this
 * instead of `isoTime` so that the `b-timestamps-without-zone` fault deviates in one place for
 * every resource that adopts it.
 */
export function presentTime(sim: Sim, ms: number): string {
  return sim.faults.has('b-timestamps-without-zone') ? localTimeWithoutZone(ms) : utcTime(sim, ms);
}

/** ISO 8601 UTC, whole seconds, with the conventions' UTC designator (`Z` or `+00:00`). */
function utcTime(sim: Sim, ms: number): string {
  const iso = isoTime(ms);
  return sim.conventions.utcDesignator === 'Z' ? iso : `${iso.slice(0, -1)}${sim.conventions.utcDesignator}`;
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
