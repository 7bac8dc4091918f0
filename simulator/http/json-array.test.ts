import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonArrayBytes, RecentJsonArrays } from './json-array.ts';

describe('jsonArrayBytes', () => {
  it('writes what JSON.stringify writes for the array', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 6 }), (values) => {
        expect(jsonArrayBytes(values.map((v) => Buffer.from(JSON.stringify(v)))).toString('utf8')).toBe(JSON.stringify(values));
      }),
      { seed: 20261125, numRuns: 300 },
    );
  });
});

describe('RecentJsonArrays', () => {
  const element = (text: string) => Buffer.from(JSON.stringify(text));

  it('gives the same bytes for the same elements in the same order, and new bytes otherwise', () => {
    const [a, b] = [element('a'), element('b')];
    const recent = new RecentJsonArrays();
    const ab = recent.bytes([a, b]);
    expect(ab.toString()).toBe('["a","b"]');
    expect(recent.bytes([a, b])).toBe(ab);
    expect(recent.bytes([b, a]).toString()).toBe('["b","a"]');
    expect(recent.bytes([a])).not.toBe(ab);
    // Equal bytes that are other elements are not taken for the same: their keeper made them anew.
    const again = recent.bytes([element('a'), b]);
    expect(again).not.toBe(ab);
    expect(again.equals(ab)).toBe(true);
  });

  it('keeps the last `size` arrays', () => {
    const elements = ['a', 'b', 'c'].map(element);
    const recent = new RecentJsonArrays(2);
    const first = recent.bytes([elements[0]!]);
    const second = recent.bytes([elements[1]!]);
    expect(recent.bytes([elements[0]!])).toBe(first);
    recent.bytes([elements[2]!]); // pushes out the one used longest ago: second
    expect(recent.bytes([elements[0]!])).toBe(first);
    expect(recent.bytes([elements[1]!])).not.toBe(second);
  });
});
