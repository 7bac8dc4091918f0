import fc from 'fast-check';

/**
 * fast-check arbitraries shared by the conformance checks: keys, credentials, media types, ids,
 * path segments, query strings and bodies, valid and not. Everything here is general (no
 * endpoint knowledge) and produces values that the recording HTTP client can send: header
 * values stay printable ASCII, since node:http throws on anything else before a request leaves.
 */

const HEX = '0123456789abcdef'.split('');
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');
/** RFC 3986 unreserved characters, safe in a path segment without encoding. */
const UNRESERVED = [...ALNUM, '-', '.', '_', '~'];

// ---------------------------------------------------------------------------------------------
// Text

/** Printable ASCII (0x20-0x7e): what a header value may carry on the wire. */
export function headerSafeText(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  return fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), ...constraints });
}

/**
 * One character from all over Unicode, weighted towards the interesting: Latin-1 and symbols,
 * CJK, emoji, the astral planes, controls, zero-width and direction marks, lone surrogates.
 * (A mapped integer rather than fast-check's `grapheme`/`binary` units: those build a reverse
 * table of every code point on first use in a property, which costs most of a second.)
 */
export function unicodeChar(): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.integer({ min: 0xa0, max: 0x2fff }),
      fc.integer({ min: 0x3000, max: 0x9fff }),
      fc.integer({ min: 0x1f300, max: 0x1faff }),
      fc.integer({ min: 0x10000, max: 0x10ffff }),
      fc.constantFrom(0x0, 0x9, 0xa, 0x7f, 0x200b, 0x200d, 0x202e, 0x301, 0xfeff, 0xfffd, 0xd800, 0xdfff),
    )
    .map((cp) => String.fromCodePoint(cp));
}

/** Unicode text: emoji, CJK, combining marks, right-to-left, astral planes, and the odd control character. */
export function unicodeText(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: unicodeChar(), ...constraints }),
    fc.constantFrom('Zoë', 'naïve café', '東京データ', 'مرحبا', '👩‍💻🚀', 'e\u0301\u0301\u0301', '\u202Eevil', 'a\u0000b', '\uFEFFbom', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'),
  );
}

/** A string of `length` characters (for "very long string" inputs). */
export function longText(length: number): fc.Arbitrary<string> {
  return fc.constantFrom('x', 'é', '界', '🚀').map((c) => c.repeat(Math.ceil(length / c.length)).slice(0, length));
}

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
  const variants: fc.Arbitrary<Described<string>>[] = [
    extra.map((x) => described(`${key}${x}`, `${KEY} + ${JSON.stringify(x)}`)),
    extra.map((x) => described(`${x}${key}`, `${JSON.stringify(x)} + ${KEY}`)),
    fc.constantFrom(' ', '\t', '0').map((pad) => described(`${key}${pad}`, `${KEY} + ${JSON.stringify(pad)}`)),
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

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** `Basic base64(username:password)`, as HTTP Basic authentication (RFC 7617) spells it. */
export function basicHeader(username: string, password = ''): string {
  return `Basic ${base64(`${username}:${password}`)}`;
}

/**
 * Authorization header values (null: no header) that must not authenticate with `key`,
 * whatever the server: other schemes, the key in the wrong place, bad Base64, empty and
 * whitespace values. Left out on purpose: `base64(key)` without a colon (real clients send it
 * and the real service takes it), junk inside a valid encoding (lenient decoders skip it and
 * recover the key, which is no breach) and a non-empty password (see `basicWithPassword`).
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

// ---------------------------------------------------------------------------------------------
// Media types

/**
 * Spellings of `type; name=value` that are the same media type (RFC 9110): any case of type
 * and parameter name, optional whitespace around `;` (spaces or tabs: RFC 9110 OWS), the value
 * quoted or not.
 */
export function mediaTypeSpelling(type: string, parameters: Record<string, string> = {}): fc.Arbitrary<string> {
  const entries = Object.entries(parameters);
  return fc
    .record({
      typeCase: randomCase(type),
      params: fc.tuple(
        ...entries.map(([name, value]) =>
          fc.record({ name: randomCase(name), quoted: fc.boolean(), before: fc.constantFrom('', ' ', '  ', '\t'), after: fc.constantFrom('', ' ', '\t') }).map(
            (p) => `${p.before};${p.after}${p.name}=${p.quoted ? `"${value}"` : value}`,
          ),
        ),
      ),
    })
    .map(({ typeCase, params }) => `${typeCase}${params.join('')}`);
}

/** The text with each letter upper- or lower-cased at random. */
export function randomCase(text: string): fc.Arbitrary<string> {
  return fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((flags) =>
    [...text].map((ch, i) => (flags[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''),
  );
}

// ---------------------------------------------------------------------------------------------
// Ids and path segments

/** Integer ids far above anything a test system holds: absent in practice. */
export function absentId(): fc.Arbitrary<number> {
  return fc.integer({ min: 900_000_000, max: 2_000_000_000 });
}

/** Boundary and odd numbers: zero, negatives, 32/53-bit edges, fractions, the largest double. */
export function boundaryNumber(): fc.Arbitrary<number> {
  return fc.constantFrom(0, -0, -1, 1.5, -(2 ** 31), 2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, -1e308, Number.MIN_VALUE, 0.1 + 0.2);
}

/** Path segments that are no usable id: negatives, zero, fractions, words, integers beyond 2^53. */
export function nonIdSegment(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('0', '-1', '-0', '1.5', '1e3', '0x10', '01', '+1', ' 1', 'null', 'undefined', 'NaN', 'Infinity', 'true', '[]', '{}'),
    fc.constantFrom('99999999999999999999999', '9007199254740993', '18446744073709551616'),
    fc.bigInt({ min: -(10n ** 30n), max: -1n }).map(String),
    fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 1, maxLength: 12 }).filter((s) => !/^[1-9][0-9]*$/.test(s)),
  ).map(encodeSegment);
}

