import fc from 'fast-check';
import { expectVendorMediaType } from './lib/b-media-type.ts';
import { check } from './lib/registry.ts';
import { howToPermit } from './lib/permissions.ts';
import { giveKeyBackOnCleanup, keyName, regenerableKeys, regenerableSecondKey, type RegenerableKey } from './lib/regenerable-keys.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { keyProbes, keyWriteProbes } from './catalog/b-key-probes.ts';
import { bodyContext } from './catalog/b-requests.ts';
import { bEndpoint } from './catalog/b-endpoints.ts';
import { noteOnce } from './lib/notes.ts';
import { GONE, partReader } from './catalog/b-state.ts';
import { idOf, is2xx, isObject, recordIn, show, userIn } from './lib/answers.ts';
import { sshKeyBody } from './lib/factories/ssh-keys.ts';
import { stringifyWithBigIds } from './lib/big-ids.ts';
import { userPutBody } from './lib/factories/user.ts';
import { B_ACCEPT, bRootClient, interfaceClient } from './lib/clients.ts';
import { basicHeader, otherSchemeCases } from './lib/arbitraries/credentials.ts';
import { pathMover } from './lib/extension-paths.ts';
import { describeResponse } from './lib/expect.ts';
import { expectFormats } from './lib/formats.ts';
import { specReadRequests } from './catalog/b-exercise.ts';

/*
 * B-AUTH-2: `POST /user/tokens` replaces the caller's key. The check cannot undo that: after it,
 * the key it regenerated is dead, for the rest of the run and for whoever owns it. Hence:
 *  - it is declared `runsLast`: the registry orders it after every other check (also under
 *    --only), so every other check has already run with the configured keys when this one kills
 *    them (b-job/watch uses member_api_key too);
 *  - it touches nothing else and stores the new keys nowhere (reports redact them: `api_key` is a
 *    secret field), so on a real deployment the key's user must fetch a fresh one from the
 *    dashboard afterwards. That is why it runs on a real target only when the target document
 *    permits it: `rotate_api_key` for api_key's (account 1's owner's), `rotate_member_api_key`
 *    for member_api_key's, `rotate_second_api_key` for account 2's api_key, each its own consent
 *    since each kills another user's key (or DISCO_ALLOW_KEY_ROTATION=1 /
 *    DISCO_ALLOW_MEMBER_KEY_ROTATION=1 / DISCO_ALLOW_SECOND_KEY_ROTATION=1 for one run); on the simulator
 *    (a control API is present) it always runs, and gives each user its configured key back
 *    through the control API afterwards, so the same target file works for the next run.
 *
 * "The caller's key": a regeneration by the account's owner cannot tell a deployment that
 * replaces its caller's key from one that replaces the account's (its owner's) key. So where
 * member_api_key (another user of account 1) may be rotated, that user regenerates first: its old
 * key must stop working, the new one must be that user's, and api_key must still be the owner's.
 * Then, where permitted, the owner regenerates as before (a deployment could break only the
 * owner's path); where the owner's key may not be rotated, the member's rotation carries the
 * clause alone and api_key stays alive.
 *
 * Account 2's api_key is regenerated too, where permitted (twice, last): a deployment may retire
 * a replaced key in one account's store, shard or cache and not in another's, which account 1's
 * regenerations never show. The same judgements, with account 2's key on account 2's path.
 */


/** How long a replaced key may still authenticate: the document's `replaced_key_seconds`, else a minute (a gateway's authorizer cache). */
const DEFAULT_REPLACED_KEY_MS = 60_000;

function replacedKeyMs(target: CheckContext['target']): number {
  return target.interfaceB.replacedKeyMs ?? DEFAULT_REPLACED_KEY_MS;
}

/**
 * Asks with `key`, replaced at `replacedAt` (epoch ms), until it is refused or `graceMs` have
 * passed, more slowly as it goes (a quarter of a second, doubling, at most 5 s apart), and once
 * more at the end. The last answer; how long after the replacement the key was last seen working
 * (0 when never) and, once refused, when that answer came.
 */
async function untilRefused(t: CheckContext, send: () => Promise<Exchange>, replacedAt: number, graceMs: number): Promise<{ last: Exchange; workedMs: number; refusedMs?: number }> {
  const deadline = replacedAt + graceMs;
  let pause = 250;
  let workedMs = 0;
  for (;;) {
    const last = await send();
    const status = last.response.status;
    if (status < 200 || status >= 300) return { last, workedMs, refusedMs: Date.now() - replacedAt };
    workedMs = Date.now() - replacedAt;
    const left = deadline - Date.now();
    if (left <= 0) return { last, workedMs };
    await t.sleep(Math.min(pause, left));
    pause = Math.min(pause * 2, 5_000);
  }
}

