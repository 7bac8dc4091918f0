import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { jsonOfBody } from './lib/big-ids.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { ASTRAL_NAME, HOOK_EVENTS, MADE_UP_HOOK_EVENT, UNREACHABLE_HOOK_HOST, anyWebHookBody, declaredHookBody, hookBodiesByType } from './lib/arbitraries/resources.ts';
import { idOf, integerId, is2xx, isObject, objectBody, pageListing, routeMissing, sameJson, show, whyNotWhole, type JsonObject } from './lib/answers.ts';
import { listCatalog } from './catalog/b-lists.ts';
import { secretDifference, secretDifferences, settingsReflect } from './lib/masked-secrets.ts';
import { extensionPaging } from './lib/paging.ts';
import { deleteHookOnCleanup, inactiveHookBody, makeHook, tryMakeHook } from './lib/factories/hooks.ts';
import { setupFailed } from './lib/factories/setup.ts';
import { uniqueName } from './lib/unique-names.ts';
import { CHANGE_BOOKKEEPING } from './lib/comparison.ts';
import { utcDateTimeMs } from './lib/dates.ts';
import { stopJobOnCleanup } from './lib/factories/jobs.ts';
import { listenForDeliveries } from './lib/hook-listener.ts';
import { jobEndMs, jobTimingHint } from './lib/job-timing.ts';
import { ENDED_STATUSES } from './lib/job-statuses.ts';

interface CreatedHook {
  id: number;
  ex: Exchange;
  body: JsonObject;
}

/**
 * POST /hooks that must succeed (B-HOOK-1); the hook is deleted on cleanup. Hook types, settings
 * and event kinds are not shown in the spec. `words` says whose `sent` speaks: the target
 * document's own hooks (`interface_b.hook` or `hooks`), which the target must take; or the real service's
 * (docs/interface-b.md), where outside the simulator profile a 4xx means this target's words
 * differ, so the check is skipped as a failed setup rather than failed. `posted`: the POST already
 * sent with `sent`, to judge instead of sending another.
 */
async function createHook(t: CheckContext, sent: JsonObject, words: HookWords, posted?: Exchange): Promise<CreatedHook> {
  const ex = posted ?? (await t.b().post('/hooks', { body: sent }));
  if (is2xx(ex) && isObject(ex.json) && typeof ex.json.id === 'number') deleteHookOnCleanup(t, ex.json.id);
  if (words === 'real-service' && t.profile !== 'simulator' && ex.response.status >= 400 && ex.response.status < 500) {
    const hint = t.target.interfaceB.hooks ? '' : '; give its own hooks as interface_b.hooks (or one as interface_b.hook) in the target document';
    t.skip(`setup failed: POST /hooks with a ${String(sent.type)} hook answered ${ex.response.status}; hook types, settings and event kinds are not shown in the spec, and this target's differ from the real service's (docs/interface-b.md)${hint}`);
  }
  t.expect.status(ex, '2xx', 'B-HOOK-1', `POST /hooks with a valid hook answered ${ex.response.status}`);
  const body = objectBody(t, ex, 'B-HOOK-1', 'POST /hooks');
  const id = integerId(t, ex, body, 'B-HOOK-1', 'POST /hooks');
  return { id, ex, body };
}

/** Whose words a hook body speaks: the target document's (`interface_b.hook` or `hooks`) or the real service's. */
type HookWords = 'declared' | 'real-service';

/** Hook bodies of one kind: one declared hook, or one type of the real service's. */
interface HookKind {
  label: string;
  bodies: fc.Arbitrary<JsonObject>;
  /** How often a case draws this kind, against the others' (1 unless said). */
  weight?: number;
}

/**
 * The target document's hooks where it gives them, each subscribed to some of its events, active
 * or not (the document promises their settings deliver nowhere): one kind per declared hook. Else
 * the real service's: hooks of every type on a simulator; elsewhere web hooks only, active or not,
 * addressed to a host that never resolves. Either way a reset that deactivates a hook shows on any
 * target.
 */
function hookKinds(t: CheckContext, name: string): { words: HookWords; kinds: HookKind[] } {
  const declared = t.target.interfaceB.hooks;
  if (declared) return { words: 'declared', kinds: declared.map((hook, i) => ({ label: declared.length > 1 ? `${hook.type} (interface_b.hooks[${i}])` : hook.type, bodies: declaredHookBody(hook, name, { mayBeActive: true }) })) };
  if (t.profile !== 'simulator') return { words: 'real-service', kinds: [{ label: 'web', bodies: anyWebHookBody(name) }] };
  const byType = hookBodiesByType(name, { mayBeActive: t.target.controlUrl !== undefined });
  // Web hooks thrice as often as each other type, as anyHookBody: their settings vary the most
  // (a port, a query, insecure_ssl), and what a deployment drops of them needs cases to show.
  return { words: 'real-service', kinds: Object.entries(byType).map(([type, bodies]) => ({ label: type, bodies, weight: type === 'web' ? 3 : 1 })) };
}

/**
 * `predicate` as a property over hooks of every kind: each case a hook of one kind, drawn by the
 * generator, and a kind no case drew gets one case of its own afterwards. So every declared type
 * is made (and reset) in every run, however few the cases: what a deployment does to one type
 * alone (a reset that re-salts only some types' hooks) cannot hide behind the draw. With cases
 * enough (25 draw all four kinds but about once in 300 runs) the extra cases cost nothing.
 */
async function propertyOverKinds(t: CheckContext, label: string, kinds: readonly HookKind[], predicate: (sent: JsonObject) => Promise<void>): Promise<void> {
  const drawn = new Set<number>();
  const tagged = fc.oneof(...kinds.map((kind, i) => ({ weight: kind.weight ?? 1, arbitrary: kind.bodies.map((sent) => ({ kind: i, sent })) })));
  await t.property(label, tagged, async ({ kind, sent }) => {
    drawn.add(kind);
    await predicate(sent);
  });
  for (const [i, kind] of kinds.entries()) if (!drawn.has(i)) await t.property(`${label}: a ${kind.label} hook`, kind.bodies, predicate, { runs: 1 });
}

async function readHook(t: CheckContext, id: number, clause: string): Promise<{ ex: Exchange; hook: JsonObject }> {
  const ex = await t.b().get(`/hooks/${id}`);
  t.expect.status(ex, '2xx', clause, `GET /hooks/${id} of the hook just created answered ${ex.response.status}`);
  return { ex, hook: objectBody(t, ex, clause, `GET /hooks/${id}`) };
}

/** Events compare as sets: the spec gives no meaning to their order. */
function sameEvents(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((e) => right.has(e));
}

/**
 * The hook read or answered holds what was sent. Its settings hold every one sent; a secret-named
 * one (a PagerDuty `service_key`) may be shown masked (`settingsReflect`): the spec names no
 * setting keys, and showing a secret masked is common (GitHub's webhook secret; the real service
 * leaves a web hook's `basic_auth_data` out), so it is noted, not failed. A failure tells how the
 * secret-named values differ (`secretDifferences`): shown redacted, both would read alike.
 */
function expectHookReflects(t: CheckContext, ex: Exchange, hook: JsonObject, sent: JsonObject, what: string): void {
  const settings = settingsReflect(hook.settings, sent.settings as JsonObject);
  const fields: [string, boolean][] = [
    ['type', hook.type === sent.type],
    ['name', hook.name === sent.name],
    ['active', hook.active === sent.active],
    ['settings', settings !== null],
    ['events', sameEvents(hook.events, sent.events)],
  ];
  for (const [field, ok] of fields) {
    const secrets = field === 'settings' && !ok ? secretDifferences(sent.settings, hook.settings) : [];
    const told = secrets.length ? ` (secret-named settings, shown redacted: ${secrets.join('; ')})` : '';
    t.expect.that(ok, { clause: 'B-HOOK-1', message: `${what}: the hook's ${field} is not what was sent${told}`, expected: show(sent[field]), received: `${show(hook[field])}${told}`, exchange: ex });
  }
  // Without `what` (the hook's id): one note for a check however many hooks it reads.
  if (settings?.masked.length) t.note(`the hook's ${settings.masked.map((k) => `settings.${k}`).join(', ')} shown masked (${settings.masked.map((k) => secretDifference((sent.settings as JsonObject)[k], (hook.settings as JsonObject)[k])).join('; ')}): a mask of the value sent, taken as it (the spec names no setting keys; a secret may be shown masked)`);
}

