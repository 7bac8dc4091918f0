import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { targetFindsWhatExists } from './lib/controls.ts';
import { absentId, absentIdFrom, INTEGER_WIDTH_OVERFLOWS, slugLike } from './lib/arbitraries/ids-and-paths.ts';
import { describeResponse } from './lib/expect.ts';
import { B_ACCEPT, basicAuthorization } from './lib/clients.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { idOf, is2xx } from './lib/answers.ts';
import { permitted, howToPermit } from './lib/permissions.ts';
import { deleteHookOnCleanup, inactiveHookBody } from './lib/factories/hooks.ts';
import { deleteDeliveryOnCleanup, weeklyDeliveryBody } from './lib/factories/deliveries.ts';
import { restoreUserAfter, userPutBody } from './lib/factories/user.ts';
import { deleteSshKeyOnCleanup, sshKeyBody } from './lib/factories/ssh-keys.ts';
import { B_ENDPOINTS, bPath } from './catalog/b-endpoints.ts';
import { bodyContext, queryOf, requestOf, someConnectionType } from './catalog/b-requests.ts';

// B-ERR-1: every not-found answer is the error object `{message}`, and every 404 carries the same
// text. The spec fixes the sameness, not the text: the exact "Item not found." is the real
// service's (docs/interface-b.md) and checked only as B-GAP-2. The requests come from the
// endpoint catalog: every endpoint that takes an id, once with an absent id in its path (and,
// addressed by connection type, once more under a type no service knows) and once per id its body
// names, and each read once more with the query parameters the real service documents for it;
// besides, another existing account's path, the ids of a hook and a delivery the run deleted,
// another user's SSH key, and the absent package read in other languages (Accept-Language), where
// a deployment is likeliest to word a 404 of its own.

const NOT_FOUND_TEXT = 'Item not found.';

/** A not-found probe: one request about something that is not there. */
interface Probe {
  label: string;
  /** Writes anything if the thing unexpectedly exists (needs 'write' to be included). */
  writes: boolean;
  /** A read of the absent id in its path: whatever status refuses it (the spec fixes none), it is a not-found condition. */
  readsAbsent?: boolean;
  send(t: CheckContext, id: number, word: string): Promise<Exchange>;
}

/** Requests outside the catalog: unknown paths and an unknown account. */
const FIXED_PROBES: Probe[] = [
  { label: 'GET /disco-{unknown path}', writes: false, send: (t, _id, word) => t.b().get(`/disco-${word}`) },
  { label: 'GET /packages/{absent}/disco-{unknown}', writes: false, send: (t, id, word) => t.b().get(`/packages/${id}/disco-${word}`) },
  // A word where an id belongs names nothing: refused as the deployment likes, but a 404 says what every 404 says.
  { label: 'GET /packages/disco-{word}', writes: false, send: (t, _id, word) => t.b().get(`/packages/disco-${word}`) },
  { label: 'GET /connections/types on an unknown account', writes: false, send: (t, _id, word) => onAccount(t, `disco-absent-${word}`, '/connections/types') },
];

/**
 * Another existing account's path with account 1's key: refused as the deployment likes (401,
 * 403, 404), but a 404 there is a not-found answer like any other, so it carries the same text
 * (a gate that tells "you are not a member" apart in words of its own fails B-ERR-1 whatever
 * B-AUTH-3 makes of it). Only where the target document names a second account.
 */
function accountProbes(t: CheckContext): Probe[] {
  const other = t.target.b[1]?.accountId;
  if (other === undefined) return [];
  return [{ label: "GET /connections/types on another existing account's path (account 2)", writes: false, send: (t2) => onAccount(t2, other, '/connections/types') }];
}

/** A connection type no deployment serves (the spec's `connection_type` is an open-ended string): `disco` and a word. */
function unknownType(word: string): string {
  return `disco${word}`;
}

/**
 * One probe per catalog endpoint that takes an id (the absent id in its path) and per id its
 * body names (the absent id there, the rest of the body valid). Bodies that name ids are left
 * out of destructive endpoints: a target that ignored the absent id would do what cannot be undone.
 */
