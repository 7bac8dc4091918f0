import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { Sim } from '../../context.ts';
import type { BRouteTable, BState } from '../../interfaces/b/types.ts';
import { invalidField } from '../../http/errors.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { readPage, setPageLinks } from '../../http/paging.ts';
import { NOTIFICATION_SORTS, markRead, notificationCounts, notificationsPage } from './model.ts';
import { readListOrder } from '../../http/list-query.ts';
import { booleanQuery } from '../../http/query.ts';
import { inListOrder, isNaturalOrder } from '../shared/list-order.ts';
import { presentNotification } from './present.ts';

export function registerNotificationRoutes(router: BRouteTable, sim: Sim): void {
  // Extension (docs/interface-b.md): the caller's notifications, newest first, offset/limit paged;
  // as the real service, only the unread ones unless `all=true` (alt: every one, always); sort
  // (updated, created), direction and since as the real service's.
  router.get('/notifications', listNotifications(sim));

  // B-NTF-1. No body or `{}` marks all; `{id}` marks one. Answers what changed.
  router.post('/notifications/mark', async (ctx) => {
    const { marked, unread } = await markFromBody(sim, ctx);
    ctx.status = 200;
    ctx.body = { marked, unread_notifications_count: unread };
  });
}

/**
 * The same two calls at the API's root, where the real service's docs and its Java client make
 * them (`GET /user/notifications`, `POST /user/notifications/mark`): the key's own user's
 * notifications. The mark answers 200 with no body, as the docs show ("returns empty response").
 */
export function registerRootNotificationRoutes(router: BRouteTable, sim: Sim): void {
  router.get('/user/notifications', listNotifications(sim));
  router.post('/user/notifications/mark', async (ctx) => {
    const fields = await readJsonObject(ctx, sim.options.bodyLimitBytes);
    if (sim.faults.has('b-root-mark-any-account') && markInAnyAccount(sim, fields)) {
      ctx.status = 200;
      ctx.body = '';
      return;
    }
    markFromFields(sim, ctx, fields);
    ctx.status = 200;
    ctx.body = '';
  });
}

/** The fault's mark: the notification the id names in whichever account holds it (the table's key alone). */
function markInAnyAccount(sim: Sim, fields: Record<string, unknown>): boolean {
  if (typeof fields.id !== 'number') return false;
  for (const other of sim.store.accounts.values()) {
    const n = other.notifications.get(fields.id);
    if (!n) continue;
    markRead(sim, other, n.userId, n.id);
    return true;
  }
  return false;
}

function listNotifications(sim: Sim): RouterMiddleware<BState> {
  return (ctx) => {
    const { account, user, links } = ctx.state;
    const page = readPage(sim, ctx);
    const order = readListOrder(sim, ctx, NOTIFICATION_SORTS);
    // The real service's `all` filter: `true` lists read notifications too; absent or `false`, unread only.
    const which = sim.conventions.b.notifications === 'all-with-read-flag' || booleanQuery(ctx, 'all') ? 'all' : 'unread';
    if (isNaturalOrder(order)) {
      // Read off the user's kept index: a page costs the same however many notifications there are.
      const { total, items } = notificationsPage(account, user.id, page.offset, page.limit, which);
      setPageLinks(sim, ctx, page, total);
      ctx.body = items.map((n) => presentNotification(sim, n, links));
      return;
    }
    const every = notificationsPage(account, user.id, 0, Number.MAX_SAFE_INTEGER, which).items;
    const ordered = inListOrder(every, order, NOTIFICATION_SORTS);
    setPageLinks(sim, ctx, page, ordered.length);
    ctx.body = ordered.slice(page.offset, page.offset + page.limit).map((n) => presentNotification(sim, n, links));
  };
}

/** Marks the caller's notifications read: the one `{id}` names, or all. */
async function markFromBody(sim: Sim, ctx: RouterContext<BState>): Promise<{ marked: number; unread: number }> {
  const fields = await readJsonObject(ctx, sim.options.bodyLimitBytes);
  // b-mark-body-read-under-exact-media-type: the optional body is read only under exactly
  // `application/json`; under any other spelling it is taken for none, which marks all.
  if (sim.faults.has('b-mark-body-read-under-exact-media-type') && ctx.get('content-type') !== 'application/json') return markFromFields(sim, ctx, {});
  // b-mark-body-case-sensitive-media-type: a case-sensitive prefix test, so a charset passes
  // and another letter case is taken for no body.
  if (sim.faults.has('b-mark-body-case-sensitive-media-type') && !(ctx.get('content-type') ?? '').startsWith('application/json')) return markFromFields(sim, ctx, {});
  return markFromFields(sim, ctx, fields);
}

function markFromFields(sim: Sim, ctx: RouterContext<BState>, fields: Record<string, unknown>): { marked: number; unread: number } {
  const { account, user } = ctx.state;
  const marked = markRead(sim, account, user.id, readOptionalId(sim, fields.id));
  return { marked, unread: notificationCounts(account, user.id).unread };
}

function readOptionalId(sim: Sim, value: unknown): number | null {
  // b-mark-id-zero-marks-all: "no id" read with a falsy test, so an id of 0 (or null) marks all.
  if (value === undefined || (sim.faults.has('b-mark-id-zero-marks-all') && !value)) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalidField('id', 'must be an integer');
  return value;
}