check({
  id: 'b-hook/create-read',
  clauses: ['B-HOOK-1'],
  supports: ['B-SCHEMA-1'],
  title: 'B-HOOK-1: POST /hooks creates a hook with type, name, settings, events and active; GET /hooks/{hook_id} returns it (also a hook created with member_api_key, where given and not refused, and one in account 2 with its api_key, where given and not refused, and one named with more than 64 characters, and one with characters beyond U+FFFF, and one holding &, < and >, each kept as sent or refused with a 4xx); a create refused for a made-up event kind (or the member\'s, refused) leaves no hook of its name in GET /hooks (an extension, where served); the first hook made still reads back once the check has made 51',
  needs: ['b', 'write'],
  async run(t) {
    const { words, kinds } = hookKinds(t, t.name('hook'));
    const made: MadeHooks = { count: 0 };
    await propertyOverKinds(t, 'a created hook reads back as sent', kinds, async (sent) => {
      const { id, ex, body } = await createHook(t, sent, words);
      made.first ??= { id, sent };
      made.count++;
      expectHookReflects(t, ex, body, sent, 'POST /hooks');
      t.expect.schema(ex, 'hook', 'B-SCHEMA-1');
      const read = await readHook(t, id, 'B-HOOK-1');
      expectHookReflects(t, read.ex, read.hook, sent, `GET /hooks/${id}`);
      t.expect.schema(read.ex, 'hook', 'B-SCHEMA-1');
    });
    await memberCreates(t);
    await secondAccountCreates(t);
    await longNameKept(t);
    await astralNameKept(t);
    await markupNameKept(t);
    await refusedCreateMakesNothing(t);
    await firstHookStays(t, made);
  },
});

/**
 * A hook named with more than 64 characters (a team's "what, where, who is paged" name): the
 * names the property sends stay shorter, and a store that keeps names in a VARCHAR(64) of a
 * non-strict database cuts a longer one silently, answering 201 with another name. The spec
 * fixes no length: a 4xx refusing the name is noted; a 2xx must answer, and read back, the name
 * as sent. An inactive hook (`inactiveHookBody`), deleted on cleanup.
 */
async function longNameKept(t: CheckContext): Promise<void> {
  const name = `${uniqueName(t, 'hook-long')} — Nightly finance export failures, EU warehouse and the Lisbon on-call rota`;
  await nameKept(t, name, `a name of ${[...name].length} characters`, 'length');
}

/**
 * A hook named with characters beyond U+FFFF (`ASTRAL_NAME`: an emoji ZWJ sequence, 𠮷): a store
 * whose name column holds only the Basic Multilingual Plane (MySQL's utf8mb3) keeps each as '?',
 * and the property's names seldom hold one. The spec fixes no character set: a 4xx is noted; a
 * 2xx must answer, and read back, the name as sent.
 */
async function astralNameKept(t: CheckContext): Promise<void> {
  await nameKept(t, `${uniqueName(t, 'hook')} ${ASTRAL_NAME}`, `a name holding characters beyond U+FFFF (${JSON.stringify(ASTRAL_NAME)})`, 'character set');
}

/**
 * A hook named with &, < and > (`R&D <EU> alerts`, a team's name as it writes it): a store that
 * escapes them as HTML on the way in (a sanitiser against the dashboard's XSS, where escaping
 * belongs to the output) answers and reads back `R&amp;D &lt;EU&gt;`, and the property's names
 * hold none of the three. The spec fixes no character set: a 4xx is noted; a 2xx must answer, and
 * read back, the name as sent.
 */
async function markupNameKept(t: CheckContext): Promise<void> {
  await nameKept(t, `${uniqueName(t, 'hook')} R&D <EU> alerts`, 'a name holding &, < and >', 'character set');
}

/**
 * POST /hooks of an inactive hook named `name` (`what` says how, `unfixed` what of a name the spec
 * leaves open): a 4xx refusing the name is noted; a 2xx must answer, and read back, the name as sent.
 */
async function nameKept(t: CheckContext, name: string, what: string, unfixed: string): Promise<void> {
  const sent = inactiveHookBody(t.target.interfaceB, name);
  const ex = await t.b().post('/hooks', { body: sent });
  const id = idOf(ex);
  if (is2xx(ex) && id !== undefined) deleteHookOnCleanup(t, id);
  if (ex.response.status >= 400 && ex.response.status < 500) return t.note(`POST /hooks with ${what} answered ${ex.response.status} (the spec fixes no ${unfixed}), so whether such a name is kept as sent was not seen`);
  t.expect.status(ex, '2xx', 'B-HOOK-1', `POST /hooks of an inactive hook with ${what} answered ${ex.response.status}: expected a 2xx with the hook, or a 4xx refusing the name`);
  const answered = objectBody(t, ex, 'B-HOOK-1', `POST /hooks with ${what}`);
  const hookId = integerId(t, ex, answered, 'B-HOOK-1', `POST /hooks with ${what}`);
  const cut = (got: unknown) => (typeof got === 'string' && got.length < name.length && name.startsWith(got) ? ` (${[...name].length} characters sent, its first ${[...got].length} kept)` : '');
  t.expect.that(answered.name === name, { clause: 'B-HOOK-1', message: `POST /hooks with ${what}: the hook's name is not the name sent${cut(answered.name)}`, expected: show(name), received: show(answered.name), exchange: ex });
  const read = await readHook(t, hookId, 'B-HOOK-1');
  t.expect.that(read.hook.name === name, { clause: 'B-HOOK-1', message: `GET /hooks/${hookId} of the hook created with ${what}: the name is not the one sent${cut(read.hook.name)}`, expected: show(name), received: show(read.hook.name), exchange: read.ex });
}

/** The hooks b-hook/create-read made: how many, and the first of them with what it was sent. */
interface MadeHooks {
  count: number;
  first?: { id: number; sent: JsonObject };
}

/** More hooks than a plan's quota of 50 would hold, all made by this check. */
const HOOKS_PAST_A_QUOTA = 51;

/**
 * The first hook the check made is still there once it has made `HOOKS_PAST_A_QUOTA` in all
 * (inactive hooks make up the count where the property made fewer): a hook answered 2xx stays
 * until it is deleted. Limits are not shown (B-GAP-6): a target may refuse a create past its quota
 * (a 4xx, noted), but one that keeps its quota by retiring its oldest hook, unasked, loses a hook
 * it created.
 */
async function firstHookStays(t: CheckContext, made: MadeHooks): Promise<void> {
  const { first } = made;
  if (!first) return;
  while (made.count < HOOKS_PAST_A_QUOTA) {
    const ex = await t.b().post('/hooks', { body: inactiveHookBody(t.target.interfaceB, t.name('hook-more')) });
    const id = idOf(ex);
    if (is2xx(ex) && id !== undefined) deleteHookOnCleanup(t, id);
    if (ex.response.status >= 400 && ex.response.status < 500) {
      t.note(`POST /hooks refused a hook (${ex.response.status}) once this check had made ${made.count} (a quota, it may be: limits are not shown)`);
      break;
    }
    t.expect.status(ex, '2xx', 'B-HOOK-1', `POST /hooks of an inactive hook, hook number ${made.count + 1} this check made, answered ${ex.response.status}`);
    if (!is2xx(ex)) return;
    made.count++;
  }
  const read = await t.b().get(`/hooks/${first.id}`);
  t.expect.status(read, '2xx', 'B-HOOK-1', `GET /hooks/${first.id} of the first hook this check made (answered 2xx, deleted by no request) answered ${read.response.status} once it had made ${made.count}`);
  if (is2xx(read)) expectHookReflects(t, read, objectBody(t, read, 'B-HOOK-1', `GET /hooks/${first.id}`), first.sent, `GET /hooks/${first.id} of the first hook this check made, once it had made ${made.count}`);
}

