import fc from 'fast-check';
import type { DeclaredHook } from '../types.ts';

/**
 * Inputs of interface B's resource operations (jobs, users, keys, hooks, groups, paging). Each
 * generates only values the spec calls valid, so a refusal is the target's fault, never the
 * generator's. Values that depend on gaps (hook types, event names, time zones) use what
 * docs/interface-b.md records of the real service, or what the target document declares.
 */

/** Variable names as package editors accept them: identifier-like, never `__proto__`. */
export const variableName = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);

/** Static variable values: any text, unicode included. */
export const variableValue = fc.string({ unit: 'grapheme', maxLength: 24 });

/** Dynamic variables are expressions evaluated when the job runs; a few realistic shapes. */
export const dynamicExpression = fc.oneof(
  fc.constantFrom('CurrentTimestamp()', "ClusterId()", "Concat('a', 'b')", "Date('2026-01-01')", 'Rand()'),
  variableName.map((name) => `$${name}`),
  fc.tuple(variableName, fc.integer({ min: 0, max: 9999 })).map(([name, n]) => `Concat($${name}, '${n}')`),
);

export const variables = fc.dictionary(variableName, variableValue, { maxKeys: 4, noNullPrototype: true });
/**
 * At least one: B-JOB-1 posts dynamic_variables, and a case with none shows nothing of them. A run
 * of a handful of cases (a real deployment's) once drew only empty ones (seed 1984445344, alt
 * conventions), so it never saw a deployment refuse the real service's expressions.
 */
export const dynamicVariables = fc.dictionary(variableName, dynamicExpression, { minKeys: 1, maxKeys: 3, noNullPrototype: true });

/**
 * Name parts with characters beyond U+FFFF: an emoji ZWJ sequence (👩‍💻, two astral emoji joined
 * by U+200D) and a CJK Extension B ideograph (𠮷, in the family name 𠮷野). A store whose text
 * column holds only the Basic Multilingual Plane (MySQL's utf8mb3) keeps each as '?'.
 */
export const ASTRAL_NAME_PARTS = ['👩‍💻', '𠮷野'] as const;

/** A name holding both `ASTRAL_NAME_PARTS`, for the cases that send one whatever the draws. */
export const ASTRAL_NAME = `Ada ${ASTRAL_NAME_PARTS.join(' ')}`;

/**
 * A human name with letters from several scripts, no leading or trailing blank. All within the
 * Basic Multilingual Plane: the properties hold these names to a 2xx, and a deployment whose
 * store holds only the BMP may refuse a name beyond it (the spec fixes no character set); names
 * with `ASTRAL_NAME` are sent by the one-off cases, where such a refusal is noted.
 */
export const displayName = fc
  .array(fc.constantFrom('Ada', 'Grace', 'José', 'Zoë', 'Łukasz', 'Çelik', 'Åsa', 'Núñez', '李', '山田', 'O\'Neil', 'Smith-Jones', 'Øre'), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join(' '));

export const location = fc.constantFrom('Lisbon', 'São Paulo', 'Zürich', 'New York, NY', 'Kraków', '東京', 'Remote');

/** Length in characters (code points), as a user counts them and a text column holds them. */
export function characters(text: string): number {
  return [...text].length;
}

/**
 * A long name: a full one, as people with many given names and surnames type it (31 to 100
 * characters), in several scripts. A store that keeps a name only up to some length shows only
 * with names past it, and the spec fixes no length.
 */
export const longDisplayName = fc
  .array(
    fc.constantFrom('María', 'José', 'Carolina', 'Núñez', 'de', 'Balboa', 'y', 'Fernández', 'Bartholomew', 'Papadopoulos', 'Χριστόφορος', 'Александра', 'Константинопольская', 'Nguyễn', 'Thị', 'Minh', 'Khai', "O'Sullivan-Fitzgerald", 'van der', 'Łukasz', 'Brzęczyszczykiewicz', 'Ōtsuka', '李', 'Siobhán', 'Wolfeschlegelsteinhausenbergerdorff'),
    { minLength: 4, maxLength: 10 },
  )
  .map((parts) => parts.join(' '))
  .filter((name) => characters(name) >= 31 && characters(name) <= 100);

/**
 * A long connection name (65 to 300 characters): a connection named for what it reaches, where,
 * and what for, as teams with many of them write it, in several scripts. A store that keeps names
 * only up to some width (a VARCHAR(64)) shows only with names past it, and the spec fixes no length.
 */
