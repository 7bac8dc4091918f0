// The timed group (vitest.config.ts) runs its files alone; a name there that matches no file
// (a file renamed or moved) would quietly put that file back beside the rest, where it can miss
// its bound.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ownModules, timed } from '../vitest.config.ts';

describe('the timed test group', () => {
  it('names only test files that exist', () => {
    const missing = timed.filter((file) => !existsSync(new URL(`../${file}`, import.meta.url)));
    expect(missing).toEqual([]);
    expect(timed.every((file) => file.endsWith('.test.ts'))).toBe(true);
  });
});

describe('the own-modules test group', () => {
  // Every other file shares its worker's module cache (isolate: false): a module replaced there
  // would stay replaced for the files that follow, or not be replaced at all.
  it('holds every test file that replaces a module, and only such files', () => {
    const root = new URL('../', import.meta.url);
    const files = ['api', 'simulator', 'suites', 'reports', 'test', 'bin', 'examples'].flatMap((dir) =>
      readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.test.ts'))
        .map((name) => `${dir}/${name.split('\\').join('/')}`),
    );
    const mocking = files.filter((file) => /\bvi\.(mock|doMock|unmock|resetModules)\(/.test(readFileSync(new URL(file, root), 'utf8')) && file !== 'test/test-groups.test.ts');
    expect(mocking.sort()).toEqual([...ownModules].sort());
  });
});
