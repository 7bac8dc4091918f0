import fc from 'fast-check';

/** Media types written every way that still names the same media type (RFC 9110). */

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