function catalogProbes(t: CheckContext): Probe[] {
  const c = bodyContext(t);
  const fixtures = t.fixtures();
  const out: Probe[] = [];
  for (const e of B_ENDPOINTS) {
    const writes = e.effect !== 'read';
    if (e.id) {
      const type = someConnectionType(fixtures, e.id);
      if (requestOf(e, { id: 1, type }, c)) {
        out.push({ label: `${e.method} ${e.path.replace('{id}', '{absent}')}`, writes, readsAbsent: e.method === 'GET', send: (t2, id) => send(t2, requestOf(e, { id, type }, bodyContext(t2))) });
        // A type the service does not know names nothing either: the connector lookup that
        // refuses it may word its own 404 ("Unknown connection type: ftp.").
        if (e.path.includes('{type}')) {
          out.push({ label: `${e.method} ${e.path.replace('{type}', '{unknown type}').replace('{id}', '{absent}')}`, writes, readsAbsent: e.method === 'GET', send: (t2, id, word) => send(t2, requestOf(e, { id, type: unknownType(word) }, bodyContext(t2))) });
        }
      }
    }
    if (e.effect === 'destructive') continue;
    for (const field of e.bodyIds ?? []) {
      const base = requestOf(e, {}, c);
      if (!base) continue;
      out.push({
        label: `${e.key} with an absent ${field.field}`,
        writes,
        send: (t2, id) => {
          const request = requestOf(e, {}, bodyContext(t2));
          return send(t2, request && { ...request, options: { ...request.options, body: { ...(request.options.body as Record<string, unknown>), [field.field]: id } } });
        },
      });
    }
  }
  return out;
}

/**
 * The spec's typed connection reads (Salesforce fields, Bing Ads accounts and columns), each of a
 * live fixture connection of another type: the id names something, but not what the read reads.
 * The spec names no status for that (a 404, a 400 or a 422 would all fit) and nothing else about
 * the answer; a 404 among them is a not-found answer, so it says what every 404 says. One request
 * each, outside the generated cases (the id is the fixture's, not generated).
 */
function wrongTypeProbes(t: CheckContext): { probes: Probe[]; unprobed: string[] } {
  const connections = Object.entries(t.fixtures().connections ?? {});
  const probes: Probe[] = [];
  const unprobed: string[] = [];
  for (const e of B_ENDPOINTS) {
    const readType = e.id?.connectionType;
    if (e.source !== 'spec' || e.method !== 'GET' || e.id?.kind !== 'connection' || readType === undefined) continue;
    // Another metadata connector's connection first (the likeliest to reach the connector's code), else any other type.
    const others = connections.filter(([type]) => type !== readType);
    const [otherType, otherId] = others.find(([type]) => type === 'salesforce' || type === 'bingads') ?? others[0] ?? [];
    if (otherType === undefined || otherId === undefined) {
      unprobed.push(e.key);
      continue;
    }
    const query = queryOf(e, t.target.interfaceB);
    probes.push({ label: `${e.key} of the ${otherType} connection ${otherId} (a live connection of another type)`, writes: false, send: (t2) => t2.b().get(bPath(e, { id: otherId }), query ? { query } : {}) });
  }
  return { probes, unprobed };
}

/**
 * The catalog's reads that take an id, each of the ids just past the integer widths a deployment
 * may store ids in (2^31, 2^32, 2^53, 2^63, 2^64): an id past its id column is where an ORM's own
 * error ("Couldn't find record with 'id'=3000000000") answers instead of the service's, and the
 * absent ids of a run stay in one range. Any of them may be live on a deployment with 64-bit ids:
 * only a 404 is judged (another refusal may call the id malformed, whose body B-ERR-1 does not
 * fix), and reads only, so nothing live is changed. One request each, outside the generated cases.
 * They are no absent ids (a document's `absent_ids` does not bound them, as it bounds every id the
 * run takes for one): they are read whatever they name, and judged only where they name nothing.
 */
function wideIdProbes(t: CheckContext): Probe[] {
  const fixtures = t.fixtures();
  const probes: Probe[] = [];
  for (const e of B_ENDPOINTS) {
    if (e.method !== 'GET' || e.effect !== 'read' || !e.id || !e.path.includes('{id}')) continue;
    const type = someConnectionType(fixtures, e.id);
    const query = queryOf(e, t.target.interfaceB);
    for (const id of INTEGER_WIDTH_OVERFLOWS) {
      probes.push({ label: `${e.method} ${e.path.replace('{id}', id)} (an id past an integer width)`, writes: false, send: (t2) => t2.b().get(bPath(e, { id, type }), query ? { query } : {}) });
    }
  }
  return probes;
}

