import type { AccountState } from '../../store.ts';
import type { Schedule } from './types.ts';
import { nextRunAt } from './timing.ts';
import { DueQueue } from '../shared/due-queue.ts';

/**
 * Per account, the enabled schedules in a queue ordered by their next slot, as jobs/unsettled.ts
 * keeps jobs: settling costs the schedules that are due, not every schedule. A schedule changed
 * (enabled, its start or interval moved) is queued again; stale entries are dropped when they come
 * up. Keyed weakly: an account dropped by a reset takes its queue with it.
 */
const byAccount = new WeakMap<AccountState, DueQueue>(); // account -> schedules by next slot

function queueOf(account: AccountState, now: number): DueQueue {
  let q = byAccount.get(account);
  if (!q) {
    // First sight of this account (a seed, a restored state): pick up every enabled schedule. One
    // from a state saved before schedules ran has no slot yet: its next is the first from now,
    // as it was shown then, so no slot before it is run late.
    q = new DueQueue();
    byAccount.set(account, q);
    for (const schedule of account.schedules.values()) {
      if (schedule.nextRunAt === undefined) schedule.nextRunAt = nextRunAt(schedule, now);
      q.push(schedule.nextRunAt ?? Number.POSITIVE_INFINITY, schedule.id);
    }
  }
  return q;
}

/** Queues a schedule made or changed at `now`; returns its next slot (Infinity: none). */
export function trackSchedule(account: AccountState, schedule: Schedule, now: number): number {
  const due = schedule.nextRunAt ?? Number.POSITIVE_INFINITY;
  queueOf(account, now).push(due, schedule.id);
  return due;
}

/** When the account's next queued slot comes (Infinity: none; possibly a stale entry). */
export function nextScheduleDueAt(account: AccountState, now: number): number {
  return queueOf(account, now).nextDue();
}

const NOTHING: readonly Schedule[] = Object.freeze([]);

/** The account's schedules with a slot come by `now`, each once, at most `limit` of them, taken off the queue. */
export function dueSchedules(account: AccountState, now: number, limit = Number.POSITIVE_INFINITY): readonly Schedule[] {
  const q = queueOf(account, now);
  // The usual case, on every request: nothing due, nothing allocated.
  if (q.nextDue() > now) return NOTHING;
  const due = new Set<Schedule>();
  while (due.size < limit) {
    const id = q.popDue(now);
    if (id === undefined) break;
    const schedule = account.schedules.get(id);
    if (!schedule || schedule.nextRunAt === null || schedule.nextRunAt === undefined || schedule.nextRunAt > now) continue;
    due.add(schedule);
  }
  return [...due];
}
