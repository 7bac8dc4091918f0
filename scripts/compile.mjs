// The one compile of the TypeScript to plain JavaScript: the package's build (scripts/build.mjs,
// into dist/) and the build the tests start `disco` from (test/support/test-build.ts) both make
// it, so the tests run the code the package ships.
//
// esbuild transforms each file on its own, as tsx does on the fly in a checkout (the tree is
// written for that: `isolatedModules`, `verbatimModuleSyntax`), and type-checks nothing:
// `tsc --noEmit` does, as one of npm test's tests. Each `.ts` file becomes a `.js` file at the same
// place, its relative imports renamed to `.js` and left as imports, every package left to
// node_modules; the data the code reads beside itself (fixtures, the report schema) is copied
// along, and a minimal package.json says the files are ES modules and gives the version. `tsc -p`
// made the same files in about 15 s of a core (and declarations nothing reads: the package's
// types are its TypeScript sources, `exports` in package.json); esbuild takes about 1 s.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { build } from 'esbuild';

/** Where the code lives. */
const CODE_DIRS = ['api', 'bin', 'simulator', 'suites', 'reports'];

/** Whether the package ships a source file (a path relative to the root, with `/`): tests and their helpers stay out, as package.json's `files` says. */
function isShipped(path) {
  return path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('/test-support.ts') && !path.startsWith('reports/testing/') && !path.startsWith('simulator/testing/');
}

/** Compiles the shipped sources of `root` into `out` (which should not exist yet), with the files they read beside themselves. */
export async function compile(root, out) {
  const sources = CODE_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((name) => `${dir}/${name.split(sep).join('/')}`)
      .filter(isShipped)
      .map((path) => join(root, path)),
  );
  await build({
    entryPoints: sources,
    outdir: out,
    outbase: root,
    // Bundling with every import external is esbuild's way of rewriting import paths: each file
    // stays a module of its own.
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
        name: 'each-file-a-module-of-its-own',
        setup(b) {
          b.onResolve({ filter: /^\.\.?\// }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path.replace(/\.ts$/, '.js'), external: true }));
        },
      },
    ],
  });
  cpSync(join(root, 'fixtures'), join(out, 'fixtures'), { recursive: true });
  mkdirSync(join(out, 'reports'), { recursive: true });
  cpSync(join(root, 'reports', 'run-result.schema.json'), join(out, 'reports', 'run-result.schema.json'));
  // What the compiled code reads as `../package.json`: the version, and ES modules for Node.
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(join(out, 'package.json'), `${JSON.stringify({ private: true, type: 'module', version }, null, 2)}\n`);
}