/** A short time as people read it: milliseconds below a second. */
function shownMs(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`;
}

function newKeyOf(t: CheckContext, ex: Exchange, oldKeys: Set<string>): string {
  t.expect.status(ex, 200, 'B-AUTH-2', `POST /user/tokens answered ${ex.response.status}; the spec table gives 200 and the user`);
  const body = t.expect.json(ex, 'B-AUTH-2');
  const apiKey = body && typeof body === 'object' ? (body as Record<string, unknown>).api_key : undefined;
  t.expect.that(typeof apiKey === 'string' && apiKey.length > 0, {
    clause: 'B-AUTH-2',
    message: 'POST /user/tokens did not return the user with a new api_key',
    expected: 'a user object whose api_key is a non-empty string',
    received: `api_key is ${apiKey === undefined ? 'missing' : typeof apiKey}`,
    exchange: ex,
  });
  const key = apiKey as string;
  t.expect.that(!oldKeys.has(key), { clause: 'B-AUTH-2', message: 'POST /user/tokens returned a key that was already in use', expected: 'a new key', received: 'a previous key', exchange: ex });
  return key;
}

/** Account 1's client with the live key, as the catalog's part readers take it. */
type LiveView = Pick<CheckContext, 'b' | 'target'>;

/**
 * Sends the harmless writes of `keyWriteProbes` with the replaced key `old`: each must be refused
 * (4xx) and change nothing the catalog says it touches, read back with the live key before and
 * after (a part that cannot be read is added to `unreadable`). What one made anyway is deleted with
 * the key live at cleanup time (`live`): the key configured for the account is dead by then. A
 * write that went through while the key was within the grace the target document allows
 * (`graceMs` after `replacedAt`, interface_b.replaced_key_seconds: a cache of the write routes may
 * keep it that long, as the reads are polled for that long) is noted, and sent again once the
 * grace has passed, then judged.
 */
async function expectWritesRefused(t: CheckContext, old: string, account: 0 | 1, user: Record<string, unknown> | undefined, view: LiveView, live: () => string, unreadable: Set<string>, replacedAt: number, graceMs: number): Promise<void> {
  for (const probe of keyWriteProbes(bodyContext(t, account), user)) {
    for (let attempt = 0; ; attempt++) {
      const readers = (probe.endpoint.touches ?? []).map((part) => ({ part, read: partReader(view, account, part) }));
      const before = new Map<string, string>();
      for (const { part, read } of readers) {
        const value = await read?.();
        if (value === undefined || value === GONE) unreadable.add(part);
        else before.set(part, value);
      }
      const sentAt = Date.now();
      const ex = await probe.send(t.bWithKey(old, account));
      const made = idOf(ex);
      if (is2xx(ex) && made !== undefined && probe.remove) {
        const path = probe.remove(made);
        t.cleanup(`delete what ${probe.endpoint.key} made with a replaced key (DELETE ${path}, with the live key)`, async () => {
          const removed = await t.bWithKey(live(), account).delete(path);
          if (!is2xx(removed)) throw new Error(`DELETE ${path} answered ${removed.response.status}; it is still there`);
        });
      }
      if (attempt === 0 && (await lingeredWithinGrace(t, ex, sentAt, replacedAt, graceMs, { key: `write ${probe.endpoint.key}`, what: probe.endpoint.key, resent: 'sent again' }))) continue;
      t.expect.status(ex, '4xx', 'B-AUTH-2', `the key replaced by POST /user/tokens was refused on reads but not on writes: ${probe.endpoint.key} with it answered ${ex.response.status}${afterGrace(replacedAt, graceMs)}`);
      for (const { part, read } of readers) {
        const was = before.get(part);
        if (was === undefined) continue;
        const now = await read?.();
        if (now === undefined) {
          unreadable.add(part);
          continue;
        }
        t.expect.that(now === was, { clause: 'B-AUTH-2', message: `${probe.endpoint.key} with the key replaced by POST /user/tokens was refused, and yet the account's ${part} changed`, expected: was, received: now });
      }
      break;
    }
  }
}

/** Where the target document's grace for a replaced key comes from, for a message. */
function graceSource(t: CheckContext): string {
  return `interface_b.replaced_key_seconds${t.target.interfaceB.replacedKeyMs === undefined ? ', default' : ''}`;
}

/**
 * Whether `ex`, sent with the replaced key at `sentAt` (epoch ms), went through within the grace
 * the target document allows (`graceMs` after `replacedAt`): if so it is noted (once a check,
 * under `note.key`) and the rest of the grace is waited out, for the caller to send it again
 * (`note.resent`) and judge that.
 */
async function lingeredWithinGrace(t: CheckContext, ex: Exchange, sentAt: number, replacedAt: number, graceMs: number, note: { key: string; what: string; resent: string }): Promise<boolean> {
  if (!is2xx(ex) || sentAt - replacedAt >= graceMs) return false;
  noteOnce(t, note.key, `${note.what} with the key replaced by POST /user/tokens went through ${shownMs(sentAt - replacedAt)} after the regeneration, within the ${graceMs / 1000} s the target document allows (${graceSource(t)}): ${note.resent} once that time had passed`);
  await t.sleep(Math.max(0, replacedAt + graceMs - Date.now()));
  return true;
}

/** How long after the regeneration a replaced key went through, where the document allows a grace: for a failure's message. */
function afterGrace(replacedAt: number, graceMs: number): string {
  return graceMs > 0 ? `, ${shownMs(Date.now() - replacedAt)} after the regeneration (the target document allows ${graceMs / 1000} s)` : '';
}

/**
 * `send` with a key replaced at `replacedAt`, for a request judged by one answer: where it still
 * went through (`worked`) within the grace the target document allows (`graceMs`: a grant cache
 * may keep the key that long on any route, per route or per node), the rest of the grace is
 * waited out and it is sent again, for the caller to judge that answer.
 */
async function answerPastGrace(t: CheckContext, send: () => Promise<Exchange>, worked: (ex: Exchange) => boolean, replacedAt: number, graceMs: number): Promise<Exchange> {
  const sentAt = Date.now();
  const ex = await send();
  if (!worked(ex) || sentAt - replacedAt >= graceMs) return ex;
  await t.sleep(Math.max(0, replacedAt + graceMs - Date.now()));
  return send();
}

