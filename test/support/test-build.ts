import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The checkout's code compiled once, file by file, for the `disco` processes the tests start.
 *
 * `node bin/disco.mjs` in a checkout runs the TypeScript through tsx's loader, which transforms
 * each module with esbuild and resolves each import through a loader thread: about 1.5 s of CPU
 * at every start even with tsx's cache warm (`disco check --list`: 2.3 s against 0.9 compiled;
 * `disco serve` to its first answer: 1.5 s against 0.6). npm test starts about 110 such
 * processes, which spent 233 s of CPU, about a quarter of the whole run. Here esbuild makes the
 * same transform once, ahead of time (the same tool and the same per-file transform tsx makes on
 * the fly): each `.ts` file becomes a `.js` file at the same place, its relative imports renamed
 * to `.js` and left as imports, every package left to node_modules. The tree mirrors the
 * checkout, with the files the code reads beside itself (fixtures, package.json, the report
 * schema), and sits inside it (`.test-build/`, ignored by git), so packages resolve from the
 * checkout's node_modules and the suite's version names the checkout's commit as a run from the
 * checkout does.
 *
 * The tests that are about the checkout's own entry (bin/disco.mjs through tsx) keep starting it.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where the code a `disco` process runs lives; the tests are not part of it. */
const CODE = ['api', 'bin', 'simulator', 'suites', 'reports'];

/** The folder the test builds go in, one per test run (removed when it ends). */
export const TEST_BUILDS = join(ROOT, '.test-build');

/** The environment variable that hands the compiled entry to the test workers and to the helpers that start `disco`. */
export const TEST_CLI_ENV = 'DISCO_TEST_CLI';

/** Compiles the checkout into `out` and returns the compiled `disco` entry (what bin/disco.mjs runs). */
export async function buildForTests(out: string): Promise<string> {
  rmSync(out, { recursive: true, force: true });
  const sources: string[] = [];
  const others: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith('.test.ts')) continue;
      else if (path.endsWith('.ts')) sources.push(join(ROOT, path));
      else others.push(path);
    }
  };
  for (const dir of CODE) walk(dir);
  await build({
    entryPoints: sources,
    outdir: out,
    outbase: ROOT,
    // Bundling with every import external is esbuild's way to rewrite import paths: each file
    // stays its own module.
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // As tsx does: functions and classes keep their names.
    keepNames: true,
    logLevel: 'error',
    plugins: [
      {
        name: 'each-file-its-own-module',
        setup(b) {
          b.onResolve({ filter: /^\.\.?\// }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path.replace(/\.ts$/, '.js'), external: true }));
        },
      },
    ],
  });
  for (const path of others) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    cpSync(join(ROOT, path), join(out, path));
  }
  cpSync(join(ROOT, 'fixtures'), join(out, 'fixtures'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(out, 'package.json'));
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
    if (pid && pid !== process.pid && isAlive(pid)) continue;
    if (pid !== process.pid) rmSync(join(TEST_BUILDS, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
