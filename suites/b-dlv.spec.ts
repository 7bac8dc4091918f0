import { check } from './lib/registry.ts';
import { listCatalog } from './catalog/b-lists.ts';
import { createdId, is2xx, isObject, pageListing, recordIn, walkList, type JsonObject, type ListWalk } from './lib/answers.ts';
import { extensionPaging } from './lib/paging.ts';
import { deleteDeliveryOnCleanup, weeklyDeliveryBody } from './lib/factories/deliveries.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { deleteConnectionOnCleanup, NEW_CONNECTION_TYPE, unreachableConnectionBody } from './lib/factories/new-connections.ts';
import { howToPermit, permitted } from './lib/permissions.ts';
import { listLagMs, LISTS_CURRENT_SAID, readWithinListLag } from './lib/list-lag.ts';

/** The page of `listed` that shows delivery `id`, if any. */
function pageShowing(listed: ListWalk, id: number): Exchange | undefined {
  return pageListing(listed, (d) => isObject(d) && d.id === id);
}

/**
 * `read` (a list read whole, or null) again until it no longer shows delivery `id`, for up to
 * the list's lag (suites/lib/list-lag.ts: a deployment may serve GET /deliveries, an extension,
 * from an index that lags the store); the last read.
 */
async function untilUnlisted(t: CheckContext, id: number, read: () => Promise<ListWalk | null>): Promise<ListWalk | null> {
  const { last } = await readWithinListLag(t, read, (listed) => !listed || pageShowing(listed, id) === undefined);
  return last ?? null;
}

/**
 * How long after its deletion a delivery was still listed, in a failure's words, and where that
 * bound came from, so a lagging index's owner knows what to declare.
 */
function afterDeletionSaid(t: CheckContext): string {
  const declared = t.target.interfaceB.listLagMs;
  if (declared === 0) return `right after its deletion ${LISTS_CURRENT_SAID}`;
  const seconds = listLagMs(t) / 1000;
  return declared === undefined ? `${seconds} s (a list's lag when the target document gives no interface_b.list_lag_seconds) after its deletion` : `${seconds} s (the target document's interface_b.list_lag_seconds) after its deletion`;
}

/**
 * Whether deleted delivery `id` is gone, as far as the target shows it: the list (GET /deliveries,
 * an extension) read whole without it (within the list's lag of the 204), when it listed it before the DELETE (a list that never
 * showed it, filtering by default, proves nothing), or a second DELETE finding nothing to delete
 * (404 or 410 with the error object). A second 2xx proves nothing either way: deleting what is
 * gone may be a no-op. Fails B-DLV-1 when the list still shows it; the reason it could not be
 * seen otherwise.
 */
async function expectGone(t: CheckContext, id: number, listedBefore: boolean | undefined, listed: ListWalk | null): Promise<string | undefined> {
  if (listed) {
    const page = pageShowing(listed, id);
    t.expect.that(page === undefined, { clause: 'B-DLV-1', message: `delivery ${id} is still listed by GET /deliveries ${afterDeletionSaid(t)}`, expected: 'not listed', received: 'listed', exchange: page });
    if (listed.complete && listedBefore) return undefined;
  }
  const again = await t.b().delete(`/deliveries/${id}`);
  if ([404, 410].includes(again.response.status) && isObject(again.json) && typeof again.json.message === 'string') return undefined;
  const list = !listed ? 'GET /deliveries (an extension) is not served' : listed.complete ? 'GET /deliveries (an extension) did not list it before its deletion either' : 'GET /deliveries (an extension) could not be read whole';
  return `${list}, and a second DELETE /deliveries/${id} answered ${again.response.status}, which does not say whether it is gone`;
}

/**
 * GET /deliveries?status=<status>, the real service's status filter (an extension), read whole;
 * null when it is not served or not read whole. A filter may be served by an index of its own,
 * which a deletion must reach too: a blueprint still listed is not deleted.
 */
async function statusFiltered(t: CheckContext, status: string): Promise<ListWalk | null> {
  const walked = await walkList(t.b(), '/deliveries', extensionPaging(t.target), { query: { status }, maxPages: 20 });
  return 'refused' in walked || !walked.complete ? null : walked;
}

/** The string `status` of delivery `id` as `listed` shows it, if any. */
function listedStatus(listed: ListWalk | null, id: number): string | undefined {
  const item = listed?.items.find((d) => isObject(d) && d.id === id);
  return isObject(item) && typeof item.status === 'string' && item.status !== '' ? item.status : undefined;
}