/**
 * A DELETE with the replaced key `old`: the key must be refused on the removals too, which a
 * deployment may authorize apart from the reads and the other writes (a grant cache kept for the
 * destructive actions). A hook made for it with the live key (POST /hooks, an inactive one: the
 * spec's write, harmless) is sent DELETE /hooks/{id} (an extension) with the replaced key: the
 * answer must be a refusal, and the hook must still read back with the live key (GET
 * /hooks/{id}). A refused one is then sent with the live key (the cleanup's DELETE, sent now as
 * the positive control): a target that does not serve the DELETE refuses every key, which shows
 * nothing, and is noted (once). A DELETE that went
 * through while the key was within the grace the target document allows (`graceMs` after
 * `replacedAt`, interface_b.replaced_key_seconds: a grant cache of the removals may keep it that
 * long, as the reads are polled for that long) is noted, and the case is sent again on another
 * hook once the grace has passed, then judged.
 */
async function expectDeleteRefused(t: CheckContext, old: string, account: 0 | 1, live: () => string, replacedAt: number, graceMs: number): Promise<void> {
  let sent = await deleteHookWithReplaced(t, old, account, live);
  if (sent === undefined) return;
  if (await lingeredWithinGrace(t, sent.ex, sent.sentAt, replacedAt, graceMs, { key: 'delete', what: `DELETE ${sent.path} (a hook the live key made)`, resent: 'sent again on another hook' })) {
    sent = await deleteHookWithReplaced(t, old, account, live);
    if (sent === undefined) return;
  }
  const { ex, path } = sent;
  t.expect.status(ex, '4xx', 'B-AUTH-2', `the key replaced by POST /user/tokens was refused on reads but not on a removal: DELETE ${path} (a hook the live key made) with it answered ${ex.response.status}${afterGrace(replacedAt, graceMs)}`);
  if (!is2xx(ex)) {
    // The positive control, the cleanup's DELETE sent now: a target that serves no DELETE
    // /hooks/{id} (an extension) refuses every key, so the refusal above showed nothing there.
    const removed = await sent.removeLive();
    if (!is2xx(removed)) {
      noteOnce(t, 'no delete', `DELETE ${path} with the live key answered ${removed.response.status}: this target may not serve DELETE /hooks/{id} (an extension), so whether a replaced key is refused on a removal was not seen`);
    }
    return;
  }
  const after = await t.bWithKey(live(), account).get(path);
  t.expect.that(is2xx(after), { clause: 'B-AUTH-2', message: `DELETE ${path} with the key replaced by POST /user/tokens removed the hook: GET ${path} with the live key answered ${after.response.status}`, expected: 'the hook still there (a 2xx)', received: describeResponse(after), exchange: after });
}

/**
 * A hook made with the live key, sent DELETE with the replaced key `old`; undefined, noted, where
 * no hook was made. `removeLive` sends the DELETE with the live key (the cleanup's, which then
 * sends none where that was a 2xx); otherwise the cleanup deletes it with the key live then.
 */
async function deleteHookWithReplaced(t: CheckContext, old: string, account: 0 | 1, live: () => string): Promise<{ ex: Exchange; path: string; sentAt: number; removeLive: () => Promise<Exchange> } | undefined> {
  const postHook = bEndpoint('POST /hooks');
  const made = await t.bWithKey(live(), account).post(postHook.path, { body: postHook.body?.(bodyContext(t, account)) });
  const id = idOf(made);
  if (!is2xx(made) || id === undefined) {
    t.note(`POST /hooks with the live key answered ${describeResponse(made)}${is2xx(made) ? " without the hook's id" : ''}, so no DELETE was sent with a replaced key`);
    return undefined;
  }
  const path = `/hooks/${id}`;
  let removed = false;
  t.cleanup(`delete hook ${id}, made to be deleted with a replaced key (DELETE ${path}, with the live key)`, async () => {
    if (removed) return;
    const answer = await t.bWithKey(live(), account).delete(path);
    if (!is2xx(answer) && answer.response.status !== 404 && answer.response.status !== 410) throw new Error(`DELETE ${path} answered ${answer.response.status}; it is still there`);
  });
  const removeLive = async (): Promise<Exchange> => {
    const answer = await t.bWithKey(live(), account).delete(path);
    removed = is2xx(answer);
    return answer;
  };
  const sentAt = Date.now();
  return { ex: await t.bWithKey(old, account).delete(path), path, sentAt, removeLive };
}

/**
 * The key's own user at the API's root, `GET {base_url}/user`, where the real service's docs give
 * it (gaps: a few calls outside `/{account_id}/api`; an extension a target may not serve). A
 * deployment may authorize its root calls apart (an authorizer of their own that remembers each
 * key it has granted), and one never told of a regeneration lets the replaced key on there.
 */
function rootUserRead(t: CheckContext, key: string): Promise<Exchange> {
  return bRootClient(t, key).get('/user');
}

/**
 * The same credentials as `Basic base64(<key>:)` spelt otherwise, as conformant clients may send
 * them: the scheme in other letter cases (RFC 9110 section 11.1: case-insensitive) and two spaces
 * after it (RFC 9110's `1*SP`). A deployment that reads them serves the live key under each; one
 * that authorizes through a cache keyed by the raw header may clear, at a regeneration, only the
 * spelling the regeneration was sent with.
 */
function otherSpellings(key: string): { header: string; shown: string }[] {
  const token = basicHeader(key).slice('Basic '.length);
  return [...otherSchemeCases('Basic').slice(0, 2).map((scheme) => ({ header: `${scheme} ${token}`, shown: `"${scheme} base64(<key>:)"` })), { header: `Basic  ${token}`, shown: '"Basic  base64(<key>:)" (two spaces after the scheme)' }];
}

/**
 * Says which other spellings the live key was refused under (`refused` of `sent`): the replaced
 * key's refusal under those shows nothing of B-AUTH-2, and under all of them the probe verified
 * nothing (the rest of the regeneration is judged as spelt by the spec).
 */
