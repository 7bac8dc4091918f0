import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { listCatalog } from './catalog/b-lists.ts';
import { mediaTypeSpelling, randomCase } from './lib/arbitraries/media-types.ts';
import { idOf, is2xx, isObject, pageListing, recordIn, requestLine, userFieldsOf, userIn } from './lib/answers.ts';
import { jobBodyFrom } from './lib/factories/jobs.ts';
import { listedStates, type Listed } from './lib/notifications.ts';
import { listLagMs, LISTS_CURRENT_SAID, readWithinListLag } from './lib/list-lag.ts';
import { describeNotSent, exerciseWrites, refusedGapValues } from './catalog/b-exercise.ts';
import { parseJsonWithBigIds } from './lib/big-ids.ts';

import { restoreUserAfter, userPutBody } from './lib/factories/user.ts';
import { setupFailed } from './lib/factories/setup.ts';
import { deleteHookOnCleanup, inactiveHookBody } from './lib/factories/hooks.ts';
import { readConnection, restoreConnectionAfter } from './lib/factories/connections.ts';
import type { CheckContext, Exchange } from './lib/types.ts';

// B-HDR-1: bodies are sent as `Content-Type: application/json`, and a media type is a media type:
// its case and its parameters' spelling do not matter, and `charset=utf-8` is JSON's own.

/**
 * Spellings the check always tries (the ones clients really send, the last one departing from
 * the plain one every way at once: letter case, whitespace before `;` (RFC 9110 OWS), the
 * parameter name's case, a quoted value), then generated ones. The writes other than POST /hooks
 * and PUT /user get these only, so each way a spelling may differ is among them.
 */
const KNOWN_JSON_SPELLINGS = ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8', 'APPLICATION/JSON ; Charset="utf-8"'];

/**
 * A run-unique name with letters beyond ASCII after it (two bytes and three in UTF-8): a JSON body
 * is UTF-8 (RFC 8259) whichever way its charset is spelled, so a body read in another charset
 * under some spellings (`charset=UTF-8` taken for Latin-1) shows only where the text is not ASCII.
 */
function nonAscii(name: string): string {
  return `${name}-zoë-李`;
}

const jsonSpelling = fc.oneof(
  randomCase('application/json'),
  mediaTypeSpelling('application/json', { charset: 'utf-8' }),
  mediaTypeSpelling('application/json', { charset: 'UTF-8' }),
);

/** Creates a hook with the body labelled `contentType`; returns the answer (and cleans up). */
async function postHook(t: CheckContext, contentType: string | null, body: string): Promise<Exchange> {
  const ex = await t.b().post('/hooks', { body, headers: { 'content-type': contentType } });
  const id = idOf(ex);
  if (ex.response.status < 300 && id !== undefined) deleteHookOnCleanup(t, id, 0);
  return ex;
}

function expectInterpreted(t: CheckContext, ex: Exchange, contentType: string, name: string): void {
  t.expect.status(ex, '2xx', 'B-HDR-1', `POST /hooks with Content-Type ${JSON.stringify(contentType)} was refused (${ex.response.status}), although it names application/json`);
  const got = ex.json && typeof ex.json === 'object' ? (ex.json as Record<string, unknown>).name : undefined;
  t.expect.that(got === name, {
    clause: 'B-HDR-1',
    message: `POST /hooks with Content-Type ${JSON.stringify(contentType)} did not take the JSON body as sent`,
    expected: `the hook named ${JSON.stringify(name)}`,
    received: JSON.stringify(got),
    exchange: ex,
  });
}

check({
  id: 'b-hdr/json-media-type-spellings',
  clauses: ['B-HDR-1'],
  title: 'B-HDR-1: a JSON body labelled application/json is accepted in any spelling of that media type (case, charset=utf-8, spacing, quoting) and read as the same UTF-8 text (a name with non-ASCII letters comes back as sent); a connection renamed to such a name under plain application/json (no charset) reads back as sent (where the deployment takes such a name under a charset at all)',
  needs: ['b', 'write'],
  async run(t) {
    const reference = t.name('hdr-reference');
    const first = await postHook(t, 'application/json', JSON.stringify(inactiveHookBody(t.target.interfaceB, reference)));
    if (first.response.status >= 300) setupFailed(t, 'create a hook with POST /hooks and Content-Type: application/json', first);
    for (const contentType of KNOWN_JSON_SPELLINGS) {
      const name = nonAscii(t.name(`hdr-${KNOWN_JSON_SPELLINGS.indexOf(contentType)}`));
      expectInterpreted(t, await postHook(t, contentType, JSON.stringify(inactiveHookBody(t.target.interfaceB, name))), contentType, name);
    }
    let n = 0;
    await t.property('any spelling of application/json is JSON', jsonSpelling, async (contentType) => {
      const name = nonAscii(t.name(`hdr-p${n++}`));
      expectInterpreted(t, await postHook(t, contentType, JSON.stringify(inactiveHookBody(t.target.interfaceB, name))), contentType, name);
    });
    await renameConnectionUnderPlainJson(t);
  },
});

