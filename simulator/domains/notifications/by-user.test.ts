import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSimulator } from '../../app.ts';
import { AdjustableClock } from '../../clock.ts';
import { applySeed } from '../../control/seed.ts';
import type { AccountState } from '../../store.ts';
import { newestFirst } from '../shared/ordering.ts';
import type { Notification } from './types.ts';
import { markRead, notificationCounts, notificationsPage, notify } from './model.ts';

/**
 * The per-user index (by-user.ts) answers exactly what a scan of every notification answers:
 * counts, and every page newest first, after any mix of notifications (dated at any moment, as
 * settled jobs are), marks, a seed's direct writes and a restore that replaces the Map.
 */

const USERS = 3;

/** What the index replaced: a scan of the whole collection. */
function scanned(account: AccountState, userId: number): { total: number; unread: number; newestFirst: Notification[]; unreadNewestFirst: Notification[] } {
  const mine = [...account.notifications.values()].filter((n) => n.userId === userId);
  const unread = mine.filter((n) => !n.read);
  return { total: mine.length, unread: unread.length, newestFirst: newestFirst(mine), unreadNewestFirst: newestFirst(unread) };
}

type Step =
  | { kind: 'notify'; user: number; shiftMs: number }
  | { kind: 'mark-one'; user: number; pick: number }
  | { kind: 'mark-all'; user: number }
  | { kind: 'seed-write'; user: number }
  | { kind: 'restore' }
  | { kind: 'read'; user: number; offset: number; limit: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('notify' as const), user: fc.nat(USERS - 1), shiftMs: fc.integer({ min: -5_000, max: 5_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('mark-one' as const), user: fc.nat(USERS - 1), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('mark-all' as const), user: fc.nat(USERS - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('seed-write' as const), user: fc.nat(USERS - 1) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restore' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('read' as const), user: fc.nat(USERS - 1), offset: fc.nat(12), limit: fc.integer({ min: 1, max: 8 }) }) },
);

function world() {
  const clock = new AdjustableClock({ frozen: true, start: Date.UTC(2026, 0, 5, 9) });
  const { sim } = createSimulator({ clock, options: { deliverWebhooks: 'off' } });
  const [manifest] = applySeed(sim, { accounts: [{ slug: 'acme', users: Array.from({ length: USERS }, (_, i) => ({ name: `User ${i}`, email: `u${i}@acme.example` })) }] });
  const account = sim.store.account(manifest!.account_id)!;
  const userIds = [...account.users.keys()];
  return { sim, clock, account, userIds };
}

describe('each user\'s notifications, indexed', () => {
  it('answer what a scan of all notifications answers, after any steps (property)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const { sim, clock, account, userIds } = world();
        const check = (userId: number, offset: number, limit: number) => {
          const expected = scanned(account, userId);
          expect(notificationCounts(account, userId)).toEqual({ total: expected.total, unread: expected.unread });
          expect(notificationsPage(account, userId, offset, limit)).toEqual({ total: expected.total, items: expected.newestFirst.slice(offset, offset + limit) });
          expect(notificationsPage(account, userId, offset, limit, 'unread')).toEqual({ total: expected.unread, items: expected.unreadNewestFirst.slice(offset, offset + limit) });
        };
        for (const s of steps) {
          clock.advance(1_000);
          if (s.kind === 'notify') notify(sim, account, userIds[s.user]!, 'job.completed', 'done', 1, clock.now() + s.shiftMs);
          else if (s.kind === 'mark-one') {
            const ids = [...account.notifications.keys()];
            const id = ids.length ? ids[s.pick % ids.length]! : 1;
            const owner = account.notifications.get(id)?.userId;
            if (owner === userIds[s.user]) markRead(sim, account, owner!, id);
            else expect(() => markRead(sim, account, userIds[s.user]!, id)).toThrow();
          } else if (s.kind === 'mark-all') markRead(sim, account, userIds[s.user]!, null);
          else if (s.kind === 'seed-write') {
            // As a seed writes: straight into the Map, past notify.
            const id = sim.store.nextId('notification', account);
            account.notifications.set(id, { id, userId: userIds[s.user]!, kind: 'cluster.idled', message: 'seeded', jobId: null, read: s.user === 0, readAt: s.user === 0 ? clock.now() : null, createdAt: clock.now() });
          } else if (s.kind === 'restore') account.notifications = new Map(account.notifications);
          else check(userIds[s.user]!, s.offset, s.limit);
        }
        for (const userId of userIds) check(userId, 0, 1_000);
      }),
      { seed: 20261126, numRuns: 200 },
    );
  });

  it('after it is built, pages, counts, new notifications and marks never walk the account\'s notifications', () => {
    const { sim, clock, account, userIds } = world();
    // The Map counts how often it is walked.
    let walks = 0;
    class CountingMap extends Map<number, Notification> {
      override values(): MapIterator<Notification> {
        walks += 1;
        return super.values();
      }
    }
    account.notifications = new CountingMap();
    for (let i = 0; i < 50; i++) notify(sim, account, userIds[i % USERS]!, 'job.completed', 'done', 1, clock.now() - i);
    notificationsPage(account, userIds[0]!, 0, 20);
    expect(walks).toBe(1);
    for (let i = 0; i < 50; i++) notify(sim, account, userIds[i % USERS]!, 'job.completed', 'done', 1, clock.now() + i);
    const [first] = notificationsPage(account, userIds[1]!, 0, 1).items;
    markRead(sim, account, userIds[1]!, first!.id);
    markRead(sim, account, userIds[2]!, null);
    for (const userId of userIds) notificationCounts(account, userId);
    notificationsPage(account, userIds[0]!, 40, 20);
    notificationsPage(account, userIds[0]!, 0, 20, 'unread');
    expect(walks).toBe(1);
  });

  it('after marking all of 20,000 read, the unread page holds only what came after, and the counts agree', () => {
    const { sim, clock, account, userIds } = world();
    const owner = userIds[0]!;
    for (let i = 0; i < 20_000; i++) notify(sim, account, owner, 'job.completed', 'done', 1, clock.now() + i);
    markRead(sim, account, owner, null);
    const fresh = notify(sim, account, owner, 'job.failed', 'failed', 2, clock.now() - 1);
    const page = notificationsPage(account, owner, 0, 20, 'unread');
    expect(page).toEqual({ total: 1, items: [fresh] });
    expect(notificationCounts(account, owner)).toEqual({ total: 20_001, unread: 1 });
  });
});
