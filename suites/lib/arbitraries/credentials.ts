import fc from 'fast-check';
import { ALNUM, headerSafeText, unicodeChar } from './text.ts';

/** Keys and Authorization values, real-looking and broken, for the authentication checks. */

const HEX = '0123456789abcdef'.split('');

// ---------------------------------------------------------------------------------------------
// Keys and credentials

/** A key shaped like a typical API key: 40 lowercase hex characters. */
export function hexKey(length = 40): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...HEX), minLength: length, maxLength: length });
}

/** Random strings that could pass for keys: hex, alphanumeric of any length, unicode. */
export function randomKey(): fc.Arbitrary<string> {
  return fc.oneof(
    hexKey(),
    hexKey(32),
    hexKey(64),
    fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 1, maxLength: 80 }),
    fc.string({ unit: unicodeChar(), minLength: 1, maxLength: 40 }).filter((s) => !s.includes(':')),
  );
}

/**
 * A generated value built from a secret, with a description that names its shape without the
 * secret. fast-check prints counterexamples with the description, so a truncated key or a
 * Base64 form the report's redaction does not know never reaches a report.
 */
export interface Described<T> {
  readonly value: T;
  readonly description: string;
}

export function described<T>(value: T, description: string): Described<T> {
  return { value, description, [fc.toStringMethod]: () => description } as Described<T>;
}

const KEY = '<key>';

/**
 * Near misses of a real key: truncated, extended, one character changed, case flipped. Every
 * value differs from `key` (a case flip of a key without letters is dropped).
 */
export function mutatedKey(key: string): fc.Arbitrary<Described<string>> {
  const extra = fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 1, maxLength: 8 });
  const punctuation = fc.string({ unit: fc.constantFrom(...PUNCTUATION), minLength: 1, maxLength: 3 });
  const variants: fc.Arbitrary<Described<string>>[] = [
    extra.map((x) => described(`${key}${x}`, `${KEY} + ${JSON.stringify(x)}`)),
    extra.map((x) => described(`${x}${key}`, `${JSON.stringify(x)} + ${KEY}`)),
    fc.constantFrom(' ', '\t', '0').map((pad) => described(`${key}${pad}`, `${KEY} + ${JSON.stringify(pad)}`)),
    // Punctuation around the key, as a key pasted from a sentence or a quote carries it: a gate
    // that trims it before the lookup takes values that are not the key.
    punctuation.map((p) => described(`${key}${p}`, `${KEY} + ${JSON.stringify(p)}`)),
    punctuation.map((p) => described(`${p}${key}`, `${JSON.stringify(p)} + ${KEY}`)),
  ];
  if (key.length > 1) {
    variants.push(fc.integer({ min: 1, max: key.length - 1 }).map((n) => described(key.slice(0, n), `the first ${n} characters of ${KEY}`)));
    variants.push(fc.integer({ min: 1, max: key.length - 1 }).map((n) => described(key.slice(n), `${KEY} without its first ${n} characters`)));
    variants.push(
      fc.tuple(fc.nat({ max: key.length - 1 }), fc.constantFrom(...ALNUM)).map(([i, c]) => {
        const replacement = key[i] === c ? (c === 'a' ? 'b' : 'a') : c;
        return described(`${key.slice(0, i)}${replacement}${key.slice(i + 1)}`, `${KEY} with character ${i} replaced by ${JSON.stringify(replacement)}`);
      }),
    );
  }
  const upper = key.toUpperCase();
  const lower = key.toLowerCase();
  if (upper !== key) variants.push(fc.constant(described(upper, `${KEY} upper-cased`)));
  if (lower !== key) variants.push(fc.constant(described(lower, `${KEY} lower-cased`)));
  return fc.oneof(...variants).filter((k) => k.value !== key);
}

