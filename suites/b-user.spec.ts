import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { sameTimeZone } from './lib/dates.ts';
import { howToPermit, permitted } from './lib/permissions.ts';
import { otherTimeZoneTaken } from './lib/factories/user.ts';
import { expectFormats } from './lib/formats.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { ASTRAL_NAME, characters, displayName, emailLocalPart, location, longDisplayName, longEmail, longKeyName, longLocation, NOTIFICATION_SWITCH_NAMES, notificationSettingValue, notificationSwitches, timeZone } from './lib/arbitraries/resources.ts';
import { contains, extensionListItems, integerId, is2xx, isObject, objectBody, sameJson, show, userIn, type JsonObject } from './lib/answers.ts';
import { deleteSshKeyOnCleanup } from './lib/factories/ssh-keys.ts';
import { uniqueName } from './lib/unique-names.ts';
import { freshOpenSshKey, generateSecurityKey, md5ColonHex, PASTED_KEY_FRAMINGS, type PastedKeyFraming, SECURITY_KEY_KINDS, SSH_KEY_KINDS, usualFingerprints, type SshKeyKind } from './lib/arbitraries/ssh-keys.ts';

/** The fields PUT /user takes (section 4). */
const USER_FIELDS = ['name', 'email', 'time_zone', 'location', 'notification_settings'] as const;

/**
 * The user as it is now, through GET /user (an extension). PUT /user answers with the *new*
 * state, so without this read nothing could put the original values back: changing a real user's
 * name and email with no way to restore them is not something a conformance run may do.
 */
async function currentUser(t: CheckContext): Promise<JsonObject> {
  const ex = await t.b().get('/user');
  const user = userIn(ex);
  if (!user) {
    t.skip(`the target does not serve GET /user (an extension; it answered ${ex.response.status}${is2xx(ex) ? ' without the user object: no name and email' : ''}), so the user's original values could not be restored after PUT /user`);
  }
  return user;
}

function restorable(user: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const field of USER_FIELDS) if (user[field] !== undefined && user[field] !== null) out[field] = user[field];
  return out;
}

/** Drawn settings, and whether some value in them is not a boolean (a deployment may refuse that with a 4xx). */
interface DrawnSettings {
  value: JsonObject;
  odd: boolean;
}

/**
 * Settings to send: the user's own, with its top-level switches flipped at random. The spec names
 * no key of `notification_settings`: where the user has no switch at the top (none, nested ones,
 * other values) the simulator profile sends the real service's switches, and any other the
 * user's own settings unchanged (`unchanged`), since keys of the kit's making may well be refused.
 * A third of the cases (`odd`) put values other than booleans (strings, numbers, objects, arrays)
 * under some of the user's own keys (the real service's switch names on the simulator profile):
 * a store that keeps settings as switches coerces them to booleans, which switches alone never
 * show. Those a deployment may refuse with a 4xx; a 200 must keep them as sent. `oddPossible`:
 * false where there is no key to put them under.
 */
function settingsArbitrary(original: unknown, profile: CheckContext['profile']): { arbitrary: fc.Arbitrary<DrawnSettings>; unchanged: boolean; oddPossible: boolean; oddKeys: readonly string[] } {
  const own: JsonObject = isObject(original) ? original : {};
  const keys = Object.keys(own).filter((k) => typeof own[k] === 'boolean');
  const unchanged = keys.length === 0 && profile !== 'simulator';
  const switches: fc.Arbitrary<JsonObject> =
    keys.length === 0 ? (unchanged ? fc.constant(own) : notificationSwitches) : fc.tuple(...keys.map(() => fc.boolean())).map((values) => ({ ...own, ...Object.fromEntries(keys.map((k, i) => [k, values[i]])) }));
  const plain = switches.map((value): DrawnSettings => ({ value, odd: false }));
  const oddKeys: readonly string[] = Object.keys(own).length ? Object.keys(own) : profile === 'simulator' ? NOTIFICATION_SWITCH_NAMES : [];
  if (oddKeys.length === 0) return { arbitrary: plain, unchanged, oddPossible: false, oddKeys };
  const odd = fc
    .tuple(switches, fc.uniqueArray(fc.constantFrom(...oddKeys), { minLength: 1 }), fc.array(notificationSettingValue, { minLength: oddKeys.length, maxLength: oddKeys.length }))
    .map(([base, chosen, values]): DrawnSettings => ({ value: { ...base, ...Object.fromEntries(chosen.map((k, i) => [k, values[i]])) }, odd: true }));
  return { arbitrary: fc.oneof({ arbitrary: plain, weight: 2 }, { arbitrary: odd, weight: 1 }), unchanged, oddPossible: true, oddKeys };
}