/** Percent-escapes that do not decode: cut short, not hex, overlong or invalid UTF-8. */
export function brokenPercentEncoding(): fc.Arbitrary<string> {
  return fc.constantFrom('%', '%%', '%2', '%zz', '%G1', '%E0%A4%A', '%E0%A4', '%C0%AF', '%ED%A0%80', '%FF', '%F0%9F%98', 'a%', '%u0041', '%%41');
}

/**
 * One path segment, already percent-encoded for the wire: plain words, unicode (encoded),
 * encoded separators and dots, NUL, and broken escapes.
 */
export function pathSegment(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: fc.constantFrom(...UNRESERVED), minLength: 1, maxLength: 24 }).filter((s) => s !== '.' && s !== '..'),
    unicodeText({ minLength: 1, maxLength: 12 }).map(encodeSegment),
    fc.constantFrom('%2F', '%2e%2e', '%00', '%0A', '%20', '%3F', '%23', '%25', '%7B%7D', '%C3%A9'),
    brokenPercentEncoding(),
    fc.tuple(fc.string({ unit: fc.constantFrom(...ALNUM), maxLength: 6 }), brokenPercentEncoding()).map(([a, b]) => `${a}${b}`),
  );
}

function encodeSegment(s: string): string {
  // encodeURIComponent throws on lone surrogates: those become a broken escape instead.
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
}

/** An account path segment: the shape of a slug (lowercase letters, digits, dashes). */
export function slugLike(): fc.Arbitrary<string> {
  return fc.stringMatching(/^[a-z0-9][a-z0-9-]{2,30}$/);
}

/**
 * A raw query string (without `?`): random names and values, repeated names, empty values,
 * unicode (encoded) and broken escapes. `names` adds names the endpoint knows, so those get
 * odd values too.
 */
export function queryString(names: readonly string[] = []): fc.Arbitrary<string> {
  const name = fc.oneof(
    fc.string({ unit: fc.constantFrom(...UNRESERVED), minLength: 1, maxLength: 10 }),
    ...(names.length ? [fc.constantFrom(...names)] : []),
    fc.constantFrom('a[]', 'a[b]', '__proto__', 'constructor', '%00'),
  );
  const value = fc.oneof(
    fc.string({ unit: fc.constantFrom(...UNRESERVED), maxLength: 12 }),
    boundaryNumber().map(String),
    nonIdSegment(),
    unicodeText({ maxLength: 8 }).map(encodeSegment),
    brokenPercentEncoding(),
    fc.constantFrom('', '%20', '+', '-1', '1e2', '101', '1000000', '0', 'true'),
  );
  const pair = fc.oneof(
    fc.tuple(name, value).map(([n, v]) => `${n}=${v}`),
    name,
    fc.constantFrom('=', '&', '==', '=x'),
  );
  return fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => pairs.join('&'));
}

