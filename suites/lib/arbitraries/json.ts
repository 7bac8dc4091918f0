import fc from 'fast-check';
import { ALNUM, headerSafeText, unicodeText } from './text.ts';

/** JSON values and texts: of the wrong type, nested deep, or not JSON at all. */

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
