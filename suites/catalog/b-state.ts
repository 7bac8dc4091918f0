import type { CheckContext, RunWrites, WriteScope } from '../lib/types.ts';
import { isObject, userFieldsOf, userIn, type ListPaging } from '../lib/answers.ts';
import { walkCatalogList } from './b-lists.ts';
import type { Account } from '../lib/factories/removal.ts';
import type { PathValues } from './b-requests.ts';
import type { StatePart } from './types.ts';

/** A connection is made with `POST /connections/{type}` and deleted at `/connections/{type}/{id}`: listed at `/connections`. */
const CONNECTION_WRITES: WriteScope = { typed: true };

/**
 * How to read back each part of an account that a write may change (`touches` in the catalog),
 * as comparable text, with the account's own key. Reads go through extensions where the spec has
 * none: `undefined` means "not readable on this target" (never "unchanged"), and a part that
 * cannot be read is left out of a comparison, with a note by the caller.
 */

/**
 * A read of one part, or undefined when the target cannot show it. A list part also says how a
 * difference between two of its reads may be the run's own writes showing late (`late`).
 */
export interface PartReader {
  (): Promise<string | undefined>;
  /**
   * Whether the difference from read `was` to read `now` is wholly writes of the run made at or
   * before `since` (a mark of the run's `WriteLedger`) that the list shows only now: every id it
   * added was created, every id it dropped deleted, in the collection the list was read at. A
   * lagging index behind a list does that, and the spec does not say a list shows a write at
   * once. What the difference is, said for a note; undefined when it is not wholly explained (or
   * not a list).
   */
  late?: (ledger: RunWrites, since: number, was: string, now: string) => string | undefined;
}

/** A part read after a DELETE that did its work. */
export const GONE = 'gone';

/**
 * How many pages of 100 a list part is walked before it counts as unreadable. A part is compared
 * whole: a list read only in part could hold the change on a page not read (an item created past
 * the first page of a list kept oldest first, a renamed connection on page 3), and would read as
 * unchanged.
 */
const STATE_PAGES = 20;

/**
 * How each list pages (whether it honours its page size, the size it takes, how many a page
 * holds: `ListPaging`), learnt by the first walk of a check (keyed by its context) and trusted
 * after, so the reads before and after every write cost no probe more.
 */
const honouredLists = new WeakMap<object, Map<string, ListPaging>>();

/** Statuses that only a stop puts a job in (a job's status moves on by itself otherwise). */
const STOPPING = ['pending_stoppage', 'stopping', 'stopped'];

/** Statuses that only a termination puts a cluster in. */
const TERMINATING = ['pending_terminate', 'terminating', 'terminated'];

/**
 * What a write could change of a cluster: the fields the cluster writes take, and whether it is
 * being terminated. Not the rest: the real service's cluster also shows `running_jobs_count`,
 * `available_since` and `updated_at`, which move with the account's own jobs (the check runs one
 * of account 2's) and would read as a change no write made.
 */
function clusterState(body: unknown): unknown {
  if (!isObject(body)) return undefined;
  const { name, description, nodes, terminate_on_idle: onIdle, time_to_idle: toIdle } = body;
  return { name, description, nodes, terminate_on_idle: onIdle, time_to_idle: toIdle, terminating: TERMINATING.includes(String(body.status)) };
}

/**
 * The reader of `part` of `account`, for the thing `values` names where the part is one thing
 * (a hook, a job's watchers); `notificationIds` are the fixture notifications whose read state
 * is compared (new notifications may arrive meanwhile, when a job of the account ends).
 */