// ---------------------------------------------------------------------------------------------
// JSON values and bodies

/** Any JSON value (small). */
export function jsonValue(): fc.Arbitrary<unknown> {
  return fc.jsonValue({ maxDepth: 3 });
}

export type JsonKind = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'string-map' | 'string-array';

/**
 * JSON values that are NOT of `kind`, and that no lenient server could reasonably coerce into it:
 * no numbers or booleans where a string belongs (`1` -> "1"), no strings or booleans where a
 * number belongs (`"yes"`, `true` -> 1), no fractions where an integer belongs (1.5 -> 1), no
 * strings or numbers where a boolean belongs (`"on"`, `2` -> true), and no null (null often means
 * "absent"). `string-map` is an object of strings; `string-array` an array of strings.
 */
export function wrongTypeFor(kind: JsonKind): fc.Arbitrary<unknown> {
  const word = fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 1, maxLength: 10 }).filter((s) => !/^[0-9.eE+-]+$/.test(s) && !/^(true|false|null|yes|no|on|off|y|n|t|f)$/i.test(s));
  // Containers hold only values that are no scalar at all, so no element could be coerced either.
  const inner = fc.oneof(fc.constant([]), fc.constant({}), fc.constant([[]]));
  const object = fc.dictionary(word, inner, { minKeys: 1, maxKeys: 3 });
  const array = fc.array(inner, { minLength: 1, maxLength: 3 });
  const options: Record<JsonKind, fc.Arbitrary<unknown>[]> = {
    string: [object, array],
    integer: [word, object, array],
    number: [word, object, array],
    boolean: [object, array],
    object: [word, fc.integer(), fc.boolean(), array],
    array: [word, fc.integer(), fc.boolean(), object],
    'string-map': [word, fc.integer(), fc.boolean(), array, object],
    'string-array': [word, fc.integer(), fc.boolean(), object, array],
  };
  return fc.oneof(...options[kind]);
}

/** `depth` nested arrays or objects around `leaf` (as a value, for JSON.stringify-able bodies). */
export function nested(depth: number, shape: 'array' | 'object', leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = shape === 'array' ? [value] : { a: value };
  return value;
}

/** The JSON text of `depth` nested arrays or objects (faster than stringifying `nested`). */
export function nestedJsonText(depth: number, shape: 'array' | 'object'): string {
  return shape === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Texts that are not JSON: truncated objects, trailing commas, single quotes, comments, bare
 * words, NaN, unbalanced brackets, random garbage. Never empty or only whitespace (many servers
 * read those as "no body"), never accidentally valid JSON.
 */
export function malformedJsonText(): fc.Arbitrary<string> {
  const truncated = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify({ name: 'x', value: v })).chain((text) => fc.integer({ min: 1, max: text.length - 1 }).map((n) => text.slice(0, n)));
  return fc
    .oneof(
      fc.constantFrom('{', '}', '[', '{"name":}', '{"name": "x",}', "{'name': 'x'}", '{name: "x"}', '{"name": "x" /* c */}', '{"a":1}{"b":2}', 'NaN', '{"a": NaN}', '{"a": Infinity}', '{"a": 01}', '{"a": "\\x41"}', '{"a": "\u0001"}', 'nul', 'tru', '"unterminated', '{"a":1]', '[1,2', 'undefined', '{"a" 1}', '{,}'),
      truncated,
      headerSafeText({ minLength: 1, maxLength: 40 }),
      unicodeText({ minLength: 1, maxLength: 20 }),
    )
    // A leading byte order mark MAY be ignored by a JSON parser (RFC 8259 §8.1).
    .filter((text) => text.trim() !== '' && !isJson(text) && !isJson(text.replace(/^\uFEFF/, '')));
}
