import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldPath, fieldSegments, normalizedJsonPath } from './field-path.ts';

describe('field paths', () => {
  it('read back to the segments they were written from, whatever the keys', () => {
    const segment = fc.oneof(fc.nat({ max: 1000 }), fc.string(), fc.constantFrom('source', 'tables', 'a.b', 'x[0]', '"q"', "it's", '\\', ''));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        expect(fieldSegments(fieldPath(segments))).toEqual(segments);
      }),
      { seed: 9, numRuns: 1000 },
    );
  });

  it('spell RFC 9535 normalized paths, escaping quotes, backslashes and control characters', () => {
    expect(normalizedJsonPath(fieldSegments('source.tables[1]'))).toBe("$['source']['tables'][1]");
    expect(normalizedJsonPath(fieldSegments('body'))).toBe('$');
    expect(normalizedJsonPath(['settings', "it's", 'a\\b', 'tab\there', 'bell\u0007'])).toBe("$['settings']['it\\'s']['a\\\\b']['tab\\there']['bell\\u0007']");
  });

  it('keep a name no path was written for whole', () => {
    expect(fieldSegments('not a path!')).toEqual(['not a path!']);
  });
});
