import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basicHeader, basicWithPassword, colonSuffixed, compatibilityTwins, invisiblyPadded, junkAroundValidToken, LOOK_ALIKE_SETS, lookAlikeSwaps, malformedAuthorization, mutatedKey } from '../../suites/lib/arbitraries/credentials.ts';
import { brokenPercentEncoding, junkAroundId, nonIdSegment } from '../../suites/lib/arbitraries/ids-and-paths.ts';
import { malformedJsonText, wrongTypeFor, type JsonKind } from '../../suites/lib/arbitraries/json.ts';
import { mediaTypeSpelling } from '../../suites/lib/arbitraries/media-types.ts';
import { parse as parseContentType } from 'content-type';
import { readFile } from 'node:fs/promises';
import { MOST_TABLES, validDefinition, wideDefinition } from '../../suites/lib/arbitraries/definitions.ts';
import { checkDefinition } from '../../simulator/domains/pipelines/definition-schema.ts';

const KEY = '0123456789abcdef0123456789abcdef01234567';
const options = { seed: 42, numRuns: 300 };

function sample<T>(arbitrary: fc.Arbitrary<T>): T[] {
  return fc.sample(arbitrary, options);
}

describe('credential arbitraries', () => {
  it('never produce the real key, and never print it', () => {
    for (const k of sample(mutatedKey(KEY))) {
      expect(k.value).not.toBe(KEY);
      expect(fc.stringify(k)).not.toContain(KEY.slice(0, 12));
    }
  });

  it('never produce the valid Basic header, and describe every value without the key', () => {
    const valid = basicHeader(KEY);
    const encoded = Buffer.from(`${KEY}:`).toString('base64');
    for (const a of sample(malformedAuthorization(KEY))) {
      expect(a.value?.trim()).not.toBe(valid);
      const printed = fc.stringify(a);
      expect(printed).not.toContain(KEY.slice(0, 12));
      expect(printed).not.toContain(encoded.slice(0, 12));
    }
  });

  it('never cut the Base64 of key: where a lenient decoder reads it as key: or key', () => {
    for (const key of [KEY, 'abc', 'abcd', 'abcde', 'k3y-with-dash_and.dot']) {
      const basic = fc.sample(malformedAuthorization(key), { seed: 42, numRuns: 600 }).filter((a) => (a.value ?? '').startsWith('Basic '));
      expect(basic.length, `no Basic value sampled for ${key}`).toBeGreaterThan(0);
      for (const a of basic) {
        const decoded = Buffer.from((a.value ?? '').slice('Basic '.length), 'base64').toString('utf8');
        expect([key, `${key}:`], fc.stringify(a)).not.toContain(decoded);
      }
    }
  });

  it('wrap the valid token only in ways RFC 9110/7617 credentials cannot take (no whitespace or padding variant a proxy or a lenient decoder may rightly pass), described without the key', () => {
    // credentials = auth-scheme 1*SP token68, with optional whitespace around the field value.
    const wellFormed = /^[ \t]*Basic +[A-Za-z0-9._~+/-]+=*[ \t]*$/;
    for (const key of [KEY, 'abc', 'abcd', 'abcde']) {
      const encoded = Buffer.from(`${key}:`).toString('base64');
      const variants = junkAroundValidToken(key);
      expect(variants.length).toBeGreaterThanOrEqual(8);
      for (const a of variants) {
        expect(a.value, a.description).not.toMatch(wellFormed);
        expect(a.value.replace(/[^A-Za-z0-9+/=]/g, ''), a.description).toContain(encoded.slice(0, 4));
        if (key === KEY) {
          expect(a.description).not.toContain(KEY.slice(0, 12));
          expect(a.description).not.toContain(encoded.slice(0, 12));
        }
      }
    }
  });

  it('swap exactly one look-alike character after the prefix for another of its set, one value per set the key holds, described without the key', () => {
    const key = 'fdk_aO1bSzB8xyz0l5L2';
    const swaps = lookAlikeSwaps(key, 'fdk');
    expect(swaps.map((s) => s.set)).toEqual(LOOK_ALIKE_SETS.map((set) => set.split('').join('/')));
    for (const { set, value } of swaps) {
      expect(value.value).not.toBe(key);
      expect(value.value.length).toBe(key.length);
      const changed = [...key].flatMap((c, i) => (value.value[i] === c ? [] : [i]));
      expect(changed, value.description).toHaveLength(1);
      const at = changed[0] ?? -1;
      expect(at).toBeGreaterThanOrEqual('fdk_'.length);
      expect(set.split('/')).toContain(key[at]);
      expect(set.split('/')).toContain(value.value[at]);
      expect(value.description).not.toContain(key.slice(4, 12));
    }
    // The prefix's own look-alikes are left alone; a key with none after the prefix gives none.
    expect(lookAlikeSwaps('fdk_acdefghjk', 'fdk')).toEqual([]);
    expect(lookAlikeSwaps('Ok0_acdefghjk', 'Ok0')).toEqual([]);
  });

  it('swap one character after the prefix for its compatibility twin, which NFKC folds back to the key, described without the key', () => {
    const key = 'fdk_xyzb2QoaZ9';
    const twins = compatibilityTwins(key, 'fdk');
    expect(twins.map((t) => t.form)).toEqual(['latin-1', 'full-width']);
    for (const { value } of twins) {
      expect(value.value).not.toBe(key);
      // Sent as the bytes a header carries (one per character); read as Latin-1 or as UTF-8, NFKC gives the key back.
      const bytes = Buffer.from(value.value, 'latin1');
      expect(Buffer.from(value.value, 'latin1').toString('latin1')).toBe(value.value);
      const read = [bytes.toString('latin1'), bytes.toString('utf8')].map((s) => s.normalize('NFKC'));
      expect(read).toContain(key);
      expect(value.description).not.toContain(key.slice(4, 10));
    }
    // The Latin-1 twin replaces the first of 1, 2, 3, a, o after the prefix (here the 2 at 8), not the prefix's own.
    expect(twins[0]?.value.value).toBe('fdk_xyzb\u00b2QoaZ9');
    expect(compatibilityTwins('fdk_xyzbQZ', 'fdk').map((t) => t.form)).toEqual(['full-width']);
  });

  it('put a colon and text after the key, described without it', () => {
    for (const a of colonSuffixed(KEY)) {
      expect(a.value.startsWith(`${KEY}:`)).toBe(true);
      expect(a.description).not.toContain(KEY.slice(0, 12));
    }
  });

  it('put a byte beyond ASCII that trim() or a strip takes (0xA0, 0x85, 0xAD) beside the key, each a header a Latin-1 client can send, none of them Bearer and the key', () => {
    const values = invisiblyPadded(KEY).map((a) => a.value);
    expect(values).toHaveLength(7);
    // JavaScript's trim() takes 0xA0 off: each of these would be the key to a gate that trims.
    expect(values.filter((v) => v.slice('Bearer'.length).trim() === KEY)).toHaveLength(3);
    for (const a of invisiblyPadded(KEY)) {
      expect(a.value).not.toBe(`Bearer ${KEY}`);
      expect(/^[\t\x20-\x7e\x80-\xff]+$/.test(a.value)).toBe(true);
      expect(a.description).not.toContain(KEY.slice(0, 12));
    }
  });

  it('give the key a non-empty password', () => {
    for (const a of sample(basicWithPassword(KEY))) {
      const decoded = Buffer.from(String(a.value).slice('Basic '.length), 'base64').toString('utf8');
      expect(decoded.startsWith(`${KEY}:`)).toBe(true);
      expect(decoded.length).toBeGreaterThan(KEY.length + 1);
    }
  });
});

