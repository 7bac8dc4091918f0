import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { invalidField } from '../../http/errors.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { markRead, notificationCounts, notificationsNewestFirst } from './model.ts';
import { presentNotification } from './present.ts';

export function registerNotificationRoutes(router: BRouteTable, sim: Sim): void {
  // Extension (docs/interface-b.md): the caller's notifications, newest first, offset/limit paged.
  router.get('/notifications', (ctx) => {
    const { account, user, links } = ctx.state;
    const page = pageOf(sim, ctx, notificationsNewestFirst(account, user.id), readPage(sim, ctx));
    ctx.body = page.map((n) => presentNotification(sim, n, links));
  });

  // B-NTF-1. No body or `{}` marks all; `{id}` marks one. Answers what changed.
  router.post('/notifications/mark', async (ctx) => {
    const { account, user } = ctx.state;
    const fields = await readJsonObject(ctx, sim.options.bodyLimitBytes);
    const marked = markRead(sim, account, user.id, readOptionalId(fields.id));
    ctx.status = 200;
    ctx.body = { marked, unread_notifications_count: notificationCounts(account, user.id).unread };
  });
}

function readOptionalId(value: unknown): number | null {
  if (value === undefined) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalidField('id', 'must be an integer');
  return value;
}