/**
 * After the DELETE, the list filtered by the deleted delivery's status must not show it either.
 * Judged only where that filtered list, read whole before the DELETE, showed it (a target that
 * does not filter, or filters otherwise, proves nothing); returns why it was not judged.
 */
async function expectGoneFromFiltered(t: CheckContext, id: number, status: string | undefined, filteredBefore: ListWalk | null): Promise<string | undefined> {
  if (status === undefined) return 'GET /deliveries (an extension) showed no status of it before its deletion';
  if (!filteredBefore || pageShowing(filteredBefore, id) === undefined) return `GET /deliveries?status=${status} (the real service's status filter, an extension) did not list it, read whole, before its deletion`;
  const after = await untilUnlisted(t, id, () => statusFiltered(t, status));
  if (!after) return `GET /deliveries?status=${status} could not be read whole after its deletion`;
  const page = pageShowing(after, id);
  t.expect.that(page === undefined, { clause: 'B-DLV-1', message: `delivery ${id} is still listed by GET /deliveries?status=${status} ${afterDeletionSaid(t)} (the unfiltered list is judged apart)`, expected: 'not listed', received: 'listed', exchange: page });
  return undefined;
}

/**
 * What a read by id (GET /deliveries/{id}, an extension) shows of delivery `id`: `absent` (not
 * 2xx), `tombstone` (a 2xx whose record, bare or wrapped, marks it deleted: `deleted: true`, a
 * `deleted_at`, or status `deleted`, as a soft-deleting deployment may answer: that says the
 * blueprint is deleted, but proves nothing either way, for a deletion that only marked it would
 * answer it too), `present` (the record, bare or wrapped: `{"delivery": {...}}` where the spec
 * shows no answer), or `other` (a 2xx without it).
 */
function readShows(read: Exchange, id: number): 'absent' | 'tombstone' | 'present' | 'other' {
  if (!is2xx(read)) return 'absent';
  const record = recordIn(read.json);
  if (!record || record.id !== id) return 'other';
  const deletedAt = record.deleted_at;
  return record.deleted === true || (typeof deletedAt === 'string' && deletedAt !== '') || record.status === 'deleted' ? 'tombstone' : 'present';
}

/**
 * Delivery `id` read by id with `client` until the read no longer shows it as it was (absent, or
 * marked deleted), for up to the list's lag (a deployment may read from a replica that lags as
 * its lists do); the last read and what it showed, or undefined when interrupted.
 */
async function readUntilUnread(t: CheckContext, client: ReturnType<CheckContext['b']>, id: number): Promise<{ read: Exchange; shows: ReturnType<typeof readShows> } | undefined> {
  const { last } = await readWithinListLag(t, () => client.get(`/deliveries/${id}`), (read) => readShows(read, id) !== 'present');
  return last ? { read: last, shows: readShows(last, id) } : undefined;
}

/**
 * Delivery `id`, read by id with `client` before its DELETE, read again after it (within the
 * list's lag): still shown as it was fails B-DLV-1 with `message`; marked deleted (a tombstone) is
 * noted (`whose` says whose read it was). What the last read showed, or undefined when interrupted.
 */
async function expectReadGone(t: CheckContext, client: ReturnType<CheckContext['b']>, id: number, message: string, whose: string): Promise<ReturnType<typeof readShows> | undefined> {
  const after = await readUntilUnread(t, client, id);
  if (!after) return undefined;
  t.expect.that(after.shows !== 'present', { clause: 'B-DLV-1', message, expected: 'a 4xx (404 or 410, say): the blueprint is deleted', received: `${after.read.response.status} with the delivery`, exchange: after.read });
  if (after.shows === 'tombstone') t.note(`GET /deliveries/${id}${whose} after its deletion answered ${after.read.response.status} with the delivery marked deleted (a tombstone), which proves nothing either way`);
  return after.shows;
}

/** What may show a delivery gone after its DELETE, taken before it: its read by id, and, where that does not show it, the list read whole (both extensions). */
interface BeforeDelete {
  read: Exchange;
  listed: ListWalk | null;
}

async function beforeDelete(t: CheckContext, account: 0 | 1, id: number): Promise<BeforeDelete> {
  const read = await t.b(account).get(`/deliveries/${id}`);
  // The list only where the read does not show it: one more walk on deployments that lack the read.
  const listed = readShows(read, id) === 'present' ? null : await listCatalog(t.b(account), t.target, '/deliveries', 20);
  return { read, listed };
}