/** The text fields PUT /user is sent sometimes long values of. */
const TEXT_FIELDS = ['name', 'email', 'location'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** A drawn text value, and whether it came from the long generator. */
interface Drawn {
  value: string;
  long: boolean;
}

/**
 * The usual values, and sometimes (a third of the cases) long ones: a store that keeps a field
 * only up to some length (a column of 30 characters) answers the usual values whole, and shows
 * only past that length. The spec fixes no length, so a long value may be refused with a 4xx; a
 * 200 must keep it whole.
 */
function sometimesLong(usual: fc.Arbitrary<string>, long: fc.Arbitrary<string>): fc.Arbitrary<Drawn> {
  return fc.oneof({ arbitrary: usual.map((value) => ({ value, long: false })), weight: 2 }, { arbitrary: long.map((value) => ({ value, long: true })), weight: 1 });
}

/**
 * Zones at the edges of the offsets: UTC+14 and +13 (east of the +12 a table of offsets from -12
 * to +12 ends at), -12, and +12:45 (a quarter hour past the hour, east of +12). Sent on every
 * run, whatever the draw: a random pick from the runtime's four hundred zones seldom lands there.
 */
const EDGE_TIME_ZONES = ['Pacific/Kiritimati', 'Pacific/Apia', 'Etc/GMT+12', 'Pacific/Chatham'] as const;

/** Every zone the runtime's ICU knows (its canonical IANA names), the edges among them. */
const RUNTIME_TIME_ZONES: readonly string[] = [...new Set([...Intl.supportedValuesOf('timeZone'), ...EDGE_TIME_ZONES])];

/**
 * B-USER-1 at the edges of the offsets: PUT /user with each of EDGE_TIME_ZONES (the user's own
 * other values, `restore`; the check's cleanup puts the user back). The simulator profile takes
 * IANA names (the real service's convention), so there each must be taken; elsewhere the spec
 * fixes no names and a 4xx is a name not taken, noted. Never a 5xx: a zone is taken or refused.
 * Taken, the answer and the user read back after (GET /user, served before the update) show it.
 */
async function edgeZonesTaken(t: CheckContext, restore: JsonObject): Promise<void> {
  const refused: string[] = [];
  for (const zone of EDGE_TIME_ZONES) {
    const sent: JsonObject = { ...restore, time_zone: zone };
    const ex = await t.b().put('/user', { body: sent });
    if (t.profile !== 'simulator' && ex.response.status >= 400 && ex.response.status < 500) {
      refused.push(`${zone} (${ex.response.status})`);
      continue;
    }
    t.expect.status(ex, 200, 'B-USER-1', `PUT /user with time_zone ${JSON.stringify(zone)} answered ${ex.response.status}: a time zone is taken (200 with the user) or refused with a 4xx${t.profile === 'simulator' ? ', and the simulator profile takes IANA names' : ''}`);
    if (!is2xx(ex)) continue;
    const user = objectBody(t, ex, 'B-USER-1', `PUT /user with time_zone ${JSON.stringify(zone)}`);
    expectReflects(t, ex, user, sent, `PUT /user with time_zone ${JSON.stringify(zone)}`);
    const read = await t.b().get('/user');
    t.expect.status(read, '2xx', 'B-USER-1', `GET /user after PUT /user took time_zone ${JSON.stringify(zone)} answered ${read.response.status}: it served the user before, so the stored zone broke the read`);
    const shown = userIn(read);
    if (shown) expectReflects(t, read, shown, sent, `GET /user after PUT /user with time_zone ${JSON.stringify(zone)}`);
  }
  if (refused.length) t.note(`PUT /user refused the time zones ${refused.join(', ')} with a 4xx, as it may (the spec fixes no names), so whether a user at the edges of the offsets is served was not seen there`);
}

check({
  id: 'b-user/update',
  // B-FMT-1 carried, not only supported: the one place a user stands in a zone away from UTC,
  // where a deployment writing the user's times in the user's zone shows it.
  clauses: ['B-USER-1', 'B-FMT-1'],
  supports: ['B-SCHEMA-1'],
  title: 'B-USER-1: PUT /user with name, email, time_zone, location and notification_settings answers 200 with the updated user, and the user read back is as sent; long names, emails and locations (31 to 120 characters) come back whole, a name holding characters beyond U+FFFF (an emoji ZWJ sequence, 𠮷) comes back as sent (or is refused with a 4xx outside the simulator profile), a name and location holding &, < and > come back as sent (or are refused with a 4xx outside the simulator profile), a location cleared ("") stays the empty string, settings sent as {} (where the target replaces them) come back {} and settings holding values other than booleans come back as sent (an object sent with fewer keys over a stored one replaces it, not merged into it), or are refused with a 4xx; any time zone the runtime knows is taken in the simulator profile, and a user in the zones at the edges of the offsets (UTC+14, +13, -12, +12:45) is taken or refused with a 4xx, never a 5xx, and read back; a body past 64 KiB of non-ASCII text is kept as sent; its notification counts are as GET /user shows them; B-FMT-1: its timestamps are UTC whatever time zone the user takes',
  needs: ['b', 'write'],
  async run(t) {
    const original = await currentUser(t);
    const restore = restorable(original);
    t.cleanup('restore the user', async () => {
      const ex = await t.b().put('/user', { body: restore });
      if (!is2xx(ex)) throw new Error(`PUT /user to restore the original values answered ${ex.response.status}`);
    });
    // A new address can lock a real user out until it is confirmed: changed only where permitted,
    // and otherwise sent back unchanged, so that its update is not seen.
    const varyEmail = permitted(t, 'change_user_email');
    if (!varyEmail) t.partial('B-USER-1', `the email was sent back unchanged, so its update was not seen: a new address can lock a real user out until it is confirmed (${howToPermit('change_user_email')})`);
    // The spec does not fix the set of time zone names: IANA names are the simulator's (and the
    // real service's) convention, so elsewhere the user's own value alternates with another name
    // the target is seen to take.
    const ownZone = typeof original.time_zone === 'string' && original.time_zone !== '' ? original.time_zone : 'UTC';
    // Any zone the runtime knows (the usual ones weighed in), where IANA names are the convention.
    let zones: fc.Arbitrary<string> = fc.oneof(timeZone, fc.constantFrom(...RUNTIME_TIME_ZONES));
    if (t.profile !== 'simulator') {
      // The user is put back by the cleanup above, whatever zone the target took.
      const other = await otherTimeZoneTaken(t.b(), restore, ownZone);
      if (!other.zone) t.partial('B-USER-1', `time_zone was sent as the user's own ${JSON.stringify(ownZone)} only, so its update was not seen: the target took none of ${other.tried.map((z) => JSON.stringify(z)).join(', ')} (the spec does not fix which names it takes)`);
      zones = fc.constantFrom(ownZone, ...(other.zone ? [other.zone] : []));
    }
    const settings = settingsArbitrary(original.notification_settings, t.profile);
    const shortEmail = fc.tuple(emailLocalPart, fc.constantFrom('example.com', 'example.org', 'example.net')).map(([local, domain]) => `${local}@${domain}`);
    const input = fc.record({
      name: sometimesLong(displayName, longDisplayName).map((d) => ({ ...d, value: `${d.value} ${t.name('user')}` })),
      email: varyEmail ? sometimesLong(shortEmail, longEmail) : fc.constant<Drawn>({ value: String(original.email), long: false }),
      time_zone: zones,
      location: sometimesLong(location, longLocation),
      notification_settings: settings.arbitrary,
    });
    const refusedLong: string[] = [];
    const keptLong = new Set<TextField>();
    let oddKept = false;
    await t.property('the user reflects what was sent', input, async (drawn) => {
      const sent = { ...drawn, name: drawn.name.value, email: drawn.email.value, location: drawn.location.value, notification_settings: drawn.notification_settings.value };
      const long = TEXT_FIELDS.filter((f) => drawn[f].long);
      const odd = drawn.notification_settings.odd;
      const lengths = [...long.map((f) => `${f} of ${characters(sent[f])} characters`), ...(odd ? [`notification_settings holding values other than booleans (${show(sent.notification_settings)})`] : [])].join(', ');
      const ex = await t.b().put('/user', { body: sent });
      if (lengths !== '' && ex.response.status >= 400 && ex.response.status < 500) {
        refusedLong.push(`${lengths} (${ex.response.status})`);
        return;
      }
      t.expect.status(ex, 200, 'B-USER-1', lengths !== '' ? `PUT /user with a ${lengths} answered ${ex.response.status}: expected 200 with the user as sent, or a 4xx refusing the value` : undefined);
      const user = objectBody(t, ex, 'B-USER-1', 'PUT /user');
      expectReflects(t, ex, user, sent, 'PUT /user');
      // The user's times as written in a zone the user just took (one away from UTC where the
      // target takes one): a deployment that writes them in the user's zone shows it only here.
      // Before the schema, whose date-time format would name the same problem less precisely.
      expectFormats(t, ex, `PUT /user with time_zone ${JSON.stringify(sent.time_zone)}`, user);
      t.expect.schema(ex, 'user', 'B-SCHEMA-1');
      const read = await t.b().get('/user');
      t.expect.status(read, '2xx', 'B-USER-1', `GET /user after PUT /user with time_zone ${JSON.stringify(sent.time_zone)} answered ${read.response.status}: it served the user before the update`);
      const shown = userIn(read);
      if (shown) expectReflects(t, read, shown, sent, 'GET /user after PUT /user');
      for (const f of long) keptLong.add(f);
      if (odd) oddKept = true;
    });
    if (refusedLong.length) {
      t.note(`PUT /user refused ${refusedLong.length} case(s) with a long value or settings other than switches with a 4xx, as it may (the spec fixes no length and shows no setting values): ${refusedLong.slice(0, 3).join('; ')}${refusedLong.length > 3 ? '; …' : ''}`);
    }
    const neverKept = TEXT_FIELDS.filter((f) => !keptLong.has(f) && (f !== 'email' || varyEmail));
    if (neverKept.length) t.note(`no long ${neverKept.join(', ')} (31 characters or more) was taken in this run (none drawn, or every one refused), so whether a stored one is kept whole was not seen`);
    if (settings.unchanged && !oddKept) t.partial('B-USER-1', `notification_settings were sent back as the user has them, so their update was not seen: they hold no switch (a boolean) at the top (${show(original.notification_settings)}), the spec names none of their keys, and ${settings.oddPossible ? 'every case putting other values under their keys was refused (or none was drawn)' : 'there is no key of theirs to put other values under'}`);
    else if (!oddKept) t.note(`no notification_settings holding a value other than a boolean was taken in this run (${settings.oddPossible ? 'none drawn, or every one refused with a 4xx' : 'the user has no setting to put one under, and the spec names none'}), so whether such values are kept as sent, not coerced, was not seen`);
    await edgeZonesTaken(t, restore);
    const astralUnseen = await userKeptAsSent(t, { ...restore, name: `${ASTRAL_NAME} ${t.name('user')}` }, `PUT /user with a name holding characters beyond U+FFFF (${JSON.stringify(ASTRAL_NAME)})`, { refusable: t.profile !== 'simulator', because: 'the spec fixes no character set' });
    if (astralUnseen) t.note(`that a name holding characters beyond U+FFFF is stored as sent was not seen: ${astralUnseen}`);
    const markupUnseen = await markupKept(t, restore);
    if (markupUnseen) t.note(`that a name and location holding &, < and > are stored as sent was not seen: ${markupUnseen}`);
    const blankUnseen = await blankLocationKept(t, restore);
    if (blankUnseen) t.note(`that a location cleared (sent as "") is kept as the empty string was not seen: ${blankUnseen}`);
    const emptyUnseen = await emptySettingsKept(t, restore);
    if (emptyUnseen) t.note(`that notification_settings sent as {} (every setting cleared) are stored so was not seen: ${emptyUnseen}`);
    const nestedUnseen = await nestedSettingReplaced(t, restore, settings.oddKeys[0]);
    if (nestedUnseen) t.note(`that an object-valued setting sent with fewer keys than the one stored replaces it was not seen: ${nestedUnseen}`);
    const capitalsUnseen = await capitalKeysKept(t, restore, settings.oddKeys[0]);
    if (capitalsUnseen) t.note(`that setting keys holding capitals are stored as sent was not seen: ${capitalsUnseen}`);
    const largeUnseen = await largeTextKept(t, restore, settings.oddKeys[0]);
    if (largeUnseen) t.note(`that a body past 64 KiB holding non-ASCII text is stored as sent was not seen: ${largeUnseen}`);
    const countsUnseen = await answerCountsMatch(t, restore);
    if (countsUnseen) t.note(`that PUT /user answers the user's notification counts as stored was not seen: ${countsUnseen}`);
    const memberUnseen = await memberUpdates(t);
    if (memberUnseen) t.note(`that PUT /user changes its caller's user and no other user of the account (its owner, say) was not seen: ${memberUnseen}`);
  },
});

/**
 * B-USER-1 for text holding the characters markup is made of: a name and a location with &, <
 * and > (a firm's "Smith & Jones", an office's "R&D <3rd floor>"), which the drawn values never
 * hold. An input sanitiser that HTML-escapes profile text answers 200 and reads back
 * "Smith &amp; Jones": not the value sent. The simulator profile takes them; elsewhere a 4xx
 * refusing them is noted (the spec fixes no character set), a 200 must keep them as sent. Sent
 * with the user's own other values (`restore`), put back by the check's cleanup. Returns why it
 * was not seen, or undefined.
 */
async function markupKept(t: CheckContext, restore: JsonObject): Promise<string | undefined> {
  const sent: JsonObject = { ...restore, name: `Smith & Jones <${t.name('user')}>`, location: 'R&D <3rd floor> & Co' };
  return userKeptAsSent(t, sent, `PUT /user with name ${JSON.stringify(sent.name)} and location ${JSON.stringify(sent.location)}`, { refusable: t.profile !== 'simulator', because: 'a deployment may refuse them' });
}

/**
 * PUT /user with `sent` (B-USER-1): a 200 whose user, and the user then read back, are as sent.
 * A 4xx is the target's choice where `refusable` (`because` says why), returned as why the case
 * was not seen; anything else but a 200 fails. `what` names the request in every message.
 */
async function userKeptAsSent(t: CheckContext, sent: JsonObject, what: string, refusal: { refusable: boolean; because: string }): Promise<string | undefined> {
  const ex = await t.b().put('/user', { body: sent });
  if (refusal.refusable && ex.response.status >= 400 && ex.response.status < 500) return `${what} answered ${ex.response.status} (${refusal.because})`;
  t.expect.status(ex, 200, 'B-USER-1', `${what} answered ${ex.response.status}: expected 200 with the user as sent${refusal.refusable ? ', or a 4xx refusing it' : ''}`);
  const user = objectBody(t, ex, 'B-USER-1', what);
  expectReflects(t, ex, user, sent, what);
  const read = await t.b().get('/user');
  const shown = userIn(read);
  if (shown) expectReflects(t, read, shown, sent, `GET /user after ${what}`);
  return undefined;
}

/**
 * B-USER-1 for a location cleared: `location` is a string (section 2), and "" is one. A store
 * that nilifies blank text answers 200 with null and reads null back, which the drawn locations
 * (never blank) cannot show. A deployment may refuse a blank location with a 4xx; a 200 must
 * answer "" and read it back so. Sent with the user's own other values (`restore`), put back by
 * the check's cleanup. Returns why it was not seen, or undefined.
 */
async function blankLocationKept(t: CheckContext, restore: JsonObject): Promise<string | undefined> {
  return userKeptAsSent(t, { ...restore, location: '' }, 'PUT /user with location "" (the location cleared)', { refusable: true, because: 'a deployment may refuse a blank location' });
}

/**
 * B-USER-1 for notification_settings sent as the empty object: a store that takes the object only
 * when it has a key answers 200 with the old settings, which the drawn settings (never empty)
 * cannot show. The spec does not say whether the object replaces the stored one or is merged into
 * it; the real service replaces it (docs/interface-b.md), so the simulator profile holds a target
 * to that. Elsewhere the target is first seen to replace: the user's own settings with one left
 * out must come back without it (a merge keeps it, and rightly answers {} unchanged). Sent with
 * the user's own other values (`restore`), put back by the check's cleanup. Returns why it was
 * not seen, or undefined.
 */
async function emptySettingsKept(t: CheckContext, restore: JsonObject): Promise<string | undefined> {
  const own = restore.notification_settings;
  if (!isObject(own) || Object.keys(own).length === 0) return `the user has no notification_settings to clear (${show(own)})`;
  if (t.profile !== 'simulator') {
    const [left, ...kept] = Object.keys(own);
    if (left === undefined || kept.length === 0) return `the user's notification_settings have one key only (${show(own)}), so whether the target replaces them or merges what is sent into them (the spec does not say) could not be seen apart from the empty object itself`;
    const fewer: JsonObject = Object.fromEntries(kept.map((k) => [k, own[k]]));
    const seen = await t.b().put('/user', { body: { ...restore, notification_settings: fewer } });
    const answered = is2xx(seen) ? userIn(seen) : undefined;
    if (!answered) return `PUT /user with the user's settings but ${JSON.stringify(left)} answered ${seen.response.status}${is2xx(seen) ? ' without a user' : ''}`;
    if (!isObject(answered.notification_settings) || left in answered.notification_settings) return `the target keeps a setting left out of what is sent (${JSON.stringify(left)}): it merges notification_settings, as the spec allows, and a merge of {} changes nothing`;
  }
  const sent: JsonObject = { ...restore, notification_settings: {} };
  const ex = await t.b().put('/user', { body: sent });
  if (t.profile !== 'simulator' && ex.response.status >= 400 && ex.response.status < 500) return `PUT /user with notification_settings {} answered ${ex.response.status} (a deployment may refuse an empty object)`;
  t.expect.status(ex, 200, 'B-USER-1', `PUT /user with notification_settings {} (every setting cleared) answered ${ex.response.status}`);
  for (const [what, answer] of [['PUT /user', ex], ['GET /user after it', await t.b().get('/user')]] as const) {
    const user = userIn(answer);
    if (!user) continue;
    t.expect.that(sameJson(user.notification_settings, {}), {
      clause: 'B-USER-1',
      message: `${what} with notification_settings {} (every setting cleared): the user's notification_settings are not the empty object sent, ${t.profile === 'simulator' ? 'where the real service replaces them with the object sent' : 'though the target replaces them with any other object sent'}`,
      expected: '{}',
      received: show(user.notification_settings),
      exchange: answer,
    });
  }
  return undefined;
}

/**
 * B-USER-1 for an object-valued setting sent with fewer keys than the one stored: the value under
 * a key sent is the value sent (as every other check of the settings holds; whether keys left out
 * at the top stay is the target's choice), so a store that merges each object into the one it
 * has (lodash-merge style) answers {"email": false, "slack": "all"} for {"email": false} sent
 * over {"email": true, "slack": "all"}. The drawn objects always carry both keys, so a merge
 * looks like a replace there. Two PUTs under `key` (one of the user's own, or the real service's
 * switch names on the simulator profile); a 4xx refusing an object value is noted, as values
 * other than switches may be refused. Returns why it was not seen, or undefined.
 */
async function nestedSettingReplaced(t: CheckContext, restore: JsonObject, key: string | undefined): Promise<string | undefined> {
  if (key === undefined) return 'the user has no notification setting to put an object under, and the spec names none';
  const own: JsonObject = isObject(restore.notification_settings) ? restore.notification_settings : {};
  const full = { email: true, slack: 'all' };
  const fewer = { email: false };
  const first = await t.b().put('/user', { body: { ...restore, notification_settings: { ...own, [key]: full } } });
  if (first.response.status >= 400 && first.response.status < 500) return `PUT /user with notification_settings.${key} ${show(full)} answered ${first.response.status} (values other than switches may be refused)`;
  t.expect.status(first, 200, 'B-USER-1', `PUT /user with notification_settings.${key} ${show(full)} answered ${first.response.status}: expected 200 with the user as sent, or a 4xx refusing the value`);
  const sent: JsonObject = { ...restore, notification_settings: { ...own, [key]: fewer } };
  const ex = await t.b().put('/user', { body: sent });
  if (ex.response.status >= 400 && ex.response.status < 500) return `PUT /user with notification_settings.${key} ${show(fewer)} answered ${ex.response.status} (values other than switches may be refused)`;
  t.expect.status(ex, 200, 'B-USER-1', `PUT /user with notification_settings.${key} ${show(fewer)} (after ${show(full)}) answered ${ex.response.status}: expected 200 with the user as sent, or a 4xx refusing the value`);
  for (const [what, answer] of [['PUT /user', ex], ['GET /user after it', await t.b().get('/user')]] as const) {
    const user = userIn(answer);
    if (!user) continue;
    const got = isObject(user.notification_settings) ? user.notification_settings[key] : undefined;
    t.expect.that(sameJson(got, fewer), {
      clause: 'B-USER-1',
      message: `${what} with notification_settings.${key} ${show(fewer)} sent over ${show(full)}: the setting is not the object sent${isObject(got) && 'slack' in got ? ' (the stored one was merged into it: "slack" kept)' : ''}`,
      expected: show(fewer),
      received: show(got),
      exchange: answer,
    });
  }
  return undefined;
}

/**
 * B-USER-1 for keys holding capitals: notification_settings are a free-form object (section 2
 * types them `object` and names no key), so the keys inside are the client's, as sent. A params
 * layer made for camelCase clients that renames every key of a body to snake_case
 * (deep_transform_keys(&:underscore)) answers 200 with {"job_completed": true} for
 * {"jobCompleted": true}; the drawn settings' keys are lower case and never show it. Under one of
 * the user's own settings (`key`), so no new top-level setting is asked for: an object whose keys
 * are camelCase, an initial capital and all capitals, one of them nested. A 4xx (values other than
 * switches may be refused) is noted; a 200 must answer and read back the keys as sent. Sent with
 * the user's own other values (`restore`), put back by the check's cleanup. Returns why it was not
 * seen, or undefined.
 */
async function capitalKeysKept(t: CheckContext, restore: JsonObject, key: string | undefined): Promise<string | undefined> {
  if (key === undefined) return 'the user has no notification setting to put an object under, and the spec names none';
  const own: JsonObject = isObject(restore.notification_settings) ? restore.notification_settings : {};
  const capitalised = { jobCompleted: true, QuietHours: { startMinute: 1320, EndMinute: 420 }, SMS: false };
  return userKeptAsSent(t, { ...restore, notification_settings: { ...own, [key]: capitalised } }, `PUT /user with notification_settings.${key} ${show(capitalised)} (keys holding capitals)`, { refusable: true, because: 'values other than switches may be refused' });
}

/**
 * B-USER-1 for a body past 64 KiB holding non-ASCII text: a body reader that decodes each buffer
 * it fills as UTF-8 on its own turns a character cut by a buffer's end into two U+FFFD, and the
 * usual bodies (a few hundred bytes) never reach one. The spec fixes no size. About 70,000 bytes
 * of non-ASCII text go in a value of the user's settings (under `key`: any JSON, kept as sent),
 * not in the location, which a deployment may well cap (the simulator at 255 characters); twice,
 * the second shifted by a byte, so that wherever a buffer ends it cuts a two-byte character in
 * one of them. A 4xx (413, or a refusal of the value) is noted; a 200 must answer and read back
 * the text as sent. Returns why it was not seen, or undefined.
 */
async function largeTextKept(t: CheckContext, restore: JsonObject, key: string | undefined): Promise<string | undefined> {
  if (key === undefined) return 'the user has no notification setting to hold the text, and the spec names none';
  const own: JsonObject = isObject(restore.notification_settings) ? restore.notification_settings : {};
  const refused: number[] = [];
  for (const lead of ['', 'a']) {
    const text = `${lead}${'é'.repeat(35_000)}`;
    const sent: JsonObject = { ...restore, notification_settings: { ...own, [key]: text } };
    const what = `a body of ${Buffer.byteLength(JSON.stringify(sent))} bytes (notification_settings.${key}: ${characters(text)} characters of non-ASCII text)`;
    const ex = await t.b().put('/user', { body: sent });
    if (ex.response.status >= 400 && ex.response.status < 500) {
      refused.push(ex.response.status);
      continue;
    }
    t.expect.status(ex, 200, 'B-USER-1', `PUT /user with ${what} answered ${ex.response.status}: expected 200 with the user as sent, or a 4xx refusing the body`);
    const answered = objectBody(t, ex, 'B-USER-1', `PUT /user with ${what}`);
    const read = await t.b().get('/user');
    for (const [shown, where, exchange] of [[answered, 'PUT /user', ex], [userIn(read), 'GET /user after it', read]] as const) {
      if (!shown) continue;
      const settings = shown.notification_settings;
      const got = isObject(settings) ? settings[key] : undefined;
      const broken = typeof got === 'string' ? [...got].filter((c) => c === '\uFFFD').length : 0;
      t.expect.that(got === text, {
        clause: 'B-USER-1',
        message: `${where}, of ${what}: the text is not kept as sent${broken ? ` (it holds ${broken} U+FFFD: the body was decoded in pieces that cut a character)` : ''}`,
        expected: `${characters(text)} characters, ${lead === '' ? '' : `"${lead}" then `}"é" repeated`,
        received: typeof got === 'string' ? `${characters(got)} characters` : show(got),
        exchange,
      });
    }
  }
  if (refused.length === 2) return `PUT /user with a body of about 70,000 bytes answered ${refused.join(' and ')} (the spec fixes no size)`;
  return undefined;
}

/** The user's notification counts (section 2): part of "the updated user" PUT /user answers. */
const COUNT_FIELDS = ['notifications_count', 'unread_notifications_count'] as const;

/**
 * B-USER-1 for the counts in PUT /user's answer: "the updated user" is the user as stored, its
 * notification counts (section 2 user fields) too. A deployment that answers the saved row
 * without the counts a read joins in answers them 0, which the fields sent cannot show. They are
 * read with GET /user (an extension) just before a PUT of the user's own values; no check of the
 * run marks notifications meanwhile, but one may arrive: where the answer differs, GET /user is
 * read again, and only a count outside what the two reads showed fails. Where the answer carries
 * no counts, nothing is judged (their absence is the schema's to judge). Returns why it was not
 * seen, or undefined.
 */
async function answerCountsMatch(t: CheckContext, restore: JsonObject): Promise<string | undefined> {
  const beforeRead = await t.b().get('/user');
  const before = userIn(beforeRead);
  if (!before) return `GET /user (an extension) answered ${beforeRead.response.status} without the user`;
  const ex = await t.b().put('/user', { body: restore });
  // Whether PUT /user takes the user's own values is judged above.
  if (!is2xx(ex)) return `PUT /user with the user's own values answered ${ex.response.status}`;
  const answered = userIn(ex);
  if (!answered) return 'PUT /user answered without the user';
  const counted = COUNT_FIELDS.filter((f) => typeof answered[f] === 'number' && typeof before[f] === 'number');
  if (counted.length === 0) return 'PUT /user\'s answer or GET /user carried neither notifications_count nor unread_notifications_count as a number';
  const differing = counted.filter((f) => answered[f] !== before[f]);
  if (differing.length > 0) {
    const afterRead = await t.b().get('/user');
    const after = userIn(afterRead);
    for (const f of differing) {
      const was = before[f] as number;
      const now = typeof after?.[f] === 'number' ? after[f] : was;
      const got = answered[f] as number;
      t.expect.that(got >= Math.min(was, now) && got <= Math.max(was, now), {
        clause: 'B-USER-1',
        message: `PUT /user answered ${f} ${got}, but GET /user showed ${was} just before it and ${now} just after: the answer is not the user as stored`,
        expected: `${f} ${was === now ? was : `from ${Math.min(was, now)} to ${Math.max(was, now)}`}`,
        received: show(got),
        exchange: ex,
      });
    }
  }
  if (counted.every((f) => before[f] === 0)) return `GET /user showed ${counted.join(' and ')} 0, so an answer that leaves the counts out as 0 could not be told from one that holds them`;
  return undefined;
}

/** The user fields a comparison names: the ones PUT /user takes, as a user shows them. */
function userFields(user: JsonObject): JsonObject {
  return Object.fromEntries(USER_FIELDS.map((f) => [f, user[f]]));
}

/**
 * B-USER-1 for another user of the account (member_api_key's): "the user" of PUT /user is its
 * caller. A deployment that looks the profile up by the account (its owner) answers api_key's
 * user rightly, since that key's user is likely the owner; only a second user shows it. The
 * member renames itself and moves its location (its email, time zone and settings sent back as
 * they are: an address it cannot confirm must not change), then the answer must be the member's
 * user, the owner's must be unchanged and the member's read back must show the update. The
 * member is put back by the cleanup, registered after the owner's: cleanups run last first, so
 * the owner's restore comes after, also where the member's PUT wrote the owner. Returns why it
 * was not seen, where it was not.
 */
async function memberUpdates(t: CheckContext): Promise<string | undefined> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) return 'it needs a key of a second user of account 1 (member_api_key in the target document)';
  const member = t.bWithKey(memberKey);
  const memberBefore = userIn(await member.get('/user'));
  if (!memberBefore) return "member_api_key's GET /user (an extension) showed no user with a name and an email, so its values could not be restored";
  const ownerRead = await t.b().get('/user');
  const ownerBefore = userIn(ownerRead);
  if (!ownerBefore) return `api_key's GET /user answered ${ownerRead.response.status} without the user`;
  const sameId = memberBefore.id !== undefined && memberBefore.id === ownerBefore.id;
  if (sameId || String(memberBefore.email).toLowerCase() === String(ownerBefore.email).toLowerCase()) return `member_api_key is a key of api_key's user (${String(ownerBefore.email)}), not of another user of the account`;
  // Even its own address sent back is a new address wherever the PUT writes another user (the
  // owner, locked out until it confirms it): sent, and restored, only where permitted. A PUT
  // without it may be refused (the spec's PUT /user carries all five fields).
  const withEmail = permitted(t, 'change_user_email');
  const { email: _email, ...withoutEmail } = restorable(memberBefore);
  const restore = withEmail ? restorable(memberBefore) : withoutEmail;
  t.cleanup("restore member_api_key's user", async () => {
    const ex = await member.put('/user', { body: restore });
    if (!is2xx(ex)) throw new Error(`PUT /user with member_api_key to restore its user's original values answered ${ex.response.status}`);
  });
  const place = t.name('member-place');
  const sent: JsonObject = { ...restore, name: `Member ${t.name('user')}`, location: place === memberBefore.location ? `${place} 2` : place };
  const who = `member_api_key's user (${String(memberBefore.email)})`;
  const ex = await member.put('/user', { body: sent });
  if (!withEmail && ex.response.status >= 400 && ex.response.status < 500) return `PUT /user with member_api_key and no email answered ${ex.response.status} (the email is left out, even the user's own, where a PUT writing another user would change that user's address: ${howToPermit('change_user_email')})`;
  t.expect.status(ex, 200, 'B-USER-1', `PUT /user with member_api_key answered ${ex.response.status}: expected 200 with its user as sent`);
  const answered = objectBody(t, ex, 'B-USER-1', 'PUT /user with member_api_key');
  const answeredId = answered.id;
  const isMember = answered.email === memberBefore.email && (memberBefore.id === undefined || answeredId === memberBefore.id);
  const isOwner = answered.email === ownerBefore.email || (ownerBefore.id !== undefined && answeredId === ownerBefore.id);
  t.expect.that(isMember, {
    clause: 'B-USER-1',
    message: `PUT /user with member_api_key did not answer its caller, ${who}${isOwner ? `, but api_key's user (${String(ownerBefore.email)}): the update went to another user than its caller` : ''}`,
    expected: `the user of id ${show(memberBefore.id)}, email ${show(memberBefore.email)}`,
    received: `the user of id ${show(answeredId)}, email ${show(answered.email)}`,
    exchange: ex,
  });
  expectReflects(t, ex, answered, sent, 'PUT /user with member_api_key');
  t.expect.schema(ex, 'user', 'B-SCHEMA-1');
  const ownerAfterRead = await t.b().get('/user');
  const ownerAfter = userIn(ownerAfterRead);
  if (ownerAfter) {
    t.expect.that(sameJson(userFields(ownerAfter), userFields(ownerBefore)), {
      clause: 'B-USER-1',
      message: `after PUT /user with member_api_key, api_key's user (${String(ownerBefore.email)}) is changed: the update of ${who} wrote another user`,
      expected: show(userFields(ownerBefore)),
      received: show(userFields(ownerAfter)),
      exchange: ownerAfterRead,
    });
  }
  const memberAfterRead = await member.get('/user');
  const memberAfter = userIn(memberAfterRead);
  if (memberAfter) expectReflects(t, memberAfterRead, memberAfter, sent, 'GET /user with member_api_key after its PUT /user');
  if (!ownerAfter || !memberAfter) return `GET /user (an extension) did not show ${!ownerAfter ? "api_key's" : "member_api_key's"} user after the member's PUT /user`;
  return undefined;
}