/**
 * Keys a careless lookup matches though they are not the key, each sent on purpose (a random key
 * is almost never one): SQL LIKE patterns (`%`, `_` as many times as the key is long, a part of
 * the key and `%`) for a lookup that passes the value to LIKE unescaped, glob patterns (`*`, a
 * part of the key and `*`) for one that matches it as a glob (a key store's pattern scan), and the
 * key with a NUL byte after it, alone or with more, for a comparison that stops at the NUL (a C
 * library, bcrypt). None is the key: each must be refused (a NUL is no character of a Basic
 * user-id either, RFC 7617). The descriptions never name a character of the key.
 */
export function patternKeys(key: string): Described<string>[] {
  const half = Math.max(1, Math.floor(key.length / 2));
  return [
    described('%', '"%"'),
    described('_'.repeat(Math.max(1, key.length)), `"_" as many times as ${KEY} has characters`),
    described(`${key.slice(0, half)}%`, `the first ${half} characters of ${KEY} + "%" (a LIKE pattern)`),
    described('*', '"*"'),
    described(`${key.slice(0, half)}*`, `the first ${half} characters of ${KEY} + "*" (a glob)`),
    described(`${key}\u0000`, `${KEY} + a NUL byte`),
    described(`${key}\u0000junk`, `${KEY} + a NUL byte + "junk"`),
  ].filter((k) => k.value !== key);
}

/**
 * Characters people reading out or typing a key take for one another. A lookup that folds them
 * together (so `O` finds a key holding `0`) takes keys that are not the key.
 */
export const LOOK_ALIKE_SETS: readonly string[] = ['Oo0', 'IilL1', 'Ss5', 'Zz2', 'B8'];

/**
 * The key with one look-alike character after `<prefix>_` swapped for another of its set, one
 * value per set of LOOK_ALIKE_SETS the key holds (described as `name`) (at the first position holding one): each is a
 * different key, sent on purpose since a random one-character change seldom lands on a look-alike.
 * The description names the set and position, never the key's character.
 */
export function lookAlikeSwaps(key: string, prefix: string, name = KEY): { set: string; value: Described<string> }[] {
  const from = key.startsWith(`${prefix}_`) ? prefix.length + 1 : 0;
  const swaps: { set: string; value: Described<string> }[] = [];
  for (const set of LOOK_ALIKE_SETS) {
    const at = [...key].findIndex((c, i) => i >= from && set.includes(c));
    const original = key[at];
    if (at < 0 || original === undefined) continue;
    // The set's digit for a letter, its first letter for the digit.
    const digit = set[set.length - 1] ?? original;
    const replacement = original === digit ? (set[0] ?? original) : digit;
    const shown = set.split('').join('/');
    swaps.push({ set: shown, value: described(`${key.slice(0, at)}${replacement}${key.slice(at + 1)}`, `${name} with character ${at} (one of ${shown}) swapped for another of ${shown}`) });
  }
  return swaps;
}

/**
 * The key with letters after `<prefix>_` in another case, its prefix as it is: every letter's case
 * swapped, and only the first letter's. Keys are case-sensitive, so neither is the key; a lookup
 * in a column with a case-insensitive collation takes both, and the whole key upper- or
 * lower-cased (mutatedKey's) is refused first for its prefix, never reaching the lookup. Empty
 * where the secret holds no letter. Described by what was changed, never the key's characters.
 */
export function letterCaseSwaps(key: string, prefix: string, name = KEY): Described<string>[] {
  const from = key.startsWith(`${prefix}_`) ? prefix.length + 1 : 0;
  const flip = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());
  const secret = key.slice(from);
  const at = [...secret].findIndex((c) => c.toUpperCase() !== c.toLowerCase());
  if (at < 0) return [];
  return [
    described(`${key.slice(0, from)}${[...secret].map(flip).join('')}`, `${name} with every letter after its prefix in the other case`),
    described(`${key.slice(0, from + at)}${flip(secret[at] ?? '')}${key.slice(from + at + 1)}`, `${name} with character ${from + at} (a letter) in the other case`),
  ];
}

/**
 * Characters of a key with a compatibility twin in Latin-1 (the one range beyond ASCII a header
 * carries as single bytes, and that servers reading headers as ISO-8859-1 hand on as such): NFKC
 * folds each twin back to the character (U+00B9, U+00B2, U+00B3 to the digits, U+00AA and U+00BA
 * to the letters).
 */