function noteSpellingsRefusedLive(t: CheckContext, refused: string[], sent: number): void {
  if (refused.length === 0) return;
  const which = refused.length === sent ? 'every other spelling of the credentials too' : 'some other spellings of the credentials too';
  t.note(`the live key was refused under ${which} (${refused.join(', ')}; GET /connections/types, before the regeneration): their refusal after the regeneration verified nothing`);
}

/** `account`'s client sending `authorization` as it is. */
function withAuthorization(t: CheckContext, account: 0 | 1, authorization: string) {
  return interfaceClient(t.http, t.b(account).base, { accept: B_ACCEPT, authorization }, pathMover(t.target.interfaceB.extensionPaths ?? {}));
}

/** Whose key a series of regenerations replaces: api_key's user (the owner) or member_api_key's (the field as messages name it). */
type Holder = RegenerableKey;

/** Answers to one regeneration, judged after the old key was: the member phase's identity checks. */
type AfterRegeneration = (next: string, regenerated: Exchange) => Promise<void>;

/**
 * Regenerates `holder`'s key `runs` times, each time from the live key: each answer must give a
 * new key that works, and the replaced key must be refused on reads and writes within the grace
 * the target document allows. A 403 to the first regeneration is returned (not judged) where
 * `roleMayRefuse` (which roles may call what on interface B is not shown). Returns whether the
 * regenerations were seen.
 */