function expectReflects(t: CheckContext, ex: Exchange, user: JsonObject, sent: JsonObject, what: string): void {
  for (const field of ['name', 'email', 'time_zone', 'location'] as const) {
    const got = user[field];
    const wanted = sent[field];
    // A field not sent (the member's email, where not permitted) is not judged here.
    if (wanted === undefined) continue;
    // A value kept only up to some length: say so, it is what the reader will look for.
    const cut = typeof got === 'string' && typeof wanted === 'string' && got.length < wanted.length && wanted.startsWith(got) ? ` (${characters(wanted)} characters sent, its first ${characters(got)} kept)` : '';
    // A time zone may come back under the canonical name of the alias sent (Asia/Calcutta for Asia/Kolkata): the same zone.
    const same = got === wanted || (field === 'time_zone' && typeof got === 'string' && typeof wanted === 'string' && sameTimeZone(got, wanted));
    t.expect.that(same, {
      clause: 'B-USER-1',
      message: `${what}: the user's ${field} is not the value sent${cut}`,
      expected: show(wanted),
      received: show(got),
      exchange: ex,
    });
  }
  if (isObject(sent.notification_settings)) t.expect.that(contains(user.notification_settings, sent.notification_settings), {
    clause: 'B-USER-1',
    message: `${what}: the user's notification_settings do not hold the values sent`,
    expected: `notification_settings ⊇ ${show(sent.notification_settings)}`,
    received: show(user.notification_settings),
    exchange: ex,
  });
}