export const longConnectionName = fc
  .array(
    fc.constantFrom('Production', 'staging', 'MySQL', 'PostgreSQL', 'réplica', 'read-only', 'reporting', 'warehouse', 'eu-west-1', 'us-east-2', 'São Paulo', 'Zürich', 'Łódź', 'orders', 'customers', 'nightly', 'export', 'für', 'Abrechnung', 'Buchhaltung', '東京', 'データベース', 'Ελλάδα', 'legacy', 'v2', 'migration', '—', '(do not delete)', 'owner:', 'data-platform@example.com'),
    { minLength: 8, maxLength: 45 },
  )
  .map((parts) => parts.join(' '))
  .filter((name) => characters(name) >= 65 && characters(name) <= 300);

/**
 * A long SSH key name (65 to 180 characters, at most 180 UTF-16 units, so that with a run's name
 * before it it stays within 255): whose key, on what, where and since when, as people label the
 * keys of many machines, in several scripts. A store that keeps key names only up to some width
 * (a VARCHAR(50) or (64)) shows only with names past it, and the spec fixes no length.
 */
export const longKeyName = fc
  .array(
    fc.constantFrom("Ada Lovelace's", 'work laptop', '(Lisbon office, 2026 rotation)', 'YubiKey 5C NFC', 'build server #2', 'CI/CD deploy key', 'São Paulo', 'Zürich', '東京', 'Łukasz', 'Χριστόφορος', '—', 'do not remove', 'owner: data-platform@example.com', 'ed25519', 'rotated quarterly', 'bastion', 'eu-west-1'),
    { minLength: 6, maxLength: 24 },
  )
  .map((parts) => parts.join(' '))
  .filter((name) => characters(name) >= 65 && name.length <= 180);

/**
 * A long location (31 to 120 characters): a postal address, as a profile's location field is
 * often filled in, in several scripts (one with a character beyond the BMP, 𠮷).
 */
export const longLocation = fc
  .tuple(
    fc.constantFrom('', 'Suite 4200, ', 'Flat 3B, ', '2º andar, ', 'Büro 12, ', '12階 '),
    fc.constantFrom('Rua Augusta', 'Avenida Paulista', 'Bahnhofstrasse', 'Fifth Avenue', 'ul. Floriańska', 'Harrow Road', 'Calle de Alcalá', 'Ελευθερίου Βενιζέλου', 'Karl-Marx-Allee', '丸の内一丁目', 'Nørrebrogade', 'İstiklal Caddesi'),
    fc.integer({ min: 1, max: 2999 }),
    fc.constantFrom('1100-053 Lisboa, Portugal', '01310-200 São Paulo - SP, Brasil', '8001 Zürich, Schweiz', 'New York, NY 10118, United States', '31-019 Kraków, Polska', 'London W2 1XJ, United Kingdom', '28014 Madrid, España', 'Αθήνα 106 71, Ελλάδα', '10243 Berlin, Deutschland', '東京都千代田区 100-0005 日本', '2200 København N, Danmark', '34430 Beyoğlu/İstanbul, Türkiye', '𠮷野町 3丁目, 日本'),
    fc.constantFrom('', ' (remote most days)', ' — office hours 9–17 CET', ' — parcels to the reception desk, please'),
  )
  .map(([unit, street, number, place, tail]) => `${unit}${street} ${number}, ${place}${tail}`)
  .filter((text) => characters(text) >= 31 && characters(text) <= 120);

/** IANA time zone names every current tz database has (two of 30 characters, the longest there are but one). */
export const timeZone = fc.constantFrom('UTC', 'Europe/Lisbon', 'Europe/Berlin', 'America/New_York', 'America/Sao_Paulo', 'Asia/Tokyo', 'Asia/Kolkata', 'Australia/Sydney', 'Africa/Nairobi', 'America/North_Dakota/New_Salem', 'America/Argentina/Rio_Gallegos');

/** The local part of a generated address (plain ASCII atoms, what every mail system delivers to). */
export const emailLocalPart = fc.stringMatching(/^[a-z][a-z0-9]{0,7}([.+-][a-z0-9]{1,6})?$/);

