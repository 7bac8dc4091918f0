import fc from 'fast-check';

/**
 * Text for inputs: what a header value may carry, unicode from all over, very long strings.
 * Header values stay printable ASCII: node:http throws on anything else before a request leaves.
 */

/** Letters and digits. */
export const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');

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

/**
 * `prefix` (a run-unique name), a dash and `pad` repeated up to `length` characters, counted as
 * code points (an emoji is one, as a person counts it, though two UTF-16 units and four bytes of
 * UTF-8): a name of an exact length whose uniqueness is in its prefix (no dash where there is room
 * for one character only). A prefix as long already is cut to `length`.
 */
export function paddedToLength(prefix: string, length: number, pad: string): string {
  const head = Array.from(prefix);
  if (head.length >= length) return head.slice(0, length).join('');
  const dash = length - head.length >= 2 ? '-' : '';
  return `${prefix}${dash}${pad.repeat(length - head.length - dash.length)}`;
}