/**
 * A JSON body is UTF-8 whatever its label (RFC 8259), and one labelled without a charset too: a
 * controller of its own (the connectors') that takes such a body for ISO-8859-1, HTTP/1.1's old
 * default for text, garbles a name beyond ASCII that POST /hooks reads right. One fixture
 * connection of account 1 is renamed (PUT /connections/{type}/{id}, the spec's) to a run-unique
 * name with non-ASCII letters under plain `application/json`, and read back (GET
 * /connections/{type}/{id} or GET /connections, extensions; the answer where neither shows it):
 * the name must come back as sent. Its name is put back after the run; where it cannot be read to
 * be put back, the rename is not sent, and a note says so.
 */
async function renameConnectionUnderPlainJson(t: CheckContext): Promise<void> {
  const [type, id] = Object.entries(t.fixtures().connections ?? {})[0] ?? [];
  if (type === undefined || id === undefined) {
    t.note('no connection was renamed under plain application/json: the target document gives account 1 no fixtures.connections');
    return;
  }
  if (!(await restoreConnectionAfter(t, type, id))) {
    t.note(`no connection was renamed under plain application/json: ${type} connection ${id}'s name cannot be read (GET /connections, an extension) to put it back`);
    return;
  }
  const name = nonAscii(t.name('hdr-conn'));
  const path = `/connections/${type}/${id}`;
  const what = `PUT ${path} with Content-Type "application/json" (no charset)`;
  const ex = await t.b().put(path, { body: JSON.stringify({ name }), headers: { 'content-type': 'application/json' } });
  if (!is2xx(ex)) return expectRefusedUnderCharsetToo(t, path, name, ex);
  const stored = await readConnection(t, { type, id });
  const got = stored ? stored.connection.name : isObject(ex.json) ? ex.json.name : undefined;
  t.expect.that(got === name, {
    clause: 'B-HDR-1',
    message: `${what} did not take the JSON body as the same UTF-8 text: the connection ${stored ? 'read back' : 'it answered'} is named otherwise`,
    expected: JSON.stringify(name),
    received: JSON.stringify(got),
    exchange: stored?.ex ?? ex,
  });
  if (!stored) t.note(`${type} connection ${id}, renamed under plain application/json, could not be read back (GET ${path} and GET /connections, extensions): its answer was judged`);
}

/**
 * The plain rename was refused: the name may be what is refused (a deployment may keep connection
 * names to ASCII, which B-HDR-1 does not govern), or the label. A 415 Unsupported Media Type names
 * the label: plain `application/json` is the spec's own, so that fails B-HDR-1 whatever a retry
 * would answer. Otherwise the same body is sent again under `application/json; charset=utf-8`:
 * refused there too, the name is what the deployment refuses (noted, nothing of this clause
 * seen); taken there, the plain label alone was refused, and that fails B-HDR-1.
 */
async function expectRefusedUnderCharsetToo(t: CheckContext, path: string, name: string, plain: Exchange): Promise<void> {
  const labelRefused = plain.response.status === 415;
  t.expect.that(!labelRefused, {
    clause: 'B-HDR-1',
    message: `PUT ${path} with Content-Type "application/json" (no charset) was refused 415 Unsupported Media Type: the spec's own label, for a JSON body (UTF-8 with or without a charset) naming the connection ${JSON.stringify(name)}`,
    expected: 'the body taken under "application/json" (or the name refused for itself, not the media type)',
    received: '415',
    exchange: plain,
  });
  if (labelRefused) return;
  const charset = 'application/json; charset=utf-8';
  const retry = await t.b().put(path, { body: JSON.stringify({ name }), headers: { 'content-type': charset } });
  t.expect.that(!is2xx(retry), {
    clause: 'B-HDR-1',
    message: `PUT ${path} with Content-Type "application/json" (no charset) was refused (${plain.response.status}), and the same body under ${JSON.stringify(charset)} was taken (${retry.response.status}): a JSON body is UTF-8 with or without the charset`,
    expected: `the rename taken under "application/json" as under ${JSON.stringify(charset)}`,
    received: `${plain.response.status} under "application/json", ${retry.response.status} under ${JSON.stringify(charset)}`,
    exchange: plain,
  });
  if (is2xx(retry)) return;
  const alike = plain.response.status === retry.response.status ? 'alike' : 'both';
  t.note(`PUT ${path} to a name beyond ASCII was refused under "application/json" (${plain.response.status}) and under ${JSON.stringify(charset)} (${retry.response.status}) ${alike}: the deployment refuses such names, which B-HDR-1 does not govern, so how a body without a charset is read there was not seen (POST /hooks showed it above)`);
}