/**
 * The catalog's reads that take an id, of an absent id, with the query parameters the real service
 * documents for them (`documentedQuery`: a job's `include=log_summary`, a connector read's
 * `force_fetch`): such a read may go down a code path of its own (an eager loader, a fetch from the
 * source), whose miss is the ORM's or the connector's text ("Couldn't find Job with 'id'=7"). Only
 * a 404 is judged: a deployment that does not know a parameter may refuse it with a 4xx of its
 * own, no not-found condition. One request each, outside the generated cases.
 */
function documentedQueryProbes(t: CheckContext): Probe[] {
  const fixtures = t.fixtures();
  return B_ENDPOINTS.filter((e) => e.method === 'GET' && e.effect === 'read' && e.id !== undefined && e.documentedQuery !== undefined).map((e) => {
    const type = someConnectionType(fixtures, e.id);
    const query = { ...queryOf(e, t.target.interfaceB), ...e.documentedQuery };
    const asked = new URLSearchParams(e.documentedQuery).toString();
    return { label: `${e.method} ${e.path.replace('{id}', '{absent}')}?${asked}`, writes: false, send: (t2, id) => t2.b().get(bPath(e, { id, type }), { query }) };
  });
}

/**
 * Accept-Language as browsers and HTTP libraries send it, in German, French, Spanish and Chinese:
 * the spec's not-found text is the same for every 404, whoever asks in whatever language, so an
 * i18n layer that translates it by the client's language ("Eintrag nicht gefunden.") breaks
 * B-ERR-1. The absent package read (the spec's documented 404) with each, outside the generated
 * cases. Only a 404 is judged: a deployment may refuse a language it does not serve (406).
 */
const BROWSER_LANGUAGES = ['de-DE,de;q=0.9,en;q=0.8', 'fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7', 'es-ES,es;q=0.9', 'zh-CN,zh;q=0.9,en;q=0.8'] as const;

function languageProbes(): Probe[] {
  return BROWSER_LANGUAGES.map((language) => ({
    label: `GET /packages/{absent} with Accept-Language: ${language}`,
    writes: false,
    send: (t, id) => t.b().get(`/packages/${id}`, { headers: { 'accept-language': language } }),
  }));
}

function send(t: CheckContext, request: ReturnType<typeof requestOf>): Promise<Exchange> {
  if (!request) throw new Error('the catalog request could not be built');
  return t.b().request(request.method, request.path, request.options);
}

/** A GET with account 1's key on the path of the account `slug`. */
function onAccount(t: CheckContext, slug: string, path: string): Promise<Exchange> {
  const url = `${t.target.baseUrl}/${encodeURIComponent(slug)}/api${path}`;
  return t.http.request('GET', url, { headers: { accept: B_ACCEPT, authorization: basicAuthorization(t.target.b[0]?.apiKey ?? '') } });
}

function usableProbes(t: CheckContext, writes: boolean): Probe[] {
  return [...FIXED_PROBES, ...accountProbes(t), ...catalogProbes(t)].filter((p) => writes || !p.writes);
}

/** A probe of one request made once, outside the generated cases (its id is a live or a deleted thing's, not generated). */
function oneShot(label: string, send: (t: CheckContext) => Promise<Exchange>): Probe {
  return { label, writes: false, send: (t2) => send(t2) };
}

/**
 * The catalog reads of a connection by type and id, of a live fixture connection's id under a
 * type the service does not know: the id names something, the pair nothing.
 */
function unknownTypeOfLiveProbes(t: CheckContext): Probe[] {
  const [liveType, liveId] = Object.entries(t.fixtures().connections ?? {})[0] ?? [];
  if (liveType === undefined || liveId === undefined) return [];
  return B_ENDPOINTS.filter((e) => e.method === 'GET' && e.effect === 'read' && e.id?.kind === 'connection' && e.path.includes('{type}')).map((e) =>
    oneShot(`${e.key} of the ${liveType} connection ${liveId} under an unknown type`, (t2) => t2.b().get(bPath(e, { id: liveId, type: unknownType('live') }))),
  );
}

/**
 * Things the run made and deleted: their ids name nothing any more, and a deployment that keeps
 * a tombstone may word its own 404 ("Delivery 7 has been deleted."). A 410 says gone, no 404,
 * and is not judged here. A hook (made inactive, deleted through DELETE /hooks/{id}, an
 * extension), then read (the spec's GET), reset (the spec's PUT) and deleted again; a delivery
 * (made through POST /deliveries, an extension that moves data on a real deployment: only with
 * leave), deleted through the spec's DELETE, then deleted again and read; an SSH key of the
 * caller's (POST /user/keys), deleted, then read and deleted again. What could not be made or
 * deleted is noted.
 */