/**
 * A create refused for its events makes no hook: the target document's first hook (or the real
 * service's web hook), inactive, subscribed to its own event kinds and one no deployment has. Which
 * event kinds a target takes is not shown (B-GAP-4): one that takes the made-up kind is noted and
 * the hook deleted. Where it is refused (a 4xx), "POST /hooks creates a hook" did not happen, so no
 * hook of that name may be listed afterwards: a store that inserts the hook before it subscribes
 * its events, and refuses on the unknown one, leaves one behind.
 */
async function refusedCreateMakesNothing(t: CheckContext): Promise<void> {
  const base = inactiveHookBody(t.target.interfaceB, t.name('hook-refused'));
  const sent: JsonObject = { ...base, events: [...(Array.isArray(base.events) ? base.events : []), MADE_UP_HOOK_EVENT] };
  const ex = await t.b().post('/hooks', { body: sent });
  const made = idOf(ex);
  if (is2xx(ex) && made !== undefined) deleteHookOnCleanup(t, made);
  if (ex.response.status < 400 || ex.response.status >= 500) return t.note(`POST /hooks with the made-up event kind ${JSON.stringify(MADE_UP_HOOK_EVENT)} answered ${ex.response.status} (which event kinds a target takes is not shown): no refused create was seen, so whether one leaves a hook behind was not`);
  await expectNoHookNamed(t, [String(sent.name)], 'B-HOOK-1', `POST /hooks refused (${ex.response.status}) a hook subscribing to a made-up event kind`);
}

/**
 * No hook of these names is listed by GET /hooks (an extension: where it is not served, noted):
 * each was asked for by a create that was refused. A hook found is deleted on cleanup.
 */
async function expectNoHookNamed(t: CheckContext, names: readonly string[], clause: string, refused: string): Promise<void> {
  if (names.length === 0) return;
  const listed = await listCatalog(t.b(), t.target, '/hooks', 20);
  if (!listed) return t.note(`${refused}; GET /hooks (an extension) is not served here, so whether it left a hook behind was not seen`);
  const wanted = new Set(names);
  const left = listed.items.filter((item): item is JsonObject => isObject(item) && typeof item.name === 'string' && wanted.has(item.name));
  for (const hook of left) if (typeof hook.id === 'number') deleteHookOnCleanup(t, hook.id);
  t.expect.that(left.length === 0, {
    clause,
    message: `${refused}, yet GET /hooks lists a hook of the name it was sent with: a refused create made a hook`,
    expected: `no hook named ${names.map((n) => JSON.stringify(n)).join(', ')}`,
    received: left.map((h) => `hook ${String(h.id)} named ${JSON.stringify(h.name)}`).join(', '),
    exchange: pageListing(listed, (item) => isObject(item) && typeof item.name === 'string' && wanted.has(item.name)),
  });
  if (left.length === 0 && !listed.complete) t.partial(clause, `GET /hooks could not be read whole (${whyNotWhole(listed, extensionPaging(t.target))}), so whether the refused create left a hook further on was not seen`);
}

check({
  id: 'b-hook/recreate-after-delete',
  clauses: ['B-HOOK-1'],
  title: "B-HOOK-1: a hook created with the type and name of a hook deleted before (DELETE /hooks/{hook_id}, an extension, where served) has the settings and events posted, not the deleted hook's: in the answer and in GET /hooks/{hook_id}",
  needs: ['b', 'write'],
  async run(t) {
    const pair = recreatedPair(t, t.name('hook-again'));
    if (!pair) return t.skip('the target document declares one hook of each type, with one event kind: a hook of the same type and name with other settings or events cannot be made (declare a hook with two event kinds, or two hooks of one type with other settings)');
    const [first, second] = pair.bodies;
    // A deleted row a store keeps (soft deletion) may be found again by what it was made with.
    const made = await createHook(t, first, pair.words);
    const deleted = await t.b().delete(`/hooks/${made.id}`);
    if (routeMissing(deleted)) return t.note(`DELETE /hooks/${made.id} (an extension) answered ${deleted.response.status}: this target deletes no hooks, so no hook could be made again under a deleted one's type and name`);
    if (!is2xx(deleted)) t.skip(`DELETE /hooks/${made.id} (an extension) answered ${deleted.response.status}: no hook could be deleted, so none was made again under its type and name`);
    const again = await createHook(t, second, pair.words);
    expectHookReflects(t, again.ex, again.body, second, 'POST /hooks with the type and name of a deleted hook');
    const read = await readHook(t, again.id, 'B-HOOK-1');
    expectHookReflects(t, read.ex, read.hook, second, `GET /hooks/${again.id} of the hook made with the type and name of a deleted hook`);
  },
});

/**
 * Two hook bodies of one type and one name, with other settings or events (and active): the
 * target document's, where it declares a hook with two event kinds or two hooks of one type with
 * other settings (undefined where it declares neither); else the real service's web hook, to two
 * URLs of a host that never resolves, inactive.
 */
function recreatedPair(t: CheckContext, name: string): { words: HookWords; bodies: [JsonObject, JsonObject] } | undefined {
  const declared = t.target.interfaceB.hooks;
  if (!declared) {
    const web = (path: string, events: string[], active: boolean): JsonObject => ({ type: 'web', name, settings: { url: `https://${UNREACHABLE_HOOK_HOST}/disco/${path}` }, events, active });
    return { words: 'real-service', bodies: [web('recreated-one', ['job.completed'], false), web('recreated-two?again=1', ['job.failed', 'job.stopped'], false)] };
  }
  const body = (hook: (typeof declared)[number], events: string[], active: boolean): JsonObject => ({ type: hook.type, name, settings: structuredClone(hook.settings) as JsonObject, events, active });
  const twoEvents = declared.find((h) => h.events.length >= 2);
  if (twoEvents) return { words: 'declared', bodies: [body(twoEvents, twoEvents.events.slice(0, 1), false), body(twoEvents, twoEvents.events.slice(1), true)] };
  for (const a of declared) {
    const b = declared.find((h) => h.type === a.type && !sameJson(h.settings, a.settings));
    if (b) return { words: 'declared', bodies: [body(a, a.events, false), body(b, b.events, true)] };
  }
  return undefined;
}

/**
 * B-HOOK-1 in another account than account 1: "creates a hook ... returns it" holds in every
 * account, and the property makes account 1's hooks only. A deployment that stores some accounts'
 * hooks otherwise (a shard migrated apart, its events table missing) answers and reads back
 * another hook there. One inactive hook of account 2 (the target document's first hook, else the
 * real service's web hook to a reserved domain), made with account 2's api_key, answered and read
 * back as sent (deleted on cleanup). A refusal (a 4xx: a plan without hooks, say) is account 2's
 * choice and noted, as is a target document without a second account.
 */