check({
  id: 'b-hdr/json-media-type-on-put',
  clauses: ['B-HDR-1'],
  title: 'B-HDR-1: PUT /user takes its JSON body under application/json with a charset, and in any letter case, and reads it as the same UTF-8 text (a location with non-ASCII letters comes back as sent)',
  needs: ['b', 'write'],
  async run(t) {
    // The whole user is sent back with only `location` changed: a target may require every
    // field PUT /user lists, and the original fields are what the cleanup restores.
    const original = await restoreUserAfter(t);
    if (!original) return t.skip('the target does not serve GET /user (an extension), so PUT /user could be sent neither with the user\'s own fields nor restored');
    let n = 0;
    await t.property('PUT /user reads JSON under any spelling', fc.oneof(fc.constantFrom(...KNOWN_JSON_SPELLINGS), jsonSpelling), async (contentType) => {
      const location = nonAscii(t.name(`hdr-${n++}`));
      const ex = await t.b().put('/user', { body: JSON.stringify(userPutBody(original.user, { location })), headers: { 'content-type': contentType } });
      t.expect.status(ex, '2xx', 'B-HDR-1', `PUT /user with Content-Type ${JSON.stringify(contentType)} was refused (${ex.response.status}), although it names application/json`);
      const got = ex.json && typeof ex.json === 'object' ? (ex.json as Record<string, unknown>).location : undefined;
      t.expect.that(got === location, { clause: 'B-HDR-1', message: `PUT /user with Content-Type ${JSON.stringify(contentType)} did not apply the JSON body`, expected: JSON.stringify(location), received: JSON.stringify(got), exchange: ex });
    }, { runs: 6 });
  },
});

/** The writes the two checks above send under every spelling already. */
const SPELLED_ABOVE = new Set(['POST /hooks', 'PUT /user']);

/**
 * The body fields a write's answer shows as sent, by catalog key: what tells that the body was
 * read as JSON and applied, not only that the request got through. The mark, whose answer the
 * spec does not show, is judged by the notifications it leaves unread (`expectOthersLeftUnread`);
 * a write of neither kind by its status.
 */
const APPLIED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'POST /jobs': ['cluster_id', 'package_id'],
  'POST /user/keys': ['name'],
  'PUT /connections/{type}/{id}': ['name'],
};

const MARK = 'POST /notifications/mark';

const JOBS = 'POST /jobs';

/** The variable a job is posted with under each spelling: a value beyond ASCII (`nonAscii`), which a body decoded in another charset garbles. */
const JOB_VARIABLE = 'disco_hdr';

/**
 * POST /jobs under `contentType` carried a variable beyond ASCII (`JOB_VARIABLE`, `sent`): a job
 * handler that decodes its own body (a charset table knowing one spelling) garbles it while the
 * ids, in ASCII, come out right. The job's `variables` (section 2) in the answer, else read back
 * (GET /jobs/{id}), must hold the value as sent; where neither shows the variables, a note says so.
 */
async function expectJobVariableAsSent(t: CheckContext, ex: Exchange, contentType: string, sent: string): Promise<void> {
  if (!is2xx(ex)) return;
  const shownIn = (json: unknown): unknown => {
    const record = recordIn(json);
    return isObject(record) && isObject(record.variables) ? record.variables[JOB_VARIABLE] : undefined;
  };
  const answered = shownIn(ex.json);
  if (answered === sent) return;
  const id = idOf(ex);
  const read = id === undefined ? undefined : await t.b().get(`/jobs/${id}`);
  const readBack = read && is2xx(read) ? shownIn(read.json) : undefined;
  if (readBack === sent) {
    t.note(`POST /jobs with Content-Type ${JSON.stringify(contentType)} answered the variable ${JOB_VARIABLE} as ${JSON.stringify(answered)}, but GET /jobs/${id} shows it as sent: not charged to B-HDR-1`);
    return;
  }
  if (answered === undefined && readBack === undefined) {
    t.note(`POST /jobs with Content-Type ${JSON.stringify(contentType)}: neither its answer nor GET /jobs/${id ?? '{id}'} showed the job's variables, so whether its body was read as UTF-8 text was not seen`);
    return;
  }
  t.fail({
    clause: 'B-HDR-1',
    message: `POST /jobs with Content-Type ${JSON.stringify(contentType)} did not read the JSON body as the same UTF-8 text: the job's variable ${JOB_VARIABLE}, beyond ASCII, is ${readBack !== undefined ? 'read back' : 'answered'} otherwise than sent`,
    expected: JSON.stringify(sent),
    received: JSON.stringify(readBack ?? answered),
    exchange: read && readBack !== undefined ? read : ex,
  });
}

/**
 * How the marks by id were judged: by their effect on the others (how many), or by status only
 * (why), and whether a mark was left unjudged because the list never showed it (`lagged`: B-HDR-1
 * then not verified). `states` is the read state GET /notifications showed last. `pending`: the
 * marks without a control (the one named was not shown unread before them), judged together
 * after the last spelling (`expectPendingMarksLeftOthersUnread`); `named`: every id a mark named.
 */
interface MarksSeen {
  judged: number;
  unjudged: Set<string>;
  lagged: boolean;
  states: Map<number, boolean>;
  pending: { contentType: string; named: number; exchange: Exchange }[];
  named: Set<number>;
}

/** Whether a list read after a mark shows notification `id` marked: read, or gone from a list read whole (a list of the unread only). */
function showsMarked(after: Listed, id: number): boolean {
  if (after.states.get(id) === true) return true;
  return after.states.get(id) === undefined && after.walk.complete && !after.walk.items.some((n) => isObject(n) && n.id === id);
}