async function deletedThingProbes(t: CheckContext): Promise<{ probes: Probe[]; unprobed: string[] }> {
  const probes: Probe[] = [];
  const unprobed: string[] = [];
  const made = await t.b().post('/hooks', { body: inactiveHookBody(t.target.interfaceB, t.name('err-deleted-hook')) });
  const hook = is2xx(made) ? idOf(made) : undefined;
  if (hook === undefined) unprobed.push(`a deleted hook: POST /hooks answered ${made.response.status}${is2xx(made) ? ' without an id' : ''}`);
  else {
    deleteHookOnCleanup(t, hook);
    const deleted = await t.b().delete(`/hooks/${hook}`);
    if (!is2xx(deleted)) unprobed.push(`a deleted hook: DELETE /hooks/${hook} (an extension) answered ${deleted.response.status}`);
    else {
      probes.push(
        oneShot(`GET /hooks/{deleted hook ${hook}}`, (t2) => t2.b().get(`/hooks/${hook}`)),
        oneShot(`PUT /hooks/{deleted hook ${hook}}/reset`, (t2) => t2.b().put(`/hooks/${hook}/reset`)),
        oneShot(`DELETE /hooks/{deleted hook ${hook}}`, (t2) => t2.b().delete(`/hooks/${hook}`)),
      );
    }
  }
  const body = weeklyDeliveryBody(t.name('err-deleted-delivery'), t.fixtures());
  if (!permitted(t, 'create_deliveries')) unprobed.push(`a deleted delivery: ${howToPermit('create_deliveries')}`);
  else if (body === undefined) unprobed.push('a deleted delivery: the fixtures name fewer than two connections to deliver between (fixtures.connections)');
  else {
    const created = await t.b().post('/deliveries', { body });
    const delivery = is2xx(created) ? idOf(created) : undefined;
    if (delivery === undefined) unprobed.push(`a deleted delivery: POST /deliveries (an extension) answered ${created.response.status}${is2xx(created) ? ' without an id' : ''}`);
    else {
      deleteDeliveryOnCleanup(t, delivery);
      const deleted = await t.b().delete(`/deliveries/${delivery}`);
      if (!is2xx(deleted)) unprobed.push(`a deleted delivery: DELETE /deliveries/${delivery} answered ${deleted.response.status}`);
      else {
        probes.push(
          oneShot(`DELETE /deliveries/{deleted delivery ${delivery}}`, (t2) => t2.b().delete(`/deliveries/${delivery}`)),
          oneShot(`GET /deliveries/{deleted delivery ${delivery}}`, (t2) => t2.b().get(`/deliveries/${delivery}`)),
        );
      }
    }
  }
  // An SSH key of the caller's (B-KEY-1's POST and DELETE /user/keys): a store that soft-deletes
  // keys keeps a row its lookup finds, and may word its own 404 ("SSH key 1 has been deleted.").
  const key = await t.b().post('/user/keys', { body: sshKeyBody(t.name('err-deleted-key')) });
  const keyId = is2xx(key) ? idOf(key) : undefined;
  if (keyId === undefined) unprobed.push(`a deleted SSH key: POST /user/keys answered ${key.response.status}${is2xx(key) ? ' without an id' : ''}`);
  else {
    deleteSshKeyOnCleanup(t, keyId);
    const deleted = await t.b().delete(`/user/keys/${keyId}`);
    if (!is2xx(deleted)) unprobed.push(`a deleted SSH key: DELETE /user/keys/${keyId} answered ${deleted.response.status}`);
    else {
      probes.push(
        oneShot(`GET /user/keys/{deleted SSH key ${keyId}}`, (t2) => t2.b().get(`/user/keys/${keyId}`)),
        oneShot(`DELETE /user/keys/{deleted SSH key ${keyId}}`, (t2) => t2.b().delete(`/user/keys/${keyId}`)),
      );
    }
  }
  return { probes, unprobed };
}

