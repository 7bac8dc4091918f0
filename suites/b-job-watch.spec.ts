import { check } from './lib/registry.ts';
import type { CheckContext, Exchange, InterfaceClient } from './lib/types.ts';
import { idOf, is2xx, isObject, pageListing, userIn, type ListPaging, type ListWalk } from './lib/answers.ts';
import { listCatalog, walkCatalogList } from './catalog/b-lists.ts';
import { jobBodyFrom, makeJob, stopJobOnCleanup } from './lib/factories/jobs.ts';
import { jobEndMs, jobStartMs, jobTimingHint, pollPastStart } from './lib/job-timing.ts';
import { ENDED_STATUSES, STATUSES_BEFORE_RUNNING } from './lib/job-statuses.ts';
import { literalOf, stringifyWithBigIds } from './lib/big-ids.ts';
import { describeResponse } from './lib/expect.ts';
import { readStateOf } from './lib/notifications.ts';
import { deleteScheduleOnCleanup, enabledScheduleBody } from './lib/factories/schedules.ts';
import { simulatorNow } from './lib/target-features.ts';

/*
 * B-JOB-5: `POST /jobs/{job_id}/watchers` subscribes the caller to the job's notifications; 200.
 * Two things show a subscription, both through extensions a target may not serve: the caller
 * among the job's watchers (GET /jobs/{id}/watchers), and a notification about the job reaching
 * the caller when it ends (GET /notifications; the real service notifies a job's watchers when
 * it reaches a terminal status, and its creator watches it by default). The spec puts no condition
 * on the job's state, so a user who does not watch a job seen running watches it too, and its end
 * must notify that user as well (runningWatches), a user who does not watch a job asked to stop
 * watches it before it has ended (stoppingWatch), and once the jobs have ended a user who does not
 * watch one watches it too (watchEnded). The check judges what the target shows and says what it could not see.
 */

/** The caller as a watcher list may name it: its email, user id and name (GET /user, an extension). */
interface Caller {
  email: string;
  id?: unknown;
  name?: unknown;
}

/** Who a key's GET /user (an extension) says its user is; undefined when it does not say. */
async function callerOf(client: InterfaceClient): Promise<Caller | undefined> {
  const user = userIn(await client.get('/user'));
  if (typeof user?.email !== 'string') return undefined;
  return { email: user.email, ...(user.id !== undefined ? { id: user.id } : {}), ...(user.name !== undefined ? { name: user.name } : {}) };
}

function sameUser(a: Caller, b: Caller): boolean {
  return a.email.toLowerCase() === b.email.toLowerCase() || (a.id !== undefined && a.id === b.id);
}

/**
 * Who a watcher entry names, in the shapes deployments give it (the spec shows no watcher's
 * fields): the user itself (its `email`), or a user inside it (`user`), or a `user_id`; else, as
 * the real service's docs show a watcher (`{"id": 1, "display_name": "Xplenty"}`, "the list of
 * users watching"), an `id` with a `display_name`: `weak`, since that `id` may be the watch's
 * rather than the user's on another deployment.
 */
function watcherNames(entry: unknown): { email?: string; id?: unknown; displayName?: unknown; weak: boolean } | undefined {
  if (!isObject(entry)) return undefined;
  const user = isObject(entry.user) ? entry.user : undefined;
  const email = typeof entry.email === 'string' ? entry.email : typeof user?.email === 'string' ? user.email : undefined;
  const id = entry.user_id ?? user?.id;
  if (email !== undefined || id !== undefined) return { ...(email !== undefined ? { email } : {}), ...(id !== undefined ? { id } : {}), weak: false };
  if (entry.id !== undefined && typeof entry.display_name === 'string') return { id: entry.id, displayName: entry.display_name, weak: true };
  return undefined;
}

/** A weak entry names the caller only by its user id and its name together. */
function namesCaller(entry: unknown, caller: Caller): boolean {
  const named = watcherNames(entry);
  if (named === undefined) return false;
  const sameId = named.id !== undefined && caller.id !== undefined && named.id === caller.id;
  if (named.weak) return sameId && caller.name !== undefined && named.displayName === caller.name;
  return named.email === caller.email || sameId;
}

/** Job `id`'s watchers (GET /jobs/{id}/watchers, an extension), read whole; `weak` when entries name users only as the real docs show them. */
interface Watchers {
  walk: ListWalk;
  weak: boolean;
}

/** The watchers of job `id`; null when the list cannot tell who watches (not served, not read whole, or an entry naming no user). */
async function readWatchers(t: CheckContext, id: number, client: InterfaceClient = t.b()): Promise<Watchers | null> {
  const walk = await listCatalog(client, t.target, `/jobs/${id}/watchers`, 5);
  if (!walk?.complete) return null;
  // An entry naming no user says nothing of who watches.
  const names = walk.items.map(watcherNames);
  if (!names.every((n) => n !== undefined)) return null;
  return { walk, weak: names.some((n) => n?.weak) };
}

/** Whether `caller` is among the watchers, and the page that shows it (or the last page read). */
function listing(watchers: Watchers, caller: Caller): { watching: boolean; ex: Exchange | undefined } {
  const page = pageListing(watchers.walk, (w) => namesCaller(w, caller));
  return { watching: page !== undefined, ex: page ?? watchers.walk.exchanges[watchers.walk.exchanges.length - 1] };
}

/**
 * How a notification names job `id`, in what a deployment shows of it (the spec shows none of a
 * notification's fields): a `job_id` (or `jobId`) of that id, a `job` object with that `id`, a
 * URL whose path ends in `/jobs/{id}`, or text naming "job {id}" (the real service's "Job 12
 * (orders-daily) was stopped"); undefined when it names it in none of these. Only a number right
 * after the word "job" counts in text: any number elsewhere (a cluster's "sandbox-1") would tie
 * notifications to jobs they are not about.
 */