/** How long after `what` the list was read, to the end of its lag, in a message's words. */
function withinLagOf(t: CheckContext, what: string): string {
  const lagMs = listLagMs(t);
  return lagMs === 0 ? `right after ${what} ${LISTS_CURRENT_SAID}` : `within ${lagMs / 1000} s of ${what} (the list's lag)`;
}

/**
 * Reads GET /notifications (an extension) until `done` holds of a read (or the list is not
 * served), for up to the list's lag (suites/lib/list-lag.ts: a deployment may serve it from an
 * index that lags the store); the last read, and whether `done` held.
 */
async function readListUntil(t: CheckContext, done: (after: Listed) => boolean): Promise<{ after: Listed | null; done: boolean }> {
  const { last, held } = await readWithinListLag(t, () => listedStates(t), (after) => !after || done(after));
  return { after: last ?? null, done: held };
}

/**
 * The list after a mark of `named`, once it shows that mark (the control: a list that does not
 * show the named one marked may not show the mark's other effects yet either), read again for up
 * to the list's lag; undefined where it never did.
 */
async function listShowingMark(t: CheckContext, named: number): Promise<Listed | null | undefined> {
  const { after, done } = await readListUntil(t, (list) => showsMarked(list, named));
  return after && !done ? undefined : after;
}

/**
 * The notification the next mark names: the first of account 1's `notification_ids` the list
 * showed unread last and no mark named yet, so that the mark has its own control; undefined where
 * none is left (the catalog's body, naming the first, is sent: that mark is then judged without one).
 */
function stillUnreadFixture(t: CheckContext, marks: MarksSeen): number | undefined {
  return (t.fixtures().notification_ids ?? []).find((id) => marks.states.get(id) === false && !marks.named.has(id));
}

/**
 * A mark by id is judged by what it leaves alone: its answer shows nothing of the body (the spec
 * shows none), and a handler that reads the body only under one exact spelling of the media type
 * takes `{"id": N}` under any other for no body, which marks every notification read, 200 all the
 * same. The notifications listed unread before the first mark (`inbox`), but the one named, are
 * read again after each, once the list shows the named one marked (`listShowingMark`): one shown
 * read now, or gone from a list read whole (a list of the unread only), was marked by a body not
 * read as sent, and fails B-HDR-1 (the plain spelling's mark is B-NTF-1's to judge). A list that
 * never shows the named one marked within its lag leaves the others unjudged: B-HDR-1 is then not
 * verified (a lagging list would hide a mark of all as well). A mark whose named one the list did
 * not show unread before it (read by an earlier run, or by an earlier mark) has no such control:
 * it is kept pending, and so is every mark after it (a control then could not tell whose mark of
 * all surfaced), for `expectPendingMarksLeftOthersUnread`. Where the list is not served, shows no
 * read state, or showed no other notification unread, the mark is judged by its status, and a
 * note says why.
 */
async function expectOthersLeftUnread(t: CheckContext, ex: Exchange, contentType: string, named: unknown, inbox: Listed | null, marks: MarksSeen): Promise<void> {
  t.expect.status(ex, '2xx', 'B-HDR-1', `${MARK} with Content-Type ${JSON.stringify(contentType)} was refused (${ex.response.status}), although it names application/json`);
  if (!is2xx(ex)) return;
  if (!inbox) return void marks.unjudged.add('GET /notifications (an extension) is not served');
  if (typeof named !== 'number') return void marks.unjudged.add('its body named no notification id');
  const controlled = marks.pending.length === 0 && marks.states.get(named) === false;
  marks.named.add(named);
  if (!controlled) return void marks.pending.push({ contentType, named, exchange: ex });
  // The ones earlier marks named were marked rightly: not the others of this mark.
  const others = [...inbox.states].filter(([id, read]) => !read && !marks.named.has(id)).map(([id]) => id);
  if (others.length === 0) return void marks.unjudged.add(inbox.states.size ? `GET /notifications listed no notification unread before it but ${named}, the one named` : 'GET /notifications showed no read state (last_read_at, read_at, read, is_read or unread)');
  const after = await listShowingMark(t, named);
  if (after === null) return void marks.unjudged.add('GET /notifications was no longer served after the mark');
  if (after === undefined) {
    marks.lagged = true;
    return void marks.unjudged.add(`GET /notifications did not show notification ${named}, the one named, read ${withinLagOf(t, `the mark under ${JSON.stringify(contentType)}`)}, so the others were not judged (a list that lags would hide a mark of all too)`);
  }
  marks.states = after.states;
  const marked = others.filter((id) => showsMarked(after, id));
  marks.judged++;
  t.expect.that(marked.length === 0, {
    clause: 'B-HDR-1',
    message: `${MARK} {"id": ${named}} with Content-Type ${JSON.stringify(contentType)} also marked ${marked.length} of the ${others.length} other notifications unread before it read (${marked.slice(0, 8).join(', ')}${marked.length > 8 ? ', …' : ''}): its JSON body was not read as sent, and a mark without an id marks all`,
    expected: `only notification ${named} marked; ${others.length} others still unread`,
    received: `${marked.length} others read or no longer listed`,
    exchange: pageListing(after.walk, (n) => isObject(n) && n.id === marked[0]) ?? ex,
  });
}

