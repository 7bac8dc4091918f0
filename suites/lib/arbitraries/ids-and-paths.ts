import fc from 'fast-check';
import { absentRangesOf, type AbsentIdsOf } from '../absent-ids.ts';
import { ALNUM, unicodeText } from './text.ts';

/**
 * Ids that name nothing, and path segments and query strings that are odd or broken, already
 * percent-encoded for the wire.
 */

/** RFC 3986 unreserved characters, safe in a path segment without encoding. */
const UNRESERVED = [...ALNUM, '-', '.', '_', '~'];

/** An absent id of `target`, generated (suites/lib/absent-ids.ts). */
export function absentId(target: AbsentIdsOf): fc.Arbitrary<number> {
  const { narrow } = absentRangesOf(target);
  return fc.integer({ min: narrow.min, max: narrow.max });
}

/** An absent id of `target`, derived from any integer (a counter, a seed): the same range as `absentId`. */
export function absentIdFrom(target: AbsentIdsOf, seed: number): number {
  const { narrow } = absentRangesOf(target);
  return narrow.min + (Math.abs(Math.trunc(seed)) % (narrow.max - narrow.min + 1));
}

/** Ids beyond 32 bits and up to 2^53, which a target storing 64-bit ids must still read as absent; a target that names its absent ids, those. */
export function wideAbsentId(target: AbsentIdsOf): fc.Arbitrary<number> {
  const { wide } = absentRangesOf(target);
  return fc.integer({ min: wide.min, max: wide.max });
}

/**
 * Path ids at the edges of the integer widths a deployment may store ids in, as decimal texts:
 * 2^31-1 and 2^31 (a signed 32-bit column), 2^32-1 and 2^32 (unsigned), 2^53-1 and 2^53 (a
 * double), 2^63-1 and 2^63 (a signed 64-bit column), 2^64-1 and 2^64 (unsigned), and some beyond
 * (10^20, 2^128). The random ids of a run miss these edges: the absent ids stay in one range
 * (a declared one, or below 2^31 and from 10^12), and `nonIdSegment` jumps from 2^53+1 to 10^22.
 * Any of them may name a live record on a deployment with 64-bit ids, so an answer to one is
 * only held to X-ROB-1 (no 5xx; a 4xx carries the error object), never to "absent".
 */
export const INTEGER_WIDTH_IDS: readonly string[] = [
  '2147483647',
  '2147483648',
  '4294967295',
  '4294967296',
  '9007199254740991',
  '9007199254740992',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551615',
  '18446744073709551616',
  '100000000000000000000',
  '340282366920938463463374607431768211456',
];

/** Of `INTEGER_WIDTH_IDS`, the first id beyond each width (2^31, 2^32, 2^53, 2^63, 2^64): the ones an id column or a parser of that width cannot hold, sent where all twelve would be too many requests. */
export const INTEGER_WIDTH_OVERFLOWS: readonly string[] = ['2147483648', '4294967296', '9007199254740992', '9223372036854775808', '18446744073709551616'];

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

/**
 * Texts that are not an integer but hold `id`'s digits with junk after them (what parseInt and
 * other readers of leading digits take for `id`) or before them: no reading of a decimal integer
 * takes them for `id`, so where `id` is live, an answer with that record or a write to it read
 * junk as its id. Left out, as some readings rightly take them for `id` or for another integer:
 * a leading zero or `+`, whitespace around it, `.0` and `e0`, other scripts' digits, `_` between
 * digits (`nonIntegerIdNear` sends those around absent ids only).
 */
export function junkAroundId(id: number | string): string[] {
  return [`${id}abc`, `${id}x`, `${id}.5`, `${id}%20x`, `${id}%2C5`, `${id}-x`, `abc${id}`];
}

/**
 * Path segments that are not a positive integer id, built around an absent id, so that a
 * lenient parser (parseInt, parseFloat, leading digits, other scripts' digits) reads them as an
 * id no system holds, or as none: safe to send with DELETE, PUT, PATCH and POST to any target.
 */
export function nonIntegerIdNear(target: AbsentIdsOf): fc.Arbitrary<string> {
  const fullwidth = (n: number) => [...String(n)].map((d) => String.fromCharCode(0xff10 + Number(d))).join('');
  const arabicIndic = (n: number) => [...String(n)].map((d) => String.fromCharCode(0x0660 + Number(d))).join('');
  const around = fc.integer({ min: 0, max: 89_999_999 }).chain((seed) => {
    const a = absentIdFrom(target, seed);
    return fc.constantFrom(
      ...junkAroundId(a),
      `${a}.0`,
      `-${a}`,
      `${a}e0`,
      `0x${a.toString(16)}`,
      `0${a}`,
      `${a}_0`,
      `${a}%20`,
      `%20${a}`,
      `${a}${'0'.repeat(20)}`,
      // A path parameter (RFC 3986 3.3 keeps it in the segment), which servlet-style routers strip.
      `${a};x`,
      `${a};v=2`,
      encodeURIComponent(fullwidth(a)),
      encodeURIComponent(arabicIndic(a)),
    );
  });
  return fc.oneof(around, fc.constantFrom('0', '-0', 'abc', 'null', 'NaN', 'undefined', 'Infinity', '-Infinity', 'true', '%5B%5D', '%7B%7D', 'pipeline'));
}