describe('ids written around a live id', () => {
  it('hold its digits, and are never an integer, nor one padded with a sign, zeros or whitespace (readings that rightly take those for the id)', () => {
    for (const id of [7, 12, 1000000001, '9007199254740993']) {
      for (const text of junkAroundId(id)) {
        expect(text).toContain(String(id));
        expect(decodeURIComponent(text)).not.toMatch(/^\s*[+-]?0*\d+(\.0*)?(e\+?0+)?\s*$/i);
      }
    }
  });
});

describe('body arbitraries', () => {
  it('malformedJsonText is never JSON, nor blank', () => {
    for (const text of sample(malformedJsonText())) {
      expect(text.trim()).not.toBe('');
      expect(() => JSON.parse(text)).toThrow();
    }
  });

  it.each<JsonKind>(['string', 'integer', 'boolean', 'object', 'array', 'string-map', 'string-array'])('wrongTypeFor(%s) never yields that type, nor null', (kind) => {
    const isKind: Record<JsonKind, (v: unknown) => boolean> = {
      string: (v) => typeof v === 'string',
      integer: (v) => typeof v === 'number' && Number.isSafeInteger(v),
      number: (v) => typeof v === 'number',
      boolean: (v) => typeof v === 'boolean',
      object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
      array: (v) => Array.isArray(v),
      'string-map': (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string'),
      'string-array': (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
    };
    for (const v of sample(wrongTypeFor(kind))) {
      expect(v).not.toBeNull();
      expect(isKind[kind](v), JSON.stringify(v)).toBe(false);
    }
  });

  // Values a lenient server may coerce: 1 -> "1", "yes"/"on"/2 -> true, 1.5 -> 1, true -> 1.
  it.each<JsonKind>(['string', 'integer', 'number', 'boolean', 'string-map', 'string-array'])('wrongTypeFor(%s) yields no value a lenient server could coerce', (kind) => {
    const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
    const coercible: Record<string, (v: unknown) => boolean> = {
      string: scalar,
      integer: (v) => typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && /^(\s*[-+]?[0-9.eE]+\s*)$/.test(v)),
      number: (v) => typeof v === 'boolean' || (typeof v === 'string' && /^(\s*[-+]?[0-9.eE]+\s*)$/.test(v)),
      boolean: scalar,
      // Where strings belong inside a container, no scalar element either.
      'string-map': (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).some(scalar),
      'string-array': (v) => Array.isArray(v) && v.some(scalar),
    };
    for (const v of sample(wrongTypeFor(kind))) expect(coercible[kind]?.(v), JSON.stringify(v)).toBe(false);
  });
});

describe('path and media type arbitraries', () => {
  it('nonIdSegment is never a positive integer a double holds exactly', () => {
    for (const s of sample(nonIdSegment())) {
      const text = decodeURIComponent(s);
      expect(/^[1-9][0-9]*$/.test(text) && Number.isSafeInteger(Number(text)), text).toBe(false);
    }
  });

  it('brokenPercentEncoding never decodes', () => {
    for (const s of sample(brokenPercentEncoding())) expect(() => decodeURIComponent(s)).toThrow(URIError);
  });

  it('mediaTypeSpelling parses to the same media type', () => {
    for (const s of sample(mediaTypeSpelling('application/vnd.service+json', { version: '2' }))) {
      // RFC 9110 whitespace may be a tab, which the content-type package does not take.
      const parsed = parseContentType(s.replace(/\t/g, ' '));
      expect(parsed.type).toBe('application/vnd.service+json');
      expect(parsed.parameters.version).toBe('2');
    }
  });
});

describe('definition arbitraries', () => {
  /**
   * The fields docs/interface-a.md documents for the definition document (its field table, the
   * connection row's keys and the destination settings table), as paths with `[]` for array items.
   */
  function documentedPaths(markdown: string): Set<string> {
    const section = markdown.slice(markdown.indexOf('## The definition document'), markdown.indexOf('Example (YAML'));
    const paths = new Set<string>();
    for (const line of section.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      const first = /^`([a-z_.]+)`$/.exec(cells[1] ?? '');
      if (first?.[1]) {
        paths.add(first[1]);
        if (first[1] === 'source.connection') for (const [, key] of (cells[3] ?? '').matchAll(/`([a-z_]+)`/g)) paths.add(`source.connection.${key}`);
        if (first[1] === 'source.tables') paths.add('source.tables[]');
      }
      const type = /^`(redshift|snowflake|bigquery|s3)`$/.exec(cells[1] ?? '');
      if (type) for (const [, key] of `${cells[2]} ${cells[3]}`.matchAll(/`([a-z_]+)`/g)) paths.add(`destination.settings.${key}`);
    }
    return paths;
  }

  function leafPaths(value: unknown, at = ''): string[] {
    if (Array.isArray(value)) return value.flatMap((v) => leafPaths(v, `${at}[]`));
    if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => leafPaths(v, at ? `${at}.${k}` : k));
    return [at];
  }

  it('valid definitions use only fields docs/interface-a.md documents (a closed schema takes every one)', async () => {
    const documented = documentedPaths(await readFile(new URL('../../docs/interface-a.md', import.meta.url), 'utf8'));
    expect(documented.has('sync.interval_minutes') && documented.has('destination.settings.bucket') && documented.has('source.connection.password_env')).toBe(true);
    const used = new Set(sample(validDefinition('doc-check')).flatMap((d) => leafPaths(d)));
    expect([...used].filter((p) => !documented.has(p))).toEqual([]);
    // Optional fields are generated too: a deployment may treat a pipeline without an initial
    // load otherwise (its DELETE, A-PIPE-1), so valid documents carry `sync.initial_load`.
    expect(used.has('sync.initial_load') && used.has('source.connection.ssl')).toBe(true);
  });

  it('wide definitions list as many distinct tables as asked, valid up to the schema\'s most (MOST_TABLES), one more refused', () => {
    for (const tables of [9, 50, MOST_TABLES]) {
      const document = wideDefinition('wide-check', tables);
      const listed = (document.source as { tables: string[] }).tables;
      expect(new Set(listed).size).toBe(tables);
      expect(checkDefinition(document).kind, `${tables} tables`).toBe('valid');
    }
    expect(checkDefinition(wideDefinition('wide-check', MOST_TABLES + 1)).kind).toBe('invalid');
  });
});