interface CreatedKey {
  id: number;
  ex: Exchange;
  body: JsonObject;
}

/**
 * POST /user/keys that must succeed, under `clause`: B-KEY-1 for the spec's body (a name and a
 * public key); the gap clause for a body the spec does not describe (no name), which a
 * conformant deployment may refuse. The key is deleted on cleanup when the target can. `sent`:
 * the POST already sent with `body`, to judge instead of sending another.
 */
async function createKey(t: CheckContext, body: JsonObject, clause: 'B-KEY-1' | 'B-GAP-1' = 'B-KEY-1', sent?: Exchange): Promise<CreatedKey> {
  const ex = sent ?? (await t.b().post('/user/keys', { body }));
  t.expect.status(ex, '2xx', clause, `POST /user/keys with a fresh OpenSSH public key${body.name === undefined ? ' and no name' : ''} answered ${ex.response.status}`);
  const key = objectBody(t, ex, clause, 'POST /user/keys');
  const id = integerId(t, ex, key, clause, 'POST /user/keys');
  // DELETE /user/keys/{id} is an extension: a target without it keeps the key, and the run says so.
  deleteSshKeyOnCleanup(t, id);
  return { id, ex, body: key };
}

const keyInput = fc.record({
  kind: fc.constantFrom<SshKeyKind>(...SSH_KEY_KINDS),
  // user@host as ssh-keygen writes it, or words with spaces as `ssh-keygen -C "Ada laptop"` does.
  comment: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9._-]{0,11}@[a-z][a-z0-9-]{0,11}$/), fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,7}( [A-Za-z0-9@._-]{1,10}){1,2}$/)),
  label: fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  // Half the keys also carry words as people name their keys (an apostrophe, spaces, letters of
  // other scripts, punctuation): a store that makes names file-safe ("Ada_s_laptop") keeps the
  // kit's [a-z0-9-] names whole, and shows only with these.
  words: fc.option(fc.constantFrom("Ada's laptop", 'Zoë 李 (work)', 'build server #2', "O'Neil — YubiKey 5C", 'CI/CD deploy key', 'Łukasz: home, 2026'), { nil: undefined, freq: 2 }),
});