/** A long address (31 to 80 characters): a full name and a tag in the local part, a department's domain. */
export const longEmail = fc
  .tuple(fc.stringMatching(/^[a-z]{3,12}$/), fc.stringMatching(/^[a-z]{3,16}(-[a-z]{2,10})?$/), fc.option(fc.stringMatching(/^\+[a-z0-9]{2,8}(-[a-z0-9]{2,8})?$/), { nil: '' }), fc.constantFrom('engineering.example.com', 'mail.research.example.org', 'example.net', 'eu-west.accounts.example.com'))
  .map(([first, last, tag, domain]) => `${first}.${last}${tag}@${domain}`)
  .filter((address) => address.length >= 31 && address.length <= 80);

/** The real service's notification switches (the simulator's): the spec names no key of the settings. */
export const NOTIFICATION_SWITCH_NAMES = ['job_completed', 'job_failed', 'cluster_available', 'weekly_digest', 'product_news'] as const;

/** Notification settings: boolean switches, as settings pages have. */
export const notificationSwitches = fc.dictionary(fc.constantFrom(...NOTIFICATION_SWITCH_NAMES), fc.boolean(), { maxKeys: 5, noNullPrototype: true });

/**
 * Setting values other than a switch: the spec types notification_settings as an object and
 * shows no values, so a deployment may keep any JSON under a key (a digest's period, a quiet
 * hour's minute, per-channel choices), or refuse what it does not take.
 */
export const notificationSettingValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('weekly', 'daily', 'never', ''),
  fc.integer({ min: 0, max: 1440 }),
  fc.record({ email: fc.boolean(), slack: fc.constantFrom('all', 'mentions', 'none') }, { noNullPrototype: true }),
  fc.constantFrom<unknown[]>([], ['email'], ['email', 'sms']),
);

/**
 * An event kind no deployment has: b-hook/create-read adds it to one hook so that the create is
 * refused, and looks for a hook the refusal left behind. The only event a check sends beyond the
 * declared or documented ones.
 */
export const MADE_UP_HOOK_EVENT = 'disco-no-such-event.kind';

/** Hook event kinds the real service documents (docs/interface-b.md). */
export const HOOK_EVENTS = [
  'job',
  'job.submitted',
  'job.started',
  'job.stopped',
  'job.completed',
  'job.failed',
  'cluster',
  'cluster.requested',
  'cluster.available',
  'cluster.terminated',
  'cluster.idled',
  'cluster.error',
] as const;

export const hookEvents: fc.Arbitrary<string[]> = fc.shuffledSubarray<string>([...HOOK_EVENTS], { minLength: 1 });

const urlPath = fc.stringMatching(/^[a-z0-9]{1,12}(\/[a-z0-9]{1,12}){0,2}$/);

/**
 * Where generated web hooks point: a host under `.invalid`, which never resolves (RFC 6761), so
 * an active hook on a real deployment sends nothing anywhere, whatever events it hears.
 */
export const UNREACHABLE_HOOK_HOST = 'hooks.disco-conformance.invalid';

/**
 * A token as receivers put in their webhook URLs, capitals and all (Slack's
 * .../services/T0A1B2C3D/B4E5F6G7H/XyZaBc..., Teams', Zapier's): a URL's path and query are
 * case-sensitive (RFC 3986), so a store that lowercases the URL (normalised for a duplicate check,
 * say) breaks every such hook. It starts with a capital, so every URL that holds one has one.
 */
const urlToken = fc.stringMatching(/^[A-Z][A-Za-z0-9]{7,23}$/);

/** A query a receiver may need (a token, a route): the hook's URL is kept whole, query and all, its case too. */
const urlQuery = fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), urlToken, fc.stringMatching(/^(&[a-z]{1,8}=[A-Za-z0-9]{1,12}){0,2}$/)).map(([key, token, more]) => `${key}=${token}${more}`);

/** Web hook settings; the URL's path ends in a token with capitals (`urlToken`). */
const webSettings = fc
  .record({ path: urlPath, token: urlToken, port: fc.option(fc.integer({ min: 1024, max: 65535 }), { nil: undefined }), query: fc.option(urlQuery, { nil: undefined }), insecureSsl: fc.option(fc.boolean(), { nil: undefined }) })
  .map(({ path, token, port, query, insecureSsl }) => ({ url: `https://${UNREACHABLE_HOOK_HOST}${port === undefined ? '' : `:${port}`}/${path}/${token}${query === undefined ? '' : `?${query}`}`, ...(insecureSsl === undefined ? {} : { insecure_ssl: insecureSsl }) }));