const LATIN1_TWINS: Readonly<Record<string, string>> = { '1': '\u00b9', '2': '\u00b2', '3': '\u00b3', a: '\u00aa', o: '\u00ba' };

/**
 * The key with one character after `<prefix>_` swapped for its compatibility twin, which NFKC
 * (or NFKD) folds back into the character: a gate that normalises the Bearer value (for keys
 * pasted from rich text) takes them as the key. Two values: a Latin-1 twin (`²` for `2`, `ª` for
 * `a`, at the first position holding one of 1, 2, 3, a, o; none where the key holds none), sent
 * as its one byte, as a server reading headers as ISO-8859-1 sees it; and the full-width form of
 * the first letter or digit (U+FF10 to U+FF5A), sent as its UTF-8 bytes, as a server reading
 * headers as UTF-8 sees it. Neither names the key's character (described as `name`).
 */
export function compatibilityTwins(key: string, prefix: string, name = KEY): { form: 'latin-1' | 'full-width'; value: Described<string> }[] {
  const from = key.startsWith(`${prefix}_`) ? prefix.length + 1 : 0;
  const chars = [...key];
  const twins: { form: 'latin-1' | 'full-width'; value: Described<string> }[] = [];
  const latin = chars.findIndex((c, i) => i >= from && LATIN1_TWINS[c] !== undefined);
  if (latin >= 0) {
    const twin = LATIN1_TWINS[chars[latin] as string] as string;
    twins.push({ form: 'latin-1', value: described(`${chars.slice(0, latin).join('')}${twin}${chars.slice(latin + 1).join('')}`, `${name} with character ${latin} (one of 1, 2, 3, a, o) swapped for its Latin-1 compatibility twin (one of U+00B9, U+00B2, U+00B3, U+00AA, U+00BA)`) });
  }
  const wide = chars.findIndex((c, i) => i >= from && /^[0-9A-Za-z]$/.test(c));
  const narrow = chars[wide];
  if (narrow !== undefined) {
    // The full-width forms sit at the ASCII code point + 0xFEE0 (U+FF10 for 0, U+FF41 for a).
    const fullWidth = String.fromCodePoint((narrow.codePointAt(0) ?? 0) + 0xfee0);
    const asBytes = Buffer.from(fullWidth, 'utf8').toString('latin1');
    twins.push({ form: 'full-width', value: described(`${chars.slice(0, wide).join('')}${asBytes}${chars.slice(wide + 1).join('')}`, `${name} with character ${wide} (a letter or digit) swapped for its full-width form, in UTF-8`) });
  }
  return twins;
}

/**
 * Bytes beyond ASCII that text tools take for a blank or for nothing, as a Latin-1 header carries
 * them (obs-text, RFC 9110 5.5): 0xA0, the no-break space (JavaScript's trim() and Java's strip()
 * remove it), 0x85, next line (Python's strip() removes it), and 0xAD, the soft hyphen (tools that
 * drop invisible characters remove it).
 */
const INVISIBLE_BYTES: readonly { char: string; name: string }[] = [
  { char: '\u00a0', name: 'the byte 0xA0 (no-break space)' },
  { char: '\u0085', name: 'the byte 0x85 (next line)' },
  { char: '\u00ad', name: 'the byte 0xAD (soft hyphen)' },
];

/**
 * Whole Authorization values: `Bearer ` and the key with one of INVISIBLE_BYTES after it or
 * before it, and 0xA0 in place of the space after the scheme. HTTP strips only spaces and tabs
 * around a field value, so none of them is `Bearer <key>`: a gate that trims or drops such
 * characters (keys pasted from a web page or a PDF) before its lookup takes a value that is not
 * the key.
 */
export function invisiblyPadded(key: string): Described<string>[] {
  return [
    ...INVISIBLE_BYTES.flatMap(({ char, name }) => [
      described(`Bearer ${key}${char}`, `"Bearer " + ${KEY} + ${name}`),
      described(`Bearer ${char}${key}`, `"Bearer " + ${name} + ${KEY}`),
    ]),
    described(`Bearer\u00a0${key}`, `"Bearer" + the byte 0xA0 (no-break space) in place of the space + ${KEY}`),
  ];
}