check({
  id: 'b-user/ssh-key',
  clauses: ['B-KEY-1'],
  supports: ['B-SCHEMA-1'],
  title: 'B-KEY-1: POST /user/keys with a name and a public key creates an SSH key with a fingerprint and the name as sent (also one with an apostrophe, spaces and other scripts, or refused with a 4xx outside the simulator profile; also one of more than 64 characters, and one holding characters beyond U+FFFF, each kept as sent or refused with a 4xx); GET /user/keys/{key_id} returns it, also for a key line ending in its line feed as a pasted .pub file, or in CR LF as one saved on Windows, or with blanks around it (taken, or refused with a 4xx), each with the key\'s own fingerprint, also for a security (FIDO) key of each type, also to another user of the account who created it (member_api_key), and also after PUT /user changed the user\'s email; a second key under the name of one the user has is a new key and leaves the first (or is refused with a 4xx); deleting one key (DELETE /user/keys/{key_id}, an extension) leaves every other key of the user; a public key the user deleted can be added again',
  needs: ['b', 'write'],
  async run(t) {
    const refusedKinds = new Set<string>();
    const refusedNames = new Set<string>();
    let made = 0;
    let namedWithWords = 0;
    // The keys the property made (their removal waits for cleanup), read again after a DELETE of another.
    const kept: KeptKey[] = [];
    await t.property('a created key can be read back', keyInput, async ({ kind, comment, label, words }) => {
      // A name with words is still one no other thing of the run has had (made as the case runs).
      const name = words === undefined ? t.name(`key-${label}`) : `${uniqueName(t, 'key')} ${words}`;
      const body = { name, public_key: (await t.interruptible(freshOpenSshKey(kind, comment))).line };
      // The spec says "SSH public key", not which algorithms: Ed25519 and RSA keys every SSH
      // service takes, ECDSA keys some do not (EC2's key import, say). Nor does it fix the
      // characters of a name. Outside the simulator profile a 4xx to either is the deployment's
      // choice, noted, not judged.
      let sent: Exchange | undefined;
      if ((OPTIONAL_KEY_KINDS.has(kind) || words !== undefined) && t.profile !== 'simulator') {
        sent = await t.b().post('/user/keys', { body });
        if (sent.response.status >= 400 && sent.response.status < 500) {
          if (OPTIONAL_KEY_KINDS.has(kind)) refusedKinds.add(kind);
          else refusedNames.add(JSON.stringify(words));
          return;
        }
      }
      if (words !== undefined) namedWithWords++;
      made++;
      const { id, ex, body: key } = await createKey(t, body, 'B-KEY-1', sent);
      t.expect.that(typeof key.fingerprint === 'string' && key.fingerprint !== '', {
        clause: 'B-KEY-1',
        message: 'the created SSH key has no fingerprint',
        expected: 'a non-empty fingerprint string',
        received: show(key.fingerprint),
        exchange: ex,
      });
      t.expect.that(key.name === name, { clause: 'B-KEY-1', message: 'the created SSH key does not carry the name sent', expected: show(name), received: show(key.name), exchange: ex });
      t.expect.schema(ex, 'ssh-key', 'B-SCHEMA-1');

      const read = await expectKeyReadsBack(t, id, name, key.fingerprint, 'of the key just created');
      t.expect.schema(read, 'ssh-key', 'B-SCHEMA-1');
      kept.push({ id, name, fingerprint: key.fingerprint, what: 'a key the run made before' });
    });
    if (refusedKinds.size) t.note(`refused with a 4xx, as a deployment may: ${[...refusedKinds].sort().join(', ')} keys (the spec names no SSH key types)`);
    if (refusedNames.size) t.note(`refused with a 4xx, as a deployment may (the spec fixes no characters of a name): keys named with ${[...refusedNames].sort().join(', ')}`);
    if (made > 0 && namedWithWords === 0) t.note('no key named with words (an apostrophe, spaces, other scripts) was created in this run (none drawn, or every one refused), so whether such a name is kept as sent was not seen');
    if (made === 0) t.partial('B-KEY-1', 'no Ed25519 or RSA key was drawn, and the ECDSA keys drawn were refused: no key was created and read back');
    await securityKeysCreate(t);
    const astralUnseen = await astralKeyNameKept(t);
    if (astralUnseen) t.note(`that a key name holding characters beyond U+FFFF is kept as sent was not seen: ${astralUnseen}`);
    const longUnseen = await longKeyNameKept(t);
    if (longUnseen) t.note(`that a key name of more than 64 characters is kept whole was not seen: ${longUnseen}`);
    const sameNameUnseen = await sameNameAddsAnother(t);
    if (sameNameUnseen) t.note(sameNameUnseen);
    const othersUnseen = await deleteSparesOthers(t, kept);
    if (othersUnseen) t.note(`that DELETE /user/keys/{key_id} (an extension) leaves the user's other keys was not seen: ${othersUnseen}`);
    for (const unseen of await pastedKeysCreate(t)) t.note(`that a pasted key is created with the key's own fingerprint was not seen for ${unseen}`);
    const memberUnseen = await memberKeyReadsBack(t);
    if (memberUnseen) t.note(`that POST /user/keys stores the key as its caller's, not another user's of the account (its owner's, say), was not seen: ${memberUnseen}`);
    const readdUnseen = await deletedKeyAddsAgain(t);
    if (readdUnseen) t.note(`that a public key the user deleted can be added again was not seen: ${readdUnseen}`);
    const emailUnseen = await keyOutlivesEmailChange(t);
    if (emailUnseen) t.note(`that a key made before the user's email changed is still returned after was not seen: ${emailUnseen}`);
  },
});