function namesJob(notification: unknown, id: number): string | undefined {
  const digits = literalOf(id) ?? String(id);
  const inText = new RegExp(`\\bjob\\b[\\s:#]{0,3}${digits}(?!\\d)`, 'i');
  const inUrl = new RegExp(`/jobs/${digits}(?:[/?#]|$)`);
  const walk = (value: unknown, depth: number): string | undefined => {
    if (typeof value === 'string') return inUrl.test(value) ? `a URL of /jobs/${digits}` : inText.test(value) ? `its text "${value.length > 80 ? `${value.slice(0, 80)}…` : value}"` : undefined;
    if (depth > 3 || (!isObject(value) && !Array.isArray(value))) return undefined;
    const members = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
    // A field naming the job says it best; text and URLs after.
    for (const [key, member] of members) {
      if (typeof key !== 'string') continue;
      if (/^job_?id$/i.test(key) && (member === id || member === digits)) return `its ${key}`;
      if (/^job$/i.test(key) && isObject(member) && (member.id === id || member.id === digits)) return 'its job object';
    }
    for (const [, member] of members) {
      const found = walk(member, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(notification, 0);
}

/** What identifies a notification across reads: its `id` (the spec names a notification by one), else its whole JSON. */
function notificationKey(notification: unknown): string {
  if (isObject(notification) && (typeof notification.id === 'number' || typeof notification.id === 'string')) return `id ${String(notification.id)}`;
  return `json ${stringifyWithBigIds(notification) ?? ''}`;
}

/** The walks of GET /notifications read this many pages of 100 at most: a user of a long run has many. */
const INBOX_PAGES = 20;

/** A user whose watch is judged: `api_key`'s, or `member_api_key`'s (another user of the account). */
interface Subscriber {
  /** How messages name it. */
  who: string;
  client: InterfaceClient;
  caller: Caller;
  /** It created the watched job, and so may watch it without any POST (the real service's default). */
  creator: boolean;
  /** One of its POSTs answered 200: it is subscribed to the watched job. */
  subscribed: boolean;
  /** Its POST on the running job (watched only once seen running) answered 200 while that job ran. */
  runningWatch?: boolean;
  /** Its own job, which it watches as its creator (the real service's default): notifications of an ended job reach it at all. */
  control?: number;
  inbox?: Inbox;
  /** Why its notifications could not be read, where they could not. */
  inboxUnseen?: string;
}

/** A new notification naming one of the jobs. */
interface Naming {
  key: string;
  how: string;
  ex: Exchange;
  read: number;
}

/** A user's notifications (GET /notifications, an extension): those before the jobs were stopped, and the new ones naming each job. */
interface Inbox {
  before: Set<string>;
  paging: ListPaging;
  /** The last walk reached the end of the list. */
  complete: boolean;
  /** New notifications seen (naming a job or not). */
  fresh: number;
  /** Of those, the ones naming no job at all (namesSomeJob): a digest, say, that may be about any. */
  unnamed?: number;
  /** The new notifications naming each job: how each names it, the page showing it, and the read (of the poll) that first showed it. */
  about: Map<number, Naming[]>;
  last?: Exchange;
  /** The unread count of GET /user (an extension) before, where shown: counted where notifications cannot be tied to a job. */
  unreadBefore?: number;
}

async function unreadCount(client: InterfaceClient): Promise<number | undefined> {
  const ex = await client.get('/user');
  const user = userIn(ex) ?? (is2xx(ex) && isObject(ex.json) ? ex.json : undefined);
  return typeof user?.unread_notifications_count === 'number' ? user.unread_notifications_count : undefined;
}

/** The user's notifications as they stand: the inbox to judge against, or why there is none. */
async function openInbox(t: CheckContext, client: InterfaceClient, { counted = true }: { counted?: boolean } = {}): Promise<Inbox | string> {
  const walked = await walkCatalogList(client, t.target, '/notifications', { maxPages: INBOX_PAGES });
  if ('refused' in walked) return `GET /notifications (an extension) answered ${walked.refused.response.status}`;
  const unreadBefore = counted ? await unreadCount(client) : undefined;
  return {
    before: new Set(walked.items.map(notificationKey)),
    paging: walked.paging,
    complete: walked.complete,
    fresh: 0,
    about: new Map(),
    ...(walked.exchanges.length ? { last: walked.exchanges[walked.exchanges.length - 1] } : {}),
    ...(unreadBefore !== undefined ? { unreadBefore } : {}),
  };
}

/**
 * Reads the inbox again (the poll's read `read`) and keeps each new notification naming one of
 * `jobs`; one naming several of them (a digest: "Jobs you watch ended: Job 1 ... stopped; Job 3
 * ... stopped") is kept for each job it names, as the spec gives notifications no count or
 * grouping. Returns whether one was newly found.
 */
async function readInbox(t: CheckContext, client: InterfaceClient, inbox: Inbox, jobs: readonly number[], read: number): Promise<boolean> {
  const walked = await walkCatalogList(client, t.target, '/notifications', { maxPages: INBOX_PAGES, paging: inbox.paging });
  if ('refused' in walked) return false;
  inbox.complete = walked.complete;
  inbox.last = walked.exchanges[walked.exchanges.length - 1] ?? inbox.last;
  const fresh = walked.items.filter((n) => !inbox.before.has(notificationKey(n)));
  inbox.fresh = fresh.length;
  inbox.unnamed = fresh.filter((n) => !namesSomeJob(n)).length;
  let found = false;
  for (const n of fresh) {
    const named = jobs.flatMap((id) => {
      const how = namesJob(n, id);
      return how === undefined ? [] : [{ id, how }];
    });
    const key = notificationKey(n);
    const ex = pageListing(walked, (item) => item === n) ?? inbox.last;
    for (const { id, how } of named) {
      const known = inbox.about.get(id) ?? [];
      if (known.some((k) => k.key === key)) continue;
      if (ex) inbox.about.set(id, [...known, { key, how: named.length > 1 ? `${how}, one notification naming ${named.length} of the jobs` : how, ex, read }]);
      found = true;
    }
  }
  return found;
}

/**
 * Whether a notification names some job in one of namesJob's ways (a job id member, a job
 * object, a /jobs/{id} URL, "job {id}" in text), whichever job it is: one naming none (a digest
 * naming the package: "A run of orders-daily that you watch failed") may be about any job.
 */
function namesSomeJob(notification: unknown): boolean {
  const text = stringifyWithBigIds(notification) ?? '';
  return /"job_?id"\s*:\s*"?\d|"job"\s*:\s*\{|\/jobs\/\d|\bjob\b[\s:#]{0,3}\d/i.test(text);
}

/** A job the check stops and waits for: read through its starter's key. */
interface Ending {
  id: number;
  client: InterfaceClient;
  /** Its status at the last read. */
  status?: string;
  /** The poll's last read that saw it not ended (-1: none did). */
  lastRunning: number;
  ended: boolean;
  /** GET /jobs/{id} (an extension) answers it. */
  readable: boolean;
}

async function readStatus(job: Ending, read: number): Promise<void> {
  const ex = await job.client.get(`/jobs/${job.id}`);
  const status = is2xx(ex) && isObject(ex.json) ? ex.json.status : undefined;
  if (typeof status !== 'string') {
    job.readable = false;
    return;
  }
  job.status = status;
  job.ended = ENDED_STATUSES.has(status);
  if (!job.ended) job.lastRunning = read;
}

/** A job started with another key than `api_key` (member_api_key's), stopped on cleanup with it; or the answer refusing it. */
async function startJobWith(t: CheckContext, client: InterfaceClient): Promise<{ id: number } | { refused: Exchange }> {
  const body = jobBodyFrom(t.fixtures());
  const ex = await client.post('/jobs', { body: body ?? {} });
  const id = idOf(ex);
  if (!is2xx(ex) || id === undefined) return { refused: ex };
  stopJobOnCleanup(t, id, 0, client);
  return { id };
}

/** Where the watch is seen, or why not, for each way of seeing it. */
interface Seen {
  /** The caller's POST (api_key's user, who created the job and stopped watching it first) was seen to put it among the watchers. */
  callerListed: boolean;
  /** member_api_key's POST was seen to put its user among the watchers (a user who did not create the job). */
  memberListed: boolean;
  listedUnseen: string[];
  /** A user whose only subscription was a POST was seen notified when the job ended. */
  notified: boolean;
  notifiedUnseen: string[];
  /** A user whose only subscription to the running job was a POST made while it ran was seen notified when it ended. */
  runningNotified: boolean;
  runningUnseen: string[];
}

/**
 * The caller's first POST on a job it may watch already (its creator, where it could not stop
 * watching first; anyone the second time) asks for what the spec does not cover, and may be
 * refused (409, say); never with a 5xx. The spec's 200 is for subscribing: a caller seen not
 * watching must get it.
 */
async function callerWatches(t: CheckContext, id: number, owner: Subscriber, unobservable: string | undefined, seen: Seen): Promise<void> {
  let unseen = unobservable;
  for (let i = 0; i < 2; i++) {
    const ex = await owner.client.post(`/jobs/${id}/watchers`);
    const mayWatchAlready = i > 0 || unobservable !== undefined;
    if (mayWatchAlready && ex.response.status >= 400 && ex.response.status < 500) {
      t.note(`POST /jobs/${id}/watchers answered ${ex.response.status} to a caller that may watch the job already, which the spec does not cover`);
      continue;
    }
    t.expect.status(ex, 200, 'B-JOB-5', `POST /jobs/${id}/watchers answered ${ex.response.status}, expected 200`);
    owner.subscribed = true;
    if (unseen !== undefined) continue;
    const after = await readWatchers(t, id);
    if (!after) {
      unseen = `GET /jobs/${id}/watchers (an extension) could not be read whole after the POST`;
      continue;
    }
    const { watching, ex: shown } = listing(after, owner.caller);
    // Entries of an id and a display name only: the id may be the watch's, so a caller not
    // found by its user id and name there is not judged.
    if (after.weak && !watching) {
      unseen = `after the POST no entry of GET /jobs/${id}/watchers had the caller's user id and name, and its entries name watchers only by an id and a display name, which may be the watch's id`;
      continue;
    }
    t.expect.that(watching, {
      clause: 'B-JOB-5',
      message: `after POST /jobs/${id}/watchers the caller is not among the job's watchers`,
      expected: `a watcher with the caller's email or user id${after.weak ? ' (or its user id as id, with its name as display_name)' : ''}`,
      received: 'not listed',
      ...(shown ? { exchange: shown } : {}),
    });
    seen.callerListed = true;
  }
  if (unseen !== undefined) seen.listedUnseen.push(`the caller's own subscription: ${unseen}`);
}

/**
 * The member (member_api_key's user, who did not create the job) subscribes, before the caller
 * does again: the caller stopped watching, so a watch that subscribed another user than its
 * caller (the account's owner, say) shows as that user among the watchers, not the member.
 */
async function memberWatches(t: CheckContext, id: number, member: Subscriber, owner: Subscriber, before: Watchers | null, ownerNotWatching: boolean, seen: Seen): Promise<void> {
  const ex = await member.client.post(`/jobs/${id}/watchers`);
  // Which roles may call which operation of interface B is not shown (section 5): a member may be refused.
  if (ex.response.status >= 400 && ex.response.status < 500) {
    seen.listedUnseen.push(`POST /jobs/${id}/watchers with member_api_key answered ${ex.response.status} (which roles may call what on interface B is not shown), so another user's watch was not seen`);
    return;
  }
  t.expect.status(ex, 200, 'B-JOB-5', `POST /jobs/${id}/watchers with member_api_key (${member.caller.email}, who did not create the job) answered ${ex.response.status}, expected 200`);
  member.subscribed = true;
  if (!before) return void seen.listedUnseen.push(`GET /jobs/${id}/watchers (an extension) did not show the watchers by email, user id, or id and display name, read whole`);
  if (listing(before, member.caller).watching) return void seen.listedUnseen.push(`member_api_key's user (${member.caller.email}) watched job ${id} before its POST, so a subscription by it would not show`);
  const after = await readWatchers(t, id);
  if (!after) return void seen.listedUnseen.push(`GET /jobs/${id}/watchers could not be read whole after the member's POST`);
  const { watching, ex: shown } = listing(after, member.caller);
  if (after.weak && !watching) return void seen.listedUnseen.push(`after the member's POST no entry of GET /jobs/${id}/watchers had its user id and name, and the entries name watchers only by an id and a display name`);
  const ownerInstead = ownerNotWatching && !watching && listing(after, owner.caller).watching;
  t.expect.that(watching, {
    clause: 'B-JOB-5',
    message: `after POST /jobs/${id}/watchers with member_api_key, its user (${member.caller.email}) is not among the job's watchers${ownerInstead ? `, and api_key's user (${owner.caller.email}), who had stopped watching, is: the watch subscribed another user than its caller` : ''}`,
    expected: `a watcher with the email or user id of member_api_key's user (${member.caller.email})`,
    received: ownerInstead ? `api_key's user (${owner.caller.email}) listed instead` : 'not listed',
    ...(shown ? { exchange: shown } : {}),
  });
  seen.memberListed = true;
}

/**
 * The spec puts no condition on the job's state, so a watch made while the job runs subscribes
 * like one made before (a run that took its list of whom to notify along when it started would
 * notify only those who watched before). The running job, started beside the others, is read
 * until it is seen `running` (real time: the target document's job_start_seconds; the simulator's
 * clock follows real time too), then watched by users seen not to watch it: the member, who did
 * not create it, and api_key's user, where it stopped watching its own job at once, before it ran
 * (DELETE, an extension). A watch counts only where the job was seen not ended after the POST, so
 * that the POST came while it ran. Returns the job, or undefined with the reason in `seen`.
 */
async function runningWatches(t: CheckContext, running: Ending, owner: Subscriber, ownerUnwatched: string | undefined, member: Subscriber | undefined, seen: Seen): Promise<Ending | undefined> {
  const unseen = (why: string): undefined => void seen.runningUnseen.push(why);
  let reads = 0;
  const status = await pollPastStart(t, async () => {
    await readStatus(running, reads++);
    return running.readable ? running.status : 'unreadable';
  });
  if (status === 'unreadable') return unseen(`GET /jobs/${running.id} (an extension) did not show the job's status, so it was not seen running`);
  if (status !== 'running') return unseen(`job ${running.id} was not seen running (last seen ${running.status ?? 'unknown'}) within ${jobStartMs(t.target) / 1000} s ${jobTimingHint('job_start_seconds')}`);
  const watchers: Subscriber[] = [];
  if (member?.subscribed) watchers.push(member);
  else if (member) unseen(`${member.who}'s watch was refused before, so it did not watch the running job`);
  if (ownerUnwatched === undefined) watchers.push(owner);
  else unseen(`api_key's user created job ${running.id}, and ${ownerUnwatched}`);
  const before = watchers.length ? await readWatchers(t, running.id) : null;
  for (const s of watchers) {
    // api_key's user created the job: its watch is seen only where the list shows it stopped watching.
    if (s.creator && !before) {
      unseen(`GET /jobs/${running.id}/watchers (an extension) could not be read whole, so api_key's user, who created job ${running.id}, was not seen to stop watching it before its POST`);
      continue;
    }
    if (before && listing(before, s.caller).watching) {
      unseen(`${s.who} was among the watchers of job ${running.id} before its POST, so its watch of the running job would be a second one`);
      continue;
    }
    const ex = await s.client.post(`/jobs/${running.id}/watchers`);
    t.expect.status(ex, 200, 'B-JOB-5', `POST /jobs/${running.id}/watchers by ${s.who}, who did not watch the job, while it ran (seen running) answered ${ex.response.status}, expected 200: the spec puts no condition on the job's state for a watch`);
    if (!is2xx(ex)) continue;
    s.runningWatch = true;
    const after = await readWatchers(t, running.id);
    if (!after) continue;
    const { watching, ex: shown } = listing(after, s.caller);
    if (after.weak && !watching) continue;
    t.expect.that(watching, {
      clause: 'B-JOB-5',
      message: `after POST /jobs/${running.id}/watchers by ${s.who} while job ${running.id} ran, the caller is not among the job's watchers`,
      expected: `a watcher with the email or user id of ${s.who}`,
      received: 'not listed',
      ...(shown ? { exchange: shown } : {}),
    });
  }
  if (!watchers.some((s) => s.runningWatch)) return watchers.length ? unseen(`no POST /jobs/${running.id}/watchers on the running job answered 200`) : undefined;
  // Seen running before the POSTs and not ended after them: they came while it ran.
  await readStatus(running, reads);
  if (running.ended || !running.readable) {
    for (const s of watchers) s.runningWatch = false;
    return unseen(`job ${running.id} had ended (${running.status ?? 'unknown'}) right after the watches, which may then have come after its end`);
  }
  running.lastRunning = -1;
  return running;
}

/** The jobs watchEnds waits on, stopped: the watched job first; whether it had ended before it could be stopped. */
interface Stopped {
  watched: Ending;
  jobs: Ending[];
  endedEarly: boolean;
}

/**
 * The watched job, and each candidate subscriber's control job (its own, watched by default),
 * stopped at once (DELETE /jobs/{id}, the real service's stop), right after the watches of the
 * watched job: the later they are stopped, the likelier the job ends on its own first, before it
 * was seen stopped.
 */
async function stopJobs(t: CheckContext, watched: Ending, candidates: readonly Subscriber[]): Promise<Stopped> {
  const jobs: Ending[] = [watched];
  for (const s of candidates) if (s.control !== undefined) jobs.push({ id: s.control, client: s.client, ended: false, readable: true, lastRunning: -1 });
  // The watched job must not have ended before it could be watched: its end is after every POST.
  await readStatus(watched, -1);
  const endedEarly = watched.ended;
  for (const job of jobs) await stop(t, job);
  return { watched, jobs, endedEarly };
}

async function stop(t: CheckContext, job: Ending): Promise<void> {
  const ex = await job.client.delete(`/jobs/${job.id}`);
  if (!is2xx(ex)) t.note(`DELETE /jobs/${job.id} (the real service's stop, an extension) answered ${ex.response.status}: job ${job.id} runs to its end`);
}

/**
 * The stopped jobs (stopJobs) and the running one (watched only once it ran, where it was; the
 * stop comes after its watches) read until they end; meanwhile each subscriber's notifications
 * are read for new ones naming the jobs. Waits `jobEndMs` for the jobs to end and then
 * `jobStartMs` (the time the target document gives the deployment to act on a job) after the last
 * job ended or the last notification came; done early once every expected notification came.
 */
async function watchEnds(t: CheckContext, stopped: Stopped, running: Ending | undefined, subscribers: readonly Subscriber[], seen: Seen, callerIsolated: boolean): Promise<Ending[]> {
  const settleMs = jobStartMs(t.target);
  const endMs = jobEndMs(t.target);
  const { watched, endedEarly } = stopped;
  // (The running job was seen not ended after its POSTs: runningWatches.)
  if (running) await stop(t, running);
  const jobs: Ending[] = [...stopped.jobs, ...(running ? [running] : [])];
  const ids = jobs.map((j) => j.id);
  const reading = subscribers.filter((s) => s.inbox !== undefined);
  let last = Date.now();
  let read = 0;
  const expected = (s: Subscriber): number[] => [...(s.subscribed ? [watched.id] : []), ...(running && s.runningWatch ? [running.id] : []), ...(s.control !== undefined ? [s.control] : [])];
  await t.poll(async () => {
    // The jobs first, then the notifications: a notification first seen in a read that saw its
    // job still running, or later, came no earlier than the read before that one.
    for (const job of jobs) {
      if (job.ended || !job.readable) continue;
      await readStatus(job, read);
      if (job.ended) last = Date.now();
    }
    for (const s of reading) if (await readInbox(t, s.client, s.inbox!, ids, read)) last = Date.now();
    read++;
    const allEnded = jobs.every((j) => j.ended || !j.readable);
    // Done early only once the jobs were also seen to end: a notification of a job's end may come
    // between the read that still saw it running and the inbox's read, and what follows (the watch
    // of an ended job) needs a job seen ended.
    if (allEnded && reading.every((s) => expected(s).every((id) => s.inbox!.about.has(id)))) return true;
    return allEnded && jobs.some((j) => j.readable) && Date.now() - last >= settleMs ? false : undefined;
  }, { timeoutMs: endMs + settleMs, intervalMs: (elapsed) => (elapsed < 5_000 ? 250 : 1_000) });

  const judge = async (s: Subscriber, job: Ending, how: string, isolated: boolean, early: boolean, unseen: (why: string) => void): Promise<boolean> => {
    if (!s.inbox) {
      unseen(s.inboxUnseen ?? 'its notifications could not be read');
      return false;
    }
    const inbox = s.inbox;
    const about = inbox.about.get(job.id)?.[0];
    if (about) {
      t.note(`${s.who} was notified about job ${job.id}, which it watches through POST /jobs/${job.id}/watchers${how}, at its end (last seen ${job.status ?? 'unknown'}): a new notification naming it by ${about.how}`);
      // The creator's notification shows the POST's subscription only where it was seen to stop watching first.
      if (!s.creator || isolated) return true;
      unseen('it was notified, but it created the job and was not seen to stop watching it before the POST, so the notification may come from its watch as creator');
      return false;
    }
    const control = s.control === undefined ? undefined : jobs.find((j) => j.id === s.control);
    // The control's notification is of its end, not of an earlier event (its start, say), only
    // where no read before the last that saw it running showed it.
    const controlAbout = control ? inbox.about.get(control.id)?.find((n) => n.read >= control.lastRunning) : undefined;
    if (early) unseen(`job ${job.id} had ended (${job.status ?? '?'}) before it could be stopped, perhaps before the POST, so no notification of its end was owed`);
    else if (!job.readable) unseen(`GET /jobs/${job.id} (an extension) did not show the job's status, so its end was not seen`);
    else if (!job.ended) unseen(`job ${job.id}, asked to stop, had not ended after ${endMs / 1000} s (last seen ${job.status ?? 'unknown'}) ${jobTimingHint('job_end_seconds')}`);
    else if (!inbox.complete) unseen(`GET /notifications was not read to its end (more than ${INBOX_PAGES} pages of 100, or a page size it does not honour), so a notification about job ${job.id} may be unread`);
    // The spec gives notifications no fields: a watcher's notice of another user's job may name
    // no job ("A job you watch was stopped") where the creator's of its own does (as judgeFailingWatch).
    else if (control?.ended && controlAbout && (inbox.unnamed ?? 0) > 0) {
      unseen(`${inbox.unnamed} new notification(s) naming no job came by job ${job.id}'s end, where its own job ${control.id}'s named it (by ${controlAbout.how}): one may be the watcher's of job ${job.id}, worded otherwise`);
    } else if (control?.ended && controlAbout) {
      // Clear: notifications of an ended job reach this user and name the job, and none named this one.
      t.fail({
        clause: 'B-JOB-5',
        message: `job ${job.id} ended (${job.status ?? '?'}) after ${s.who}'s POST /jobs/${job.id}/watchers${how} answered 200, and no notification about it reached ${s.who} within ${settleMs / 1000} s, while job ${control.id}, which ${s.who} watches as its creator, ended too (${control.status ?? '?'}) and did notify it (naming it by ${controlAbout.how})`,
        expected: `a new notification of ${s.who} naming job ${job.id}`,
        received: `${inbox.fresh} new notification(s), none naming job ${job.id}`,
        ...(inbox.last ? { exchange: inbox.last } : {}),
      });
    } else {
      const count = inbox.unreadBefore !== undefined ? await unreadCount(s.client) : undefined;
      const counted = count !== undefined && inbox.unreadBefore !== undefined ? `; GET /user's unread_notifications_count went from ${inbox.unreadBefore} to ${count} (counted, not tied to a job: other jobs of the run may end meanwhile)` : '';
      const why =
        control === undefined
          ? 'its own job, watched as its creator, could not be started, so there is nothing to compare with'
          : !control.ended
            ? `its own job ${control.id} had not ended either`
            : inbox.about.has(control.id)
              ? `the only new notification naming its own job ${control.id} came before that job was last seen running, so it may be of another event than its end`
              : `its own job ${control.id}, which it watches as its creator, ended (${control.status ?? '?'}) and no new notification named it either: the deployment may not notify on a stopped job, or its notifications may not name the job (by job_id, a job object, a /jobs/{id} URL or "job {id}" in their text)`;
      unseen(`no new notification named job ${job.id} within ${settleMs / 1000} s of its end (${inbox.fresh} new in all)${counted}, and ${why} (a deployment that takes longer to notify gives that time as interface_b.job_start_seconds in the target document)`);
    }
    return false;
  };
  for (const s of subscribers) {
    if (s.subscribed && (await judge(s, watched, '', callerIsolated, endedEarly, (why) => void seen.notifiedUnseen.push(`${s.who}: ${why}`)))) seen.notified = true;
  }
  for (const s of subscribers) {
    // api_key's user watched the running job only once seen not to watch it (runningWatches).
    if (running && s.runningWatch && (await judge(s, running, ' while it ran', true, false, (why) => void seen.runningUnseen.push(`${s.who}: ${why}`)))) seen.runningNotified = true;
  }
  return jobs;
}

/**
 * The spec puts no condition on the job's state: a watch of a job that has ended (completed,
 * failed, stopped) subscribes its caller and answers 200 like any other. After watchEnds a control
 * job has ended, and a user who does not watch it watches it: member_api_key's user api_key's
 * control (it neither created nor watched it), else api_key's user the member's control, else
 * api_key's user its own control after it stops watching it (DELETE, an extension, as before the
 * first watch). A user that watches already may be refused (409, say), which the spec does not
 * cover, so the watcher is always one seen not to watch. Returns why it was not seen, if it was not.
 */
async function watchEnded(t: CheckContext, ended: readonly Ending[], owner: Subscriber, member: Subscriber | undefined, callerIsolated: boolean): Promise<string | undefined> {
  const endedControl = (s: Subscriber | undefined) => (s?.control === undefined ? undefined : ended.find((j) => j.id === s.control && j.ended));
  const ownerControl = endedControl(owner);
  const memberControl = endedControl(member);
  const pick =
    member?.subscribed && ownerControl
      ? { who: member, job: ownerControl, unwatchFirst: false }
      : owner.subscribed && memberControl
        ? { who: owner, job: memberControl, unwatchFirst: false }
        : owner.subscribed && ownerControl && callerIsolated
          ? { who: owner, job: ownerControl, unwatchFirst: true }
          : undefined;
  if (!pick) {
    const controls = [owner, ...(member ? [member] : [])].filter((s) => s.control !== undefined).length;
    return controls === 0
      ? 'no control job could be started'
      : !ownerControl && !memberControl
        ? 'no control job was seen to end (completed, failed or stopped)'
        : "no user seen not to watch an ended job could watch it: the member's watch was refused or no member_api_key is given, and api_key's user could not be seen to stop watching its own job";
  }
  const { who, job, unwatchFirst } = pick;
  if (unwatchFirst) {
    const unwatch = await who.client.delete(`/jobs/${job.id}/watchers`);
    if (!is2xx(unwatch)) return `DELETE /jobs/${job.id}/watchers (an extension) answered ${unwatch.response.status}, so api_key's user may watch its ended job ${job.id} still`;
  }
  const before = await readWatchers(t, job.id);
  if (before && listing(before, who.caller).watching) return `${who.who} was among the watchers of job ${job.id} before its POST, so a watch of the ended job would be a second one`;
  const ex = await who.client.post(`/jobs/${job.id}/watchers`);
  t.expect.status(ex, 200, 'B-JOB-5', `POST /jobs/${job.id}/watchers on a job that had ended (${job.status ?? '?'}), by ${who.who}, who did not watch it, answered ${ex.response.status}, expected 200: the spec puts no condition on the job's state for a watch`);
  if (!is2xx(ex)) return undefined;
  const after = await readWatchers(t, job.id);
  if (!after) {
    t.note(`the watch of ended job ${job.id} answered 200; GET /jobs/${job.id}/watchers (an extension) could not be read whole after it, so the subscription was not seen`);
    return undefined;
  }
  const { watching, ex: shown } = listing(after, who.caller);
  if (after.weak && !watching) {
    t.note(`after the watch of ended job ${job.id} no entry of GET /jobs/${job.id}/watchers had ${who.who}'s user id and name, and its entries name watchers only by an id and a display name`);
    return undefined;
  }
  t.expect.that(watching, {
    clause: 'B-JOB-5',
    message: `after POST /jobs/${job.id}/watchers with ${who.who} on job ${job.id}, which had ended (${job.status ?? '?'}), the caller is not among the job's watchers`,
    expected: `a watcher with the email or user id of ${who.who}`,
    received: 'not listed',
    ...(shown ? { exchange: shown } : {}),
  });
  return undefined;
}

/**
 * The spec puts no condition on the job's state, so a watch of a job asked to stop that has not
 * ended yet (the real service's pending_stoppage and stopping) subscribes like any other (a
 * deployment that tears a run's notifications down first might refuse it). The stopping job,
 * started beside the others, is stopped (DELETE /jobs/{id}, the real service's stop, an extension)
 * and watched at once by a user seen not to watch it: the member, who did not create it, where
 * its first watch was taken, else api_key's user where it stopped watching the job when it was
 * made (DELETE, an extension). The watch is judged as the others (200, and the caller among the
 * watchers where they are listed); it came while the job was stopping where the job was seen not
 * ended right before and right after the POST. Returns why that was not seen, if it was not.
 */
async function stoppingWatch(t: CheckContext, job: Ending, owner: Subscriber, ownerUnwatched: string | undefined, member: Subscriber | undefined): Promise<string | undefined> {
  const who = member?.subscribed ? member : ownerUnwatched === undefined ? owner : undefined;
  if (!who) return `no user seen not to watch job ${job.id} could watch it: ${member ? `${member.who}'s watch was refused before` : 'no member_api_key is given'}, and api_key's user created it and ${ownerUnwatched ?? ''}`;
  const before = await readWatchers(t, job.id);
  if (who.creator && !before) return `GET /jobs/${job.id}/watchers (an extension) could not be read whole, so api_key's user, who created job ${job.id}, was not seen to stop watching it before its POST`;
  if (before && listing(before, who.caller).watching) return `${who.who} was among the watchers of job ${job.id} before its POST, so its watch of the stopping job would be a second one`;
  const stopped = await job.client.delete(`/jobs/${job.id}`);
  if (!is2xx(stopped)) return `DELETE /jobs/${job.id} (the real service's stop, an extension) answered ${stopped.response.status}, so no job was asked to stop`;
  await readStatus(job, 0);
  if (!job.readable) return `GET /jobs/${job.id} (an extension) did not show the job's status, so it was not seen stopping`;
  if (job.ended) return `job ${job.id} had ended (${job.status ?? '?'}) right after DELETE /jobs/${job.id}, before a watch could come while it stopped`;
  const statusBefore = job.status ?? '?';
  const ex = await who.client.post(`/jobs/${job.id}/watchers`);
  t.expect.status(ex, 200, 'B-JOB-5', `POST /jobs/${job.id}/watchers by ${who.who}, who did not watch the job, right after it was asked to stop (DELETE /jobs/${job.id}; it read ${statusBefore}) answered ${ex.response.status}, expected 200: the spec puts no condition on the job's state for a watch`);
  if (!is2xx(ex)) return undefined;
  await readStatus(job, 1);
  const after = await readWatchers(t, job.id);
  if (after) {
    const { watching, ex: shown } = listing(after, who.caller);
    if (!after.weak || watching) {
      t.expect.that(watching, {
        clause: 'B-JOB-5',
        message: `after POST /jobs/${job.id}/watchers by ${who.who} on job ${job.id}, asked to stop (it read ${statusBefore}), the caller is not among the job's watchers`,
        expected: `a watcher with the email or user id of ${who.who}`,
        received: 'not listed',
        ...(shown ? { exchange: shown } : {}),
      });
    }
  }
  if (job.ended || !job.readable) return `job ${job.id} had ended (${job.status ?? 'unknown'}) right after the watch, which may then have come after its end`;
  t.note(`${who.who} watched job ${job.id} while it was stopping (read ${statusBefore} before the POST, ${job.status ?? '?'} after): answered 200`);
  return undefined;
}

/**
 * How long a mark by id may take to show on a deployment that applies it a moment later (a queue,
 * a read replica), as b-ntf/mark gives it; the simulator profile is held to showing it at once.
 */
const MARK_SETTLES_MS = 3_000;

/**
 * B-NTF-1 (supported here, where the state is made): a notification a watch brought is the
 * watcher's like any other, so the member, who watches jobs api_key's user created (`jobs`),
 * marks one its GET /notifications lists unread and naming such a job by its id: 200, and read
 * after. A deployment that checks the mark against the job's own permission (its creator's, as
 * for its log) refuses the watcher 404 and leaves it unread. Only a 401 or 403 is taken for a role
 * the member lacks (which roles may call what on interface B is not shown). Returns why it was not seen.
 */
async function watcherMarksOne(t: CheckContext, member: Subscriber | undefined, jobs: readonly number[]): Promise<string | undefined> {
  if (!member) return 'no other user of the account watched a job (member_api_key not given, or its watch refused)';
  if (!member.inbox) return member.inboxUnseen ?? "member_api_key's notifications could not be read";
  if (jobs.length === 0) return "member_api_key's user watched no job of api_key's user that ended";
  const before = member.inbox.before;
  const read = () => listCatalog(member.client, t.target, '/notifications', INBOX_PAGES);
  const listed = await read();
  if (!listed) return 'GET /notifications with member_api_key is not served';
  let job: number | undefined;
  const one = listed.items.find((n) => {
    if (!isObject(n) || typeof n.id !== 'number' || before.has(notificationKey(n)) || readStateOf(n) !== false) return false;
    job = jobs.find((j) => namesJob(n, j) !== undefined);
    return job !== undefined;
  });
  if (!isObject(one) || job === undefined) return `GET /notifications with member_api_key listed no new notification naming job ${jobs.join(' or ')} unread, with an id and a read state`;
  const id = one.id;
  const ex = await member.client.post('/notifications/mark', { body: { id } });
  if (ex.response.status === 401 || ex.response.status === 403) return `POST /notifications/mark with member_api_key answered ${ex.response.status} (which roles may call what on interface B is not shown)`;
  t.expect.status(ex, 200, 'B-NTF-1', `POST /notifications/mark {"id": ${String(id)}} by ${member.who}, of the notification about job ${job} (made by api_key's user, watched by the member) its GET /notifications listed unread, answered ${ex.response.status}, expected 200: a watcher's notification is its own to mark`);
  if (!is2xx(ex)) return undefined;
  // Read (a list of all, or of the unread only read whole without it), again for a moment where a deployment may apply a mark late.
  let after: ListWalk | null = null;
  const shownRead = async (): Promise<boolean> => {
    after = await read();
    const item = after?.items.find((n) => isObject(n) && n.id === id);
    return isObject(item) ? readStateOf(item) === true : after?.complete === true;
  };
  let marked = await shownRead();
  if (!marked && t.profile !== 'simulator') {
    await t.poll(async () => ((marked = await shownRead()) ? true : undefined), { timeoutMs: MARK_SETTLES_MS, intervalMs: 250 });
  }
  const last = after as ListWalk | null;
  if (!last) return 'GET /notifications with member_api_key was no longer served after the mark';
  const page = pageListing(last, (n) => isObject(n) && n.id === id);
  if (!marked && !page) return `after the mark GET /notifications with member_api_key, not read whole, no longer showed notification ${String(id)}`;
  t.expect.that(marked, {
    clause: 'B-NTF-1',
    message: `notification ${String(id)} (about job ${job}, made by api_key's user and watched by ${member.who}) is still unread ${t.profile === 'simulator' ? '' : `${MARK_SETTLES_MS / 1000} s `}after POST /notifications/mark {"id": ${String(id)}} by its watcher answered 200`,
    expected: 'read',
    received: 'unread',
    exchange: page ?? ex,
  });
  if (marked) t.note(`${member.who} marked notification ${String(id)}, about job ${job} it watches and did not make, by its id: answered 200 and read after`);
  return undefined;
}

/**
 * A job that fails, watched by another user of the account: B-JOB-5's subscription is to the
 * job's notifications whatever the job comes to, and the real service notifies a job's watchers
 * when it reaches a terminal status, failed among them. A deployment that sends a failure down the
 * owner's alert path only notifies the job's creator and no watcher. The jobs above are stopped,
 * so only a job of a package whose jobs fail (`fixtures.failing_package_id`, which the API
 * cannot make) shows it: api_key's user starts one, member_api_key's user watches it at once, and
 * both users' notifications are read from before the job was made. And a job of the fixture
 * package left to complete, watched the same way (`ending` completed): a deployment that sends a
 * completion as the owner's "your job is done" message alone notifies no watcher of it.
 */
interface FailingWatch {
  job: Ending;
  packageId: number;
  /** The status the job is left to end in: failed (the failing package's) or completed (the fixture package's). */
  ending: 'failed' | 'completed';
  member: Subscriber;
  memberInbox: Inbox;
  ownerInbox: Inbox;
  /** The poll's next read. */
  read: number;
  /** The last read of api_key's user's notifications made while the job was then seen not ended (-1: none). */
  ownerRunning: number;
  /** A read of them not yet followed by a read of the job. */
  ownerPending?: number;
  /** They were read once the job was seen past the statuses before running. */
  ownerReadStarted?: boolean;
}

/** How messages name the package of a job left to end `ending`. */
function endingPackage(ending: FailingWatch['ending'], packageId: number): string {
  return ending === 'failed' ? `package ${packageId} (fixtures.failing_package_id)` : `the fixture package ${packageId} (fixtures.package_id)`;
}

/** Starts the job left to end `ending` (failed: the failing package's; completed: the fixture package's) and has the member watch it; why not, where it could not. */
async function startFailingWatch(t: CheckContext, owner: Subscriber, member: Subscriber | undefined, ending: FailingWatch['ending'] = 'failed'): Promise<FailingWatch | string> {
  const packageId = ending === 'failed' ? t.fixtures().failing_package_id : t.fixtures().package_id;
  if (packageId === undefined) return ending === 'failed' ? 'the target document names no package whose jobs fail (fixtures.failing_package_id)' : 'the target document names no fixture package';
  if (!member) return 'no other user of the account could watch it (member_api_key not given, or a key of api_key\'s user)';
  // Without the unread counts openInbox also reads: the failing job's notifications are judged by what names it.
  const memberInbox = await openInbox(t, member.client, { counted: false });
  if (typeof memberInbox === 'string') return `${member.who}'s notifications could not be read: ${memberInbox}`;
  const ownerInbox = await openInbox(t, owner.client, { counted: false });
  if (typeof ownerInbox === 'string') return `api_key's user's notifications could not be read: ${ownerInbox}`;
  const body = jobBodyFrom(t.fixtures());
  if (!body) return 'no job body could be made of the fixtures';
  const started = await t.b().post('/jobs', { body: { ...body, package_id: packageId } });
  const id = idOf(started);
  if (!is2xx(started) || id === undefined) return `POST /jobs of ${endingPackage(ending, packageId)} answered ${describeResponse(started)}`;
  stopJobOnCleanup(t, id);
  const ex = await member.client.post(`/jobs/${id}/watchers`);
  // Which roles may call which operation of interface B is not shown (section 5): a member may be refused.
  if (ex.response.status >= 400 && ex.response.status < 500) return `POST /jobs/${id}/watchers with member_api_key answered ${ex.response.status} (which roles may call what on interface B is not shown)`;
  t.expect.status(ex, 200, 'B-JOB-5', `POST /jobs/${id}/watchers by ${member.who}, on job ${id} of ${ending === 'failed' ? `package ${packageId} (whose jobs fail)` : endingPackage(ending, packageId)}, answered ${ex.response.status}, expected 200`);
  if (!is2xx(ex)) return `the watch of job ${id} was not taken`;
  const watch: FailingWatch = { job: { id, client: t.b(), ended: false, readable: true, lastRunning: -1 }, packageId, ending, member, memberInbox, ownerInbox, read: 0, ownerRunning: -1 };
  await readWhileRunning(t, watch, owner);
  return watch;
}

/**
 * The job's status, and api_key's user's notifications where they were last read before it: where
 * the job is still seen not ended, what that read showed came before the end, so only a
 * notification first seen later is taken for one of its end (a deployment may tell a job's
 * creator of its start too). They are read at the job's creation and once more after it is first
 * seen past the statuses before running (a start's notification comes by then), not at every read.
 */
async function readWhileRunning(t: CheckContext, watch: FailingWatch, owner: Subscriber): Promise<void> {
  const { job } = watch;
  const read = watch.read++;
  await readStatus(job, read);
  if (!job.readable || job.ended) return;
  if (watch.ownerPending !== undefined) watch.ownerRunning = watch.ownerPending;
  watch.ownerPending = undefined;
  const started = job.status !== undefined && !STATUSES_BEFORE_RUNNING.has(job.status);
  if (watch.ownerRunning < 0 || (started && !watch.ownerReadStarted)) {
    watch.ownerReadStarted = started;
    await readInbox(t, owner.client, watch.ownerInbox, [job.id], watch.read);
    watch.ownerPending = watch.read++;
  }
}

/** Both users' notifications, read once the job has ended; whether a new one named it. */
async function readFailingWatchInboxes(t: CheckContext, watch: FailingWatch, owner: Subscriber): Promise<boolean> {
  const { job } = watch;
  const memberNews = await readInbox(t, watch.member.client, watch.memberInbox, [job.id], watch.read);
  const ownerNews = await readInbox(t, owner.client, watch.ownerInbox, [job.id], watch.read);
  watch.read++;
  return memberNews || ownerNews;
}

/**
 * Waits for the failing job's end (the target document's job_end_seconds, then job_start_seconds
 * for the notifications; at once where the job ended meanwhile and the member was notified) and
 * judges: where api_key's user, its creator, was notified of its end and the member was not, the
 * member's subscription missed the job's notification. Returns why that was not seen, if it was not.
 */
async function judgeFailingWatch(t: CheckContext, watch: FailingWatch, owner: Subscriber): Promise<string | undefined> {
  const { job, member } = watch;
  const settleMs = jobStartMs(t.target);
  // api_key's user's of its end: first seen after a read made while the job was not ended; any of the member's shows its watch.
  // (A read of them the next read of the job found ended may have come before the end or after: it tells neither.)
  const ownerNews = () => (watch.ownerRunning < 0 ? undefined : watch.ownerInbox.about.get(job.id)?.find((n) => n.read > watch.ownerRunning && n.read !== watch.ownerPending));
  const memberNews = () => watch.memberInbox.about.get(job.id)?.[0];
  // Until the job has ended, its status and api_key's user's notifications; then both users' notifications, owed only after its end.
  let last = Date.now();
  await t.poll(async () => {
    if (!job.ended) {
      if (job.readable) await readWhileRunning(t, watch, owner);
      if (!job.readable) return false;
      if (!job.ended) return undefined;
      last = Date.now();
    }
    if (await readFailingWatchInboxes(t, watch, owner)) last = Date.now();
    if (memberNews()) return true;
    return Date.now() - last >= settleMs ? false : undefined;
  }, { timeoutMs: jobEndMs(t.target) + settleMs, intervalMs: (elapsed) => (elapsed < 5_000 ? 500 : 1_000) });
  if (!job.readable) return `GET /jobs/${job.id} (an extension) did not show the job's status, so its end was not seen`;
  if (!job.ended) return `job ${job.id} had not ended after ${jobEndMs(t.target) / 1000} s (last seen ${job.status ?? 'unknown'}) ${jobTimingHint('job_end_seconds')}`;
  const { ending } = watch;
  if (job.status !== ending) return `job ${job.id} of ${endingPackage(ending, watch.packageId)} ended ${job.status ?? '?'}, not ${ending}`;
  const notified = memberNews();
  if (notified) {
    t.note(`${member.who} was notified about job ${job.id}, which ${ending}, through its POST /jobs/${job.id}/watchers: a new notification naming it by ${notified.how}`);
    return undefined;
  }
  if (watch.ownerRunning < 0) return `job ${job.id} was first read ended (${ending}), so a notification of its end could not be told from another of its events`;
  if (!watch.memberInbox.complete) return `GET /notifications with member_api_key was not read to its end (more than ${INBOX_PAGES} pages of 100), so a notification about job ${job.id} may be unread`;
  const ownerAbout = ownerNews();
  if (!ownerAbout) return `no new notification named job ${job.id} within ${settleMs / 1000} s of its end (${ending}), for ${member.who} nor for api_key's user, its creator: the deployment may not notify on a ${ending} job, or its notifications may not name the job`;
  // The spec gives notifications no fields: a watcher's may name the job otherwise than its creator's (a digest naming the package).
  if ((watch.memberInbox.unnamed ?? 0) > 0) return `${member.who} got ${watch.memberInbox.unnamed} new notification(s) naming no job while job ${job.id} ${ending}, where its creator's named it (by ${ownerAbout.how}): one may be the watcher's of its end, worded otherwise`;
  t.fail({
    clause: 'B-JOB-5',
    message: `job ${job.id} (${ending === 'failed' ? `package ${watch.packageId}, whose jobs fail` : `the fixture package ${watch.packageId}, left to complete`}) ${ending} after ${member.who}'s POST /jobs/${job.id}/watchers answered 200, and api_key's user, its creator, was notified of its end (a notification naming it by ${ownerAbout.how}), but no notification about it reached ${member.who} within ${settleMs / 1000} s: the watch did not subscribe its caller to the job's notifications`,
    expected: `a new notification of ${member.who} naming job ${job.id}`,
    received: `${watch.memberInbox.fresh} new notification(s), none naming job ${job.id}`,
    ...(watch.memberInbox.last ? { exchange: watch.memberInbox.last } : {}),
  });
  return undefined;
}

/**
 * B-JOB-5 in every account: every watch above is made in account 1, and a subscription written
 * where the first account's are kept (a store built when there was one) answers 200 in account 2
 * and subscribes nobody. So account 2's api_key starts a job of its fixture package, stops
 * watching it (DELETE /jobs/{id}/watchers, an extension: its creator watches it already), and
 * watches it again: 200, and then among the job's watchers as account 2 reads them (GET
 * /jobs/{id}/watchers, an extension). Where the target document gives no second account with
 * fixtures, a job is refused, the caller cannot be told (GET /user), the unwatch is refused or does
 * not show, or the watchers are not listed, that is noted: account 1's watches carry the clause.
 */
async function secondAccountWatches(t: CheckContext): Promise<void> {
  const body = t.target.b[1] ? jobBodyFrom(t.fixtures(1)) : undefined;
  if (body === undefined) return t.note("no watch was made in account 2 (the target document names no second account, or not its package_id and cluster_id): every watch was account 1's");
  const client = t.b(1);
  const made = await client.post('/jobs', { body });
  const id = idOf(made);
  if (!is2xx(made) || id === undefined) return t.note(`POST /jobs with account 2's key answered ${describeResponse(made)}: no watch was made in account 2`);
  stopJobOnCleanup(t, id, 1);
  const caller = await callerOf(client);
  if (!caller) return t.note("account 2's user could not be told apart (its GET /user, an extension, showed no email): its watch was not looked for among the watchers");
  const unwatch = await client.delete(`/jobs/${id}/watchers`);
  const before = is2xx(unwatch) ? await readWatchers(t, id, client) : null;
  const unseen = !is2xx(unwatch)
    ? `DELETE /jobs/${id}/watchers (an extension) answered ${unwatch.response.status} to account 2's user, who created the job and watches it already`
    : !before
      ? `GET /jobs/${id}/watchers (an extension) did not show account 2's job's watchers by email, user id, or id and display name, read whole`
      : listing(before, caller).watching
        ? `account 2's user still watched job ${id} after DELETE /jobs/${id}/watchers`
        : undefined;
  const ex = await client.post(`/jobs/${id}/watchers`);
  // A caller not seen to stop watching its own job may watch it already: a second subscription is
  // not the spec's, and may be refused (409, say), as callerWatches takes it in account 1.
  if (unseen !== undefined && ex.response.status >= 400 && ex.response.status < 500) return t.note(`account 2's watch answered ${ex.response.status} to its user, who may watch its job already (a second subscription, which the spec does not cover): ${unseen}`);
  t.expect.status(ex, 200, 'B-JOB-5', `POST /jobs/${id}/watchers with account 2's key (its own job) answered ${ex.response.status}, expected 200`);
  if (unseen !== undefined) return t.note(`account 2's watch answered ${ex.response.status}, but its subscription could not be seen: ${unseen}`);
  const after = await readWatchers(t, id, client);
  if (!after) return t.note(`GET /jobs/${id}/watchers with account 2's key could not be read whole after its watch: account 2's subscription was not seen`);
  const { watching, ex: page } = listing(after, caller);
  // Entries of an id and a display name only may name the watch, not its user: no sign either way.
  if (after.weak && !watching) return t.note(`after account 2's watch no entry of GET /jobs/${id}/watchers had its user's id and name, and the entries name watchers only by an id and a display name: account 2's subscription was not seen`);
  t.expect.that(watching, {
    clause: 'B-JOB-5',
    message: `POST /jobs/${id}/watchers with account 2's key answered ${ex.response.status}, but account 2's user (${caller.email}) is not among job ${id}'s watchers after it: the watch subscribed nobody in account 2`,
    expected: `${caller.email} among the watchers`,
    received: page ? describeResponse(page) : '(no page)',
    ...(page ? { exchange: page } : { exchange: ex }),
  });
}

check({
  id: 'b-job/watch',
  clauses: ['B-JOB-5'],
  // The notification a watch brings the member is one a job's creator does not have: marked by its id here.
  supports: ['B-NTF-1'],
  title: 'B-JOB-5: POST /jobs/{job_id}/watchers answers 200 and subscribes the caller to the job: it shows among the watchers (where a target lists them), and the job\'s end notifies it (where a target lists notifications), for the key\'s user and for another user of the account (member_api_key), and for account 2\'s user on its own job (where the target document gives account 2 fixtures), within the job\'s first seconds, on a job seen running, on a job asked to stop that has not ended, on a job that has ended, and (where the target document names a package whose jobs fail) for the member on a job that fails, where its creator is notified of the failure, and for the member on a job of the fixture package left to complete, where its creator is notified of its end',
  needs: ['b', 'write', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    const made = await makeJob(t, 0);
    if (!made) return t.skip('needs fixtures.package_id and fixtures.cluster_id of account 1');
    const { id } = made;
    // The control, a job the caller watches as its creator, is started beside the watched one, so
    // that what the two bring before they are stopped (a notification of their start, say) comes alike.
    const control = await makeJob(t, 0);
    // The running job, watched only once seen running; its creator stops watching it at once,
    // before it runs, so that its own watch is one made while the job runs.
    const runningJob = await makeJob(t, 0);
    const runningUnwatch = runningJob ? await t.b().delete(`/jobs/${runningJob.id}/watchers`) : undefined;
    // The stopping job, watched right after it is asked to stop; its creator stops watching it at once too.
    const stoppingJob = await makeJob(t, 0);
    const stoppingUnwatch = stoppingJob ? await t.b().delete(`/jobs/${stoppingJob.id}/watchers`) : undefined;
    const seen: Seen = { callerListed: false, memberListed: false, listedUnseen: [], notified: false, notifiedUnseen: [], runningNotified: false, runningUnseen: [] };
    const ownerCaller = await callerOf(t.b());
    if (!ownerCaller) {
      // Without the caller's identity neither its place among the watchers nor its notifications can be told apart.
      for (let i = 0; i < 2; i++) {
        const ex = await t.b().post(`/jobs/${id}/watchers`);
        if (ex.response.status >= 400 && ex.response.status < 500) t.note(`POST /jobs/${id}/watchers answered ${ex.response.status} to its creator, which may watch the job already`);
        else t.expect.status(ex, 200, 'B-JOB-5', `POST /jobs/${id}/watchers answered ${ex.response.status}, expected 200`);
      }
      return t.partial('B-JOB-5', "the subscription itself was not seen, only the 200s: the caller's email and id, by which watchers and notifications are told apart, could not be read (GET /user, an extension)");
    }
    const owner: Subscriber = { who: "api_key's user", client: t.b(), caller: ownerCaller, creator: true, subscribed: false, ...(control ? { control: control.id } : {}) };

    // Another user of the account, where the document gives its key: it did not create the job,
    // so its watch is seen without stopping a default one first, and cannot be mistaken for the
    // account owner's.
    let member: Subscriber | undefined;
    const memberKey = t.target.b[0]?.memberApiKey;
    if (memberKey === undefined) {
      seen.listedUnseen.push("the watch was seen for api_key's user only, who created the job: that it subscribes its caller and not another user of the account (its owner, say) needs a key of a second user of account 1 (member_api_key in the target document)");
    } else {
      const client = t.bWithKey(memberKey);
      const caller = await callerOf(client);
      if (!caller) seen.listedUnseen.push("member_api_key's user could not be told apart (its GET /user, an extension, showed no email)");
      else if (sameUser(caller, ownerCaller)) seen.listedUnseen.push(`member_api_key is a key of api_key's user (${caller.email}), not of another user of the account`);
      else {
        member = { who: `member_api_key's user (${caller.email})`, client, caller, creator: false, subscribed: false };
        const started = await startJobWith(t, client);
        if ('id' in started) member.control = started.id;
        else t.note(`POST /jobs with member_api_key answered ${describeResponse(started.refused)}: its user's notifications are judged without a job of its own to compare with`);
      }
    }

    // A job that fails, watched by the member, started now so that its run overlaps the rest.
    const failing = await startFailingWatch(t, owner, member);

    // The creator watches its job already (the real service's default): to see the POST
    // subscribe, the caller first stops watching, where the target lets it (DELETE, an
    // extension), and must then be missing from the watchers.
    let unobservable: string | undefined;
    const unwatch = await t.b().delete(`/jobs/${id}/watchers`);
    const before = await readWatchers(t, id);
    if (!is2xx(unwatch)) unobservable = `the caller could not stop watching its job first (DELETE /jobs/${id}/watchers, an extension, answered ${unwatch.response.status}), and the creator of a job watches it already`;
    else if (!before) unobservable = `GET /jobs/${id}/watchers (an extension) did not show the watchers by email, user id, or id and display name, read whole`;
    else if (listing(before, ownerCaller).watching) unobservable = `the caller still watched job ${id} after DELETE /jobs/${id}/watchers, so a subscription by the POST would not show`;

    if (member) await memberWatches(t, id, member, owner, before, unobservable === undefined, seen);
    await callerWatches(t, id, owner, unobservable, seen);
    const stoppingUnseen = !stoppingJob
      ? 'no job could be started to stop'
      : await stoppingWatch(t, { id: stoppingJob.id, client: t.b(), ended: false, readable: true, lastRunning: -1 }, owner, stoppingUnwatch && !is2xx(stoppingUnwatch) ? `it could not stop watching it first (DELETE /jobs/${stoppingJob.id}/watchers, an extension, answered ${stoppingUnwatch.response.status})` : undefined, member);

    // A job of the fixture package left to complete, watched by the member (the jobs above are
    // stopped): started after the watches above, whose timing (a job not yet running) it would take.
    const completing = await startFailingWatch(t, owner, member, 'completed');

    // The notifications: what each user that may subscribe has before the jobs are stopped, then
    // what comes. The watched job and the controls are stopped at once, the running job once watched.
    const candidates = [owner, ...(member?.subscribed ? [member] : [])];
    for (const s of candidates) {
      const inbox = await openInbox(t, s.client);
      if (typeof inbox === 'string') s.inboxUnseen = `its notifications could not be read: ${inbox}`;
      else s.inbox = inbox;
    }
    const stopped = await stopJobs(t, { id, client: t.b(), ended: false, readable: true, lastRunning: -1 }, candidates);
    const running = !runningJob
      ? void seen.runningUnseen.push('no job could be started to watch while it ran')
      : await runningWatches(t, { id: runningJob.id, client: t.b(), ended: false, readable: true, lastRunning: -1 }, owner, runningUnwatch && !is2xx(runningUnwatch) ? `it could not stop watching it before it ran (DELETE /jobs/${runningJob.id}/watchers, an extension, answered ${runningUnwatch.response.status}), so a watch by its POST would not show` : undefined, member, seen);

    const subscribers = candidates.filter((s) => s.subscribed || s.runningWatch);
    let endedUnseen: string | undefined = 'no POST /jobs/{id}/watchers answered 200 while the jobs ran, so none was stopped';
    if (!subscribers.some((s) => s.subscribed)) seen.notifiedUnseen.push(`no POST /jobs/${id}/watchers answered 200, so no subscription was owed a notification`);
    if (subscribers.length > 0) {
      const ended = await watchEnds(t, stopped, running, subscribers, seen, unobservable === undefined);
      endedUnseen = await watchEnded(t, ended, owner, member, unobservable === undefined);
      const watchedByMember = member ? [...(member.subscribed ? [id] : []), ...(running && member.runningWatch ? [running.id] : [])] : [];
      const markUnseen = await watcherMarksOne(t, member, watchedByMember);
      if (markUnseen) t.note(`a mark by id, by its watcher, of a notification about a job another user made (B-NTF-1) was not seen: ${markUnseen}`);
    }

    let failingUnseen = typeof failing === 'string' ? failing : await judgeFailingWatch(t, failing, owner);
    // Its run overlapped the rest of the check, and a short run (a loaded machine, a quick
    // failure) ended before a second read: its end could not be told apart. One more failing
    // job, watched and judged at once, alone.
    if (typeof failing !== 'string' && failingUnseen !== undefined && failing.job.ended && failing.ownerRunning < 0) {
      const again = await startFailingWatch(t, owner, member);
      const againUnseen = typeof again === 'string' ? again : await judgeFailingWatch(t, again, owner);
      failingUnseen = againUnseen === undefined ? undefined : `${failingUnseen}; a second such job, watched and judged at once: ${againUnseen}`;
    }
    if (failingUnseen !== undefined) t.note(`a watch of a job that failed was not seen to bring its notification: ${failingUnseen}`);
    const completingUnseen = typeof completing === 'string' ? completing : await judgeFailingWatch(t, completing, owner);
    if (completingUnseen !== undefined) t.note(`a watch of a job left to complete was not seen to bring its notification: ${completingUnseen}`);
    // Last: its requests would otherwise delay the stops above, which must come while the jobs run.
    await secondAccountWatches(t);

    // The watch is seen in full for a user who did not create the job (member_api_key): the
    // caller's own, after it stopped watching, cannot tell it from a watch of the account's owner.
    if (!seen.callerListed && !seen.memberListed) t.partial('B-JOB-5', `no POST was seen to put its caller among the job's watchers: ${seen.listedUnseen.join('; ')}`);
    else if (!seen.memberListed) t.partial('B-JOB-5', `the watch was seen to subscribe api_key's user, not another user of the account: ${seen.listedUnseen.join('; ')}`);
    else if (seen.listedUnseen.length) t.note(`not seen among the watchers: ${seen.listedUnseen.join('; ')}`);
    if (!seen.notified) t.partial('B-JOB-5', `no subscription by a POST was seen to bring a notification when the job ended: ${seen.notifiedUnseen.join('; ')}`);
    else if (seen.notifiedUnseen.length) t.note(`not seen notified: ${seen.notifiedUnseen.join('; ')}`);
    if (!seen.runningNotified) t.partial('B-JOB-5', `no watch made while its job ran (seen running) was seen to bring a notification when the job ended: ${seen.runningUnseen.join('; ') || 'no POST on the running job answered 200'}`);
    else if (seen.runningUnseen.length) t.note(`not seen notified of the running job's end: ${seen.runningUnseen.join('; ')}`);
    if (stoppingUnseen !== undefined) t.partial('B-JOB-5', `a watch of a job asked to stop that had not ended (pending_stoppage or stopping; the spec puts no condition on the job's state) was not seen: ${stoppingUnseen}`);
    if (endedUnseen !== undefined) t.partial('B-JOB-5', `a watch of a job that had ended (the spec puts no condition on the job's state) was not seen: ${endedUnseen}`);
  },
});

/** How far ahead of the target's clock the schedule's first run is set (b-schema/scheduled-job's lead). */
const SCHEDULE_LEAD_MS = 60_000;
/** Clock steps past the schedule's start, each followed by a look at the job list, until the run's job shows: short, so that it is watched before it ends. */
const TO_SCHEDULED_JOB_MS = [0, 1_000, 5_000];
/** Clock steps after the watches, each followed by a read of the jobs, until both have ended (a run on a cluster the schedule made: its boot, then the run). */
const TO_RUN_END_MS = [600_000, 3_600_000];

/** The job of a job list page that a schedule started of `packageId`: `creator.type` schedule, in any case (section 2 names no values). */
function scheduledJobOf(page: unknown, packageId: number): number | undefined {
  if (!Array.isArray(page)) return undefined;
  const job = page.find((j) => isObject(j) && isObject(j.creator) && typeof j.creator.type === 'string' && j.creator.type.toLowerCase() === 'schedule' && (j.package_id === packageId || (isObject(j.package) && j.package.id === packageId)));
  return isObject(job) && typeof job.id === 'number' ? job.id : undefined;
}

check({
  id: 'b-job/watch-scheduled-run',
  clauses: ['B-JOB-5'],
  title: "B-JOB-5: a job an enabled schedule started (the simulator clock moved to its start) watched by another user of the account (member_api_key) with POST /jobs/{job_id}/watchers: 200, and its end notifies the watcher, as the end of a job POST /jobs made, watched by the same user beside it, does",
  // An enabled schedule starts a real job at a real time: made only where the control API shows
  // the target is the simulator and moves its clock to the start (as b-schema/scheduled-job).
  needs: ['b', 'write', 'control', 'fixture:package_id', 'fixture:cluster_id'],
  // b-job/watch verifies B-JOB-5 on every target; this adds the watched run a schedule made (the
  // production case: a user watching tonight's run), whose end a scheduler may report otherwise.
  deepens: "b-job/watch's watches, on a job a schedule started instead of one POST /jobs made",
  async run(t) {
    const memberKey = t.target.b[0]?.memberApiKey;
    if (memberKey === undefined) return t.skip("needs member_api_key (a key of another user of account 1 than api_key's, who neither owns the schedule nor made the job)");
    const member = t.bWithKey(memberKey);
    const packageId = t.fixtures().package_id as number;
    const body = enabledScheduleBody(t.name('watched-schedule'), t.fixtures(), (await simulatorNow(t)) + SCHEDULE_LEAD_MS);
    if (!body) return t.skip('needs fixtures.package_id');
    const created = await t.b().post('/schedules', { body });
    const scheduleId = idOf(created);
    if (!is2xx(created) || scheduleId === undefined) return t.skip(`POST /schedules (an extension) answered ${describeResponse(created)}: no run a schedule made was watched`);
    deleteScheduleOnCleanup(t, scheduleId);
    const inbox = await openInbox(t, member, { counted: false });
    if (typeof inbox === 'string') return t.skip(`member_api_key's notifications could not be read: ${inbox}`);

    // The run's job, found by what it is (its package, made by a schedule), not by an id this run holds.
    await t.advanceClock(SCHEDULE_LEAD_MS);
    let scheduled: number | undefined;
    for (const step of TO_SCHEDULED_JOB_MS) {
      if (step) await t.advanceClock(step);
      const walked = await walkCatalogList(t.b(), t.target, '/jobs', { maxPages: 1 });
      if ('refused' in walked) return t.skip(`GET /jobs (an extension) answered ${walked.refused.response.status}: the run's job could not be found`);
      scheduled = walked.pages.map((page) => scheduledJobOf(page, packageId)).find((id) => id !== undefined);
      if (scheduled !== undefined) break;
    }
    if (scheduled === undefined) return t.skip(`no job of package ${packageId} made by a schedule (creator.type schedule) showed in GET /jobs ${TO_SCHEDULED_JOB_MS.reduce((a, b) => a + b, 0) / 1000} s past the schedule's start (simulator clock)`);
    stopJobOnCleanup(t, scheduled);
    // The control: a job POST /jobs made (api_key's user's), watched by the same user the same way.
    const posted = await t.b().post('/jobs', { body: jobBodyFrom(t.fixtures()) ?? {} });
    const control = idOf(posted);
    if (!is2xx(posted) || control === undefined) return t.skip(`POST /jobs answered ${describeResponse(posted)}: no job to compare the run with`);
    stopJobOnCleanup(t, control);

    const jobs: Ending[] = [];
    for (const [id, what] of [[scheduled, 'the job schedule ' + String(scheduleId) + ' started'], [control, 'a job POST /jobs made']] as const) {
      const ex = await member.post(`/jobs/${id}/watchers`);
      if (ex.response.status >= 400 && ex.response.status < 500) return t.skip(`POST /jobs/${id}/watchers with member_api_key answered ${ex.response.status} (which roles may call what on interface B is not shown)`);
      t.expect.status(ex, 200, 'B-JOB-5', `POST /jobs/${id}/watchers by member_api_key's user, on ${what} (job ${id}), answered ${ex.response.status}, expected 200`);
      const job: Ending = { id, client: t.b(), ended: false, readable: true, lastRunning: -1 };
      await readStatus(job, 0);
      if (!job.readable) return t.skip(`GET /jobs/${id} (an extension) did not show the job's status`);
      if (job.ended) return t.skip(`job ${id} (${what}) had ended (${job.status ?? '?'}) by the watch, so no notification of its end was owed`);
      jobs.push(job);
    }
    for (const step of TO_RUN_END_MS) {
      if (jobs.every((j) => j.ended)) break;
      await t.advanceClock(step);
      for (const job of jobs) if (!job.ended) await readStatus(job, 1);
    }
    const [run, posts] = jobs as [Ending, Ending];
    if (!run.ended || !posts.ended) return t.skip(`the jobs had not ended ${TO_RUN_END_MS.reduce((a, b) => a + b, 0) / 60_000} min after the watches (simulator clock): job ${run.id} ${run.status ?? '?'}, job ${posts.id} ${posts.status ?? '?'}`);
    // A scheduler's notifier may tell of a run a moment after its end (from a queue, in real
    // time): the member's notifications are read, as watchEnds reads them, until the run's shows,
    // or job_start_seconds (the target document's) pass after the last new one.
    const settleMs = jobStartMs(t.target);
    let read = 1;
    let last = Date.now();
    await t.poll(async () => {
      if (await readInbox(t, member, inbox, [run.id, posts.id], read++)) last = Date.now();
      if (inbox.about.has(run.id)) return true;
      return Date.now() - last >= settleMs ? false : undefined;
    }, { timeoutMs: jobEndMs(t.target) + settleMs, intervalMs: (elapsed) => (elapsed < 5_000 ? 250 : 1_000) });
    const runNews = inbox.about.get(run.id)?.[0];
    const postsNews = inbox.about.get(posts.id)?.[0];
    if (runNews) return t.note(`member_api_key's user was notified about job ${run.id}, which schedule ${scheduleId} started and it watched, at its end (${run.status ?? '?'}): a new notification naming it by ${runNews.how}`);
    if (!postsNews) return t.skip(`no new notification of member_api_key's user named job ${run.id} (the run) nor job ${posts.id} (a job POST /jobs made), both watched and ended: notifications here cannot be tied to a job`);
    if (!inbox.complete) return t.skip(`GET /notifications with member_api_key was not read to its end (more than ${INBOX_PAGES} pages of 100)`);
    // The spec gives notifications no fields: a scheduler may word a run's notice by its schedule, naming no job.
    if ((inbox.unnamed ?? 0) > 0) return t.skip(`member_api_key's user got ${inbox.unnamed} new notification(s) naming no job by the end of job ${run.id}, which schedule ${scheduleId} started, while job ${posts.id}'s (made by POST /jobs) named it (by ${postsNews.how}): one may be the run's, worded by the scheduler (by its schedule, say), so the run's watch was not judged`);
    t.fail({
      clause: 'B-JOB-5',
      message: `job ${run.id}, which schedule ${scheduleId} started, ended (${run.status ?? '?'}) after member_api_key's user's POST /jobs/${run.id}/watchers answered 200, and no notification about it reached that user within ${settleMs / 1000} s (interface_b.job_start_seconds in the target document), while job ${posts.id}, made by POST /jobs and watched by it the same way, ended too (${posts.status ?? '?'}) and did notify it (naming it by ${postsNews.how}): the watch of a scheduled run did not subscribe its caller to the job's notifications`,
      expected: `a new notification of member_api_key's user naming job ${run.id}`,
      received: `${inbox.fresh} new notification(s), none naming job ${run.id}`,
      ...(inbox.last ? { exchange: inbox.last } : {}),
    });
  },
});