/** Printable ASCII punctuation a key pasted from a sentence, a quote or a bracket may carry. */
const PUNCTUATION: readonly string[] = '.,;:!?\'"`()[]<>{}=-_*#'.split('');

/**
 * The key with punctuation after or before it, sent on purpose (a random suffix seldom is one): a
 * key pasted from an email or a chat carries the sentence's full stop, comma or quotes, and a gate
 * that trims them before the lookup takes values that are not the key.
 */
export function punctuated(key: string): Described<string>[] {
  return [
    ...['.', ',', ';', '!', '?', '"', "'", ')', ']', '>', '=', '=)', '".', '...'].map((p) => described(`${key}${p}`, `${KEY} + ${JSON.stringify(p)}`)),
    ...['"', "'", '(', '[', '<', '.'].map((p) => described(`${p}${key}`, `${JSON.stringify(p)} + ${KEY}`)),
    described(`"${key}"`, `${KEY} in double quotes`),
    described(`<${key}>`, `${KEY} in angle brackets`),
    described(`(${key})`, `${KEY} in parentheses`),
  ];
}

/**
 * The key followed by `:` and text, as older SDKs send an `id:secret` pair in one token: `:` is
 * no token68 character (RFC 6750's b64token), and the value is not the key, so a reader that
 * looks up only the part before the colon takes them all.
 */
