import type { Links } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { memberUrl } from '../members/present.ts';
import { scheduleUrl } from '../schedules/present.ts';

/** What made a job or a cluster: a schedule's run, else a user (null: nobody known, a seeded cluster of an account without users). */
export interface Maker {
  scheduleId?: number | undefined;
  userId?: number | null | undefined;
}

/** Its `creator.display_name`: the schedule's name, else the user's ('' once either is gone). */
export function creatorName(account: AccountState, made: Maker): string {
  if (made.scheduleId !== undefined) return account.schedules.get(made.scheduleId)?.name ?? '';
  const userId = made.userId ?? null;
  return userId === null ? '' : (account.users.get(userId)?.name ?? '');
}

/**
 * The real service's `creator` of a job or a cluster (its API docs: the resource that made it,
 * `type` `Schedule` in their examples, or the user who asked): `{type, display_name, id, url,
 * html_url}`, the last where the dashboard shows it, as the simulator's other `html_url`s.
 */
export function presentCreator(account: AccountState, links: Links, made: Maker): Record<string, unknown> | null {
  if (made.scheduleId !== undefined) return { type: 'Schedule', display_name: creatorName(account, made), id: made.scheduleId, url: scheduleUrl(links, made.scheduleId), html_url: `${links.html}/schedules/${made.scheduleId}` };
  const userId = made.userId ?? null;
  if (userId === null) return null;
  return { type: 'User', display_name: creatorName(account, made), id: userId, url: memberUrl(links, userId), html_url: `${links.html}/settings/members/${userId}` };
}