/**
 * The marks kept pending (no control: the one each named was not shown unread before it), judged
 * together after the last spelling: the notifications the list showed unread before the first of
 * them, but those they named, are read until the list's lag has passed since (one read where the
 * target document says its lists are current), and one shown marked fails B-HDR-1 naming the
 * pending marks' spellings (one of them took its body for none). Still unread after the lag, each
 * pending mark counts as judged.
 */
async function expectPendingMarksLeftOthersUnread(t: CheckContext, marks: MarksSeen): Promise<void> {
  const pending = marks.pending;
  if (pending.length === 0) return;
  const namedIds = new Set(pending.map((m) => m.named));
  const others = [...marks.states].filter(([id, read]) => !read && !namedIds.has(id)).map(([id]) => id);
  const spellings = pending.map((m) => JSON.stringify(m.contentType)).join(', ');
  const names = [...namedIds].join(', ');
  if (others.length === 0) return void marks.unjudged.add(`under ${spellings} the mark named ${names}, not shown unread before it, and GET /notifications listed no other notification unread then`);
  let marked: number[] = [];
  const { after } = await readListUntil(t, (list) => (marked = others.filter((id) => showsMarked(list, id))).length > 0);
  if (!after) return void marks.unjudged.add(`GET /notifications was no longer served after the marks under ${spellings}`);
  marks.judged += pending.length;
  t.expect.that(marked.length === 0, {
    clause: 'B-HDR-1',
    message: `${MARK} ${[...namedIds].map((id) => `{"id": ${id}}`).join(' / ')}, the notification named read before it, under ${spellings}: these marks together marked ${marked.length} of the ${others.length} other notifications unread before them read (${marked.slice(0, 8).join(', ')}${marked.length > 8 ? ', …' : ''}), seen ${withinLagOf(t, 'them')}: a JSON body was not read as sent, and a mark without an id marks all`,
    expected: `only notification(s) ${names} marked; ${others.length} others still unread`,
    received: `${marked.length} others read or no longer listed`,
    exchange: pageListing(after.walk, (n) => isObject(n) && n.id === marked[0]) ?? pending[0]!.exchange,
  });
}

/** The body as sent, read as answers are: an id beyond 2^53 as its stand-in (big-ids.ts), so the two compare. */
function sentBody(ex: Exchange): Record<string, unknown> {
  try {
    const body: unknown = parseJsonWithBigIds(ex.request.body ?? '');
    return isObject(body) ? body : {};
  } catch {
    return {};
  }
}

/**
 * Whether the resource a write answered without its body's `shown` fields holds them when read
 * back (GET of the PUT's own path, or of a create's path with the id it answered): the answer
 * alone does not tell that a body was ignored (a deployment may apply a rename and answer the
 * connection as it was; what that answer should hold is the resource's clause's to judge).
 * `undefined` when there is nothing to read or the read does not succeed.
 */
async function appliedOnReadBack(t: CheckContext, ex: Exchange, shown: Record<string, unknown>): Promise<{ applied: boolean; read: Exchange } | undefined> {
  const base = t.b().base;
  const url = ex.request.url.split('?')[0] ?? '';
  if (!url.startsWith(base)) return undefined;
  const id = ex.request.method === 'POST' ? idOf(ex) : undefined;
  const path = ex.request.method === 'PUT' ? url.slice(base.length) : id !== undefined ? `${url.slice(base.length)}/${id}` : undefined;
  if (path === undefined) return undefined;
  const read = await t.b().get(path);
  if (!is2xx(read) || !isObject(read.json)) return undefined;
  const body = read.json;
  // The resource itself, or wrapped in a member (`{"connection": {...}}`, the user in `user`).
  const records = [body, ...Object.values(body).filter(isObject)];
  return { applied: records.some((r) => Object.entries(shown).every(([field, value]) => r[field] === value)), read };
}

/**
 * The fields of `shown` a write's answer does not show as sent, after reading the resource back:
 * empty when the answer shows them or the read does (the body was applied; the answer's content is
 * the resource's clause's to judge, and a note says what was seen). `unread` when the answer does
 * not show them and the resource could not be read back.
 */
async function notApplied(t: CheckContext, ex: Exchange, what: string, shown: Record<string, unknown>, inAnswer: (field: string) => unknown): Promise<{ differ: [string, unknown][]; unread: boolean }> {
  const differ = Object.entries(shown).filter(([field, value]) => inAnswer(field) !== value);
  if (differ.length === 0) return { differ, unread: false };
  const back = await appliedOnReadBack(t, ex, shown);
  if (back?.applied) {
    t.note(`${what} answered ${differ.map(([field]) => `${field} ${JSON.stringify(inAnswer(field))}`).join(', ')}, not the body as sent, but ${requestLine(back.read)} shows the body applied: not charged to B-HDR-1`);
    return { differ: [], unread: false };
  }
  return { differ, unread: back === undefined };
}

/**
 * The answer does not show the body as sent and the resource could not be read back (a target
 * without that read, an extension): whether the body was applied was not seen, so B-HDR-1 is
 * covered in part there rather than failed on the answer alone.
 */
