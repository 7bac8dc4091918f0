import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '../../scripts/compile.mjs';
import { isAlive } from './processes.ts';

/**
 * The checkout compiled once for the `disco` processes the tests start: the package's own compile
 * (scripts/compile.mjs, without the command line's bundle), so they run what the package ships.
 *
 * `node bin/disco.mjs` in a checkout runs the TypeScript through tsx's loader, which transforms
 * each module with esbuild and resolves each import through a loader thread: about 1.5 s of CPU
 * at every start even with tsx's cache warm (`disco check --list`: 2.3 s against 0.9 compiled;
 * `disco serve` to its first answer: 1.5 s against 0.6). npm test starts about 110 such
 * processes, which spent 233 s of CPU, about a quarter of the whole run. The build sits inside
 * the checkout (`.test-build/`, ignored by git), so packages resolve from the checkout's
 * node_modules and the suite's version names the checkout's commit, as a run from the checkout
 * does.
 *
 * The tests that are about the checkout's own entry (bin/disco.mjs through tsx) keep starting it.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The folder the test builds go in, one per test run (removed when it ends). */
export const TEST_BUILDS = join(ROOT, '.test-build');

/** The environment variable that hands the compiled entry to the test workers and to the helpers that start `disco`. */
export const TEST_CLI_ENV = 'DISCO_TEST_CLI';

/** Compiles the checkout into `out` and returns the compiled `disco` entry (what bin/disco.mjs runs from dist/). */
export async function buildForTests(out: string): Promise<string> {
  rmSync(out, { recursive: true, force: true });
  await compile(ROOT, out);
  return join(out, 'bin', 'disco.js');
}

/** Removes the builds of test runs that ended without removing theirs (killed): each folder is named by its run's process id. */
export function removeAbandonedBuilds(): void {
  let names: string[];
  try {
    names = readdirSync(TEST_BUILDS);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
    if (pid === process.pid || (pid && isAlive(pid))) continue;
    rmSync(join(TEST_BUILDS, name), { recursive: true, force: true });
  }
}
