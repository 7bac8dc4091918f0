import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { listCatalog } from './catalog/b-lists.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { is2xx, isObject, pageListing, show, type JsonObject } from './lib/answers.ts';

/** The unread count of GET /user (an extension), or null when the target does not serve it. */
async function unreadCount(t: CheckContext): Promise<{ count: number; ex: Exchange } | null> {
  const ex = await t.b().get('/user');
  if (!is2xx(ex) || !isObject(ex.json) || typeof ex.json.unread_notifications_count !== 'number') return null;
  return { count: ex.json.unread_notifications_count, ex };
}

/**
 * Whether a notification is read, in the shapes deployments give it: the real service's
 * `last_read_at` (null while unread), or a `read` flag; undefined when it shows neither.
 */
function readStateOf(notification: JsonObject): boolean | undefined {
  if (typeof notification.read === 'boolean') return notification.read;
  if (notification.last_read_at === null) return false;
  if (typeof notification.last_read_at === 'string' && notification.last_read_at !== '') return true;
  return undefined;
}

/**
 * Whether notification `id` is read, when GET /notifications (an extension) tells; else null. The
 * list is asked for read notifications too (`walkCatalogList`): the real service's shows only
 * the unread ones by default, where a marked notification would simply be gone.
 */
async function readFlag(t: CheckContext, id: number): Promise<{ read: boolean; ex: Exchange } | null> {
  const listed = await listCatalog(t.b(), t.target, '/notifications', 20);
  if (!listed) return null;
  const found = listed.items.find((n) => isObject(n) && n.id === id);
  const read = isObject(found) ? readStateOf(found) : undefined;
  const ex = pageListing(listed, (n) => n === found);
  return read !== undefined && ex ? { read, ex } : null;
}

check({
  id: 'b-ntf/mark',
  clauses: ['B-NTF-1'],
  title: 'B-NTF-1: POST /notifications/mark with an id marks that notification read, without one marks all; both answer 200',
  needs: ['b', 'write', 'fixture:notification_ids'],
  async run(t) {
    const ids = t.fixtures().notification_ids ?? [];
    const observable = (await unreadCount(t)) !== null;
    if (!observable) t.note('GET /user (an extension) is not served: only the 200 answers are checked, not the unread count');
    // On a real deployment notifications arrive at any time, so the unread count can only be
    // compared exactly on the simulator; elsewhere the marked notification's own flag is judged.
    const exactCount = t.profile === 'simulator';
    const input = fc.record({ id: fc.constantFrom(...ids), allWithEmptyObject: fc.boolean() });
    // Whether any read showed the effect of a mark; a 200 alone proves nothing was marked.
    let observedOne = false;
    let observedAll = false;
    await t.property('marking lowers the unread count', input, async ({ id, allWithEmptyObject }) => {
      const before = await unreadCount(t);
      const flagBefore = exactCount && before ? await readFlag(t, id) : null;
      const one = await t.b().post('/notifications/mark', { body: { id } });
      t.expect.status(one, 200, 'B-NTF-1', `POST /notifications/mark {"id": ${id}} answered ${one.response.status}`);
      const flag = await readFlag(t, id);
      if (flag) observedOne = true;
      if (flag) {
        t.expect.that(flag.read, { clause: 'B-NTF-1', message: `notification ${id} is still unread after POST /notifications/mark {"id": ${id}}`, expected: 'read: true', received: 'read: false', exchange: flag.ex });
      }
      const afterOne = exactCount ? await unreadCount(t) : null;
      if (before && afterOne) {
        const wasUnread = flagBefore === null ? null : !flagBefore.read;
        const expected = wasUnread === null ? [before.count - 1, before.count] : [wasUnread ? before.count - 1 : before.count];
        t.expect.that(expected.includes(afterOne.count), {
          clause: 'B-NTF-1',
          message: `marking notification ${id} ${wasUnread === null ? '' : wasUnread ? '(unread) ' : '(already read) '}took the unread count from ${before.count} to ${afterOne.count}`,
          expected: `unread_notifications_count ${expected.join(' or ')}`,
          received: String(afterOne.count),
          exchange: afterOne.ex,
        });
      }
      // "Without id": an empty object, or no body at all.
      const markAll = () => t.b().post('/notifications/mark', allWithEmptyObject ? { body: {} } : {});
      const all = await markAll();
      t.expect.status(all, 200, 'B-NTF-1', `POST /notifications/mark without an id answered ${all.response.status}`);
      let afterAll = await unreadCount(t);
      if (afterAll && afterAll.count !== 0) {
        // A notification may arrive between the two requests (a job of another check ending): once more.
        await markAll();
        afterAll = await unreadCount(t);
      }
      if (afterAll) observedAll = true;
      if (afterAll) {
        t.expect.that(afterAll.count === 0, {
          clause: 'B-NTF-1',
          message: `after marking all notifications read, ${afterAll.count} are still unread`,
          expected: 'unread_notifications_count 0',
          received: show(afterAll.count),
          exchange: afterAll.ex,
        });
      }
    });
    if (!observedOne) t.partial('B-NTF-1', "no read showed whether the marked notification is read (its last_read_at or read flag in GET /notifications, an extension), so marking one was judged by its 200 alone");
    if (!observedAll) t.partial('B-NTF-1', 'no read showed the unread count (GET /user, an extension), so marking all was judged by its 200 alone');
  },
});
