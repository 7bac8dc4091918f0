import { parse as parseLossless } from 'lossless-json';

/**
 * Ids beyond 2^53. The spec says only that ids are integers, so a deployment handing out 64-bit
 * ids (a snowflake id such as 1402933012345678901) is conformant; but `JSON.parse` reads such a
 * literal as the nearest double (…8900), so a check would call it "not an integer id", ask for a
 * record that does not exist, or take two ids for one.
 *
 * The run's client reads every non-negative integer literal beyond 2^53 - 1 as a stand-in: a safe
 * integer from a band no check takes for anything else, the same stand-in for the same literal
 * every time. The checks judge and send stand-ins like any id; whatever is sent (a path, a query,
 * a body) carries the literal again, and so does every text of a report (`withRealIds`).
 * Only integer literals are read so: `1.5e30` or `-12345678901234567890` is not an id, and stays
 * the number JSON.parse makes of it.
 *
 * One table for the whole process: it is a bijection that only grows, so runs sharing it (the
 * self-tests run several in one process) each see the same literal as the same stand-in.
 */
export const STAND_IN_BAND = { min: 5_000_000_000_000_001, max: 5_000_000_999_999_999 } as const;

const byLiteral = new Map<string, number>();
const byStandIn = new Map<number, string>();

/** Sixteen digits or more: the only literals that may exceed 2^53 - 1 (9007199254740991 has 16). */
const LONG_DIGIT_RUN = /\d{16}/;
const UNSIGNED_INTEGER = /^\d+$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The stand-in for a non-negative integer literal beyond 2^53 - 1 (digits only, no sign). */
export function standInFor(literal: string): number {
  const digits = literal.replace(/^0+(?=\d)/, '');
  const known = byLiteral.get(digits);
  if (known !== undefined) return known;
  const next = STAND_IN_BAND.min + byLiteral.size;
  if (next > STAND_IN_BAND.max) throw new RangeError(`more than ${STAND_IN_BAND.max - STAND_IN_BAND.min + 1} distinct ids beyond 2^53 in one process`);
  byLiteral.set(digits, next);
  byStandIn.set(next, digits);
  return next;
}

/** The literal a stand-in was made for, or undefined for any other number. */
export function literalOf(n: number): string | undefined {
  return byStandIn.get(n);
}

/** Whether `n` lies in the band stand-ins are taken from (allocated or not). */
export function inStandInBand(n: number): boolean {
  return n >= STAND_IN_BAND.min && n <= STAND_IN_BAND.max;
}

/** True for the digits of an integer beyond 2^53 - 1 (and only digits: no sign, fraction or exponent). */
export function isBigIntegerLiteral(raw: string): boolean {
  return raw.length >= 16 && UNSIGNED_INTEGER.test(raw) && BigInt(raw) > MAX_SAFE;
}

/** `JSON.parse`, with every integer literal beyond 2^53 - 1 read as its stand-in. Throws on what JSON.parse throws on. */
export function parseJsonWithBigIds(text: string): unknown {
  if (!LONG_DIGIT_RUN.test(text)) return JSON.parse(text) as unknown;
  return parseLossless(text, null, {
    parseNumber: (raw) => (isBigIntegerLiteral(raw) ? standInFor(raw) : Number(raw)),
    // JSON.parse keeps the last of two members of one name; so does this.
    onDuplicateKey: ({ newValue }) => newValue,
  });
}

/** A body's text as `parseJsonWithBigIds` reads it, or undefined when it is empty or not JSON. */
export function jsonOfBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return parseJsonWithBigIds(text);
  } catch {
    return undefined;
  }
}

/** `JSON.stringify`, with every stand-in written as the literal it stands for: a number, or the digits of one in a string. */
export function stringifyWithBigIds(value: unknown): string | undefined {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? undefined : withRealIds(text);
}

/** A number from the band written out in text: sixteen digits, 5000000 and nine more, not part of a longer number. */
const STAND_IN_TEXT = /(?<!\d)5000000\d{9}(?!\d)/g;

/** The numbers from the band a text holds (the target's own, when it is an answer: none of them is a stand-in). */
export function bandNumbersIn(text: string): number[] {
  return (text.match(STAND_IN_TEXT) ?? []).map(Number);
}

/**
 * `text` with every stand-in written as the literal it stands for: a URL a check built from an id,
 * a body it wrote by hand, a failure message. Digits from the band that stand for nothing stay.
 */
export function withRealIds(text: string): string {
  if (byStandIn.size === 0) return text;
  return text.replace(STAND_IN_TEXT, (digits) => byStandIn.get(Number(digits)) ?? digits);
}

/**
 * A value YAML read with `intAsBigInt` (every integer a bigint, so none lost its digits) with each
 * integer as JSON would have it read: a number, or the stand-in of one beyond 2^53 - 1.
 */
export function withStandInsForBigInts(value: unknown): unknown {
  if (typeof value === 'bigint') return value > MAX_SAFE ? standInFor(value.toString()) : Number(value);
  if (Array.isArray(value)) return value.map(withStandInsForBigInts);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) Object.defineProperty(out, key, { value: withStandInsForBigInts(member), enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * `id` + 2^`bits` in decimal digits, made with BigInt (a double past 2^53 rounds): the id a
 * lookup that keeps only the low `bits` bits of an id (an int32 encoding, a 64-bit column) takes
 * for `id`. Undefined where `id` is no safe positive integer or is a stand-in (from the band, set
 * or not): a stand-in's digits are not the target's id, so arithmetic on it names nothing of the
 * target's.
 */
export function idPlusPowerOfTwo(id: number, bits: number): string | undefined {
  if (!Number.isSafeInteger(id) || id <= 0 || inStandInBand(id) || literalOf(id) !== undefined) return undefined;
  return (BigInt(id) + (1n << BigInt(bits))).toString();
}