async function regenerations(t: CheckContext, holder: Holder, runs: number, after?: AfterRegeneration, roleMayRefuse = false): Promise<{ refused?: Exchange }> {
  const { account } = holder;
  const name = keyName(holder);
  let current = holder.configured;
  const retired = new Set<string>([current]);
  // When each key was replaced (epoch ms), for the last look at the retired keys.
  const replacedAtOf = new Map<string, number>();
  const controlUrl = t.target.controlUrl;
  if (controlUrl) giveKeyBackOnCleanup(t, holder, controlUrl, () => current);

  // The user's values before any regeneration (GET /user, an extension), for the harmless PUT
  // /user after them; else the user a regeneration answers with.
  let profile = userIn(await t.bWithKey(current, account).get('/user'));
  const probes = keyProbes(t.target);
  // The key's account as the live key sees it, to read back what a write with the old key could change.
  const liveView: LiveView = { b: () => t.bWithKey(current, account), target: t.target };
  const unreadable = new Set<string>();
  const graceMs = replacedKeyMs(t.target);
  // The longest a replaced key was seen working, and when it was then refused.
  let lingered: { workedMs: number; refusedMs?: number } = { workedMs: 0 };
  let refused: Exchange | undefined;
  // Whether GET /user at the API's root (an extension) ever answered the live key.
  let rootSeen = false;
  // Whether the key was used under other spellings (`otherSpellings`) before a regeneration: once, the first.
  let spellingsSent = false;
  // The reads of the spec by id the fixtures name: the first the new key is served is tried with
  // each replaced key; why none showed anything, if so.
  const byIds = specReadRequests(t, account).filter((r) => r.endpoint.id !== undefined);
  let byIdUnserved: string | undefined;
  await t.property(`each regeneration with ${name} retires that key, within the grace the target allows`, fc.constantFrom(...probes.map((p) => p.label)), async (label) => {
    if (refused) return;
    const probe = probes.find((p) => p.label === label) ?? probes[0]!;
    // The key at the API's root first: the control that the root serves it, and the use an
    // authorizer there would remember.
    // Served means the API's answer, the key's user: a base URL that also hosts a dashboard may
    // answer GET /user there 200 with a page, to anyone, which says nothing of the key.
    const rootServed = userIn(await rootUserRead(t, current)) !== undefined;
    if (rootServed) rootSeen = true;
    // The live key under other spellings too, once, each on a read: the uses a cache keyed by the
    // raw header would remember (whether they are served is b-auth/basic-key-authenticates's to note).
    const spelt = spellingsSent ? [] : otherSpellings(current);
    spellingsSent = true;
    const refusedLive: string[] = [];
    for (const spelling of spelt) {
      const live = await withAuthorization(t, account, spelling.header).get('/connections/types');
      if (!is2xx(live)) refusedLive.push(`${spelling.shown} (${live.response.status})`);
    }
    noteSpellingsRefusedLive(t, refusedLive, spelt.length);
    const regenerated = await t.bWithKey(current, account).post('/user/tokens');
    if (roleMayRefuse && current === holder.configured && regenerated.response.status === 403) {
      refused = regenerated;
      return;
    }
    const replacedAt = Date.now();
    let next = newKeyOf(t, regenerated, retired);
    profile ??= userIn(regenerated);
    const old = current;
    replacedAtOf.set(old, replacedAt);
    // From here on the user's key is `next`, whatever the checks below find (shrinking
    // re-runs this predicate, and it must start from the live key).
    current = next;
    retired.add(next);
    // A write b-ver's media-type check cannot undo, so its label is looked at here, once the
    // live key is `next`: a failure re-runs this predicate from it.
    expectVendorMediaType(t, regenerated);
    // The user it answers is a resource of section 2 like any other (B-FMT-1): a rotation handler
    // that writes its answer apart from the user serializer may write its times otherwise. The
    // body is the user where newKeyOf read api_key, a user without a name yet (null) too.
    const answeredUser = userIn(regenerated) ?? (is2xx(regenerated) && isObject(regenerated.json) ? regenerated.json : undefined);
    if (answeredUser) expectFormats(t, regenerated, 'POST /user/tokens', answeredUser);
    if (graceMs > 0) {
      // A read, never the probe: while the old key still works, a regeneration sent with it
      // would replace `next` too.
      const polled = await untilRefused(t, () => t.bWithKey(old, account).get('/connections/types'), replacedAt, graceMs);
      if (polled.workedMs > lingered.workedMs) lingered = polled;
      const status = polled.last.response.status;
      const why =
        status >= 200 && status < 300
          ? `the ${name} replaced by POST /user/tokens still authenticated ${shownMs(polled.workedMs)} later (GET /connections/types answered ${status}); the target document allows ${graceMs / 1000} s (${graceSource(t)})`
          : `GET /connections/types with the ${name} replaced by POST /user/tokens answered ${status}, which is no refusal (4xx)`;
      t.expect.status(polled.last, '4xx', 'B-AUTH-2', why);
    }
    // The probe within the grace too: a grant cache kept per route (or per node) may keep the
    // replaced key on GET /invoices a moment after GET /connections/types refused it, so a probe
    // that still went through is noted and sent again once the grace has passed, then judged. A
    // regeneration taken so replaced the live key as well: the key it answered is the user's
    // live one from then on (and `next` a replaced key, with its own grace).
    const sendProbe = async (): Promise<Exchange> => {
      const ex = await probe.send(t.bWithKey(old, account));
      const newer = isObject(ex.json) ? ex.json.api_key : undefined;
      if (!probe.label.startsWith('GET ') && is2xx(ex) && typeof newer === 'string' && newer.length > 0 && !retired.has(newer)) {
        replacedAtOf.set(next, Date.now());
        next = newer;
        current = newer;
        retired.add(newer);
      }
      return ex;
    };
    const probeSentAt = Date.now();
    let oldAnswer = await sendProbe();
    if (await lingeredWithinGrace(t, oldAnswer, probeSentAt, replacedAt, graceMs, { key: 'probe', what: probe.label, resent: 'sent again' })) oldAnswer = await sendProbe();
    t.expect.status(oldAnswer, '4xx', 'B-AUTH-2', graceMs > 0 ? `the ${name} replaced by POST /user/tokens was refused by GET /connections/types but not by ${probe.label} (${oldAnswer.response.status})${afterGrace(replacedAt, graceMs)}` : `the ${name} replaced by POST /user/tokens still worked on the very next request (${probe.label} answered ${oldAnswer.response.status}); the target document promises it is refused at once (interface_b.replaced_key_seconds: 0)`);
    // A read of one record by its id (the first read of the spec by id the fixtures name that
    // the new key is served: a role may be refused some, which roles may call what not shown):
    // the probes name no id, and the reads by id may authorize apart (through a key history that
    // keeps replaced keys, say).
    const unservedById: string[] = [];
    for (const byId of byIds) {
      const options = byId.query ? { query: byId.query } : {};
      const control = await t.bWithKey(next, account).get(byId.path, options);
      if (!is2xx(control)) {
        unservedById.push(`GET ${byId.path} (${control.response.status})`);
        continue;
      }
      // Within the grace the target allows, as the other spellings: a read by id may go through a cache of its own.
      const { last: ex } = await untilRefused(t, () => t.bWithKey(old, account).get(byId.path, options), replacedAt, graceMs);
      t.expect.status(ex, '4xx', 'B-AUTH-2', `the ${name} replaced by POST /user/tokens still reads a record by its id: GET ${byId.path} with it answered ${ex.response.status}, as with the new key${graceMs > 0 ? `, ${graceMs / 1000} s after the regeneration (the grace the target document allows)` : ''}`);
      break;
    }
    if (byIds.length && unservedById.length === byIds.length) byIdUnserved = `the new ${name} was served none of the spec's reads by id the fixtures name (${unservedById.join(', ')})`;
    // The replaced key (`spelt` holds its headers) under the other spellings it was used with before: refused under every one.
    for (const spelling of spelt) {
      const polled = await untilRefused(t, () => withAuthorization(t, account, spelling.header).get('/connections/types'), replacedAt, graceMs);
      t.expect.status(polled.last, '4xx', 'B-AUTH-2', `the ${name} replaced by POST /user/tokens is refused as "Basic base64(<key>:)" but still authenticated as ${spelling.shown} ${shownMs(polled.workedMs)} after the regeneration (GET /connections/types answered ${polled.last.response.status}), a spelling it was used with before: a replaced key is refused however the credentials are spelt`);
    }
    if (rootServed) {
      // An authorizer of the root's own may keep the replaced key within the grace as any other.
      const atRoot = await answerPastGrace(t, () => rootUserRead(t, old), (ex) => userIn(ex) !== undefined, replacedAt, graceMs);
      t.expect.that(userIn(atRoot) === undefined, {
        clause: 'B-AUTH-2',
        message: `the ${name} replaced by POST /user/tokens is refused under the account's path but still authenticates at the API's root: GET /user there with it answered ${atRoot.response.status} with a user, as it did before the regeneration`,
        expected: 'a refusal (no user shown)',
        received: describeResponse(atRoot),
        exchange: atRoot,
      });
    }
    // Its body is not checked: the spec fixes error bodies for not-found answers only (the
    // refusal's error object is the B-GAP-2 convention, checked by b-auth/refusal-is-401).
    // Writes too, judged after the same waiting as the reads: a key refused on reads may still
    // write where the write routes authorize through a cache of their own.
    await expectWritesRefused(t, old, account, userIn(regenerated), liveView, () => current, unreadable, replacedAt, graceMs);
    // And a DELETE: a deployment may authorize its destructive routes apart again.
    await expectDeleteRefused(t, old, account, () => current, replacedAt, graceMs);
    const newAnswer = await t.bWithKey(next, account).get('/connections/types');
    t.expect.status(newAnswer, '2xx', 'B-AUTH-2', `the key POST /user/tokens returned for ${name} does not authenticate`);
    await after?.(next, regenerated);
  }, { runs });
  if (refused) return { refused };
  if (lingered.workedMs > 0) {
    const refusedAfter = lingered.refusedMs === undefined ? '' : ` and was refused ${shownMs(lingered.refusedMs)} after`;
    t.note(`a replaced ${name} still authenticated ${shownMs(lingered.workedMs)} after POST /user/tokens${refusedAfter} (within the ${graceMs / 1000} s the target document allows)`);
  }

  if (!byIds.length) t.note(`the fixtures name no id for a read of the spec, so that a replaced ${name} is refused on a read of one record by its id was not seen`);
  else if (byIdUnserved) t.note(`${byIdUnserved}, so the replaced ${name}'s refusal on a read by id was not judged`);
  if (!rootSeen) t.note(`GET /user at the API's root (${t.target.baseUrl ?? ''}/user, where the real service's docs give it; an extension) did not answer the live ${name}, so whether a replaced key is refused there too was not seen`);
  if (unreadable.size) t.note(`what the writes sent with a replaced ${name} could have changed (${[...unreadable].join(', ')}) could not be read back (an extension read not served, or a list not read whole): there their refusal alone was judged`);

  const updateUnseen = await harmlessUpdate(t, holder, current, profile);
  if (updateUnseen) t.note(`that a PUT /user after POST /user/tokens leaves the new ${name} working and the replaced ones refused was not seen: ${updateUnseen}`);
  const afterUpdate = updateUnseen ? '' : ' (after a PUT /user that sent the user its own values)';
  // Every key this check retired stays dead.
  // (The last one replaced may still be within its grace: a cache on another node than the one
  // that refused it may keep it that long.)
  for (const key of retired) {
    if (key === current) continue;
    const replacedAt = replacedAtOf.get(key) ?? 0;
    const ex = await answerPastGrace(t, () => t.bWithKey(key, account).get('/connections/types'), is2xx, replacedAt, graceMs);
    t.expect.status(ex, '4xx', 'B-AUTH-2', `a ${name} retired by POST /user/tokens authenticates again later${afterUpdate}`);
  }
  if (!controlUrl) t.note(`the ${name} in the target document is no longer valid after this check`);
  return {};
}