/**
 * An SSH key of another user of the account (member_api_key's, made for this): /user/keys are the
 * caller's, so api_key's GET and DELETE of it name no key of the caller's; a deployment that finds
 * the key and words why it is not the caller's ("SSH key 12 belongs to another user.") answers a
 * 404 of its own. Only a 404 is judged: which roles may read or delete another user's key is not
 * shown (a 403, or an admin's 200 or 204, is not a not-found answer). The GET first, then the
 * DELETE; the key is removed on cleanup with the member's key.
 */
async function otherUsersKeyProbes(t: CheckContext): Promise<{ probes: Probe[]; unprobed: string[] }> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) return { probes: [], unprobed: ["another user's SSH key: it needs a key of a second user of account 1 (member_api_key in the target document)"] };
  const member = t.bWithKey(memberKey);
  const made = await member.post('/user/keys', { body: sshKeyBody(t.name('err-member-key')) });
  const id = is2xx(made) ? idOf(made) : undefined;
  if (id === undefined) return { probes: [], unprobed: [`another user's SSH key: POST /user/keys with member_api_key answered ${made.response.status}${is2xx(made) ? ' without an id' : ''}`] };
  deleteSshKeyOnCleanup(t, id, 0, { client: member, whose: "member_api_key's user" });
  return {
    probes: [
      oneShot(`GET /user/keys/{SSH key ${id} of member_api_key's user} with api_key`, (t2) => t2.b().get(`/user/keys/${id}`)),
      oneShot(`DELETE /user/keys/{SSH key ${id} of member_api_key's user} with api_key`, (t2) => t2.b().delete(`/user/keys/${id}`)),
    ],
    unprobed: [],
  };
}

/** The anchor: the spec documents GET /packages/{id} of an absent package as 404 with `message`. */
async function anchor(t: CheckContext, clause: string): Promise<{ exchange: Exchange; message: string }> {
  // An id the target document's absent range holds (`absent_ids`), never one the target may have.
  const exchange = await t.b().get(`/packages/${absentIdFrom(t.target, 2_000_000_123)}`);
  t.expect.status(exchange, 404, clause, `GET /packages/{absent} answered ${exchange.response.status}; the spec documents a 404`);
  t.expect.errorObjectB(exchange, clause);
  return { exchange, message: (exchange.json as { message: string }).message };
}

function messageOf(ex: Exchange): unknown {
  return ex.json && typeof ex.json === 'object' && !Array.isArray(ex.json) ? (ex.json as Record<string, unknown>).message : undefined;
}

async function compareNotFound(t: CheckContext, writes: boolean): Promise<void> {
  const reference = await anchor(t, 'B-ERR-1');
  const probes = usableProbes(t, writes);
  const cases = fc.tuple(fc.constantFrom(...probes.map((p) => p.label)), absentId(t.target), fc.stringMatching(/^[a-z0-9]{1,12}$/));
  let notFounds = 0;
  const judge = async (probe: Probe, id: number, word: string): Promise<Exchange> => {
    const ex = await probe.send(t, id, word);
    // The spec fixes no status for most of these (a write on an absent id might even succeed
    // and do nothing, a 422 might name the field) and the body only of not-found answers: a 404
    // must be the error object with the text of every other 404. A read of an absent id refused
    // otherwise (410, 400: the status is the deployment's) is a not-found condition too, so it
    // must still be the error object; other answers are not judged.
    if (ex.response.status !== 404) {
      if (probe.readsAbsent && ex.response.status >= 400 && ex.response.status < 500) t.expect.errorObjectB(ex, 'B-ERR-1');
      return ex;
    }
    t.expect.errorObjectB(ex, 'B-ERR-1');
    notFounds++;
    t.expect.that(messageOf(ex) === reference.message, {
      clause: 'B-ERR-1',
      message: `${probe.label}: this 404 carries another text than the 404 of an absent package`,
      expected: JSON.stringify(reference.message),
      received: describeResponse(ex),
      exchange: ex,
    });
    return ex;
  };
  if (!t.target.b[1]) t.note("the target document names one account, so no 404 of another existing account's path was compared");
  // Every kind of request once, then generated ids and words.
  for (const probe of probes) await judge(probe, absentIdFrom(t.target, 1_999_999_937), 'sweep');
  for (const probe of unknownTypeOfLiveProbes(t)) await judge(probe, 0, 'live');
  // What the run deleted names nothing either (writes only: it is made and deleted).
  if (writes) {
    const deletedThings = await deletedThingProbes(t);
    for (const probe of deletedThings.probes) await judge(probe, 0, 'deleted');
    if (deletedThings.unprobed.length) t.note(`not compared: ${deletedThings.unprobed.join('; ')}`);
    // Another user's key names something, but nothing of the caller's.
    const othersKey = await otherUsersKeyProbes(t);
    for (const probe of othersKey.probes) await judge(probe, 0, 'other-user');
    if (othersKey.unprobed.length) t.note(`not compared: ${othersKey.unprobed.join('; ')}`);
  }
  // A live id of the wrong connection type is a not-found too where the read answers 404: a
  // connector's handler may refuse it with a text of its own. Reads only (the write check runs the reads too).
  if (!writes) {
    for (const probe of wideIdProbes(t)) await judge(probe, 0, 'wide');
    // The same absent ids asked with the reads' documented query parameters, and in other languages.
    // Refused otherwise (a parameter or a language the deployment does not take: 400, 406), a
    // probe showed no 404 text: said, so a target refusing them all is seen to have shown nothing.
    const refused: string[] = [];
    for (const probe of [...documentedQueryProbes(t), ...languageProbes()]) {
      const ex = await judge(probe, absentIdFrom(t.target, 1_999_999_951), 'query');
      if (ex.response.status !== 404) refused.push(`${probe.label}: ${ex.response.status}`);
    }
    if (refused.length) t.note(`not compared with the 404 text, answered other than 404: ${refused.join('; ')}`);
    const wrongType = wrongTypeProbes(t);
    for (const probe of wrongType.probes) await judge(probe, 0, 'wrong-type');
    if (wrongType.unprobed.length) t.note(`not read with a connection of another type (fixtures.connections of account 1 holds no connection of another type): ${wrongType.unprobed.join(', ')}`);
  }
  await t.property('every 404 carries the same message', cases, async ([label, id, word]) => {
    await judge(probes.find((p) => p.label === label) ?? probes[0]!, id, word);
  });
  t.note(`${notFounds} not-found answers compared, over ${probes.length} kinds of request`);
}