async function secondAccountCreates(t: CheckContext): Promise<void> {
  if (!t.target.b[1]) return t.note('the target document gives no second account, so a hook made in another account than account 1 was not seen');
  const sent = inactiveHookBody(t.target.interfaceB, t.name('hook-account-2'));
  const ex = await t.b(1).post('/hooks', { body: sent });
  const made = idOf(ex);
  if (is2xx(ex) && made !== undefined) deleteHookOnCleanup(t, made, 1);
  if (ex.response.status >= 400 && ex.response.status < 500) return t.note(`POST /hooks with account 2's api_key answered ${ex.response.status}, so a hook made in another account than account 1 was not seen`);
  t.expect.status(ex, '2xx', 'B-HOOK-1', `POST /hooks with account 2's api_key answered ${ex.response.status}`);
  const body = objectBody(t, ex, 'B-HOOK-1', "POST /hooks with account 2's api_key");
  const id = integerId(t, ex, body, 'B-HOOK-1', "POST /hooks with account 2's api_key");
  expectHookReflects(t, ex, body, sent, "POST /hooks with account 2's api_key");
  const read = await t.b(1).get(`/hooks/${id}`);
  t.expect.status(read, '2xx', 'B-HOOK-1', `GET /hooks/${id} of the hook account 2 just created answered ${read.response.status}`);
  expectHookReflects(t, read, objectBody(t, read, 'B-HOOK-1', `GET /hooks/${id} of account 2`), sent, `GET /hooks/${id} of the hook account 2 created`);
}

/**
 * A hook made with member_api_key (another user of account 1, not its owner), where the target
 * document gives one: which roles may create hooks is not shown (section 5), so a refusal (a 4xx)
 * is noted; but a 2xx "creates a hook" with what was sent, active included, as for any caller.
 * It is made active (so a deployment that quietly stores a member's hook inactive shows): the
 * target document's first hook, whose settings it promises deliver nowhere, or the real service's
 * web hook to a reserved domain. Read back by its creator, or by api_key where the member may not read.
 */
async function memberCreates(t: CheckContext): Promise<void> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) return t.note('the target document gives no member_api_key (a key of a second user of account 1): hooks were created by api_key alone');
  const member = t.bWithKey(memberKey);
  const sent: JsonObject = { ...inactiveHookBody(t.target.interfaceB, t.name('hook-member')), active: true };
  const ex = await member.post('/hooks', { body: sent });
  const made = idOf(ex);
  if (is2xx(ex) && made !== undefined) deleteHookOnCleanup(t, made);
  if (ex.response.status >= 400 && ex.response.status < 500) {
    t.note(`POST /hooks with member_api_key answered ${ex.response.status} (which roles may create hooks is not shown): a hook made by a user other than the owner was not seen`);
    return expectNoHookNamed(t, [String(sent.name)], 'B-HOOK-1', `POST /hooks with member_api_key was refused (${ex.response.status})`);
  }
  t.expect.status(ex, '2xx', 'B-HOOK-1', `POST /hooks with member_api_key answered ${ex.response.status}`);
  const body = objectBody(t, ex, 'B-HOOK-1', 'POST /hooks with member_api_key');
  const id = integerId(t, ex, body, 'B-HOOK-1', 'POST /hooks with member_api_key');
  expectHookReflects(t, ex, body, sent, 'POST /hooks with member_api_key');
  const own = await member.get(`/hooks/${id}`);
  const read = own.response.status >= 400 && own.response.status < 500 ? await t.b().get(`/hooks/${id}`) : own;
  if (read !== own) t.note(`GET /hooks/${id} with member_api_key, its creator's key, answered ${own.response.status}: the hook was read with api_key`);
  t.expect.status(read, '2xx', 'B-HOOK-1', `GET /hooks/${id} of the hook member_api_key just created answered ${read.response.status}`);
  expectHookReflects(t, read, objectBody(t, read, 'B-HOOK-1', `GET /hooks/${id}`), sent, `GET /hooks/${id} of the hook member_api_key created`);
}

check({
  id: 'b-hook/reset-salt',
  clauses: ['B-HOOK-2'],
  title: 'B-HOOK-2: PUT /hooks/{hook_id}/reset returns the hook with a new salt, one it never had, each time it is reset (three times), and GET /hooks/{hook_id} shows it (also after a reset with member_api_key, where given and not refused, and of the member\'s own hook by api_key after it, and after one in account 2 with its api_key, where given: there too nothing else changes), and nothing else changes (a name with blanks around or inside it neither, nor one with characters beyond U+FFFF, nor what an update (PUT /hooks/{hook_id}, where served) changed before the reset; updated_at may move forward; in the simulator profile it stays too)',
  needs: ['b', 'write'],
  async run(t) {
    const unjudged = new Set<string>();
    const twinSalt = { movedAlone: false };
    const blanks: BlankNames = { tried: 0, kept: 0, refused: new Set(), changed: 0 };
    const updates: Updates = { served: true, updated: 0, activeAsked: 0, refused: new Set() };
    const { words, kinds } = hookKinds(t, t.name('hook'));
    const resetCase = async (drawn: JsonObject): Promise<void> => {
      const { id, sent } = await createBlankNamedHook(t, drawn, words, blanks);
      const named = await updateFirst(t, id, sent, updates);
      // A twin, made alike and never reset: what moves on it meanwhile moves by itself.
      const twin = await createHook(t, { ...sent, name: `${String(sent.name)}-twin` }, words);
      const twinBefore = await readHook(t, twin.id, 'B-HOOK-1');
      const before = await readHook(t, id, 'B-HOOK-1');
      if (hasBlanks(String(sent.name))) {
        if (before.hook.name === named) blanks.kept++;
        else blanks.changed++;
      }
      const ex = await t.b().put(`/hooks/${id}/reset`);
      t.expect.status(ex, '2xx', 'B-HOOK-2', `PUT /hooks/${id}/reset answered ${ex.response.status}`);
      const reset = objectBody(t, ex, 'B-HOOK-2', `PUT /hooks/${id}/reset`);
      t.expect.that(typeof reset.salt === 'string' && reset.salt !== '' && reset.salt !== before.hook.salt, {
        clause: 'B-HOOK-2',
        message: 'the reset did not return a new salt',
        expected: 'a salt string different from the one before',
        received: typeof reset.salt === 'string' ? (reset.salt === before.hook.salt ? 'the same salt as before' : show(reset.salt)) : show(reset.salt),
        exchange: ex,
      });
      // The new salt is the hook's from now on.
      const after = await readHook(t, id, 'B-HOOK-2');
      const twinAfter = await readHook(t, twin.id, 'B-HOOK-1');
      const movedAlone = movedFields(twinBefore.hook, twinAfter.hook);
      expectTwinKeepsSalt(t, id, twin, twinBefore.hook, twinAfter, twinSalt);
      expectUnchangedButSalt(t, ex, before.hook, reset, `PUT /hooks/${id}/reset`, movedAlone, unjudged, 'answer');
      t.expect.that(after.hook.salt === reset.salt, { clause: 'B-HOOK-2', message: `GET /hooks/${id} after the reset does not show the new salt`, expected: 'the salt the reset returned', received: after.hook.salt === before.hook.salt ? 'the old salt' : 'another salt', exchange: after.ex });
      expectUnchangedButSalt(t, after.ex, before.hook, after.hook, `GET /hooks/${id} after the reset`, movedAlone, unjudged, 'read');
      await expectFreshSaltEachReset(t, id, [
        { salt: before.hook.salt, what: 'the salt it had before its first reset' },
        { salt: reset.salt, what: 'the salt of its first reset' },
        { salt: twinAfter.hook.salt, what: `the salt of hook ${twin.id}, made alike and never reset` },
      ]);
    };
    await propertyOverKinds(t, 'reset changes the salt and only the salt', withBlankNames(kinds), resetCase);
    // One hook named beyond U+FFFF in every run (generated names seldom are): a reset that
    // re-saves the name through a store of the Basic Multilingual Plane alone changes it.
    const astralKind = kinds[0];
    if (astralKind) await t.property(`reset changes the salt and only the salt: a ${astralKind.label} hook named with characters beyond U+FFFF`, astralKind.bodies.map((sent) => ({ ...sent, name: `${String(sent.name)} ${ASTRAL_NAME}` })), resetCase, { runs: 1 });
    if (blanks.astralRefused !== undefined) t.note(`POST /hooks refused a hook name holding characters beyond U+FFFF (${blanks.astralRefused}); that hook was made without them, so a reset that loses such characters would not show`);
    // What the create does to such a name is B-HOOK-1's business: the reset is judged against the read before it.
    if (blanks.refused.size) t.note(`POST /hooks refused a hook name with blanks around it or a run of them inside (${[...blanks.refused].sort().join(', ')}); those hooks were made with the name trimmed`);
    if (blanks.changed) t.note(`POST /hooks stored ${blanks.changed} hook name(s) with blanks around or inside otherwise than sent (the reset is judged against the hook read before it)`);
    if (blanks.tried && !blanks.kept) t.note('no hook kept a name with blanks around or inside it (refused or changed at creation), so a reset that trims names would not show');
    if (!updates.served) t.note(`PUT /hooks/{hook_id} (an extension) is not served here (it answered ${[...updates.refused].join(', ')}): every hook was reset as created, so a reset that undoes an earlier update would not show`);
    else if (updates.refused.size) t.note(`PUT /hooks/{hook_id} (an extension) refused ${updates.refused.size === 1 ? 'an update' : 'updates'} (${[...updates.refused].sort().join(', ')}); those hooks were reset as created`);
    if (updates.served && updates.updated === 0) t.note('no hook was updated before its reset, so a reset that undoes an earlier update would not show');
    const memberUnseen = await memberResets(t);
    if (memberUnseen) t.note(`that a reset by another user of the account than its owner (member_api_key) stores the salt it answers was not seen: ${memberUnseen}`);
    await secondAccountResets(t);
    if (twinSalt.movedAlone) t.partial('B-HOOK-2', "the salt of a hook made alike moved before any reset (its creation answer and its first read differ), so whether a reset leaves other hooks' salts alone could not be told");
    for (const field of unjudged) {
      const reason = `the hook's ${field} also moved on a hook made alike and never reset, so whether the reset left it alone could not be told`;
      if ((SPEC_HOOK_FIELDS as readonly string[]).includes(field)) t.partial('B-HOOK-2', reason);
      else t.note(reason);
    }
  },
});

