import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { Notification } from './types.ts';
import { notFound } from '../../http/errors.ts';
import { newestFirst } from '../shared/ordering.ts';

/**
 * Adds a notification for a user of `account`. `at` defaults to now; settling a job passes the
 * moment the job reached its terminal status, so the notification is dated by the event.
 */
export function notify(
  sim: Sim,
  account: AccountState,
  userId: number,
  kind: string,
  message: string,
  jobId: number | null,
  at: number = sim.clock.now(),
): Notification {
  const notification: Notification = { id: sim.store.nextId('notification'), userId, kind, message, jobId, read: false, createdAt: at };
  account.notifications.set(notification.id, notification);
  return notification;
}

/** A user's notification counts, for the user resource's `notifications_count` fields. */
export function notificationCounts(account: AccountState, userId: number): { total: number; unread: number } {
  let total = 0;
  let unread = 0;
  for (const n of account.notifications.values()) {
    if (n.userId !== userId) continue;
    total += 1;
    if (!n.read) unread += 1;
  }
  return { total, unread };
}

/** The user's notifications, newest first (then highest id first). */
export function notificationsNewestFirst(account: AccountState, userId: number): Notification[] {
  return newestFirst([...account.notifications.values()].filter((n) => n.userId === userId));
}

/**
 * `POST /notifications/mark` (B-NTF-1): marks one of the user's notifications read, or all of
 * them when `id` is null. Another user's or account's id is not found. Returns how many
 * notifications this call turned from unread to read.
 */
export function markRead(sim: Sim, account: AccountState, userId: number, id: number | null): number {
  if (id !== null) {
    const one = account.notifications.get(id);
    if (!one || one.userId !== userId) throw notFound();
    const changed = one.read ? 0 : 1;
    one.read = true;
    return changed;
  }
  if (sim.faults.has('b-mark-all-ignored')) return 0;
  let changed = 0;
  for (const n of account.notifications.values()) {
    if (n.userId === userId && !n.read) {
      n.read = true;
      changed += 1;
    }
  }
  return changed;
}