/**
 * Time zones whose users a dashboard would guess a language for (German, French, Spanish,
 * Japanese), each as an IANA name and as the real service's own (Rails') name, tried in that order.
 */
const LOCALE_ZONES: readonly (readonly [string, string])[] = [['Europe/Berlin', 'Berlin'], ['Europe/Paris', 'Paris'], ['Europe/Madrid', 'Madrid'], ['America/Mexico_City', 'Mexico City'], ['Asia/Tokyo', 'Tokyo']];

/**
 * B-ERR-1's "the same for every 404" holds whoever asks: the caller's user is put in time zones a
 * deployment might guess a language from (PUT /user, B-USER-1), and the absent package read again
 * in each must carry the reference text. A text localised by the caller's settings shows only to
 * such a user; the run's users keep their zones otherwise. The user is put back after the check.
 */
async function compareNotFoundAcrossZones(t: CheckContext, reference: string): Promise<void> {
  const before = await restoreUserAfter(t);
  if (!before) {
    t.note('the target does not serve GET /user (an extension), so the user could not be put back and the 404 was not read by a user in another time zone');
    return;
  }
  const taken: string[] = [];
  const refused: string[] = [];
  for (const names of LOCALE_ZONES) {
    let zone: string | undefined;
    for (const name of names) {
      const ex = await t.b().put('/user', { body: userPutBody(before.user, { time_zone: name }) });
      if (is2xx(ex)) {
        zone = name;
        break;
      }
      refused.push(`${name} (${ex.response.status})`);
    }
    if (zone === undefined) continue;
    taken.push(zone);
    const { exchange, message } = await anchor(t, 'B-ERR-1');
    t.expect.that(message === reference, {
      clause: 'B-ERR-1',
      message: `GET /packages/{absent} by a user in the time zone ${zone}: this 404 carries another text than the same read by the user in its own zone`,
      expected: JSON.stringify(reference),
      received: describeResponse(exchange),
      exchange,
    });
  }
  if (taken.length === 0) t.note(`the 404 was not read by a user in another time zone: PUT /user took none of the zones tried (${refused.join(', ')}; the spec does not fix which names it takes)`);
  else t.note(`the 404 of an absent package was read again by the user in the time zones ${taken.join(', ')}${refused.length ? ` (refused: ${refused.join(', ')})` : ''}`);
}