/**
 * After the regenerations, a PUT /user (an operation of the spec) with the live key `live` sending
 * the user its own values (`user`: as GET /user showed them before, else as a regeneration
 * answered), so nothing changes: the key POST /user/tokens returned must still authenticate, and
 * (the caller's loop) every replaced key stay refused. A deployment that saves the whole profile
 * row from a cache filled before the regeneration writes the replaced key back here; the
 * regenerations alone, with no PUT /user after, cannot show it. Nulls are left out (a PUT may
 * refuse them, and they restore nothing). Returns why it was not seen, or undefined.
 */
async function harmlessUpdate(t: CheckContext, holder: Holder, live: string, user: Record<string, unknown> | undefined): Promise<string | undefined> {
  const name = keyName(holder);
  if (!user) return 'neither GET /user (an extension) nor POST /user/tokens showed the user, whose own values it would send';
  const body = Object.fromEntries(Object.entries(userPutBody(user)).filter(([, value]) => value !== null));
  const ex = await t.bWithKey(live, holder.account).put('/user', { body });
  // Whether PUT /user takes them is b-user/update's to judge (B-USER-1); a role may be refused.
  if (!is2xx(ex)) return `PUT /user with the user's own values answered ${ex.response.status}`;
  const works = await t.bWithKey(live, holder.account).get('/connections/types');
  t.expect.status(works, '2xx', 'B-AUTH-2', `after a PUT /user that sent the user of ${name} its own values (answered ${ex.response.status}), the key POST /user/tokens returned no longer authenticates (GET /connections/types answered ${works.response.status}): the update wrote a replaced key back`);
  return undefined;
}

/** Who a key's user is, as GET /user (an extension) and the user objects of the answers name it. */
interface Who {
  id?: unknown;
  email?: string;
}

function whoIn(user: Record<string, unknown> | undefined): Who | undefined {
  if (!user) return undefined;
  const who: Who = { ...(user.id !== undefined && user.id !== null ? { id: user.id } : {}), ...(typeof user.email === 'string' ? { email: user.email } : {}) };
  return who.id === undefined && who.email === undefined ? undefined : who;
}

/** The same user: by id where both name one (ids compared as JSON values), else by email. */
function sameWho(a: Who, b: Who): boolean {
  if (a.id !== undefined && b.id !== undefined) return stringifyWithBigIds(a.id) === stringifyWithBigIds(b.id);
  return a.email !== undefined && b.email !== undefined && a.email.toLowerCase() === b.email.toLowerCase();
}

function shownWho(who: Who | undefined): string {
  if (!who) return 'no user';
  return who.id !== undefined ? `user ${stringifyWithBigIds(who.id) ?? '?'}` : `user ${who.email ?? '?'}`;
}

async function whoHolds(t: CheckContext, key: string): Promise<{ who?: Who; ex: Exchange }> {
  const ex = await t.bWithKey(key).get('/user');
  const who = whoIn(userIn(ex));
  return { ex, ...(who ? { who } : {}) };
}

/**
 * member_api_key's user regenerates its key (twice): on top of what every regeneration must show,
 * api_key must still authenticate, as the owner, and the new key must be the member's (GET /user,
 * an extension, and the regeneration's own user). What could not be seen, or undefined.
 */