function unseen(t: CheckContext, what: string, differ: readonly [string, unknown][]): void {
  t.partial('B-HDR-1', `${what} answered without ${differ.map(([field]) => field).join(', ')} as sent, and what it wrote could not be read back: whether its body was applied was not seen`);
}

/** `what`, sent with Content-Type `contentType`, was taken (2xx) and shows `fields` of its body as sent (in its answer, or read back). */
async function expectApplied(t: CheckContext, ex: Exchange, what: string, contentType: string, shown: Record<string, unknown>): Promise<void> {
  t.expect.status(ex, '2xx', 'B-HDR-1', `${what} with Content-Type ${JSON.stringify(contentType)} was refused (${ex.response.status}), although it names application/json`);
  if (ex.response.status >= 300) return;
  const answer = isObject(ex.json) ? ex.json : {};
  const { differ, unread } = await notApplied(t, ex, what, shown, (field) => answer[field]);
  if (unread) return unseen(t, what, differ);
  t.expect.that(differ.length === 0, {
    clause: 'B-HDR-1',
    message: `${what} with Content-Type ${JSON.stringify(contentType)} did not apply the JSON body as sent (neither its answer nor a read afterwards shows it)`,
    expected: differ.map(([field, value]) => `${field} ${JSON.stringify(value)}`).join(', '),
    received: differ.map(([field]) => `${field} ${JSON.stringify(answer[field])}`).join(', '),
    exchange: ex,
  });
}

check({
  id: 'b-hdr/json-media-type-on-every-write',
  clauses: ['B-HDR-1'],
  title: "B-HDR-1: every other write of the spec's endpoint table with a body (job create, SSH key create, connection rename, notification mark, connection group create) takes its JSON body under each known spelling of application/json (letter case, a charset, whitespace before ';', quoting) and applies it (a group's name with letters beyond ASCII read back as sent, where such a name is taken; a mark by id leaves the other notifications unread before it unread, where GET /notifications shows them)",
  needs: ['b', 'write'],
  async run(t) {
    // Each spelling but the plain one, which every other check sends.
    const spellings = KNOWN_JSON_SPELLINGS.filter((s) => s !== 'application/json');
    const notSent = new Map<string, string>();
    const judgedByStatus = new Set<string>();
    // The mark names one notification: read before, the others unread then stay unread after it.
    const inbox = await listedStates(t);
    const marks: MarksSeen = { judged: 0, unjudged: new Set(), lagged: false, states: new Map(inbox?.states), pending: [], named: new Set() };
    for (const contentType of spellings) {
      // Each mark names a notification still unread where the document names one: its own control.
      const unread = stillUnreadFixture(t, marks);
      const bodies: Record<string, Record<string, unknown>> = unread === undefined ? {} : { [MARK]: { id: unread } };
      // The job carries a variable beyond ASCII: its handler may decode its body itself.
      const jobVariable = nonAscii(t.name(`hdr-job-${spellings.indexOf(contentType)}`));
      const jobBody = jobBodyFrom(t.fixtures(), { run_date: '2026-01-01', [JOB_VARIABLE]: jobVariable });
      if (jobBody) bodies[JOBS] = jobBody;
      const unsent = await exerciseWrites(t, { select: (e) => e.source === 'spec' && e.effect === 'write' && e.body !== undefined && !SPELLED_ABOVE.has(e.key), headers: { 'content-type': contentType }, bodies }, async (endpoint, ex) => {
        const refused = refusedGapValues(t, endpoint, ex);
        if (refused) {
          notSent.set(endpoint.key, refused);
          return;
        }
        const fields = APPLIED_FIELDS[endpoint.key];
        const body = sentBody(ex);
        if (endpoint.key === MARK) await expectOthersLeftUnread(t, ex, contentType, body.id, inbox, marks);
        else if (!fields) judgedByStatus.add(endpoint.key);
        if (endpoint.key === JOBS && jobBody) await expectJobVariableAsSent(t, ex, contentType, jobVariable);
        return expectApplied(t, ex, `${endpoint.method} ${new URL(ex.request.url).pathname}`, contentType, Object.fromEntries((fields ?? []).map((f) => [f, body[f]])));
      });
      for (const n of unsent) notSent.set(n.key, n.why);
    }
    await expectPendingMarksLeftOthersUnread(t, marks);
    // A group cannot be deleted through the API: on a real deployment it is made once, empty
    // (no `connections`: no connection of the account moves), under the spelling furthest
    // from the plain one (letter case, spacing, charset, quoting).
    const groupSpellings = t.target.controlUrl ? spellings : spellings.slice(-1);
    for (const contentType of groupSpellings) await groupNamedBeyondAscii(t, contentType, t.name(`hdr-group-${spellings.indexOf(contentType)}`));
    if (!t.target.controlUrl) t.note(`connection groups cannot be deleted through the API: one empty group was made, under Content-Type ${JSON.stringify(groupSpellings[0])}, and stays (named after the run)`);
    if (marks.lagged) t.partial('B-HDR-1', `${MARK} by id under other spellings of application/json: GET /notifications never showed the notification named read within the list's lag, so whether the mark left the others unread (read its body as sent) was not seen`);
    if (marks.unjudged.size) t.note(`${MARK} by id under other spellings of application/json was judged by its status only: ${[...marks.unjudged].join('; ')}`);
    else if (marks.judged) t.note(`${MARK} by id under ${marks.judged} other spelling(s) of application/json left the notifications unread before it, but the one named, unread`);
    if (judgedByStatus.size) t.note(`${[...judgedByStatus].join(', ')}: the answer shows nothing of the body in the spec, so each was judged by its status`);
    if (notSent.size) t.note(describeNotSent([...notSent].map(([key, why]) => ({ key, why }))));
  },
});