/**
 * B-KEY-1 for security-key (FIDO) public keys, one of each type, whatever the property drew: a
 * parser has a branch per key type, and these carry one more field (the application string)
 * that a branch may forget. The simulator profile holds a target to the real service's list of
 * types (docs/interface-b.md), which has both; elsewhere a 4xx is the deployment's choice, noted.
 */
async function securityKeysCreate(t: CheckContext): Promise<void> {
  const refused: string[] = [];
  for (const kind of SECURITY_KEY_KINDS) {
    const name = t.name(`key-${kind}`);
    const generated = generateSecurityKey(kind, `${kind}@disco`);
    const body = { name, public_key: generated.line };
    const sent = await t.b().post('/user/keys', { body });
    if (t.profile !== 'simulator' && sent.response.status >= 400 && sent.response.status < 500) {
      refused.push(generated.type);
      continue;
    }
    if (!is2xx(sent)) {
      t.expect.status(sent, '2xx', 'B-KEY-1', `POST /user/keys with a well-formed ${generated.type} (security key) public key answered ${sent.response.status}; the real service takes that type`);
      continue;
    }
    const { id, ex, body: key } = await createKey(t, body, 'B-KEY-1', sent);
    t.expect.that(typeof key.fingerprint === 'string' && key.fingerprint !== '', { clause: 'B-KEY-1', message: `the created ${generated.type} key has no fingerprint`, expected: 'a non-empty fingerprint string', received: show(key.fingerprint), exchange: ex });
    await expectKeyReadsBack(t, id, name, key.fingerprint, `of the ${generated.type} key just created`);
  }
  if (refused.length) t.note(`refused with a 4xx, as a deployment may: ${refused.join(', ')} security keys (the spec names no SSH key types)`);
}

/**
 * B-KEY-1 for a long key name (65 characters or more, `longKeyName`, after the run's name): the
 * property's names stay under 50 characters, and a store that keeps key names in a VARCHAR(50) of
 * a non-strict database cuts a longer one silently, answering 201 with another name. The spec
 * fixes no length: a 4xx refusing the name is returned as why it was not seen; a 2xx must answer,
 * and read back, the name as sent. One key, drawn once.
 */
async function longKeyNameKept(t: CheckContext): Promise<string | undefined> {
  let refused: string | undefined;
  await t.property('a long key name is kept whole', longKeyName, async (words) => {
    const name = `${uniqueName(t, 'key-long')} ${words}`;
    const body = { name, public_key: (await t.interruptible(freshOpenSshKey('ed25519', 'long@disco'))).line };
    const sent = await t.b().post('/user/keys', { body });
    if (sent.response.status >= 400 && sent.response.status < 500) {
      refused = `POST /user/keys with a name of ${characters(name)} characters answered ${sent.response.status} (the spec fixes no length)`;
      return;
    }
    const { id, ex, body: key } = await createKey(t, body, 'B-KEY-1', sent);
    const cut = (got: unknown) => (typeof got === 'string' && got.length < name.length && name.startsWith(got) ? ` (${characters(name)} characters sent, its first ${characters(got)} kept)` : '');
    t.expect.that(key.name === name, { clause: 'B-KEY-1', message: `POST /user/keys with a name of ${characters(name)} characters: the key's name is not the name sent${cut(key.name)}`, expected: show(name), received: show(key.name), exchange: ex });
    await expectKeyReadsBack(t, id, name, key.fingerprint, `of the key created with a name of ${characters(name)} characters`);
  }, { runs: 1 });
  return refused;
}

/**
 * B-KEY-1 for a key name holding characters beyond U+FFFF (`ASTRAL_NAME`: an emoji ZWJ sequence,
 * 𠮷): a store whose name column holds only the Basic Multilingual Plane keeps each as '?', and
 * the property's names seldom hold one. The spec fixes no character set: a 4xx is returned as why
 * it was not seen; a 2xx must answer, and read back, the name as sent.
 */
async function astralKeyNameKept(t: CheckContext): Promise<string | undefined> {
  const name = `${uniqueName(t, 'key')} ${ASTRAL_NAME}`;
  const body = { name, public_key: (await t.interruptible(freshOpenSshKey('ed25519', 'astral@disco'))).line };
  const sent = await t.b().post('/user/keys', { body });
  if (sent.response.status >= 400 && sent.response.status < 500) return `POST /user/keys with the name ${JSON.stringify(name)} answered ${sent.response.status} (the spec fixes no character set)`;
  const { id, ex, body: key } = await createKey(t, body, 'B-KEY-1', sent);
  t.expect.that(key.name === name, { clause: 'B-KEY-1', message: "POST /user/keys with a name holding characters beyond U+FFFF: the key's name is not the name sent", expected: show(name), received: show(key.name), exchange: ex });
  await expectKeyReadsBack(t, id, name, key.fingerprint, 'of the key named with characters beyond U+FFFF');
  return undefined;
}

/** A key read again later: its id, name and fingerprint, and what it is, for the messages. */
interface KeptKey {
  id: number;
  name: unknown;
  fingerprint: unknown;
  what: string;
}