async function memberRegenerates(t: CheckContext, memberKey: string): Promise<string | undefined> {
  const owner = await whoHolds(t, t.target.b[0]!.apiKey);
  const member = await whoHolds(t, memberKey);
  const alive = await t.bWithKey(memberKey).get('/connections/types');
  if (!is2xx(alive)) return `member_api_key did not authenticate before its regeneration (GET /connections/types answered ${alive.response.status})`;
  if (owner.who && member.who && sameWho(owner.who, member.who)) return `member_api_key is a key of api_key's user (${shownWho(owner.who)}), not of another user of the account`;
  const identityUnseen = !owner.who || !member.who;
  const { refused } = await regenerations(t, { field: 'member_api_key', account: 0, configured: memberKey }, 2, async (next, regenerated) => {
    // The owner's key is no business of the member's regeneration.
    const ownerAnswer = await t.b().get('/connections/types');
    t.expect.status(ownerAnswer, '2xx', 'B-AUTH-2', `after member_api_key's user regenerated its key (POST /user/tokens), api_key (another user's, the account owner's) no longer authenticates (GET /connections/types answered ${ownerAnswer.response.status}): the regeneration retired a key that was not its caller's`);
    if (owner.who) {
      const now = await whoHolds(t, t.target.b[0]!.apiKey);
      t.expect.that(now.who !== undefined && sameWho(now.who, owner.who), { clause: 'B-AUTH-2', message: "after member_api_key's user regenerated its key, api_key's GET /user no longer names the account owner", expected: shownWho(owner.who), received: shownWho(now.who), exchange: now.ex });
    }
    if (member.who) {
      const answered = whoIn(userIn(regenerated));
      if (answered) t.expect.that(sameWho(answered, member.who), { clause: 'B-AUTH-2', message: "POST /user/tokens with member_api_key answered another user than its caller", expected: shownWho(member.who), received: shownWho(answered), exchange: regenerated });
      const now = await whoHolds(t, next);
      t.expect.that(now.who !== undefined && sameWho(now.who, member.who), { clause: 'B-AUTH-2', message: "the key POST /user/tokens returned to member_api_key's user is not that user's (its GET /user names another user, or none)", expected: shownWho(member.who), received: shownWho(now.who), exchange: now.ex });
    }
  }, true);
  if (refused) return `POST /user/tokens with member_api_key answered ${refused.response.status} (which roles may call what on interface B is not shown), so a regeneration by another user than the owner was not seen`;
  if (identityUnseen) t.note("GET /user (an extension) did not name api_key's and member_api_key's users: that each key is still its user's after the member's regeneration was judged by the keys working and refused alone");
  return undefined;
}

/**
 * B-KEY-1 across a regeneration: an SSH key is its user's, not the key's that added it, so an SSH
 * key `holder`'s user added before POST /user/tokens is returned after it by GET /user/keys/{id}
 * with the new key (a deployment that files SSH keys under the API key that added them, the audit
 * row's actor, answers 404 while still listing the key). Added with the configured key before the
 * first regeneration; read by its id with each new key (the returned reading); deleted on cleanup
 * with the key live then, else the configured one (once the control API gave it back). Where no
 * key could be added, a note and no reading: b-user/ssh-key judges the creation itself.
 */
async function sshKeyAcrossRegenerations(t: CheckContext, holder: Holder): Promise<AfterRegeneration | undefined> {
  const name = t.name('rotated-user-key');
  const created = await t.bWithKey(holder.configured).post('/user/keys', { body: sshKeyBody(name) });
  const id = idOf(created);
  if (!is2xx(created) || id === undefined) {
    t.note(`POST /user/keys with ${holder.field} answered ${describeResponse(created)}${is2xx(created) ? ' without the new key\'s id' : ''}, so an SSH key added before POST /user/tokens was not read after it`);
    return undefined;
  }
  const fingerprint = recordIn(created.json)?.fingerprint;
  let live = holder.configured;
  t.cleanup(`delete SSH key ${id} of ${holder.field}'s user, added before its key was regenerated`, async () => {
    for (const key of new Set([live, holder.configured])) {
      const ex = await t.bWithKey(key).delete(`/user/keys/${id}`);
      if (is2xx(ex) || ex.response.status === 404 || ex.response.status === 410) return;
    }
    throw new Error(`DELETE /user/keys/${id} was not taken with the live key nor the configured one; it is still there`);
  });
  return async (next) => {
    live = next;
    const read = await t.bWithKey(next).get(`/user/keys/${id}`);
    t.expect.status(read, '2xx', 'B-KEY-1', `GET /user/keys/${id} with the key POST /user/tokens gave ${holder.field}'s user, of the SSH key that user added before the regeneration, answered ${read.response.status}${read.response.status === 404 ? ': the SSH key was filed under the API key that added it, not under its user' : ''}`);
    if (!is2xx(read)) return;
    const again = recordIn(read.json);
    t.expect.that(again !== undefined && again.id === id && again.name === name && (fingerprint === undefined || again.fingerprint === fingerprint), {
      clause: 'B-KEY-1',
      message: `GET /user/keys/${id} with the key POST /user/tokens gave ${holder.field}'s user does not return the SSH key that user added before the regeneration`,
      expected: `id ${id}, name ${show(name)}${fingerprint === undefined ? '' : `, fingerprint ${show(fingerprint)}`}`,
      received: again ? `id ${show(again.id)}, name ${show(again.name)}, fingerprint ${show(again.fingerprint)}` : describeResponse(read),
      exchange: read,
    });
  };
}

