import { describe, expect, it } from 'vitest';
import { paddedToLength } from './text.ts';

describe('paddedToLength', () => {
  it('pads a prefix with a dash and the padding to the length, in code points', () => {
    expect(paddedToLength('ab', 6, 'x')).toBe('ab-xxx');
    const emoji = paddedToLength('disco-1', 100, '\u{1F511}');
    expect(Array.from(emoji)).toHaveLength(100);
    expect(emoji.length).toBe(7 + 1 + 92 * 2);
    expect(Buffer.byteLength(paddedToLength('k', 65, 'é'))).toBe(2 + 63 * 2);
  });

  it('cuts a prefix as long as the length', () => {
    expect(paddedToLength('abcdef', 4, 'x')).toBe('abcd');
    expect(paddedToLength('abc', 4, 'x')).toBe('abcx');
  });
});