export function colonSuffixed(key: string): Described<string>[] {
  return [
    described(`${key}:`, `${KEY} + ":"`),
    described(`${key}:x`, `${KEY} + ":x"`),
    described(`${key}:secret`, `${KEY} + ":secret"`),
    described(`${key}:${key}`, `${KEY} + ":" + ${KEY}`),
  ];
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/**
 * `scheme` (as the spec writes it: `Basic`, `Bearer`) in other letter cases: all lower, all upper
 * and mixed (`basic`, `BASIC`, `bAsIc`). RFC 9110 section 11.1 makes a scheme case-insensitive,
 * so each names the same scheme; three fixed spellings cover the three kinds a gate's comparison
 * could treat apart (a lower-cased compare, an upper-cased one, an exact one) at three requests.
 */
export function otherSchemeCases(scheme: string): string[] {
  const mixed = [...scheme].map((c, i) => (i % 2 === 0 ? c.toLowerCase() : c.toUpperCase())).join('');
  return [...new Set([scheme.toLowerCase(), scheme.toUpperCase(), mixed])].filter((s) => s !== scheme);
}

/** `Basic base64(username:password)`, as HTTP Basic authentication (RFC 7617) spells it. */
export function basicHeader(username: string, password = ''): string {
  return `Basic ${base64(`${username}:${password}`)}`;
}

/**
 * Authorization header values (null: no header) that must not authenticate with `key`,
 * whatever the server: other schemes, the key in the wrong place, bad Base64, empty and
 * whitespace values. Left out on purpose: `base64(key)` without a colon (real clients send it
 * and the real service takes it), the valid encoding with junk around or inside it (each of
 * those is in `junkAroundValidToken`, all sent, not drawn) and a non-empty password (see
 * `basicWithPassword`).
 */
export function malformedAuthorization(key: string): fc.Arbitrary<Described<string | null>> {
  const encoded = base64(`${key}:`);
  const plain = (h: string | null) => described(h, h === null ? 'no Authorization header' : JSON.stringify(h));
  return fc.oneof(
    fc.constant(plain(null)),
    fc.constantFrom('', ' ', 'Basic', 'Basic ', 'Basic  ', 'Basic =', 'Basic ====', 'Basic Og==', 'Basic \t').map(plain),
    // Other schemes carrying the key or its Basic encoding.
    fc.constantFrom('Bearer', 'Token', 'Digest', 'ApiKey', 'Negotiate', 'Bearer:').map((scheme) => described(`${scheme} ${key}`, `"${scheme} ${KEY}"`)),
    fc.constantFrom('Bearer', 'Token', 'Digest', 'Basic:', 'Basics', 'Basi').map((scheme) => described(`${scheme} ${encoded}`, `"${scheme} base64(${KEY}:)"`)),
    // The bare key or its encoding, without a scheme.
    fc.constantFrom(
      described(key, `"${KEY}"`),
      described(encoded, `"base64(${KEY}:)"`),
      described(`${key}:`, `"${KEY}:"`),
      // The key in the password position (empty username), and the key not encoded.
      described(basicHeader('', key), `"Basic base64(:${KEY})"`),
      described(`Basic ${key}`, `"Basic ${KEY}" (not encoded)`),
    ),
    // Broken Base64: nothing but junk, or the encoding cut short.
    fc.constantFrom('!!!!', '****', '%%%%', '....', '-_-_', '@@').map((junk) => plain(`Basic ${junk}`)),
    // Lenient Base64 decoders (padding optional, trailing bits dropped) read some cuts as exactly
    // `key:` or `key` (the colon-less form real clients send): those are the credential, not junk.
    fc
      .integer({ min: 1, max: Math.max(1, encoded.length - 2) })
      .filter((n) => n < encoded.length && !decodesToKey(encoded.slice(0, n), key))
      .map((n) => described(`Basic ${encoded.slice(0, n)}`, `"Basic " + the first ${n} characters of base64(${KEY}:)`)),
    // Whitespace around the username.
    fc.constantFrom(' ', '\t').map((ws) => described(basicHeader(`${ws}${key}`), `"Basic base64(${JSON.stringify(ws).slice(1, -1)}${KEY}:)"`)),
    fc.constantFrom(' ', '\t').map((ws) => described(basicHeader(`${key}${ws}`), `"Basic base64(${KEY}${JSON.stringify(ws).slice(1, -1)}:)"`)),
    // Random printable junk.
    headerSafeText({ maxLength: 60 }).map(plain),
  );
}

/**
 * The valid credentials, `Basic base64(key:)`, with something around or inside the token that
 * makes the header malformed (RFC 9110 §11.4, RFC 7617: the scheme, spaces, one token68 and
 * nothing after it): junk after a space, a comma, characters outside token68 after or inside
 * the token, a second token. A reader that takes the token's Base64 prefix and ignores the rest
 * authenticates every one of them. Left out, as a conformant deployment may take them: trailing
 * whitespace (optional whitespace around a field value, which proxies strip), the token without
 * its padding or broken by line breaks (lenient decoders), token68 characters that are not Base64
 * (`-._~`, the URL-safe alphabet).
 */
export function junkAroundValidToken(key: string): Described<string>[] {
  const token = base64(`${key}:`);
  const valid = `base64(${KEY}:)`;
  // Inside: after the first four characters, so a decoder that stops at the junk reads a part of
  // the key and one that skips it reads the whole key.
  const cut = Math.min(4, token.length);
  const inside = (c: string) => described(`Basic ${token.slice(0, cut)}${c}${token.slice(cut)}`, `"Basic ${valid}" with ${JSON.stringify(c)} after its first ${cut} characters`);
  return [
    described(`Basic ${token} junk`, `"Basic ${valid} junk"`),
    described(`Basic ${token},junk`, `"Basic ${valid},junk"`),
    described(`Basic ${token}, Basic ${token}`, `"Basic ${valid}, Basic ${valid}" (the credentials twice)`),
    described(`Basic ${token}!!`, `"Basic ${valid}!!"`),
    described(`Basic ${token};x`, `"Basic ${valid};x"`),
    described(`Basic ${token} ${token}`, `"Basic ${valid} ${valid}" (a second token)`),
    described(`Basic ${token} Og==`, `"Basic ${valid} Og==" (a second token)`),
    inside('!'),
    inside('*'),
    inside('%'),
  ];
}

/** Whether a lenient Base64 decoder reads `text` as `key` or `key:`. */
function decodesToKey(text: string, key: string): boolean {
  const decoded = Buffer.from(text, 'base64').toString('utf8');
  return decoded === key || decoded === `${key}:`;
}

/** The real key with a non-empty password: `Basic base64(key:password)`. */
export function basicWithPassword(key: string): fc.Arbitrary<Described<string>> {
  return fc.oneof(
    fc.constantFrom('x', 'password', ' ').map((pw) => described(basicHeader(key, pw), `"Basic base64(${KEY}:${pw})"`)),
    fc.constant(described(basicHeader(key, key), `"Basic base64(${KEY}:${KEY})"`)),
    fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 1, maxLength: 20 }).map((pw) => described(basicHeader(key, pw), `"Basic base64(${KEY}:${pw})"`)),
  );
}