check({
  id: 'b-auth/regenerated-key-replaces-old',
  clauses: ['B-AUTH-2'],
  supports: ['B-VER-2', 'B-KEY-1', 'B-FMT-1'],
  title: "B-AUTH-2: POST /user/tokens answers 200 with a new api_key (the user it answers with UTC ISO 8601 timestamps and integer ids, B-FMT-1); the new key works and the old one stops authenticating, on every endpoint (a read of one record by its id and a removal, DELETE /hooks/{id} of a hook the live key made, among them) and under every spelling of the credentials it was used with before (the scheme as `basic` and `BASIC`, two spaces after it), in account 1 and in account 2 (its api_key, where the target document lets it be regenerated), within the time the target document allows (replaced_key_seconds, default 60 s; the simulator's 0: the very next request); for member_api_key's user (another user of the account) the key replaced is its own, not the owner's and stays so after a PUT /user that sends the user its own values; an SSH key api_key's user added before is returned by GET /user/keys/{key_id} with each new key (B-KEY-1) (runs last: it kills the keys it regenerates)",
  needs: ['b', 'write'],
  runsLast: true,
  async run(t) {
    const account = t.target.b[0];
    if (!account) return t.skip('the target has no interface B account 1');
    const keys = regenerableKeys(t);
    const owner = keys.find((k) => k.field === 'api_key');
    const member = keys.find((k) => k.field === 'member_api_key');
    const second = regenerableSecondKey(t);
    const memberKey = account.memberApiKey;
    if (!owner && !member && !second) {
      t.skip(
        `regenerating a key kills it (the new key is redacted from the report, so its user must fetch a fresh one from the dashboard); ${howToPermit('rotate_api_key')}${memberKey !== undefined ? `; or, to regenerate member_api_key's instead and leave api_key alive, ${howToPermit('rotate_member_api_key')}` : ''}${t.target.b[1] ? `; or, to regenerate account 2's api_key, ${howToPermit('rotate_second_api_key')}` : ''}`,
      );
    }

    // The member first: its checks read api_key as the owner's live key.
    const memberUnseen = member
      ? await memberRegenerates(t, member.configured)
      : memberKey === undefined
        ? 'no member_api_key is given (a key of another user of account 1)'
        : `member_api_key may not be regenerated (${howToPermit('rotate_member_api_key')})`;
    // The SSH key is added only now, after the member's regenerations: what they judge reads api_key's account as before.
    if (owner) await regenerations(t, owner, 4, await sshKeyAcrossRegenerations(t, owner));
    // Account 2's key too: a deployment may retire a replaced key in one account's store (or
    // shard, or cache) and not another's, which account 1's regenerations never show.
    if (second) await regenerations(t, second, 2);
    else t.note(t.target.b[1] ? `account 2's api_key may not be regenerated (${howToPermit('rotate_second_api_key')}), so that a regeneration in another account than account 1 retires the replaced key was not seen` : "the target document names one account, so a regeneration in another account than account 1 was not seen");

    if (memberUnseen === undefined) return;
    if (owner) t.note(`the regeneration was seen for api_key's user, the account's owner, only: that it replaces its caller's key and not the owner's was not seen, since ${memberUnseen}`);
    else if (second) t.note(`in account 1 no regeneration was seen: api_key may not be regenerated (${howToPermit('rotate_api_key')}), and ${memberUnseen}; account 2's api_key was`);
    else t.partial('B-AUTH-2', `no regeneration was seen: api_key may not be regenerated (${howToPermit('rotate_api_key')}), and ${memberUnseen}`);
  },
});

/** How long after its regeneration a replaced key is tried again, on the control API's clock: past an hour's deny-list entry, past a day's. */
const DAYS_LATER_MS = 2 * 86_400_000;

check({
  id: 'b-auth/replaced-key-refused-days-later',
  clauses: ['B-AUTH-2'],
  title: "B-AUTH-2: a key POST /user/tokens replaced is still refused two days later (simulator clock), not only at once: a revocation kept on a deny-list whose entries expire lets it in again; the new key still works then (runs last, where the control API moves the clock and gives api_key's user its configured key back)",
  // The clock: real time cannot wait two days, so only where the control API shows the target is
  // the simulator (b-auth/regenerated-key-replaces-old judges the replacement itself everywhere).
  needs: ['b', 'write', 'control'],
  runsLast: true,
  async run(t) {
    const controlUrl = t.target.controlUrl;
    const owner = regenerableKeys(t).find((k) => k.field === 'api_key');
    if (!controlUrl || !owner) return t.skip('api_key may not be regenerated on this target');
    let current = owner.configured;
    giveKeyBackOnCleanup(t, owner, controlUrl, () => current);
    const regenerated = await t.bWithKey(current).post('/user/tokens');
    const replacedAt = Date.now();
    const next = newKeyOf(t, regenerated, new Set([current]));
    const old = current;
    current = next;
    // A gateway's authorizer cache may let the replaced key through for the grace the target
    // document allows, in real time, which moving the clock does not shorten: it is first seen
    // refused (b-auth/regenerated-key-replaces-old judges that wait), and only then judged later.
    const graceMs = replacedKeyMs(t.target);
    const first = graceMs > 0 ? (await untilRefused(t, () => t.bWithKey(old).get('/connections/types'), replacedAt, graceMs)).last : undefined;
    if (first && is2xx(first)) return t.skip(`api_key, replaced by POST /user/tokens, still authenticated after the ${graceMs / 1000} s the target document allows (b-auth/regenerated-key-replaces-old judges that), so whether it stays refused was not seen`);
    await t.advanceClock(DAYS_LATER_MS);
    const later = await t.bWithKey(old).get('/connections/types');
    t.expect.status(later, '4xx', 'B-AUTH-2', `api_key, replaced by POST /user/tokens, authenticates again ${DAYS_LATER_MS / 86_400_000} days later (simulator clock; GET /connections/types answered ${later.response.status}): a replaced key stays refused, not for a while`);
    const works = await t.bWithKey(next).get('/connections/types');
    t.expect.status(works, '2xx', 'B-AUTH-2', `the key POST /user/tokens returned for api_key no longer authenticates ${DAYS_LATER_MS / 86_400_000} days later (simulator clock; GET /connections/types answered ${works.response.status})`);
  },
});