/**
 * B-KEY-1 for a name the user already has: the spec makes no key name unique, and every key the
 * run makes elsewhere has a name of its own, so a store that upserts on (user, name) (the new key
 * overwriting the old, answered 201 with the old id) passes them all. A second key under the name
 * of the first: a 4xx refusing the duplicate name is a deployment's choice (noted); a 2xx must
 * be a new key (another id, the new fingerprint), and the first must still read back as it was.
 * Returns a note when the name was refused, or undefined.
 */
async function sameNameAddsAnother(t: CheckContext): Promise<string | undefined> {
  const name = t.name('same-name-key');
  const first = await createKey(t, { name, public_key: (await t.interruptible(freshOpenSshKey('ed25519', 'first@disco'))).line });
  const body = { name, public_key: (await t.interruptible(freshOpenSshKey('ed25519', 'second@disco'))).line };
  const sent = await t.b().post('/user/keys', { body });
  if (sent.response.status >= 400 && sent.response.status < 500) return `POST /user/keys with a new public key under the name of a key the user has answered ${sent.response.status}: the deployment keeps key names unique per user, as it may (the spec does not say)`;
  const second = await createKey(t, body, 'B-KEY-1', sent);
  t.expect.that(second.id !== first.id, {
    clause: 'B-KEY-1',
    message: `POST /user/keys with a new public key under the name of key ${first.id} answered ${sent.response.status} with that key's id: it overwrote the key instead of adding one`,
    expected: `a new key, of an id other than ${first.id}`,
    received: `id ${show(second.id)}, fingerprint ${show(second.body.fingerprint)}`,
    exchange: sent,
  });
  await expectKeyReadsBack(t, first.id, name, first.body.fingerprint, 'of the first of two keys of the same name, after the second was added');
  if (second.id !== first.id) await expectKeyReadsBack(t, second.id, name, second.body.fingerprint, 'of the second of two keys of the same name');
  return undefined;
}

/**
 * B-KEY-1 for the keys a DELETE leaves: deleting one key (DELETE /user/keys/{key_id}, an
 * extension) must leave every other key of the user returned by GET /user/keys/{key_id}. The
 * other checks read each key only right after making it, so a delete that takes more than its
 * key (a key ring spliced at the key's position without a count: every newer key) passes them.
 * Two keys made here, the older deleted; then the newer one, the keys the run made before
 * (`kept`) and the keys the user had before (GET /user/keys, an extension: its first page) are
 * read again. Returns why it was not seen, or undefined.
 */
async function deleteSparesOthers(t: CheckContext, kept: readonly KeptKey[]): Promise<string | undefined> {
  const others: KeptKey[] = [...kept];
  const listed = await t.b().get('/user/keys');
  const items = is2xx(listed) ? extensionListItems(t.target, listed.json) : undefined;
  for (const item of items ?? []) {
    if (!isObject(item) || typeof item.id !== 'number' || others.some((k) => k.id === item.id)) continue;
    others.push({ id: item.id, name: item.name, fingerprint: item.fingerprint, what: 'a key the user had before' });
  }
  const doomed = await createKey(t, { name: t.name('deleted-key'), public_key: (await t.interruptible(freshOpenSshKey('ed25519', 'deleted@disco'))).line });
  const newerName = t.name('kept-key');
  const newer = await createKey(t, { name: newerName, public_key: (await t.interruptible(freshOpenSshKey('ed25519', 'kept@disco'))).line });
  others.push({ id: newer.id, name: newerName, fingerprint: newer.body.fingerprint, what: 'a key made just after the deleted one' });
  const deleted = await t.b().delete(`/user/keys/${doomed.id}`);
  if (!is2xx(deleted)) return `DELETE /user/keys/${doomed.id} answered ${deleted.response.status}, so no key was deleted`;
  for (const other of others) {
    const read = await t.b().get(`/user/keys/${other.id}`);
    const again = is2xx(read) && isObject(read.json) ? read.json : undefined;
    t.expect.that(again !== undefined && again.id === other.id && again.name === other.name && again.fingerprint === other.fingerprint, {
      clause: 'B-KEY-1',
      message: `after DELETE /user/keys/${doomed.id} (answered ${deleted.response.status}), GET /user/keys/${other.id}, ${other.what}, answered ${read.response.status}${again ? ' with another key' : ''}: the delete took more than its key`,
      expected: `id ${other.id}, name ${show(other.name)}, fingerprint ${show(other.fingerprint)}`,
      received: again ? `id ${show(again.id)}, name ${show(again.name)}, fingerprint ${show(again.fingerprint)}` : `${read.response.status}`,
      exchange: read,
    });
  }
  if (items === undefined) t.note(`GET /user/keys (an extension) answered ${listed.response.status} without a list: the keys the user had before the run were not read again after a DELETE of another`);
  return undefined;
}

/**
 * GET /user/keys/{id} must answer 2xx with the key of that id, name and fingerprint (B-KEY-1);
 * `what` says which key, for the messages. The read.
 */
async function expectKeyReadsBack(t: CheckContext, id: number, name: string, fingerprint: unknown, what: string): Promise<Exchange> {
  const read = await t.b().get(`/user/keys/${id}`);
  t.expect.status(read, '2xx', 'B-KEY-1', `GET /user/keys/${id} ${what} answered ${read.response.status}`);
  const again = objectBody(t, read, 'B-KEY-1', `GET /user/keys/${id}`);
  t.expect.that(again.id === id && again.name === name && again.fingerprint === fingerprint, {
    clause: 'B-KEY-1',
    message: `GET /user/keys/${id} ${what} does not return that key`,
    expected: `id ${id}, name ${show(name)}, fingerprint ${show(fingerprint)}`,
    received: `id ${show(again.id)}, name ${show(again.name)}, fingerprint ${show(again.fingerprint)}`,
    exchange: read,
  });
  return read;
}

/**
 * B-KEY-1 for a key line as the user pastes it (`PASTED_KEY_FRAMINGS`): ssh-keygen writes the .pub
 * file as the line and its line feed, and `cat id_ed25519.pub` pastes both; a .pub file saved or
 * copied on Windows (PuTTYgen, Notepad) ends in CR LF; a copy from a terminal or a page may bring
 * blanks around the line. The public key is the line's, what frames it is no part of it, so POST
 * /user/keys must create the key, with the fingerprint of the key itself. A line ending (LF or CR
 * LF) binds everywhere; blanks around the line the spec leaves open, so a 4xx refusing them is
 * returned as why that framing was not seen. The kit's keys elsewhere are lines without their end,
 * which a parser that counts the line's end as a control character (and refuses the key) answers
 * all alike. That the fingerprint is the key's: one of the usual forms of the blob's (ssh-keygen
 * -l), or else, where DELETE /user/keys/{id} (an extension) is served, the fingerprint the same key
 * gets sent bare. One key per framing, for the volume. Returns why a framing was not seen (the
 * fingerprint could not be told the key's, or the framing was refused where it may be).
 */
async function pastedKeysCreate(t: CheckContext): Promise<string[]> {
  const unseen: string[] = [];
  for (const framing of PASTED_KEY_FRAMINGS) {
    const why = await pastedKeyCreates(t, framing);
    if (why) unseen.push(`a key line ${framing.what}: ${why}`);
  }
  return unseen;
}

async function pastedKeyCreates(t: CheckContext, framing: PastedKeyFraming): Promise<string | undefined> {
  const name = t.name(`pasted-key-${framing.label}`);
  const generated = await t.interruptible(freshOpenSshKey('ed25519', 'pasted@disco'));
  const body = { name, public_key: framing.frame(generated.line) };
  const ex = await t.b().post('/user/keys', { body });
  if (framing.refusable && ex.response.status >= 400 && ex.response.status < 500) return `POST /user/keys answered ${ex.response.status} (the spec leaves open whether blanks around the line are taken)`;
  t.expect.status(ex, '2xx', 'B-KEY-1', `POST /user/keys with a public key line ${framing.what}, answered ${ex.response.status}: ${framing.refusable ? 'expected the key created, or a 4xx refusing the blanks' : "the line's end ends the line, it is no part of the key"}`);
  const { id, body: key } = await createKey(t, body, 'B-KEY-1', ex);
  t.expect.that(typeof key.fingerprint === 'string' && key.fingerprint !== '', {
    clause: 'B-KEY-1',
    message: `the SSH key created from a key line ${framing.what} has no fingerprint`,
    expected: 'a non-empty fingerprint string',
    received: show(key.fingerprint),
    exchange: ex,
  });
  await expectKeyReadsBack(t, id, name, key.fingerprint, `of the key sent ${framing.what}`);
  if (typeof key.fingerprint !== 'string' || usualFingerprints(generated.blob).includes(key.fingerprint)) return undefined;
  // Another form of fingerprint: the same key sent bare must get the same one.
  const deleted = await t.b().delete(`/user/keys/${id}`);
  if (!is2xx(deleted)) return `its fingerprint ${show(key.fingerprint)} is none of the usual forms (MD5, SHA256), and DELETE /user/keys/${id} (an extension) answered ${deleted.response.status}, so it was not compared with the one the key gets sent bare`;
  const bare = await t.b().post('/user/keys', { body: { name, public_key: generated.line } });
  const { body: again } = await createKey(t, { name, public_key: generated.line }, 'B-KEY-1', bare);
  t.expect.that(again.fingerprint === key.fingerprint, {
    clause: 'B-KEY-1',
    message: `the same public key gets another fingerprint when sent ${framing.what}, than when sent bare: the fingerprint of the key so sent is not the key's`,
    expected: `${show(again.fingerprint)} (the key's sent bare)`,
    received: show(key.fingerprint),
    exchange: ex,
  });
  return undefined;
}