/**
 * After the DELETE of delivery `id` of `account`: gone from the read by id where that read it
 * before (within the list's lag), else from the list where it listed it before read whole (within
 * the lag), else a second DELETE finding nothing (404 or 410 with the error object; a 204 again
 * is a deployment's idempotent DELETE, which proves nothing). Fails B-DLV-1 where the read or the
 * list still shows it (`said` gives the failures' words); returns why it could not be seen.
 */
async function expectDeletedSeen(t: CheckContext, account: 0 | 1, id: number, before: BeforeDelete, said: { read: string; listed: string }): Promise<string | undefined> {
  const client = t.b(account);
  let marked = false;
  if (readShows(before.read, id) === 'present') {
    const shows = await expectReadGone(t, client, id, said.read, account === 1 ? ' (account 2)' : '');
    if (shows === undefined || shows === 'absent') return undefined;
    // Marked deleted (a tombstone), or a 2xx without it: the list or a second DELETE tells.
    marked = shows === 'tombstone';
  }
  if (before.listed?.complete && pageShowing(before.listed, id) !== undefined) {
    const after = await untilUnlisted(t, id, () => listCatalog(client, t.target, '/deliveries', 20));
    if (after) {
      const page = pageShowing(after, id);
      t.expect.that(page === undefined, { clause: 'B-DLV-1', message: said.listed, expected: 'not listed', received: 'listed', exchange: page });
      if (after.complete) return undefined;
    }
  }
  const again = await client.delete(`/deliveries/${id}`);
  if ([404, 410].includes(again.response.status) && isObject(again.json) && typeof again.json.message === 'string') return undefined;
  const read = marked ? `answered it marked deleted after its DELETE` : `answered ${before.read.response.status} before its DELETE`;
  const list = before.listed ? (before.listed.complete ? 'did not list it before' : 'could not be read whole') : 'was not needed before';
  return `GET /deliveries/${id} (an extension) ${read}, GET /deliveries (an extension) ${list}, and a second DELETE answered ${again.response.status}`;
}

/**
 * A delivery read by id (GET /deliveries/{id}, an extension) before its DELETE is read no more
 * after it (within the list's lag: a deployment may read from a replica that lags as its lists
 * do): still answered 2xx, it was not deleted, whatever the list shows. Which refusal a deleted
 * one gets (404, 410, another 4xx) is the deployment's. Not judged where the read before did not
 * show it (not served, say), as noted.
 */
async function expectUnreadAfterDelete(t: CheckContext, id: number, readBefore: Exchange): Promise<void> {
  if (readShows(readBefore, id) !== 'present') {
    t.note(`GET /deliveries/${id} (an extension) answered ${readBefore.response.status}${is2xx(readBefore) ? ' without the delivery' : ''} before its deletion, so whether it is read after was not judged`);
    return;
  }
  // Marked deleted: a soft delete's tombstone, no sign of the blueprint kept (the list and the second DELETE judge the rest).
  await expectReadGone(t, t.b(), id, `delivery ${id} is still read by GET /deliveries/${id} ${afterDeletionSaid(t)}, as it was read before it`, '');
}

/** The deliveries of `walk`, by id (items without an integer id aside). */
function deliveriesById(walk: ListWalk): Map<number, JsonObject> {
  const out = new Map<number, JsonObject>();
  for (const item of walk.items) if (isObject(item) && typeof item.id === 'number') out.set(item.id, item);
  return out;
}

/**
 * The DELETE deletes the one blueprint it names: every other delivery listed before is listed
 * after. Judged on whole lists only (one missing from a partial read may lie beyond it), leaving
 * out the deliveries this check sent a DELETE for and those a run of disco made (named `disco-`:
 * their checks delete them on their own schedule). Returns why it could not be judged.
 */
function expectOthersKept(t: CheckContext, deleted: number, tried: ReadonlySet<number>, before: ListWalk | null, after: ListWalk | null): string | undefined {
  if (!before?.complete || !after?.complete) return 'GET /deliveries (an extension) could not be read whole before and after the deletion';
  const listedAfter = deliveriesById(after);
  const others = [...deliveriesById(before)].filter(([id, delivery]) => !tried.has(id) && !String(delivery.name ?? '').startsWith('disco-'));
  const gone = others.filter(([id]) => !listedAfter.has(id));
  t.expect.that(gone.length === 0, {
    clause: 'B-DLV-1',
    message: `after DELETE /deliveries/${deleted}, ${gone.length} of the ${others.length} other deliveries listed before it are listed no more`,
    expected: 'every other delivery still listed',
    received: `${gone.length} no longer listed`,
    exchange: after.exchanges[after.exchanges.length - 1],
  });
  return undefined;
}