/**
 * POST /connection_groups under `contentType`, the group named `plain` with letters beyond ASCII
 * after it (`nonAscii`): a body read in another charset under some spellings (a quoted charset not
 * recognised, Latin-1 taken) shows only where the text is not ASCII. The spec fixes no character
 * set: where that name is refused (a 4xx) the same group named `plain` is sent once more (a second
 * group, on a real deployment, only then), and its answer is judged; the refusal is noted.
 */
async function groupNamedBeyondAscii(t: CheckContext, contentType: string, plain: string): Promise<void> {
  const send = (name: string) => t.b().post('/connection_groups', { body: { connection_group: { name, description: 'disco: B-HDR-1' } }, headers: { 'content-type': contentType } });
  const name = nonAscii(plain);
  const ex = await send(name);
  if (ex.response.status < 400 || ex.response.status >= 500) return expectApplied(t, ex, 'POST /connection_groups', contentType, { name });
  const again = await send(plain);
  if (is2xx(again)) t.note(`POST /connection_groups under Content-Type ${JSON.stringify(contentType)} refused a group named with letters beyond ASCII (${ex.response.status}) and took one named in ASCII: the spec fixes no character set, so how such a body is decoded there was not seen`);
  await expectApplied(t, again, 'POST /connection_groups', contentType, { name: plain });
}

/**
 * A chunked write's answer judged: 2xx showing `shown` as sent, or 411 Length Required (a target
 * may refuse a body whose length is not given up front, HTTP's own answer to that framing, which
 * loses nothing); anything else, or a 2xx that did not apply the body, fails B-HDR-1. Returns
 * whether it was refused with 411.
 */
async function expectChunkedApplied(t: CheckContext, ex: Exchange, what: string, shown: Record<string, unknown>): Promise<boolean> {
  if (ex.response.status === 411) return true;
  t.expect.status(ex, '2xx', 'B-HDR-1', `${what} with its JSON body sent chunked (Transfer-Encoding: chunked, no Content-Length) answered ${ex.response.status}: the same body with Content-Length is taken`);
  if (ex.response.status >= 300) return false;
  const answer = isObject(ex.json) ? ex.json : {};
  const user = userIn(ex);
  const { differ, unread } = await notApplied(t, ex, what, shown, (field) => (user?.[field] === shown[field] ? user?.[field] : answer[field]));
  if (unread) {
    unseen(t, what, differ);
    return false;
  }
  t.expect.that(differ.length === 0, {
    clause: 'B-HDR-1',
    message: `${what} with its JSON body sent chunked (Transfer-Encoding: chunked, no Content-Length) answered ${ex.response.status} without applying the body: it was taken for none (neither its answer nor a read afterwards shows it)`,
    expected: differ.map(([field, value]) => `${field} ${JSON.stringify(value)}`).join(', '),
    received: differ.map(([field]) => `${field} ${JSON.stringify(user?.[field] ?? answer[field])}`).join(', '),
    exchange: ex,
  });
  return false;
}

check({
  id: 'b-hdr/chunked-body',
  clauses: ['B-HDR-1'],
  title: "B-HDR-1: a JSON body sent with Transfer-Encoding: chunked and no Content-Length (HTTP/1.1's other framing) is read as the same body sent whole: PUT /user applies it (read back with GET /user), POST /hooks and the spec's other writes with a body apply it; a target may refuse the framing with 411, never take the body for none",
  needs: ['b', 'write'],
  async run(t) {
    const refused: string[] = [];
    const original = await restoreUserAfter(t);
    if (original) {
      const location = t.name('chunked');
      const ex = await t.b().put('/user', { body: userPutBody(original.user, { location }), framing: 'chunked' });
      if (await expectChunkedApplied(t, ex, 'PUT /user', { location })) refused.push('PUT /user');
      else if (is2xx(ex)) {
        const read = await t.b().get('/user');
        const shown = userIn(read);
        t.expect.that(shown?.location === location, {
          clause: 'B-HDR-1',
          message: 'GET /user after a PUT /user whose JSON body was sent chunked does not show the location sent: the body was not applied',
          expected: JSON.stringify(location),
          received: JSON.stringify(shown?.location),
          exchange: read,
        });
      }
    } else {
      t.partial('B-HDR-1', 'PUT /user was not sent chunked: the target does not serve GET /user (an extension), so the user could be sent neither with its own fields nor restored');
    }
    const name = t.name('chunked-hook');
    const hook = await t.b().post('/hooks', { body: inactiveHookBody(t.target.interfaceB, name), framing: 'chunked' });
    const hookId = idOf(hook);
    if (hook.response.status < 300 && hookId !== undefined) deleteHookOnCleanup(t, hookId, 0);
    if (await expectChunkedApplied(t, hook, 'POST /hooks', { name })) refused.push('POST /hooks');
    const notSent = new Map<string, string>();
    const judgedByStatus = new Set<string>();
    const unsent = await exerciseWrites(t, { select: (e) => e.source === 'spec' && e.effect === 'write' && e.body !== undefined && !SPELLED_ABOVE.has(e.key), framing: 'chunked' }, async (endpoint, ex) => {
      const gap = refusedGapValues(t, endpoint, ex);
      if (gap) {
        notSent.set(endpoint.key, gap);
        return;
      }
      const fields = APPLIED_FIELDS[endpoint.key];
      if (!fields) judgedByStatus.add(endpoint.key);
      const body = sentBody(ex);
      if (await expectChunkedApplied(t, ex, `${endpoint.method} ${new URL(ex.request.url).pathname}`, Object.fromEntries((fields ?? []).map((f) => [f, body[f]])))) refused.push(endpoint.key);
    });
    for (const n of unsent) notSent.set(n.key, n.why);
    if (refused.length) t.partial('B-HDR-1', `${refused.join(', ')} refused a chunked body with 411 Length Required, as HTTP lets a server do: whether such a body is read was not seen there`);
    t.note('POST /connection_groups was not sent chunked: a group cannot be deleted through the API');
    if (judgedByStatus.size) t.note(`${[...judgedByStatus].join(', ')}: the answer shows nothing of the body in the spec, so each was judged by its status`);
    if (notSent.size) t.note(describeNotSent([...notSent].map(([key, why]) => ({ key, why }))));
  },
});