/**
 * B-HOOK-2 for a reset by another user of account 1 than the one api_key is (member_api_key): "replaces
 * the salt" holds whoever resets, so the salt the reset answers is the hook's afterwards. A
 * deployment that writes the re-salt only in the owner's session (another user's reset answered
 * from a copy) answers a new salt and keeps the old; the property resets with api_key alone. The
 * hook is the member's own where it may create one (else api_key's), inactive, deleted on cleanup.
 * Which roles may reset is not shown (section 5): a 4xx is noted. Read back with api_key (the hook
 * as stored) and with the member's key (its role's view, judged against itself where it read the
 * hook before). Returns why it was not seen, or undefined.
 */
async function memberResets(t: CheckContext): Promise<string | undefined> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) return 'it needs a key of a second user of account 1 (member_api_key in the target document)';
  const member = t.bWithKey(memberKey);
  const { id: ownId, created: own } = await tryMakeHook(t, 0, 'hook-member-reset', member);
  const id = ownId ?? (await makeHook(t, 0, 'hook-member-reset')).id;
  const whose = ownId !== undefined ? 'its own hook' : `a hook of api_key's (POST /hooks with member_api_key answered ${own.response.status})`;
  // Read by both: the member's view may be its role's (which roles see what is not shown,
  // section 5: a salt left out, settings' values masked), api_key's is the hook as stored.
  const reads = async (): Promise<{ admin: Exchange; member: Exchange }> => ({ admin: await t.b().get(`/hooks/${id}`), member: await member.get(`/hooks/${id}`) });
  const beforeReads = await reads();
  t.expect.status(beforeReads.admin, '2xx', 'B-HOOK-1', `GET /hooks/${id} of the hook just created answered ${beforeReads.admin.response.status}`);
  const before = objectBody(t, beforeReads.admin, 'B-HOOK-1', `GET /hooks/${id}`);
  const memberBefore = is2xx(beforeReads.member) && isObject(beforeReads.member.json) ? beforeReads.member.json : undefined;
  const ex = await member.put(`/hooks/${id}/reset`);
  if (ex.response.status >= 400 && ex.response.status < 500) return `PUT /hooks/${id}/reset with member_api_key, of ${whose}, answered ${ex.response.status} (which roles may reset a hook is not shown)`;
  t.expect.status(ex, '2xx', 'B-HOOK-2', `PUT /hooks/${id}/reset with member_api_key, of ${whose}, answered ${ex.response.status}`);
  const reset = objectBody(t, ex, 'B-HOOK-2', `PUT /hooks/${id}/reset with member_api_key`);
  t.expect.that(typeof reset.salt === 'string' && reset.salt !== '' && reset.salt !== before.salt, {
    clause: 'B-HOOK-2',
    message: `PUT /hooks/${id}/reset with member_api_key, of ${whose}, did not return a new salt`,
    expected: 'a salt string different from the one before',
    received: typeof reset.salt === 'string' ? (reset.salt === before.salt ? 'the same salt as before' : '(an empty salt)') : show(reset.salt),
    exchange: ex,
  });
  // The answer is the member's: a field may show as the member's read showed it, or as stored.
  const asShown = { ...memberBefore, ...before };
  for (const field of Object.keys(asShown)) if (memberBefore && Object.hasOwn(memberBefore, field) && Object.hasOwn(reset, field) && sameJson(reset[field], memberBefore[field])) asShown[field] = memberBefore[field];
  expectOnlySaltMoved(t, ex, asShown, reset, `PUT /hooks/${id}/reset with member_api_key (of ${whose})`, 'answer');
  const afterReads = await reads();
  const after = afterReads.admin;
  t.expect.status(after, '2xx', 'B-HOOK-2', `GET /hooks/${id} after its reset with member_api_key answered ${after.response.status}`);
  const afterHook = objectBody(t, after, 'B-HOOK-2', `GET /hooks/${id} after its reset with member_api_key`);
  expectOnlySaltMoved(t, after, before, afterHook, `GET /hooks/${id} after its reset with member_api_key (of ${whose})`, 'read');
  // Salts are secrets: which one shows is said, never its value.
  t.expect.that(afterHook.salt === reset.salt, { clause: 'B-HOOK-2', message: `GET /hooks/${id} after PUT /hooks/${id}/reset with member_api_key (of ${whose}) does not show the salt the reset returned: the reset was answered, not stored`, expected: 'the salt the reset returned', received: afterHook.salt === before.salt ? 'the old salt' : 'another salt', exchange: after });
  // The member's own view, where it read the hook: alike but for the salt, which it must show
  // anew where it showed the one stored before.
  const memberAfter = afterReads.member;
  if (memberBefore) {
    t.expect.status(memberAfter, '2xx', 'B-HOOK-2', `GET /hooks/${id} with member_api_key after its reset with member_api_key answered ${memberAfter.response.status}, though it read the hook before`);
    const memberAfterHook = objectBody(t, memberAfter, 'B-HOOK-2', `GET /hooks/${id} with member_api_key after its reset`);
    expectOnlySaltMoved(t, memberAfter, memberBefore, memberAfterHook, `GET /hooks/${id} with member_api_key after its reset with member_api_key (of ${whose})`, 'read');
    if (memberBefore.salt === before.salt) t.expect.that(memberAfterHook.salt === reset.salt, { clause: 'B-HOOK-2', message: `GET /hooks/${id} with member_api_key after its reset with member_api_key (of ${whose}) does not show the salt the reset returned`, expected: 'the salt the reset returned', received: memberAfterHook.salt === before.salt ? 'the old salt' : 'another salt', exchange: memberAfter });
  }
  if (ownId !== undefined) await adminResetsOthersHook(t, id, afterHook.salt);
  return undefined;
}