/**
 * How the real service names a delivery that is switched off (its API docs: `idle`, `enabled`,
 * `disabled`; gaps.md): the one status the fixtures' first delivery, enabled, never shows.
 */
const DISABLED_DELIVERY_STATUS = 'disabled';

/**
 * B-DLV-1 for a disabled delivery: the spec's DELETE names no state a delivery may not be deleted
 * in, and a service that drops the blueprint only in the branch that unschedules it keeps a
 * disabled one (unscheduled already) while answering 204. The fixtures' first delivery, deleted
 * first, is enabled on the real service's seeds, so a fixture delivery not yet tried that the list
 * (or GET /deliveries/{id}, an extension) shows `disabled` is deleted too and judged gone as the
 * first was. No API makes a disabled delivery (POST /deliveries makes an idle one), so where the
 * fixtures hold none, or the lists do not show a status, returns why it was not sampled.
 */
async function expectDisabledDeleted(t: CheckContext, before: ListWalk | null, tried: Set<number>): Promise<string | undefined> {
  const candidates = (t.fixtures().delivery_ids ?? []).filter((id) => !tried.has(id));
  if (candidates.length === 0) return 'fixtures.delivery_ids hold no delivery beyond the one deleted';
  let found: number | undefined;
  for (const id of candidates) {
    let status = listedStatus(before, id);
    if (status === undefined) {
      const read = await t.b().get(`/deliveries/${id}`);
      if (is2xx(read) && isObject(read.json) && read.json.id === id && typeof read.json.status === 'string') status = read.json.status;
    }
    if (status === DISABLED_DELIVERY_STATUS) {
      found = id;
      break;
    }
  }
  if (found === undefined) return `none of the other deliveries in fixtures.delivery_ids (${candidates.join(', ')}) is shown with status ${DISABLED_DELIVERY_STATUS} by GET /deliveries or GET /deliveries/{id} (extensions): list a disabled disposable delivery to have one deleted`;
  const id = found;
  tried.add(id);
  const listedBefore = before?.complete ? pageShowing(before, id) !== undefined : undefined;
  const ex = await t.b().delete(`/deliveries/${id}`);
  t.expect.status(ex, 204, 'B-DLV-1', `DELETE /deliveries/${id}, a ${DISABLED_DELIVERY_STATUS} delivery, answered ${ex.response.status}, expected 204`);
  t.expect.that(ex.response.body === '', { clause: 'B-DLV-1', message: `DELETE /deliveries/${id} (${DISABLED_DELIVERY_STATUS}) answered with a body`, expected: 'no body', received: `${ex.response.body.length} bytes`, exchange: ex });
  const after = await untilUnlisted(t, id, () => listCatalog(t.b(), t.target, '/deliveries', 20));
  const unseen = await expectGone(t, id, listedBefore, after);
  if (unseen) return `the deletion of ${DISABLED_DELIVERY_STATUS} delivery ${id} was not seen, only the 204: ${unseen}`;
  t.note(`deleted ${DISABLED_DELIVERY_STATUS} delivery ${id} too`);
  return undefined;
}

/**
 * The DELETE of delivery `id`, made by api_key's user, sent by another user of the account
 * (member_api_key's) where the target document gives its key: the spec's DELETE "deletes the
 * delivery blueprint" whoever may send it, and a drop scoped to the caller's own blueprints
 * (WHERE owner_id = caller) answers a member 204 and keeps the delivery. Which roles may call
 * which operation of interface B is not shown (section 5): a member's 4xx is a refusal, noted, and
 * api_key's user deletes it instead. `by` says who deleted it, in a message's words.
 */
async function deletedByMember(t: CheckContext, id: number): Promise<{ ex: Exchange; by: string }> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) {
    t.note(`delivery ${id} was deleted by its creator: a DELETE by another user of the account needs a key of a second user of account 1 (member_api_key in the target document)`);
    return { ex: await t.b().delete(`/deliveries/${id}`), by: '' };
  }
  const ex = await t.bWithKey(memberKey).delete(`/deliveries/${id}`);
  if (ex.response.status < 400 || ex.response.status >= 500) return { ex, by: " with member_api_key (another user of the account than the delivery's creator)" };
  t.note(`DELETE /deliveries/${id} with member_api_key, of a delivery api_key's user made, answered ${ex.response.status} (which roles may call which operation of interface B is not shown): deleted by its creator instead`);
  return { ex: await t.b().delete(`/deliveries/${id}`), by: '' };
}