check({
  id: 'b-err/404-same-message-reads',
  clauses: ['B-ERR-1'],
  title: "B-ERR-1: every 404 of a read (each catalog read that takes an id, with an absent id and with ids just past 2^31, 2^32, 2^53, 2^63 and 2^64, and of an absent id with the query parameters the real service documents for it: include=log_summary, force_fetch; the absent package read with a browser's Accept-Language in German, French, Spanish and Chinese; a connection read under a connection type the service does not know; the Salesforce and Bing Ads reads of a live connection of another type; a word for a package id; unknown paths; an unknown account; another existing account's path) is the error object with one and the same message",
  needs: ['b'],
  async run(t) {
    await targetFindsWhatExists(t, 'B-ERR-1');
    await compareNotFound(t, false);
  },
});

check({
  id: 'b-err/404-same-message-writes',
  clauses: ['B-ERR-1'],
  title: "B-ERR-1: every 404 of a write (each catalog write with an absent id in its path or body: jobs on an absent package or cluster, hook reset, watch, delivery delete, notification mark, connection rename, also under an unknown connection type, ...; and the id of a hook, of a delivery and of an SSH key the run deleted; GET and DELETE /user/keys/{id} of an SSH key of another user of the account) is the error object with the same message as every other 404, also read by a user put in another time zone (Berlin, Paris, Madrid, Mexico City, Tokyo)",
  needs: ['b', 'write'],
  async run(t) {
    await targetFindsWhatExists(t, 'B-ERR-1');
    await compareNotFound(t, true);
    await compareNotFoundAcrossZones(t, (await anchor(t, 'B-ERR-1')).message);
  },
});

check({
  id: 'b-err/404-text',
  clauses: ['B-GAP-2'],
  title: 'B-GAP-2 (the real service\'s text): a 404 says exactly "Item not found."',
  needs: ['b'],
  async run(t) {
    const reference = await anchor(t, 'B-GAP-2');
    t.expect.that(reference.message === NOT_FOUND_TEXT, {
      clause: 'B-GAP-2',
      message: 'the 404 text is not the real service\'s',
      expected: JSON.stringify(NOT_FOUND_TEXT),
      received: JSON.stringify(reference.message),
      exchange: reference.exchange,
    });
    // The spec's reads that name an id: each answers an absent one with the real service's text.
    const reads = B_ENDPOINTS.filter((e) => e.source === 'spec' && e.method === 'GET' && e.id !== undefined);
    await t.property('absent ids say "Item not found."', fc.tuple(fc.constantFrom(...reads), absentId(t.target)), async ([endpoint, id]) => {
      const query = queryOf(endpoint, t.target.interfaceB);
      const ex = await t.b().get(bPath(endpoint, { id, type: someConnectionType(t.fixtures(), endpoint.id) }), query ? { query } : {});
      t.expect.status(ex, 404, 'B-GAP-2');
      t.expect.that(messageOf(ex) === NOT_FOUND_TEXT, { clause: 'B-GAP-2', message: `${endpoint.key} with an absent id: the 404 text is not the real service's`, expected: JSON.stringify(NOT_FOUND_TEXT), received: describeResponse(ex), exchange: ex });
    });
  },
});

check({
  id: 'b-err/unknown-account-404',
  clauses: ['B-ERR-1'],
  title: 'B-ERR-1: an unknown account id in the path, with a valid key, gets a 4xx; a 404 is the error object with the same message as an absent package',
  needs: ['b'],
  async run(t) {
    await targetFindsWhatExists(t, 'B-ERR-1');
    const reference = await anchor(t, 'B-ERR-1');
    const known = new Set(t.target.b.map((b) => b.accountId));
    await t.property('unknown account is not found', slugLike().filter((s) => !known.has(s)), async (slug) => {
      const ex = await onAccount(t, slug, '/connections/types');
      t.expect.status(ex, '4xx', 'B-ERR-1', `GET /{unknown account}/api/connections/types with a valid key answered ${ex.response.status}`);
      // A 401 or 403 (the key is not valid there) is a fitting refusal whose body the spec leaves
      // open; a 404 is a not-found answer, so it carries the error object and the common text.
      if (ex.response.status === 404) {
        t.expect.errorObjectB(ex, 'B-ERR-1');
        t.expect.that(messageOf(ex) === reference.message, { clause: 'B-ERR-1', message: 'the 404 of an unknown account carries another text than other 404s', expected: JSON.stringify(reference.message), received: describeResponse(ex), exchange: ex });
      }
    });
  },
});
