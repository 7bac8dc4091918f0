import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { registeredChecks } from './lib/registry.ts';
import type { CheckDefinition } from './lib/types.ts';

const SUITES_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * Imports every `suites/*.spec.ts` (each registers its checks) and returns them in run order
 * (`registeredChecks`): files are imported in name order only so that the order is stable; a
 * check that must run last says so in its definition (`runsLast`).
 */
export async function loadChecks(): Promise<CheckDefinition[]> {
  imported ??= importSpecFiles();
  await imported;
  return registeredChecks();
}

/**
 * The spec files' imports, made once per process: a module registers its checks when it is first
 * evaluated, so importing it again only costs. Under vitest's module runner each dynamic import
 * is fetched again (the file read, the module sent over from the main process): the self-tests
 * load the checks for every run, about 1,600 times in npm test, and that was a fifth of a fault
 * proof's CPU.
 */
let imported: Promise<void> | undefined;

async function importSpecFiles(): Promise<void> {
  const files = readdirSync(SUITES_DIR)
    // `.spec.js` in the compiled package (dist/), `.spec.ts` in a checkout; never both.
    .filter((f) => f.endsWith('.spec.ts') || f.endsWith('.spec.js'))
    .sort();
  for (const file of files) await import(pathToFileURL(join(SUITES_DIR, file)).href);
}
