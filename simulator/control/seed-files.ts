import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { SeedDocument } from './seed.ts';
import { seedProblems } from './seed-check.ts';

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
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (e) {
    // JSON's message alone ("Expected property name at position 1") names no file.
    throw new Error(`${path} is not a seed: ${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message.split('\n')[0] : String(e))}`);
  }
  const problems = seedProblems(doc);
  if (problems.length) throw new Error(`${path} is not a valid seed: ${problems.slice(0, 5).map((p) => `${p.field} ${p.message}`).join('; ')}`);
  return doc as SeedDocument;
}
