import type { CheckContext } from '../lib/types.ts';
import { isObject, userFieldsOf, userIn } from '../lib/answers.ts';
import { pageQuery, pagingNames } from '../lib/paging.ts';
import type { Account } from '../lib/factories/removal.ts';
import type { PathValues } from './b-requests.ts';
import type { StatePart } from './types.ts';

/**
 * How to read back each part of an account that a write may change (`touches` in the catalog),
 * as comparable text, with the account's own key. Reads go through extensions where the spec has
 * none: `undefined` means "not readable on this target" (never "unchanged"), and a part that
 * cannot be read is left out of a comparison, with a note by the caller.
 */

/** A read of one part, or undefined when the target cannot show it. */
export type PartReader = () => Promise<string | undefined>;

/** A part read after a DELETE that did its work. */
export const GONE = 'gone';

/** Statuses that only a stop puts a job in (a job's status moves on by itself otherwise). */
const STOPPING = ['pending_stoppage', 'stopping', 'stopped'];

/**
 * The reader of `part` of `account`, for the thing `values` names where the part is one thing
 * (a hook, a job's watchers); `notificationIds` are the fixture notifications whose read state
 * is compared (new notifications may arrive meanwhile, when a job of the account ends).
 */
export function partReader(t: CheckContext, account: Account, part: StatePart, values: PathValues = {}, notificationIds: readonly number[] = []): PartReader | undefined {
  const client = t.b(account);
  // 'gone' after a 404 (a DELETE did its work); the caller treats a 404 at the baseline as unreadable.
  const read = async (path: string, pick: (body: unknown) => unknown, list: boolean): Promise<string | undefined> => {
    const ex = await client.get(path, list ? { query: pageQuery(pagingNames(t.target), { size: 100 }) } : {});
    if (ex.response.status !== 200) return ex.response.status === 404 ? GONE : undefined;
    return JSON.stringify(pick(ex.json));
  };
  const one = (path: string, pick: (body: unknown) => unknown = (b) => b) => () => read(path, pick, false);
  const list = (path: string, pick: (body: unknown) => unknown) => () => read(path, pick, true);
  const find = (list: unknown, id: number | undefined) => (Array.isArray(list) ? list.find((x) => isObject(x) && x.id === id) : undefined) ?? 'missing';
  const ids = (list: unknown) => (Array.isArray(list) ? list.map((x) => (isObject(x) ? x.id : undefined)).sort() : list);
  switch (part) {
    case 'user':
      return async () => {
        const ex = await client.get('/user');
        return userIn(ex) ? userFieldsOf(ex) : undefined;
      };
    case 'hooks':
      return list('/hooks', ids);
    case 'sshKeys':
      return list('/user/keys', ids);
    case 'jobs':
      return list('/jobs', ids);
    case 'connectionGroups':
      return list('/connection_groups', ids);
    case 'hook':
      return values.id === undefined ? undefined : one(`/hooks/${values.id}`);
    case 'sshKey':
      return values.id === undefined ? undefined : one(`/user/keys/${values.id}`);
    case 'watchers':
      return values.id === undefined ? undefined : list(`/jobs/${values.id}/watchers`, (b) => b);
    case 'jobStop':
      return values.id === undefined ? undefined : one(`/jobs/${values.id}`, (b) => STOPPING.includes(String(isObject(b) ? b.status : undefined)));
    case 'connection':
      return values.id === undefined ? undefined : list('/connections', (b) => find(b, values.id));
    case 'delivery':
      return values.id === undefined ? undefined : list('/deliveries', (b) => find(b, values.id));
    case 'schedules':
      return list('/schedules', ids);
    case 'schedule':
      return values.id === undefined ? undefined : one(`/schedules/${values.id}`);
    case 'cluster':
      return values.id === undefined ? undefined : one(`/clusters/${values.id}`);
    case 'clusterWatchers':
      return values.id === undefined ? undefined : list(`/clusters/${values.id}/watchers`, (b) => b);
    case 'notifications':
      return notificationIds.length === 0 ? undefined : list('/notifications', (b) => notificationIds.map((id) => find(b, id)));
    default:
      return unreadable(part);
  }
}

/** A part without a reader is a compile error here, not a change nobody compares. */
function unreadable(part: never): never {
  throw new Error(`no reader for ${String(part)}`);
}
