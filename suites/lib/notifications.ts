import { isObject, type JsonObject, type ListWalk } from './answers.ts';
import { listCatalog } from '../catalog/b-lists.ts';
import type { CheckContext, InterfaceClient } from './types.ts';

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

/** Every notification GET /notifications (an extension) lists, and the read state of those that show one. */
export interface Listed {
  walk: ListWalk;
  states: Map<number, boolean>;
}

/**
 * GET /notifications (an extension) walked to its end, every page; null when the list is not
 * served. The list is asked for read notifications too (`walkCatalogList`): the real service's
 * shows only the unread ones by default, where a marked notification would simply be gone.
 */
export async function listedStates(t: CheckContext, client: InterfaceClient = t.b()): Promise<Listed | null> {
  const walk = await listCatalog(client, t.target, '/notifications', 20);
  if (!walk) return null;
  const states = new Map<number, boolean>();
  for (const n of walk.items) {
    if (!isObject(n) || typeof n.id !== 'number') continue;
    const read = readStateOf(n);
    if (read !== undefined) states.set(n.id, read);
  }
  return { walk, states };
}