/**
 * B-DLV-1 for a delivery whose connections were deleted first (DELETE /connections/{type}/{id},
 * an extension): the seeded deliveries all keep their connections, and a handler that reads an
 * end's connection after the delete (an audit line naming both ends, a call to the destination's
 * connector releasing its landing table) crashes on a gone one, the delivery deleted and the
 * answer a 500. The spec's DELETE names no state a delivery may not be deleted in, so this one
 * owes the 204 too, and whoever of the account sends it: the DELETE comes from another user than
 * its creator where member_api_key is given (deletedByMember). Both ends are made for it, so both can be deleted first: a handler that
 * reads only the destination is not missed by a delivery that lost only its source. Making
 * connections and a delivery cannot be undone but by deleting them, and a delivery moves data on
 * a real deployment: sampled only with both permissions (or the control API). Each end is a MySQL
 * connection at a host of the reserved .invalid domain, which never resolves, so the delivery has
 * nothing to move; it is deleted at once. A deployment that refuses the made connection as a
 * destination has the fixtures' first connection as its destination, and only the source deleted
 * first (said). Held back for want of leave, or where the state cannot be made (the extensions
 * not served, a connection in use not deletable), it is said, and B-DLV-1 rests on the fixtures'
 * deletion as the X-ROB-1 sample rests without the delivery writes. Returns why it was not sampled.
 */
async function expectOrphanDeleted(t: CheckContext): Promise<string | undefined> {
  const missing = (['create_connections', 'create_deliveries'] as const).filter((p) => !permitted(t, p));
  if (missing.length > 0) return `a delivery whose connection is deleted first is made only with leave: ${missing.map(howToPermit).join('; and ')}`;
  const makeConnection = async (end: 'source' | 'destination'): Promise<number | Exchange> => {
    const made = await t.b().post(`/connections/${NEW_CONNECTION_TYPE}`, { body: unreachableConnectionBody(t.name(`dlv-orphan-${end}`)) });
    const id = is2xx(made) ? createdId(made) : undefined;
    if (id === undefined) return made;
    deleteConnectionOnCleanup(t, id);
    return id;
  };
  const source = await makeConnection('source');
  if (typeof source !== 'number') return `POST /connections/${NEW_CONNECTION_TYPE} (an extension) answered ${source.response.status}${is2xx(source) ? ' without an id' : ''}, so no connection could be made to delete under a delivery`;
  const madeDestination = await makeConnection('destination');
  const deliveryTo = (type: string, destinationId: number) =>
    t.b().post('/deliveries', {
      body: {
        name: t.name('dlv-orphan'),
        interval_amount: 1,
        interval_unit: 'weeks',
        source: { connection: { type: NEW_CONNECTION_TYPE, id: source }, properties: {} },
        destination: { connection: { type, id: destinationId }, properties: {} },
      },
    });
  const unsampled: string[] = [];
  let created: Exchange | undefined;
  // The ends this check made and may delete first: the source, and the destination where it was taken.
  const ends: { end: 'source' | 'destination'; id: number }[] = [{ end: 'source', id: source }];
  if (typeof madeDestination === 'number') {
    created = await deliveryTo(NEW_CONNECTION_TYPE, madeDestination);
    if (is2xx(created)) ends.push({ end: 'destination', id: madeDestination });
    else unsampled.push(`POST /deliveries (an extension) to the made ${NEW_CONNECTION_TYPE} connection ${madeDestination} as destination answered ${created.response.status}`);
  } else unsampled.push(`POST /connections/${NEW_CONNECTION_TYPE} for a destination answered ${madeDestination.response.status}`);
  if (ends.length === 1) {
    const [fixture] = Object.entries(t.fixtures().connections ?? {});
    if (!fixture) return `${unsampled.join('; ')}, and the fixtures name no connection to deliver to (fixtures.connections)`;
    created = await deliveryTo(fixture[0], fixture[1]);
  }
  const id = created ? createdId(created) : undefined;
  if (!created || !is2xx(created) || id === undefined) return `POST /deliveries (an extension) from the made ${NEW_CONNECTION_TYPE} connection ${source} answered ${created?.response.status ?? 'nothing'}${created && is2xx(created) ? ' without an id' : ''}, so no delivery could be made`;
  deleteDeliveryOnCleanup(t, id);
  const gone: typeof ends = [];
  for (const end of ends) {
    const dropped = await t.b().delete(`/connections/${NEW_CONNECTION_TYPE}/${end.id}`);
    // A deployment may keep a connection a delivery uses: then no delivery lacks that connection there.
    if (is2xx(dropped)) gone.push(end);
    else unsampled.push(`DELETE /connections/${NEW_CONNECTION_TYPE}/${end.id} (an extension), the ${end.end} of delivery ${id}, answered ${dropped.response.status}`);
  }
  if (gone.length === 0) return `${unsampled.join('; ')}: no delivery without its connections could be made`;
  const lost = gone.map((e) => `${e.end} connection ${e.id}`).join(' and ');
  // What shows it gone, taken before its DELETE: its read by id, else the list.
  const before = await beforeDelete(t, 0, id);
  const { ex, by } = await deletedByMember(t, id);
  t.expect.status(ex, 204, 'B-DLV-1', `DELETE /deliveries/${id}${by}, a delivery whose ${lost} ${gone.length > 1 ? 'were' : 'was'} deleted first, answered ${ex.response.status}, expected 204`);
  t.expect.that(ex.response.body === '', { clause: 'B-DLV-1', message: `DELETE /deliveries/${id}${by} (${lost} deleted first) answered with a body`, expected: 'no body', received: `${ex.response.body.length} bytes`, exchange: ex });
  // Gone: not read by id (an extension) by its creator where it was read before (within the list's
  // lag: a replica may lag as the lists do), else not listed where it was, else a second DELETE finds nothing.
  const unseen = await expectDeletedSeen(t, 0, id, before, {
    read: `delivery ${id} (${lost} deleted first) is still read by its creator (api_key) after its DELETE${by} answered ${ex.response.status}`,
    listed: `delivery ${id} (${lost} deleted first) is still listed by GET /deliveries ${afterDeletionSaid(t)} after its DELETE${by} answered ${ex.response.status}`,
  });
  if (unseen) t.partial('B-DLV-1', `whether delivery ${id} (${lost} deleted first) is gone was not seen: ${unseen}`);
  t.note(`delivery ${id}, made between ${NEW_CONNECTION_TYPE} connections and deleted after its ${lost}, answered ${ex.response.status}`);
  if (unsampled.length) t.note(`only its ${lost} ${gone.length > 1 ? 'were' : 'was'} deleted first: ${unsampled.join('; ')}`);
  return undefined;
}

