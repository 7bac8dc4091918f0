#!/usr/bin/env node
// Compiles the TypeScript to plain JavaScript in dist/ (run by `npm pack` through `prepack`), so
// an installed package starts without compiling anything (bin/disco.mjs and api/index.mjs use
// dist/ when it is there) and test runners that cannot take a module loader hook (jest) can
// import it. The data the code reads beside itself is copied along.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const final = join(root, 'dist');
// Built aside and renamed into place at the end: a disco started meanwhile never sees half a build.
const dist = join(root, `dist.tmp-${process.pid}`);
rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', dist], { stdio: 'inherit' });
cpSync(join(root, 'fixtures'), join(dist, 'fixtures'), { recursive: true });
mkdirSync(join(dist, 'reports'), { recursive: true });
cpSync(join(root, 'reports', 'run-result.schema.json'), join(dist, 'reports', 'run-result.schema.json'));
// What the compiled code reads as `../package.json`: the version, and ES modules for Node.
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
writeFileSync(join(dist, 'package.json'), `${JSON.stringify({ private: true, type: 'module', version }, null, 2)}\n`);
rmSync(final, { recursive: true, force: true });
renameSync(dist, final);