/**
 * The member's own hook (`id`, its salt now `current`) reset once more, by api_key's user: a
 * re-salt scoped to the caller's own hooks (WHERE user_id = caller) answers another user's reset
 * a new salt and keeps the old, while each user's resets of its own hooks, all the others here,
 * are stored. Read back with api_key. A refusal (which roles may reset whose hook is not shown) is
 * noted. Two requests.
 */
async function adminResetsOthersHook(t: CheckContext, id: number, current: unknown): Promise<void> {
  const what = `PUT /hooks/${id}/reset with api_key, of the hook member_api_key's user made`;
  const ex = await t.b().put(`/hooks/${id}/reset`);
  if (ex.response.status >= 400 && ex.response.status < 500) return t.note(`${what} answered ${ex.response.status} (which roles may reset whose hook is not shown), so a reset of a hook another user made was not seen`);
  t.expect.status(ex, '2xx', 'B-HOOK-2', `${what} answered ${ex.response.status}`);
  const reset = objectBody(t, ex, 'B-HOOK-2', what);
  t.expect.that(typeof reset.salt === 'string' && reset.salt !== '' && reset.salt !== current, {
    clause: 'B-HOOK-2',
    message: `${what} did not return a new salt`,
    expected: 'a salt string different from the one before',
    received: typeof reset.salt === 'string' ? (reset.salt === current ? 'the same salt as before' : '(an empty salt)') : show(reset.salt),
    exchange: ex,
  });
  const after = await t.b().get(`/hooks/${id}`);
  t.expect.status(after, '2xx', 'B-HOOK-2', `GET /hooks/${id} after ${what} answered ${after.response.status}`);
  const hook = objectBody(t, after, 'B-HOOK-2', `GET /hooks/${id} after ${what}`);
  // Salts are secrets: which one shows is said, never its value.
  t.expect.that(hook.salt === reset.salt, { clause: 'B-HOOK-2', message: `GET /hooks/${id} after ${what} does not show the salt the reset returned: the reset was answered, not stored`, expected: 'the salt the reset returned', received: hook.salt === current ? 'the old salt' : 'another salt', exchange: after });
}

/**
 * B-HOOK-2 in another account than account 1: "replaces the salt" holds in every account, and
 * the property resets account 1's hooks only. A deployment that writes the re-salt for some
 * accounts alone (a key store rolled out account by account) answers a new salt elsewhere and
 * keeps the old. One inactive hook of account 2, made, read, reset and read again with account
 * 2's api_key (deleted on cleanup); a target document without a second account is noted.
 */
async function secondAccountResets(t: CheckContext): Promise<void> {
  if (!t.target.b[1]) return t.note('the target document gives no second account, so a reset in another account than account 1 was not seen');
  // Not by makeHook: a refusal (a plan without hooks, 402, say) is account 2's choice and leaves
  // what account 1's resets showed standing, where a failed setup would end the check.
  const { id, created: made } = await tryMakeHook(t, 1, 'hook-account-2-reset');
  if (made.response.status >= 400 && made.response.status < 500) return t.note(`POST /hooks with account 2's api_key answered ${made.response.status}, so a reset in another account than account 1 was not seen`);
  if (id === undefined) setupFailed(t, 'create a hook with POST /hooks in account 2', made);
  const before = await t.b(1).get(`/hooks/${id}`);
  t.expect.status(before, '2xx', 'B-HOOK-1', `GET /hooks/${id} of the hook account 2 just created answered ${before.response.status}`);
  const beforeHook = objectBody(t, before, 'B-HOOK-1', `GET /hooks/${id} of account 2`);
  const old = beforeHook.salt;
  const ex = await t.b(1).put(`/hooks/${id}/reset`);
  t.expect.status(ex, '2xx', 'B-HOOK-2', `PUT /hooks/${id}/reset of account 2's hook with its api_key answered ${ex.response.status}`);
  const reset = objectBody(t, ex, 'B-HOOK-2', `PUT /hooks/${id}/reset of account 2`);
  t.expect.that(typeof reset.salt === 'string' && reset.salt !== '' && reset.salt !== old, {
    clause: 'B-HOOK-2',
    message: `PUT /hooks/${id}/reset of account 2's hook did not return a new salt`,
    expected: 'a salt string different from the one before',
    received: typeof reset.salt === 'string' ? (reset.salt === old ? 'the same salt as before' : '(an empty salt)') : show(reset.salt),
    exchange: ex,
  });
  expectOnlySaltMoved(t, ex, beforeHook, reset, `PUT /hooks/${id}/reset of account 2's hook`, 'answer');
  const after = await t.b(1).get(`/hooks/${id}`);
  t.expect.status(after, '2xx', 'B-HOOK-2', `GET /hooks/${id} of account 2 after its reset answered ${after.response.status}`);
  const afterHook = objectBody(t, after, 'B-HOOK-2', `GET /hooks/${id} of account 2 after its reset`);
  expectOnlySaltMoved(t, after, beforeHook, afterHook, `GET /hooks/${id} of account 2 after its reset`, 'read');
  const { salt } = afterHook;
  // Salts are secrets: which one shows is said, never its value.
  t.expect.that(salt === reset.salt, { clause: 'B-HOOK-2', message: `GET /hooks/${id} of account 2 after PUT /hooks/${id}/reset with its api_key does not show the salt the reset returned: the reset was answered, not stored`, expected: 'the salt the reset returned', received: salt === old ? 'the old salt' : 'another salt', exchange: after });
}

/**
 * "Nothing else changes" for a reset made outside the property (by member_api_key, in account 2),
 * where no twin shows what moves by itself: judged on the fields of section 2 of the spec (and
 * updated_at, which may only move forward), which nothing but the reset could move on an inactive
 * hook; the simulator profile judges every field, as the property does.
 */
function expectOnlySaltMoved(t: CheckContext, ex: Exchange, before: JsonObject, after: JsonObject, what: string, shownBy: 'answer' | 'read'): void {
  const judged = t.profile === 'simulator' ? before : Object.fromEntries(Object.entries(before).filter(([field]) => field === 'updated_at' || (SPEC_HOOK_FIELDS as readonly string[]).includes(field)));
  expectUnchangedButSalt(t, ex, judged, after, what, new Set(), new Set(), shownBy);
}

/** How the updates before the resets fared, over a run. */
interface Updates {
  /** False once PUT /hooks/{hook_id} answered as a route the target lacks (404, 405, 501): then no more are sent. */
  served: boolean;
  /** Hooks updated (a 2xx) before their reset. */
  updated: number;
  /** Active hooks an update was sent for: every second one is made inactive, the others stay active. */
  activeAsked: number;
  /** The statuses of updates not applied. */
  refused: Set<number>;
}

/**
 * Updates the hook before its reset (PUT /hooks/{hook_id}, an extension), where the target serves
 * it: a new name, and every second hook made active made inactive (never the other way: an
 * inactive hook stays one; the first and every other active hook stay active, so a reset that
 * deactivates a hook still shows). "Nothing else changes" holds of the hook as it is when reset, not as it was
 * created: a reset that saves back a copy of the hook kept from its creation undoes the update,
 * and shows against the read before the reset. The name keeps its blanks (inserted before the
 * trailing ones), so a reset that trims names still shows. A target without the route is
 * asked once.
 */
async function updateFirst(t: CheckContext, id: number, sent: JsonObject, updates: Updates): Promise<unknown> {
  if (!updates.served) return sent.name;
  const name = String(sent.name).replace(/(\s*)$/, '-updated$1');
  const deactivate = sent.active === true && updates.activeAsked++ % 2 === 1;
  const ex = await t.b().put(`/hooks/${id}`, { body: { name, ...(deactivate ? { active: false } : {}) } });
  if (is2xx(ex)) {
    updates.updated++;
    return name;
  }
  updates.refused.add(ex.response.status);
  if ([404, 405, 501].includes(ex.response.status)) updates.served = false;
  return sent.name;
}