/**
 * B-DLV-1 in another account than account 1: the fixtures' deliveries are account 1's, and a
 * deletion that works for some accounts alone (a scheduler rolled out account by account whose
 * delete only unschedules) answers 204 elsewhere and keeps the blueprint. With leave to make
 * deliveries, account 2 makes one between two of its fixture connections and deletes it with its
 * own key: 204 and no body, then not read by id (GET /deliveries/{id}, an extension, where it was
 * read before; within the list's lag), or else a second DELETE finding nothing.
 * Returns why it was not sampled.
 */
async function expectSecondAccountDeleted(t: CheckContext): Promise<string | undefined> {
  if (!t.target.b[1]) return 'the target document gives no second account';
  if (!permitted(t, 'create_deliveries')) return `a delivery is made in account 2 only with leave: ${howToPermit('create_deliveries')}`;
  const body = weeklyDeliveryBody(t.name('dlv-account-2'), t.fixtures(1));
  if (!body) return "account 2's fixtures.connections name fewer than two connections to make a delivery between";
  const made = await t.b(1).post('/deliveries', { body });
  const id = is2xx(made) ? createdId(made) : undefined;
  if (id === undefined) return `POST /deliveries (an extension) with account 2's key answered ${made.response.status}${is2xx(made) ? ' without an id' : ''}`;
  deleteDeliveryOnCleanup(t, id, 1);
  // What shows it gone, taken before its DELETE: its read by id (an extension), else the list.
  const before = await beforeDelete(t, 1, id);
  const ex = await t.b(1).delete(`/deliveries/${id}`);
  t.expect.status(ex, 204, 'B-DLV-1', `DELETE /deliveries/${id} of account 2's delivery with its api_key answered ${ex.response.status}, expected 204`);
  t.expect.that(ex.response.body === '', { clause: 'B-DLV-1', message: `DELETE /deliveries/${id} (account 2) answered with a body`, expected: 'no body', received: `${ex.response.body.length} bytes`, exchange: ex });
  const unseen = await expectDeletedSeen(t, 1, id, before, {
    read: `delivery ${id} of account 2 is still read by GET /deliveries/${id} with its api_key ${afterDeletionSaid(t)}`,
    listed: `delivery ${id} of account 2 is still listed by GET /deliveries with its api_key ${afterDeletionSaid(t)}`,
  });
  if (unseen) t.partial('B-DLV-1', `whether account 2's delivery ${id} is gone was not seen: ${unseen}`);
  return undefined;
}