export function partReader(t: Pick<CheckContext, 'b' | 'target'>, account: Account, part: StatePart, values: PathValues = {}, notificationIds: readonly number[] = []): PartReader | undefined {
  const client = t.b(account);
  const honoured = honouredLists.get(t) ?? new Map<string, ListPaging>();
  honouredLists.set(t, honoured);
  // 'gone' after a 404 (a DELETE did its work); the caller treats a 404 at the baseline as
  // unreadable, and so is an answer of another shape than the part's (`pick` gives undefined).
  const read = async (path: string, pick: (body: unknown) => unknown): Promise<string | undefined> => {
    const ex = await client.get(path);
    if (ex.response.status !== 200) return ex.response.status === 404 ? GONE : undefined;
    return JSON.stringify(pick(ex.json));
  };
  // A list is read to its end; one not read whole (longer than STATE_PAGES, or ignoring the page
  // size) is unreadable, never "unchanged".
  // The collection each list was last read at (after the target's extension_paths moves).
  const readAt = new Map<string, string>();
  const readList = async (path: string, pick: (items: unknown[]) => unknown): Promise<string | undefined> => {
    const known = honoured.get(`${account} ${path}`);
    const walked = await walkCatalogList(client, t.target, path, { maxPages: STATE_PAGES, ...(known === undefined ? {} : { paging: known }) });
    if ('refused' in walked) return walked.refused.response.status === 404 ? GONE : undefined;
    honoured.set(`${account} ${path}`, walked.paging);
    const url = walked.exchanges[0]?.request.url;
    if (url !== undefined) readAt.set(path, url);
    return walked.complete ? JSON.stringify(pick(walked.items)) : undefined;
  };
  const one = (path: string, pick: (body: unknown) => unknown = (b) => (isObject(b) ? b : undefined)) => () => read(path, pick);
  const list = (path: string, pick: (items: unknown[]) => unknown, late?: (collection: string, ledger: RunWrites, since: number, was: unknown, now: unknown) => string | undefined): PartReader => {
    const reader: PartReader = () => readList(path, pick);
    if (late) {
      reader.late = (ledger, since, was, now) => {
        const collection = readAt.get(path);
        if (collection === undefined) return undefined;
        try {
          return late(collection, ledger, since, JSON.parse(was), JSON.parse(now));
        } catch {
          return undefined;
        }
      };
    }
    return reader;
  };
  const find = (items: unknown[], id: number | undefined) => items.find((x) => isObject(x) && x.id === id) ?? 'missing';
  const whole = (items: unknown[]) => items;
  const ids = (items: unknown[]) => items.map((x) => (isObject(x) ? x.id : undefined)).sort();
  // Id lists: every id added created, every id dropped deleted, before the mark.
  // `scope`: where the list's items are written (WriteScope: connections under /connections/{type}).
  const idsLate =
    (scope: WriteScope = {}) =>
    (collection: string, ledger: RunWrites, since: number, was: unknown, now: unknown): string | undefined => {
      if (!Array.isArray(was) || !Array.isArray(now)) return undefined;
      const added = now.filter((id) => !was.includes(id));
      const dropped = was.filter((id) => !now.includes(id));
      if (added.length + dropped.length === 0) return undefined;
      if (!added.every((id) => ledger.createdBefore(collection, id, since, scope)) || !dropped.every((id) => ledger.deletedBefore(collection, id, since, scope))) return undefined;
      return [added.length ? `${added.join(', ')} created before it` : '', dropped.length ? `${dropped.join(', ')} deleted before it` : ''].filter((x) => x !== '').join('; ');
    };
  // One item of a list: 'missing' -> the item it created, or the item -> 'missing' it deleted, before the mark.
  const findLate =
    (id: number | undefined, scope: WriteScope = {}) =>
    (collection: string, ledger: RunWrites, since: number, was: unknown, now: unknown): string | undefined => {
      if (was === 'missing' && isObject(now) && now.id === id && ledger.createdBefore(collection, id, since, scope)) return `${id} created before it`;
      if (now === 'missing' && isObject(was) && was.id === id && ledger.deletedBefore(collection, id, since, scope)) return `${id} deleted before it`;
      return undefined;
    };
  switch (part) {
    case 'user':
      return async () => {
        const ex = await client.get('/user');
        return userIn(ex) ? userFieldsOf(ex) : undefined;
      };
    case 'packages':
      return list('/packages', ids, idsLate());
    case 'package':
      return values.id === undefined ? undefined : one(`/packages/${values.id}`);
    case 'hooks':
      return list('/hooks', ids, idsLate());
    case 'sshKeys':
      return list('/user/keys', ids, idsLate());
    case 'jobs':
      return list('/jobs', ids, idsLate());
    case 'connectionGroups':
      return list('/connection_groups', ids, idsLate());
    case 'hook':
      return values.id === undefined ? undefined : one(`/hooks/${values.id}`);
    case 'sshKey':
      return values.id === undefined ? undefined : one(`/user/keys/${values.id}`);
    case 'watchers':
      return values.id === undefined ? undefined : list(`/jobs/${values.id}/watchers`, whole);
    case 'jobStop':
      return values.id === undefined ? undefined : one(`/jobs/${values.id}`, (b) => STOPPING.includes(String(isObject(b) ? b.status : undefined)));
    case 'connection':
      return values.id === undefined ? undefined : list('/connections', (b) => find(b, values.id), findLate(values.id, CONNECTION_WRITES));
    case 'connections':
      return list('/connections', ids, idsLate(CONNECTION_WRITES));
    case 'deliveries':
      return list('/deliveries', ids, idsLate());
    case 'delivery':
      return values.id === undefined ? undefined : list('/deliveries', (b) => find(b, values.id), findLate(values.id));
    case 'schedules':
      return list('/schedules', ids, idsLate());
    case 'schedule':
      return values.id === undefined ? undefined : one(`/schedules/${values.id}`);
    case 'cluster':
      return values.id === undefined ? undefined : one(`/clusters/${values.id}`, clusterState);
    case 'clusterWatchers':
      return values.id === undefined ? undefined : list(`/clusters/${values.id}/watchers`, whole);
    case 'scheduleWatchers':
      return values.id === undefined ? undefined : list(`/schedules/${values.id}/watchers`, whole);
    case 'packageValidations':
      return values.id === undefined ? undefined : list(`/packages/${values.id}/validations`, ids, idsLate());
    case 'members':
      return list('/members', ids, idsLate());
    case 'member':
      return values.id === undefined ? undefined : one(`/members/${values.id}`);
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
