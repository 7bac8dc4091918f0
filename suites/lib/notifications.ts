import type { JsonObject } from './answers.ts';

/**
 * Whether a notification is read, in the shapes deployments give it (the spec shows none of its
 * fields): the real service's `last_read_at` or a `read_at` (null while unread), a `read` or
 * `is_read` flag, or an `unread` one; undefined when it shows none of them.
 */
export function readStateOf(notification: JsonObject): boolean | undefined {
  for (const flag of ['read', 'is_read'] as const) if (typeof notification[flag] === 'boolean') return notification[flag];
  if (typeof notification.unread === 'boolean') return !notification.unread;
  for (const time of ['last_read_at', 'read_at'] as const) {
    if (notification[time] === null) return false;
    if (typeof notification[time] === 'string' && notification[time] !== '') return true;
  }
  return undefined;
}