check({
  id: 'b-dlv/delete',
  clauses: ['B-DLV-1'],
  title: 'B-DLV-1: DELETE /deliveries/{delivery_id} deletes the delivery blueprint (it is listed no more, nor by the status filter where served, nor read by id (GET /deliveries/{id}, an extension) where it was read before, or a second DELETE finds nothing), and only that one (the other deliveries listed before are listed after), and answers 204 with no body; with leave to make them, also one whose source and destination connections were deleted first, deleted by another user of the account (member_api_key) where one is given and not refused; and, with leave to make deliveries, one account 2 makes and deletes with its own key',
  needs: ['b', 'write', 'fixture:delivery_ids'],
  async run(t) {
    // Last, once the fixtures' deletion is judged: its delivery, made and deleted, is then in
    // neither list that deletion compares, and a DELETE that takes every delivery with it is seen
    // on a fixture first.
    const orphan = async (): Promise<void> => {
      const unsampled = await expectOrphanDeleted(t);
      if (unsampled) t.note(`a delivery whose connection was deleted first was not deleted: ${unsampled}`);
      const secondUnsampled = await expectSecondAccountDeleted(t);
      if (secondUnsampled) t.note(`no delivery of account 2 was deleted: ${secondUnsampled}`);
    };
    // Destructive: each run uses up one of the disposable deliveries the target lists.
    // What the list (an extension) showed before any deletion: whether it listed the delivery deleted.
    const before = await listCatalog(t.b(), t.target, '/deliveries', 20);
    const usedUp: string[] = [];
    const tried = new Set<number>();
    for (const id of t.fixtures().delivery_ids ?? []) {
      const listedBefore = before?.complete ? pageShowing(before, id) !== undefined : undefined;
      tried.add(id);
      // The list filtered by its status, where served, before the DELETE: it must not show it after either.
      const status = listedStatus(before, id);
      const filteredBefore = status === undefined ? null : await statusFiltered(t, status);
      // Read by id (an extension) before the DELETE: a read cache filled here that the deletion
      // does not reach keeps answering it, while the list, read apart, no longer shows it.
      const readBefore = await t.b().get(`/deliveries/${id}`);
      const ex = await t.b().delete(`/deliveries/${id}`);
      // Used up by an earlier run: not found, or gone, or refused otherwise with the error object
      // where the list did not show it (which code is the deployment's: "error status codes of the
      // account interface: not shown"). One the list showed must be deleted.
      const answered = ex.response.status;
      const refusedAsGone = answered === 404 || answered === 410 || (answered >= 400 && answered < 500 && listedBefore !== true && isObject(ex.json) && typeof ex.json.message === 'string');
      if (refusedAsGone) {
        usedUp.push(`${id} (${answered})`);
        continue;
      }
      t.expect.status(ex, 204, 'B-DLV-1', `DELETE /deliveries/${id} answered ${ex.response.status}, expected 204`);
      t.expect.that(ex.response.body === '', {
        clause: 'B-DLV-1',
        message: `DELETE /deliveries/${id} answered with a body`,
        expected: 'no body',
        received: `${ex.response.body.length} bytes`,
        exchange: ex,
      });
      // Until the list no longer shows it, for a bounded time (an index may lag: listLagMs);
      // a lagging list still shows the others, which expectOthersKept wants anyway.
      const after = await untilUnlisted(t, id, () => listCatalog(t.b(), t.target, '/deliveries', 20));
      const unseen = await expectGone(t, id, listedBefore, after);
      if (unseen) t.partial('B-DLV-1', `the deletion itself was not seen, only the 204: ${unseen}`);
      await expectUnreadAfterDelete(t, id, readBefore);
      const filteredUnseen = await expectGoneFromFiltered(t, id, status, filteredBefore);
      if (filteredUnseen) t.note(`whether delivery ${id} left the list filtered by its status was not seen: ${filteredUnseen}`);
      const othersUnseen = expectOthersKept(t, id, tried, before, after);
      if (othersUnseen) t.note(`whether the other deliveries were kept was not seen: ${othersUnseen}`);
      t.note(`deleted delivery ${id}`);
      const disabledUnseen = await expectDisabledDeleted(t, before, tried);
      if (disabledUnseen) t.note(`a disabled delivery was not deleted: ${disabledUnseen}`);
      await orphan();
      return;
    }
    await orphan();
    t.skip(`every delivery in fixtures.delivery_ids was refused as gone: ${usedUp.join(', ')}; they were used up by earlier runs (list fresh disposable ones)`);
  },
});

