import type { IntervalUnit, Schedule } from './types.ts';

const FIXED_MS: Partial<Record<IntervalUnit, number>> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000, weeks: 604_800_000 };

/**
 * When an enabled schedule runs next: its start, or the first start + k intervals not before
 * now. Months and years step on the UTC calendar. runs.ts runs it when that slot comes.
 */
export function nextRunAt(schedule: Schedule, now: number): number | null {
  if (schedule.status !== 'enabled') return null;
  if (schedule.startAt >= now) return schedule.startAt;
  const fixed = FIXED_MS[schedule.intervalUnit];
  if (fixed !== undefined) {
    const step = fixed * schedule.intervalAmount;
    return schedule.startAt + Math.ceil((now - schedule.startAt) / step) * step;
  }
  const months = schedule.intervalAmount * (schedule.intervalUnit === 'years' ? 12 : 1);
  const start = new Date(schedule.startAt);
  // A first guess from the elapsed months, then forward to the first step not before now.
  let k = Math.max(0, Math.floor(((now - schedule.startAt) / (30.44 * 86_400_000)) / months) - 1);
  for (;;) {
    const at = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + k * months, start.getUTCDate(), start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds());
    if (at >= now) return at;
    k++;
  }
}
