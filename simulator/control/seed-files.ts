import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { SeedDocument } from './seed.ts';

export const SEED_DIR = fileURLToPath(new URL('../../fixtures/seed/', import.meta.url));

/** Reads `fixtures/seed/<name>.json`; null when there is no such seed. */
export async function loadNamedSeed(name: string): Promise<SeedDocument | null> {
  if (!/^[a-z0-9-]+$/.test(name)) return null;
  try {
    return JSON.parse(await readFile(join(SEED_DIR, `${name}.json`), 'utf8')) as SeedDocument;
  } catch {
    return null;
  }
}

export async function loadSeedFile(path: string): Promise<SeedDocument> {
  const doc = JSON.parse(await readFile(path, 'utf8')) as SeedDocument;
  if (!doc || !Array.isArray(doc.accounts)) throw new Error(`${path}: a seed file is {"accounts": [...]}`);
  return doc;
}