/** How far the clock is moved past a fresh delivery's deletion, a minute at a time: the real docs give its initialization "a few minutes". */
const FRESH_DELIVERY_WATCH_MINUTES = 10;

check({
  id: 'b-dlv/fresh-delete-stays-deleted',
  clauses: ['B-DLV-1'],
  title: 'B-DLV-1 (control clock): a delivery deleted while it still initializes (made a moment before) stays deleted once its initialization is over: moved a minute at a time past the end of a twin\'s made with it, it is read and listed no more',
  needs: ['b', 'write', 'control'],
  async run(t) {
    // Creating a delivery moves data on a real deployment (the catalog marks its POST
    // destructive): made only where the control API says the target is a simulator.
    const make = async (base: string): Promise<number> => {
      const body = weeklyDeliveryBody(t.name(base), t.fixtures());
      if (!body) return t.skip('the fixtures name fewer than two connections, so no delivery could be made between them');
      const ex = await t.b().post('/deliveries', { body });
      const id = createdId(ex);
      if (!is2xx(ex) || id === undefined) return t.skip(`POST /deliveries (an extension) answered ${ex.response.status} without an id, so no fresh delivery could be made`);
      deleteDeliveryOnCleanup(t, id);
      return id;
    };
    const deleted = await make('dlv-fresh');
    const twin = await make('dlv-twin');
    const statusOf = async (id: number): Promise<unknown> => {
      const ex = await t.b().get(`/deliveries/${id}`);
      return isObject(ex.json) && is2xx(ex) ? ex.json.status : undefined;
    };
    const initialStatus = await statusOf(twin);
    if (initialStatus === undefined) t.skip('GET /deliveries/{id} (an extension) does not show the twin delivery, so its initialization could not be followed');
    const ex = await t.b().delete(`/deliveries/${deleted}`);
    t.expect.status(ex, 204, 'B-DLV-1', `DELETE /deliveries/${deleted} of a delivery made a moment before answered ${ex.response.status}, expected 204`);
    let initialized = false;
    for (let minute = 1; minute <= FRESH_DELIVERY_WATCH_MINUTES; minute++) {
      await t.advanceClock(60_000);
      const read = await t.b().get(`/deliveries/${deleted}`);
      t.expect.that(read.response.status === 404 || read.response.status === 410, {
        clause: 'B-DLV-1',
        message: `delivery ${deleted}, deleted (204) while it initialized, is read again ${minute} minute(s) later: GET /deliveries/${deleted} answered ${read.response.status}`,
        expected: '404 or 410',
        received: String(read.response.status),
        exchange: read,
      });
      const listed = await listCatalog(t.b(), t.target, '/deliveries', 20);
      const page = listed ? pageShowing(listed, deleted) : undefined;
      t.expect.that(page === undefined, { clause: 'B-DLV-1', message: `delivery ${deleted}, deleted (204) while it initialized, is listed again by GET /deliveries ${minute} minute(s) later`, expected: 'not listed', received: 'listed', exchange: page });
      // One look more once the twin's initialization is over, then stop.
      if (initialized) break;
      initialized = (await statusOf(twin)) !== initialStatus;
    }
    if (!initialized) t.partial('B-DLV-1', `the twin delivery made with it kept its first status (${JSON.stringify(initialStatus)}) for ${FRESH_DELIVERY_WATCH_MINUTES} minutes on the clock, so the end of an initialization was not seen; the deleted one stayed deleted that long`);
    else t.note(`the twin delivery left ${JSON.stringify(initialStatus)} within ${FRESH_DELIVERY_WATCH_MINUTES} minutes on the clock; the deleted one stayed deleted a minute past that`);
  },
});
