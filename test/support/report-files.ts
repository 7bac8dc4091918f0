import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';

/** Every file a run wrote to `dir` names `shown` and holds none of `hidden` (secrets). */
export async function expectEveryReport(dir: string, shown: string, hidden: readonly string[]): Promise<void> {
  const names = await readdir(dir);
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    const text = await readFile(join(dir, name), 'utf8');
    expect(text, name).toContain(shown);
    for (const secret of hidden) expect(text, name).not.toContain(secret);
  }
}
