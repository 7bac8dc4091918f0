import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writePrivateFile } from './private-file.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'disco-private-file-'));
  dirs.push(dir);
  return dir;
}

describe('writePrivateFile', () => {
  it('writes the text, readable by its owner only, and leaves nothing else beside it', async () => {
    const dir = await freshDir();
    const file = join(dir, 'target.json');
    await writePrivateFile(file, '{"a":1}\n');
    expect(await readFile(file, 'utf8')).toBe('{"a":1}\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['target.json']);
  });

  it('never lets a reader see a file half written: each read is the old text or the new, whole', async () => {
    const dir = await freshDir();
    const file = join(dir, 'target.json');
    await writeFile(file, JSON.stringify({ generation: -1 }));
    let done = false;
    let reads = 0;
    const torn: number[] = [];
    const reader = (async () => {
      while (!done) {
        const text = await readFile(file, 'utf8');
        reads++;
        try {
          JSON.parse(text);
        } catch {
          torn.push(text.length);
        }
      }
    })();
    // Texts of 2 MB: a plain writeFile (truncate, then write) is read torn nearly every time (measured: 97 of 98 reads).
    for (let generation = 0; generation < 20; generation++) await writePrivateFile(file, JSON.stringify({ generation, pad: 'x'.repeat(2_000_000) }));
    done = true;
    await reader;
    expect(reads).toBeGreaterThan(5);
    expect(torn).toEqual([]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ generation: 19 });
    expect(await readdir(dir)).toEqual(['target.json']);
  });

  it('fails as writeFile would where the folder does not exist, leaving nothing behind', async () => {
    const dir = await freshDir();
    await expect(writePrivateFile(join(dir, 'missing', 'target.json'), '{}')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(dir)).toEqual([]);
  });
});