/** A `{location}` body in another media type, written the way that type writes it. */
const OTHER_MEDIA_TYPES: { label: string; contentType: string | null; body: (location: string) => string }[] = [
  { label: 'JSON text as text/plain', contentType: 'text/plain', body: (l) => JSON.stringify({ location: l }) },
  { label: 'JSON text as text/plain; charset=utf-8', contentType: 'text/plain; charset=utf-8', body: (l) => JSON.stringify({ location: l }) },
  { label: 'a form as application/x-www-form-urlencoded', contentType: 'application/x-www-form-urlencoded', body: (l) => new URLSearchParams({ location: l }).toString() },
  { label: 'XML as application/xml', contentType: 'application/xml', body: (l) => `<user><location>${l}</location></user>` },
  { label: 'multipart/form-data', contentType: 'multipart/form-data; boundary=disco', body: (l) => `--disco\r\nContent-Disposition: form-data; name="location"\r\n\r\n${l}\r\n--disco--\r\n` },
  { label: 'JSON text without Content-Type', contentType: null, body: (l) => JSON.stringify({ location: l }) },
];

check({
  id: 'b-hdr/other-media-type-refused',
  clauses: ['B-GAP-2'],
  title: 'B-GAP-2 (simulator convention): a body in another media type (text/plain, form, XML, multipart, none) is refused with 415 and the error object, and changes nothing',
  needs: ['b', 'write'],
  async run(t) {
    // A target that takes one of these bodies changes the user: put it back afterwards.
    const original = await restoreUserAfter(t);
    if (!original) return t.skip('the target does not serve GET /user (an extension), so the user can be neither compared nor restored');
    const before = original.exchange;
    const cases = fc.tuple(fc.constantFrom(...OTHER_MEDIA_TYPES.map((m) => m.label)), fc.stringMatching(/^[a-z0-9]{1,8}$/));
    await t.property('another media type is refused', cases, async ([label, suffix]) => {
      const media = OTHER_MEDIA_TYPES.find((m) => m.label === label) ?? OTHER_MEDIA_TYPES[0]!;
      const ex = await t.b().put('/user', { body: media.body(t.name(`hdr-${suffix}`)), headers: { 'content-type': media.contentType } });
      t.expect.status(ex, 415, 'B-GAP-2', `PUT /user with ${label} answered ${ex.response.status}; the simulator refuses bodies that are not application/json with 415`);
      t.expect.errorObjectB(ex, 'B-GAP-2');
    });
    const after = await t.b().get('/user');
    t.expect.that(userFieldsOf(after) === userFieldsOf(before), {
      clause: 'B-GAP-2',
      message: 'the user changed although every PUT /user body was sent in a refused media type',
      expected: userFieldsOf(before),
      received: userFieldsOf(after),
      exchange: after,
    });

    // A refused POST /hooks creates no hook.
    const name = t.name('hdr-refused-hook');
    const hook = await postHook(t, 'text/plain', JSON.stringify(inactiveHookBody(t.target.interfaceB, name)));
    t.expect.status(hook, 415, 'B-GAP-2', `POST /hooks with a text/plain body answered ${hook.response.status}`);
    const listed = await listCatalog(t.b(), t.target, '/hooks', 20);
    if (listed) {
      const page = pageListing(listed, (h) => isObject(h) && h.name === name);
      t.expect.that(page === undefined, { clause: 'B-GAP-2', message: 'POST /hooks with a text/plain body was refused but the hook exists', expected: 'no hook of that name', received: 'the hook is listed', exchange: page });
    }
  },
});