/**
 * `Authorization` values that carry no Bearer and no key: the Basic login of someone else (an SSO
 * proxy's own, `user:pass`), the Bearer scheme alone, another scheme with another token. Sent
 * beside the key placed outside Authorization: a gate that reads a legacy header (`X-API-Key`)
 * whenever Authorization is there but no Bearer takes the key from it.
 */
export const NON_BEARER_AUTHORIZATIONS: readonly Described<string>[] = [
  described(basicHeader('user', 'pass'), '"Basic base64(user:pass)" (other credentials)'),
  described('Bearer', '"Bearer" (no key)'),
  described('Token x', '"Token x"'),
];

/**
 * The key as the Basic password under a user name, as APIs for clients that only do Basic take it
 * (Mailgun-style `api:<key>`): the fixed names such APIs use. A gate that reads a named user's
 * password as the key takes them; the empty user (`base64(:key)`) is not among them, for a gate may
 * refuse an empty user and take a named one.
 */
export function keyAsBasicPassword(key: string): Described<string>[] {
  return ['api', 'apikey'].map((user) => described(basicHeader(user, key), `"Basic base64(${user}:${KEY})"`));
}

/** As keyAsBasicPassword, with a drawn user name, or the key itself as the user too. */
export function keyAsBasicPasswordDrawn(key: string): fc.Arbitrary<Described<string>> {
  return fc.oneof(
    fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 1, maxLength: 12 }).map((user) => described(basicHeader(user, key), `"Basic base64(${user}:${KEY})"`)),
    fc.constant(described(basicHeader(key, key), `"Basic base64(${KEY}:${KEY})"`)),
  );
}

/** `%XX` for each character of `text` (upper-case hex, as encodeURIComponent writes escapes). */
function percentEscaped(text: string): string {
  return [...text].map((c) => `%${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/**
 * The key with percent escapes, as a key copied out of a URL carries them: its `_` written `%5F`,
 * its prefix and `_` written as escapes (no literal prefix left), and one letter or
 * digit of the secret written as its escape. None is the key: a gate that percent-decodes the
 * Bearer value takes them all, the first two though they do not carry the prefix (A-AUTH-2).
 * `prefixed` says whether the value still begins with `<prefix>_`. The descriptions never name a
 * character of the key.
 */
export function percentEncodedKeys(key: string, prefix: string, name = KEY): { value: Described<string>; prefixed: boolean }[] {
  if (!key.startsWith(`${prefix}_`)) return [];
  const rest = key.slice(prefix.length + 1);
  const values = [
    { value: described(`${prefix}%5F${rest}`, `${name} with its "_" written "%5F"`), prefixed: false },
    { value: described(`${percentEscaped(`${prefix}_`)}${rest}`, `${name} with "${prefix}_" written as percent escapes ("${percentEscaped(`${prefix}_`)}")`), prefixed: false },
  ];
  const at = [...rest].findIndex((c) => /^[0-9A-Za-z]$/.test(c));
  const c = rest[at];
  if (c !== undefined) {
    values.push({ value: described(`${prefix}_${rest.slice(0, at)}${percentEscaped(c)}${rest.slice(at + 1)}`, `${name} with character ${prefix.length + 1 + at} (a letter or digit) written as its percent escape`), prefixed: true });
  }
  return values;
}