/** How the hook names with blanks around them fared at creation, over a run. */
interface BlankNames {
  /** Hooks asked for with such a name. */
  tried: number;
  /** Hooks whose read before the reset showed the name as sent. */
  kept: number;
  /** The answers (statuses) that refused such a name. */
  refused: Set<number>;
  /** Hooks made with such a name whose read showed another. */
  changed: number;
  /** The answer (status) that refused the name beyond U+FFFF, if one did. */
  astralRefused?: number;
}

/**
 * Surrounds a name with blanks (spaces, a tab) or gives it an inner double space, in most cases:
 * every name the run makes otherwise comes from `t.name()`, and a reset that re-saves the hook
 * with its name trimmed (or blanks collapsed) would look like one that changes nothing.
 */
const blankedName = fc.oneof(
  { weight: 3, arbitrary: fc.record({ lead: fc.constantFrom('', ' ', '  ', '\t', ' \t'), trail: fc.constantFrom(' ', '  ', '\t', '\t '), inner: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ lead: fc.constantFrom(' ', '\t'), trail: fc.constant(''), inner: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ lead: '', trail: '', inner: false }) },
).map(({ lead, trail, inner }) => (name: string) => `${lead}${inner ? name.replace(/-/, '  -') : name}${trail}`);

/** A name with blanks around it or a run of them inside, which a trim or a collapse would change. */
function hasBlanks(name: string): boolean {
  return /^\s|\s$|\s\s/.test(name);
}

function withBlankNames(kinds: readonly HookKind[]): HookKind[] {
  return kinds.map((kind) => ({ ...kind, bodies: fc.tuple(kind.bodies, blankedName).map(([sent, blanked]) => ({ ...sent, name: blanked(String(sent.name)) })) }));
}

/**
 * POST /hooks with `drawn`, whose name may have blanks around it or inside, or end in
 * `ASTRAL_NAME`. A target that refuses such a name (a 4xx) is asked again with the name trimmed
 * and its runs of blanks made one (or without `ASTRAL_NAME`): refusing it is not B-HOOK-2's business, and
 * the reset is judged on the hook made. Returns the hook and the body it was made with.
 */
async function createBlankNamedHook(t: CheckContext, drawn: JsonObject, words: HookWords, blanks: BlankNames): Promise<CreatedHook & { sent: JsonObject }> {
  const name = String(drawn.name);
  const astral = name.endsWith(` ${ASTRAL_NAME}`);
  if (!hasBlanks(name) && !astral) return { ...(await createHook(t, drawn, words)), sent: drawn };
  if (!astral) blanks.tried++;
  const ex = await t.b().post('/hooks', { body: drawn });
  if (ex.response.status < 400 || ex.response.status >= 500) return { ...(await createHook(t, drawn, words, ex)), sent: drawn };
  if (astral) blanks.astralRefused = ex.response.status;
  else blanks.refused.add(ex.response.status);
  const sent = { ...drawn, name: (astral ? name.slice(0, -ASTRAL_NAME.length - 1) : name).trim().replace(/\s{2,}/g, ' ') };
  return { ...(await createHook(t, sent, words)), sent };
}

/**
 * "A new salt" each time, not once: the hook, reset twice more, gets each time a salt it never had
 * (nor its twin), so a salt worked out from what never changes (the id, the creation time), which
 * the first reset alone would pass, comes back and fails. Salts are secrets: the messages say
 * which earlier salt came back, never its value.
 */
async function expectFreshSaltEachReset(t: CheckContext, id: number, earlier: { salt: unknown; what: string }[]): Promise<void> {
  const seen = earlier.filter((e): e is { salt: string; what: string } => typeof e.salt === 'string' && e.salt !== '');
  for (const nth of ['second', 'third']) {
    const ex = await t.b().put(`/hooks/${id}/reset`);
    t.expect.status(ex, '2xx', 'B-HOOK-2', `the ${nth} PUT /hooks/${id}/reset answered ${ex.response.status}`);
    const { salt } = objectBody(t, ex, 'B-HOOK-2', `the ${nth} PUT /hooks/${id}/reset`);
    const again = seen.find((e) => e.salt === salt);
    t.expect.that(typeof salt === 'string' && salt !== '' && again === undefined, {
      clause: 'B-HOOK-2',
      message: `the ${nth} reset of hook ${id} did not return a new salt`,
      expected: 'a salt different from every one the hook had before, and from a hook made alike',
      received: again ? `${again.what}, again` : typeof salt === 'string' ? '(an empty salt)' : salt === undefined ? '(salt missing)' : `a salt of type ${typeof salt}`,
      exchange: ex,
    });
    if (typeof salt === 'string') seen.push({ salt, what: `the salt of its ${nth} reset` });
  }
}

/**
 * The reset replaces the salt of the hook it names, nothing else: the twin, another hook of the
 * account never reset, keeps its salt. A twin whose salt already moved between its creation answer
 * and its first read (no reset yet) has salts that move by themselves: then it says nothing of
 * the reset (`twinSalt.movedAlone`).
 */
function expectTwinKeepsSalt(t: CheckContext, resetId: number, twin: CreatedHook, before: JsonObject, after: { ex: Exchange; hook: JsonObject }, twinSalt: { movedAlone: boolean }): void {
  if (Object.hasOwn(twin.body, 'salt') && !sameJson(twin.body.salt, before.salt)) {
    twinSalt.movedAlone = true;
    return;
  }
  t.expect.that(sameJson(after.hook.salt, before.salt), {
    clause: 'B-HOOK-2',
    message: `PUT /hooks/${resetId}/reset also changed the salt of hook ${twin.id}, which was not reset`,
    expected: 'the other hook keeps its salt',
    received: Object.hasOwn(after.hook, 'salt') ? 'another salt' : '(salt missing)',
    exchange: after.ex,
  });
}

/** The hook's fields of section 2 of the spec, which "nothing else changes" is about first of all. */
const SPEC_HOOK_FIELDS = ['id', 'type', 'name', 'active', 'settings', 'events', 'created_at', 'url'] as const;

/** The fields whose value differs between two reads of one hook (the salt aside). */
function movedFields(before: JsonObject, after: JsonObject): Set<string> {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return new Set([...keys].filter((k) => k !== 'salt' && !(Object.hasOwn(before, k) && Object.hasOwn(after, k) && sameJson(before[k], after[k]))));
}

/**
 * "Nothing else changes": every field the hook had before is equal afterwards, except the salt
 * and `updated_at`, which a deployment may move forward when the salt changes (it never goes
 * back), and the hook's other bookkeeping of its changes (a revision, an etag, a last-modified
 * time: `CHANGE_BOOKKEEPING`), which a deployment may move with it. The simulator keeps them as
 * they were: that stricter reading binds only in the simulator profile. A field that moved on the
 * twin too (`movedAlone`: a delivery's time, a flag the deployment keeps) moved by itself: it is
 * not judged, and goes into `unjudged`. The reset's answer (`shownBy: 'answer'`) may leave out
 * what is not of section 2 (outside the simulator profile); a read may not.
 */
function expectUnchangedButSalt(t: CheckContext, ex: Exchange, before: JsonObject, after: JsonObject, what: string, movedAlone: ReadonlySet<string>, unjudged: Set<string>, shownBy: 'answer' | 'read'): void {
  const strict = t.profile === 'simulator';
  for (const [field, value] of Object.entries(before)) {
    if (field === 'salt') continue;
    // The reset's answer is "the hook", not the read's whole view of it: a member of the read's
    // own (its recent deliveries, say) it leaves out is no change. The read after must show it.
    if (shownBy === 'answer' && !strict && !Object.hasOwn(after, field) && !(SPEC_HOOK_FIELDS as readonly string[]).includes(field)) continue;
    if (field !== 'updated_at' && movedAlone.has(field) && !(Object.hasOwn(after, field) && sameJson(after[field], value))) {
      unjudged.add(field);
      continue;
    }
    if (field === 'updated_at' && !strict) {
      expectNotEarlier(t, ex, value, after.updated_at, what);
      continue;
    }
    if (CHANGE_BOOKKEEPING.test(field) && !strict) continue;
    t.expect.that(Object.hasOwn(after, field) && sameJson(after[field], value), {
      clause: 'B-HOOK-2',
      message: `${what}: the hook's ${field} changed, but a reset replaces only the salt`,
      expected: show(value),
      received: Object.hasOwn(after, field) ? show(after[field]) : '(field missing)',
      exchange: ex,
    });
  }
}

