#!/usr/bin/env node
// Compiles the TypeScript to plain JavaScript in dist/ (run by `npm pack` through `prepack`), so
// an installed package starts without compiling anything (bin/disco.mjs and api/index.mjs use
// dist/ when it is there) and test runners that cannot take a module loader hook (jest) can
// import it: scripts/compile.mjs, then the command line bundled (below).
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative, sep } from 'node:path';
import { compile } from './compile.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const final = join(root, 'dist');
// Built aside and renamed into place at the end: a disco started meanwhile never sees half a build.
const dist = join(root, `dist.tmp-${process.pid}`);
rmSync(dist, { recursive: true, force: true });
try {
  await compile(root, dist);
  await bundleCommandLine(dist);
} catch (err) {
  // A failed build leaves nothing behind, neither half a dist/ nor the folder it was built in.
  rmSync(dist, { recursive: true, force: true });
  throw err;
}
rmSync(final, { recursive: true, force: true });
renameSync(dist, final);

/**
 * Replaces dist/bin/disco.js with one file holding it, `disco serve` and everything they import
 * (the simulator, Koa and the rest): a cold start of `disco serve` then reads one file instead of
 * about 230 modules, each resolved, read and compiled on its own (358 -> 251 ms median on a
 * 2-core machine where `node -e 0` takes 108 to 141 ms). The other commands stay the compiled
 * files they are, loaded when asked for: `disco check` finds its suites by listing a folder,
 * which a bundle cannot hold. The package's API (dist/api/) is not bundled either.
 */
async function bundleCommandLine(out) {
  const { build } = await import('esbuild');
  const entry = join(out, 'bin', 'disco.js');
  await build({
    entryPoints: [entry],
    outfile: entry,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Without comments and indentation the file is a quarter smaller and all ASCII, which Node
    // decodes and V8 parses faster (251 against 269 ms to the first answer). Names are kept.
    minifyWhitespace: true,
    logLevel: 'error',
    // CommonJS dependencies (Koa's) call require(), which an ES module does not have.
    banner: { js: "import { createRequire as bundledCreateRequire } from 'node:module';\nconst require = bundledCreateRequire(import.meta.url);" },
    plugins: [
      {
        name: 'lazy-commands-stay-files',
        setup(b) {
          b.onResolve({ filter: /^\.\/commands\// }, (args) => (args.importer === entry && args.path !== './commands/serve.js' && args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
        },
      },
      {
        // Code that reads files beside itself (fixtures, package.json) or resolves a package
        // from its own place keeps doing so from where its compiled file is, not from the bundle.
        name: 'import-meta-url-of-each-file',
        setup(b) {
          b.onLoad({ filter: /\.(js|mjs)$/ }, (args) => {
            const code = readFileSync(args.path, 'utf8');
            if (!code.includes('import.meta.url')) return undefined;
            // A dependency's place is not known until the package is installed.
            if (relative(out, args.path).startsWith('..')) throw new Error(`${args.path} reads import.meta.url: it cannot be bundled`);
            const own = `new URL(${JSON.stringify(relative(dirname(entry), args.path).split(sep).join('/'))}, import.meta.url).href`;
            return { contents: code.replaceAll('import.meta.url', own), loader: 'js' };
          });
        },
      },
    ],
  });
}