/**
 * B-KEY-1 for a public key the user deleted: once no key of the user holds it, POST /user/keys
 * with it creates a key, as for any other. A store that soft-deletes and keeps the deleted row
 * in its unique (user, fingerprint) index refuses it for ever, which keys made fresh each case
 * cannot show. DELETE /user/keys/{id} is an extension: without it nothing is judged. Once, for
 * the volume. Returns why it was not seen, or undefined.
 */
async function deletedKeyAddsAgain(t: CheckContext): Promise<string | undefined> {
  const name = t.name('readded-key');
  const body = { name, public_key: (await t.interruptible(freshOpenSshKey('ed25519', 'readded@disco'))).line };
  const { id } = await createKey(t, body);
  const deleted = await t.b().delete(`/user/keys/${id}`);
  if (!is2xx(deleted)) return `DELETE /user/keys/${id} (an extension) answered ${deleted.response.status}, so no key was deleted to add again`;
  const ex = await t.b().post('/user/keys', { body });
  t.expect.status(ex, '2xx', 'B-KEY-1', `POST /user/keys with a name and the public key of a key the user deleted (DELETE /user/keys/${id} answered ${deleted.response.status}) answered ${ex.response.status}: no key of the user holds that public key any more, so it must create one`);
  const { id: again, body: key } = await createKey(t, body, 'B-KEY-1', ex);
  await expectKeyReadsBack(t, again, name, key.fingerprint, 'of the key added again after its deletion');
  return undefined;
}

/**
 * B-KEY-1 across a change of the user's email (PUT /user, B-USER-1): a key made before is the
 * user's still, and GET /user/keys/{id} returns it. A deployment that files keys under the
 * user's login (the email) at creation loses them all on that change; b-user/update restores the
 * email at its end and makes no key, so only a key read across the change shows it. Changed only
 * where permitted (a new address can lock a real user out until confirmed), and put back by a
 * cleanup from GET /user (an extension), registered after the key's so that it runs first.
 * Returns why it was not seen, or undefined.
 */
async function keyOutlivesEmailChange(t: CheckContext): Promise<string | undefined> {
  if (!permitted(t, 'change_user_email')) return `the user's email may not be changed (${howToPermit('change_user_email')})`;
  const userRead = await t.b().get('/user');
  const original = userIn(userRead);
  if (!original) return `GET /user (an extension) answered ${userRead.response.status} without the user, so its email could not be restored`;
  const name = t.name('email-key');
  const { id, body: key } = await createKey(t, { name, public_key: (await t.interruptible(freshOpenSshKey('ed25519', 'email@disco'))).line });
  const restore = restorable(original);
  t.cleanup("restore the user's email", async () => {
    const ex = await t.b().put('/user', { body: restore });
    if (!is2xx(ex)) throw new Error(`PUT /user to restore the original values answered ${ex.response.status}`);
  });
  const email = `${t.name('key-owner')}@example.org`;
  const changed = await t.b().put('/user', { body: { ...restore, email } });
  // Whether PUT /user takes the address is b-user/update's to judge (B-USER-1).
  if (!is2xx(changed)) return `PUT /user with a new email answered ${changed.response.status}`;
  const shown = userIn(changed);
  if (shown && shown.email !== email) return `PUT /user answered the email ${show(shown.email)}, not the one sent`;
  await expectKeyReadsBack(t, id, name, key.fingerprint, `of a key made before PUT /user changed the user's email`);
  return undefined;
}

/**
 * B-KEY-1 for another user of the account (member_api_key's): /user/keys are the caller's, so the
 * key a member creates is the member's, and its GET /user/keys/{id} with the member's key returns
 * it. A key filed under another user (the account's owner, say) answers the POST 2xx and its
 * creator's read 404; the keys above, made and read with api_key alone, cannot show that. Which
 * roles may call which operation of interface B is not shown (section 5): a member's 4xx to the
 * POST is noted, not judged. The key is deleted on cleanup with the member's key. Returns why it
 * was not seen, or undefined.
 */
async function memberKeyReadsBack(t: CheckContext): Promise<string | undefined> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) return 'it needs a key of a second user of account 1 (member_api_key in the target document)';
  const member = t.bWithKey(memberKey);
  const name = t.name('member-key');
  const body = { name, public_key: (await t.interruptible(freshOpenSshKey('ed25519', 'member@disco'))).line };
  const ex = await member.post('/user/keys', { body });
  if (ex.response.status >= 400 && ex.response.status < 500) return `POST /user/keys with member_api_key answered ${ex.response.status} (which roles may call which operation of interface B is not shown)`;
  t.expect.status(ex, '2xx', 'B-KEY-1', `POST /user/keys with member_api_key and a fresh OpenSSH public key answered ${ex.response.status}`);
  const key = objectBody(t, ex, 'B-KEY-1', 'POST /user/keys with member_api_key');
  const id = integerId(t, ex, key, 'B-KEY-1', 'POST /user/keys with member_api_key');
  deleteSshKeyOnCleanup(t, id, 0, { client: member, whose: "member_api_key's user" });
  const read = await member.get(`/user/keys/${id}`);
  t.expect.status(read, '2xx', 'B-KEY-1', `GET /user/keys/${id} with member_api_key, of the key its user just created, answered ${read.response.status}${read.response.status === 404 ? ': the key was not stored as its caller\'s' : ''}`);
  const again = objectBody(t, read, 'B-KEY-1', `GET /user/keys/${id} with member_api_key`);
  t.expect.that(again.id === id && again.name === name && again.fingerprint === key.fingerprint, {
    clause: 'B-KEY-1',
    message: `GET /user/keys/${id} with member_api_key does not return the key its user created`,
    expected: `id ${id}, name ${show(name)}, fingerprint ${show(key.fingerprint)}`,
    received: `id ${show(again.id)}, name ${show(again.name)}, fingerprint ${show(again.fingerprint)}`,
    exchange: read,
  });
  return undefined;
}

/** Key types a deployment may refuse (the spec names none); Ed25519 and RSA it must take. */
const OPTIONAL_KEY_KINDS: ReadonlySet<SshKeyKind> = new Set(['ecdsa-p256', 'ecdsa-p384', 'ecdsa-p521']);

check({
  id: 'b-user/ssh-key-conventions',
  // The fingerprint's format has no clause of its own; it is recorded with the key operations' gap.
  clauses: ['B-GAP-1'],
  title: 'B-GAP-1 (simulator convention): an SSH key fingerprint is the MD5 of the key blob in colon-separated hex; comment is the line\'s comment, and the name defaults to it',
  needs: ['b', 'write'],
  async run(t) {
    await t.property('fingerprint, comment and default name follow the real service', keyInput, async ({ kind, comment: host, label }) => {
      // No name is sent, so the comment carries the run's mark.
      const comment = `${t.name(label)}:${host}`;
      const generated = await t.interruptible(freshOpenSshKey(kind, comment));
      // A key without a name is the real service's convention, not the spec's body: a refusal is this gap's.
      const { ex, body: key } = await createKey(t, { public_key: generated.line }, 'B-GAP-1');
      const expected = md5ColonHex(generated.blob);
      t.expect.that(key.fingerprint === expected, { clause: 'B-GAP-1', message: 'the fingerprint is not the MD5 of the key blob in colon-separated hex', expected, received: show(key.fingerprint), exchange: ex });
      t.expect.that(key.comment === comment, { clause: 'B-GAP-1', message: 'comment is not the key line\'s trailing comment', expected: comment, received: show(key.comment), exchange: ex });
      t.expect.that(key.name === comment, { clause: 'B-GAP-1', message: 'a key created without a name is not named after its comment', expected: comment, received: show(key.name), exchange: ex });
    });
  },
});