function expectNotEarlier(t: CheckContext, ex: Exchange, before: unknown, after: unknown, what: string): void {
  // A shape problem of the timestamp is B-FMT-1's to report; here only its order is judged.
  const beforeMs = utcDateTimeMs(before);
  if (beforeMs === undefined) return;
  const afterMs = typeof after === 'string' ? (utcDateTimeMs(after) ?? Date.parse(after)) : Number.NaN;
  t.expect.that(afterMs >= beforeMs, {
    clause: 'B-HOOK-2',
    message: `${what}: the hook's updated_at went back or disappeared`,
    expected: `updated_at at or after ${before}`,
    received: show(after),
    exchange: ex,
  });
}

check({
  id: 'b-hook/event-names',
  clauses: ['B-GAP-4'],
  supports: ['B-HOOK-1'],
  title: 'B-GAP-4 (simulator convention): hooks take the real service\'s event kinds and refuse others (and a refused hook is not made: B-HOOK-1); the salt is 64 lowercase hex characters',
  needs: ['b', 'write'],
  async run(t) {
    const all = { type: 'web', name: t.name('hook-all-events'), settings: { url: `https://${UNREACHABLE_HOOK_HOST}/disco/all` }, events: [...HOOK_EVENTS], active: false };
    const ex = await t.b().post('/hooks', { body: all });
    t.expect.status(ex, '2xx', 'B-GAP-4', 'a hook subscribing to every documented event kind was refused');
    const hook = objectBody(t, ex, 'B-GAP-4', 'POST /hooks');
    deleteHookOnCleanup(t, integerId(t, ex, hook, 'B-GAP-4', 'POST /hooks'));
    t.expect.that(sameEvents(hook.events, all.events), { clause: 'B-GAP-4', message: 'not every documented event kind was kept', expected: show(all.events), received: show(hook.events), exchange: ex });
    t.expect.that(typeof hook.salt === 'string' && /^[0-9a-f]{64}$/.test(hook.salt), {
      clause: 'B-GAP-4',
      message: 'the salt is not 64 lowercase hex characters',
      expected: '64 lowercase hex characters',
      received: typeof hook.salt === 'string' ? `${hook.salt.length} characters` : show(hook.salt),
      exchange: ex,
    });

    const unknownEvent = fc.stringMatching(/^[a-z]{2,10}(\.[a-z]{2,10})?$/).filter((e) => !(HOOK_EVENTS as readonly string[]).includes(e));
    // The names of the refused creates: none may have made a hook (B-HOOK-1), read once at the end.
    const refusedNames: string[] = [];
    await t.property('unknown event kinds are refused', unknownEvent, async (event) => {
      const name = t.name('hook-bad-event');
      const refused = await t.b().post('/hooks', { body: { ...all, name, events: ['job', event] } });
      if (is2xx(refused) && isObject(refused.json) && typeof refused.json.id === 'number') deleteHookOnCleanup(t, refused.json.id);
      if (refused.response.status >= 400 && refused.response.status < 500) refusedNames.push(name);
      t.expect.status(refused, '4xx', 'B-GAP-4', `a hook subscribing to the unknown event kind ${JSON.stringify(event)} was accepted`);
    });
    await expectNoHookNamed(t, refusedNames, 'B-HOOK-1', `POST /hooks refused ${refusedNames.length} hook(s) subscribing to an unknown event kind`);
  },
});

check({
  id: 'b-hook/signed-delivery',
  clauses: ['B-GAP-4'],
  title: 'B-GAP-4 (simulator convention): a web hook receives job.completed as a POST of the job JSON, with X-Hook-Signature = hex SHA-1 of id, event, url and salt',
  needs: ['b', 'write', 'fixture:package_id', 'fixture:cluster_id'],
  // With the control API it moves the clock to end its job at once, which no other check may see.
  runsAlone: 'it may move the simulator clock',
  async run(t) {
    const base = new URL(t.b().base);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) t.skip('the hook target must be reachable from the simulator: it listens on loopback, and this simulator is not on this machine');
    const listener = await listenForDeliveries();
    t.cleanup('close the hook listener', listener.close);
    const url = `${listener.url}/${t.name('hook')}`;
    const { id: hookId, body: hook } = await createHook(t, { type: 'web', name: t.name('hook-delivery'), settings: { url }, events: ['job.completed'], active: true }, 'real-service');

    const jobEx = await t.b().post('/jobs', { body: { cluster_id: t.fixtures().cluster_id, package_id: t.fixtures().package_id, variables: {}, dynamic_variables: {} } });
    t.expect.status(jobEx, '2xx', 'B-GAP-4', 'the job whose completion the hook should hear could not be created');
    const job = objectBody(t, jobEx, 'B-GAP-4', 'POST /jobs');
    const jobId = integerId(t, jobEx, job, 'B-GAP-4', 'POST /jobs');
    stopJobOnCleanup(t, jobId);
    // With the control API the job ends at once; elsewhere it is polled to its end in real time.
    if (t.target.controlUrl) await t.advanceClock(60_000);
    // Reading the job also lets the simulator notice that it has ended.
    const ended = await t.poll(async () => {
      const read = await t.b().get(`/jobs/${jobId}`);
      const job = read.json;
      if (!is2xx(read) || !isObject(job)) return t.skip(`GET /jobs/{id} (an extension) answered ${read.response.status}: the job's end cannot be awaited`);
      return ENDED_STATUSES.has(String(job.status)) ? String(job.status) : undefined;
    }, { timeoutMs: jobEndMs(t.target), intervalMs: 500 });
    if (ended !== 'completed') t.skip(`job ${jobId} ${ended ? `ended ${ended}` : `had not ended within ${jobEndMs(t.target) / 1000} s ${jobTimingHint('job_end_seconds')}`}: there is no job.completed delivery to look at`);
    // Other jobs of the account may end at the same time: find the POST about this one.
    const delivery = await t.poll(async () => listener.received.find((r) => {
      const received = jsonOfBody(r.body);
      return isObject(received) && received.id === jobId;
    }), { timeoutMs: 5_000, intervalMs: 50 });
    if (!delivery) return t.fail({ clause: 'B-GAP-4', message: `no POST reached the web hook within 5 s of job ${jobId} completing`, expected: 'a POST to settings.url', received: `${listener.received.length} other request(s)` });

    const expected = createHash('sha1').update(`${hookId}job.completed${url}${String(hook.salt)}`, 'utf8').digest('hex');
    const signature = delivery.headers['x-hook-signature'];
    t.expect.that(signature === expected, { clause: 'B-GAP-4', message: 'X-Hook-Signature is not the hex SHA-1 of hook id, event, url and salt', expected: 'sha1(id + "job.completed" + url + salt)', received: signature === undefined ? '(no X-Hook-Signature)' : 'another value' });
    const payload = jsonOfBody(delivery.body);
    t.expect.that(isObject(payload) && payload.id === jobId && payload.status === 'completed', {
      clause: 'B-GAP-4',
      message: 'the delivery body is not the completed job as the API shows it',
      expected: `a job object with id ${jobId} and status completed`,
      // The body as a value, short and whole (a job's variables may hold credentials): never its text cut mid-value.
      received: payload === undefined ? `a body that is not JSON (${delivery.body.length} characters)` : show(payload),
    });
  },
});
