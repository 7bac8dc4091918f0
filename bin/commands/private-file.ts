import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file only its owner may read (0600), whole: the text goes to a temporary file beside
 * it, which then takes the file's name in one rename. Whoever waits for the file (a CI script
 * polling for `disco serve --write-target`'s document) never reads it half written, and an older
 * file of that name stays readable until the new one replaces it.
 */
export async function writePrivateFile(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, text, { mode: 0o600, flag: 'wx' });
    await rename(temporary, path);
  } catch (e) {
    await rm(temporary, { force: true });
    throw e;
  }
}
