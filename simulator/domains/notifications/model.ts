import type { Sim } from '../../context.ts';
import { accountOwner, type AccountState } from '../../store.ts';
import type { Notification } from './types.ts';
import { notFound } from '../../http/errors.ts';
import type { ListSorts } from '../shared/list-order.ts';
import { noteAllNotificationsRead, noteNotificationAdded, noteNotificationRead, userUnreadNotificationsOldestFirst } from './by-user.ts';

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
  const notification: Notification = { id: sim.store.nextId('notification', account), userId, kind, message, jobId, read: false, readAt: null, createdAt: at };
  account.notifications.set(notification.id, notification);
  noteNotificationAdded(account, notification);
  return notification;
}

/** When a notification was last updated: when it was marked read, else when it was made (its `updated_at`). */
function notificationUpdatedAt(n: Notification): number {
  return n.read ? (n.readAt ?? n.createdAt) : n.createdAt;
}

/** The real service's sorts of the notification list. */
export const NOTIFICATION_SORTS: ListSorts<Notification, 'updated'> = {
  keys: { created: (n) => n.createdAt, updated: notificationUpdatedAt },
  updatedAt: notificationUpdatedAt,
};

// Reads answer from each user's index (by-user.ts): the user resource's `notifications_count`
// fields, and a page newest first (then highest id first) with the user's total.
export { userNotificationCounts as notificationCounts, userNotificationsPage as notificationsPage } from './by-user.ts';

/**
 * `POST /notifications/mark` (B-NTF-1): marks one of the user's notifications read, or all of
 * them when `id` is null. Another user's or account's id is not found. Returns how many
 * notifications this call turned from unread to read.
 */
export function markRead(sim: Sim, account: AccountState, userId: number, id: number | null): number {
  const now = sim.clock.now();
  // b-mark-later-accounts-ignored: past the first account the inbox lives in a store the mark does not update.
  if (sim.faults.has('b-mark-later-accounts-ignored') && account !== sim.store.firstAccount()) return 0;
  if (id !== null) {
    const one = account.notifications.get(id);
    // b-mark-by-id-owner-only: the notification is taken to be the account's, read by its owner (who gets the account's mail).
    if (sim.faults.has('b-mark-by-id-owner-only')) {
      if (!one || one.userId !== (accountOwner(account)?.id ?? userId)) throw notFound();
    } else if (!one || one.userId !== userId) throw notFound();
    // b-mark-job-notification-creator-only: a job's notification is marked under the job's own permission (its creator's, as its log is read): a watcher of another user's job is not found.
    if (sim.faults.has('b-mark-job-notification-creator-only') && one.jobId !== null && (account.jobs.get(one.jobId)?.ownerId ?? userId) !== userId) throw notFound();
    // b-mark-old-notification-404: the mark queries only the last 7 days; older notifications live in an archive it does not read.
    if (sim.faults.has('b-mark-old-notification-404') && now - one.createdAt > 7 * 86_400_000) throw notFound();
    if (sim.faults.has('b-mark-one-marks-all')) return markRead(sim, account, userId, null);
    // b-mark-one-marks-lower-ids: the mark moves the user's read marker up to this id: every unread one below it is read too.
    if (sim.faults.has('b-mark-one-marks-lower-ids')) {
      const marked = userUnreadNotificationsOldestFirst(account, userId).filter((n) => n.id <= one.id);
      for (const n of marked) {
        n.read = true;
        n.readAt = now;
        noteNotificationRead(account, n);
      }
      return marked.length;
    }
    if (one.read || sim.faults.has('b-mark-one-ignored')) return 0;
    one.read = true;
    one.readAt = now;
    noteNotificationRead(account, one);
    return 1;
  }
  if (sim.faults.has('b-mark-all-ignored')) return 0;
  const unread = userUnreadNotificationsOldestFirst(account, userId);
  // b-mark-all-newest-20: the mark walks one page of the unread (the newest 20), not all of them.
  if (sim.faults.has('b-mark-all-newest-20')) {
    const page = unread.slice(-20);
    for (const n of page) {
      n.read = true;
      n.readAt = now;
      noteNotificationRead(account, n);
    }
    return page.length;
  }
  // b-mark-all-counter-only: the user's unread counter zeroed, the notifications left as they were.
  if (!sim.faults.has('b-mark-all-counter-only')) {
    for (const n of unread) {
      n.read = true;
      n.readAt = now;
    }
  }
  noteAllNotificationsRead(account, userId);
  // b-mark-all-every-user: the update lost its user condition: the account's other users' unread are marked too.
  if (sim.faults.has('b-mark-all-every-user')) {
    for (const n of account.notifications.values()) {
      if (n.userId === userId || n.read) continue;
      n.read = true;
      n.readAt = now;
      noteNotificationRead(account, n);
    }
  }
  return unread.length;
}