/** A Slack incoming-webhook URL's path, as Slack issues them: services/T<team>/B<bot>/<secret of 24 mixed-case characters>. */
const slackWebhookPath = fc.tuple(fc.stringMatching(/^[A-Z0-9]{8,10}$/), fc.stringMatching(/^[A-Z0-9]{8,10}$/), fc.stringMatching(/^[A-Za-z0-9]{24}$/)).map(([team, bot, secret]) => `services/T${team}/B${bot}/${secret}`);

/**
 * `mayBeActive: false` keeps every generated hook inactive: an active e-mail, Slack or PagerDuty
 * hook on a real deployment would notify real people on the account's job events. Web hooks
 * point at an unreachable host and may always be active.
 */
export interface HookOptions {
  mayBeActive: boolean;
}

function hookCommon(name: string, options: HookOptions, events: fc.Arbitrary<string[]> = hookEvents) {
  const active = options.mayBeActive ? fc.boolean() : fc.constant(false);
  // A name is a string: some in the letters of other scripts than English (`displayName`).
  return fc.record({ events, active, suffix: fc.oneof(fc.stringMatching(/^[a-z0-9]{0,8}$/), displayName) }).map(({ events, active, suffix }) => ({
    name: suffix === '' ? name : `${name}-${suffix}`,
    events,
    active,
  }));
}

/** A web hook body (type `web` needs `settings.url`, docs/interface-b.md), active or not, addressed to an unreachable host. */
export function anyWebHookBody(name: string) {
  return fc.record({ settings: webSettings, common: hookCommon(name, { mayBeActive: true }) }).map(({ settings, common }) => ({ type: 'web', ...common, settings }));
}

/**
 * A hook body of any live type of the real service (docs/interface-b.md: web, email, slack, pagerduty, each
 * with its own settings), addressed to reserved domains only.
 */
export function anyHookBody(name: string, options: HookOptions) {
  const { web, email, slack, pagerduty } = hookBodiesByType(name, options);
  return fc.oneof({ weight: 3, arbitrary: web }, email, slack, pagerduty);
}

/** A PagerDuty service's name: one to three words, the first capitalised, some the others too. */
const pagerDutyServiceName = fc.array(fc.stringMatching(/^[A-Za-z][a-z0-9]{1,9}$/), { minLength: 1, maxLength: 3 }).map((words) => words.map((w, i) => (i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' '));

/** A hook body of each live type of the real service, one generator each (`anyHookBody`'s). */
export function hookBodiesByType(name: string, options: HookOptions): Record<'web' | 'email' | 'slack' | 'pagerduty', fc.Arbitrary<{ type: string; settings: Record<string, unknown>; name: string; events: string[]; active: boolean }>> {
  const typed = (type: string, settings: fc.Arbitrary<Record<string, unknown>>) => fc.record({ settings, common: hookCommon(name, options) }).map(({ settings, common }) => ({ type, settings, ...common }));
  return {
    web: typed('web', webSettings),
    email: typed('email', fc.array(emailLocalPart, { minLength: 1, maxLength: 3 }).map((locals) => ({ emails: locals.map((l) => `${l}@example.com`).join(',') }))),
    slack: typed('slack', fc.record({ path: slackWebhookPath, channel: fc.stringMatching(/^#[a-z0-9-]{1,20}$/) }).map(({ path, channel }) => ({ url: `https://hooks.example.com/${path}`, channel }))),
    // A PagerDuty service's name as people write one (capitals, blanks): kept as given, never a slug of it.
    pagerduty: typed('pagerduty', fc.record({ key: fc.stringMatching(/^[0-9a-f]{32}$/), name: pagerDutyServiceName }).map(({ key, name }) => ({ service_key: key, service_name: name }))),
  };
}

/**
 * A hook body of a kind a target document declares (`interface_b.hook`, one of `hooks`): its type and settings
 * as given, subscribed to some of its event kinds, named and active or not as generated.
 */
export function declaredHookBody(declared: DeclaredHook, name: string, options: HookOptions) {
  return hookCommon(name, options, fc.shuffledSubarray(declared.events, { minLength: 1 })).map((common) => ({ type: declared.type, settings: structuredClone(declared.settings), ...common }));
}

/** Page sizes the spec allows. */
export const validLimit = fc.integer({ min: 1, max: 100 });

/** Page sizes above the maximum, as text (some are far beyond any integer type). */
export const oversizedLimit = fc.oneof(
  fc.integer({ min: 101, max: 10_000 }).map(String),
  fc.integer({ min: 10_001, max: 2_147_483_647 }).map(String),
  fc.constantFrom('9007199254740993', '100000000000000000000', '1e3'),
);
