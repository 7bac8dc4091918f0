// The timed group (vitest.config.ts) runs its files alone; a name there that matches no file
// (a file renamed or moved) would quietly put that file back beside the rest, where it can miss
// its bound.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { timed } from '../vitest.config.ts';

describe('the timed test group', () => {
  it('names only test files that exist', () => {
    const missing = timed.filter((file) => !existsSync(new URL(`../${file}`, import.meta.url)));
    expect(missing).toEqual([]);
    expect(timed.every((file) => file.endsWith('.test.ts'))).toBe(true);
  });
});
