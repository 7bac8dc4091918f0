// "Keep engines honest": the Node versions package.json declares must be ones every installed
// package accepts. `engines` is what the installed `disco` needs (its production dependencies);
// `devEngines` is what this checkout's own tests and tools need (npm 10.9 and later refuse
// `npm ci` on another Node with EBADDEVENGINES, rather than vite or oxc-parser failing later
// with an obscure error). A dependency bumped to one that needs a newer Node fails here, not on
// a user's machine.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: string };
  devEngines?: { runtime?: { name: string; version: string } };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const read = (file: string): Manifest => JSON.parse(readFileSync(file, 'utf8')) as Manifest;
const own = read(join(ROOT, 'package.json'));

/** Where Node's resolution finds `name` from the package in `from`. */
function manifestOf(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Every installed package reachable from `names` (an optional one may be absent on this platform). */
function installedTree(names: string[]): Manifest[] {
  const seen = new Map<string, Manifest>();
  const visit = (name: string, from: string) => {
    const file = manifestOf(name, from);
    if (!file || seen.has(file)) return;
    const manifest = read(file);
    seen.set(file, manifest);
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) visit(dep, dirname(file));
  };
  for (const name of names) visit(name, ROOT);
  return [...seen.values()];
}

/** The lowest version of each `||` alternative: a range's floors, where a too-new need shows. */
function floors(range: string): string[] {
  return range.split('||').map((part) => semver.minVersion(part.trim())?.version ?? part);
}

/** Packages in `tree` whose own `engines.node` refuses one of `range`'s floors. */
function refusing(tree: Manifest[], range: string): string[] {
  return tree.flatMap((manifest) => {
    const needs = manifest.engines?.node;
    if (!needs || !semver.validRange(needs)) return [];
    const refused = floors(range).filter((floor) => !semver.satisfies(floor, needs));
    return refused.length ? [`${manifest.name}@${manifest.version} needs ${needs}, refuses ${refused.join(', ')}`] : [];
  });
}

describe('the Node versions package.json declares', () => {
  const engines = own.engines?.node ?? '';
  const devEngines = own.devEngines?.runtime?.version ?? '';

  it('engines (the installed package) is accepted by every production dependency', () => {
    expect(semver.validRange(engines)).not.toBeNull();
    const tree = installedTree(Object.keys(own.dependencies ?? {}));
    expect(tree.length).toBeGreaterThan(Object.keys(own.dependencies ?? {}).length);
    expect(refusing(tree, engines)).toEqual([]);
  });

  it('devEngines (this checkout\'s tests and tools) is accepted by every dependency, and is no looser than engines', () => {
    expect(own.devEngines?.runtime?.name).toBe('node');
    expect(semver.validRange(devEngines)).not.toBeNull();
    const tree = installedTree(Object.keys({ ...own.dependencies, ...own.devDependencies }));
    expect(refusing(tree, devEngines)).toEqual([]);
    expect(semver.subset(devEngines, engines)).toBe(true);
  });

  it('the check itself finds a package needing a newer Node', () => {
    const needy: Manifest = { name: 'needy', version: '1.0.0', engines: { node: '>=22' } };
    expect(refusing([needy], '^20.19.0 || >=22.12.0')).toEqual(['needy@1.0.0 needs >=22, refuses 20.19.0']);
    expect(refusing([needy], '>=22.12.0')).toEqual([]);
  });

  it('the README\'s set-up names both floors', () => {
    const setUp = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').find((line) => line.startsWith('## Set-up')) ?? '';
    expect(setUp).toContain(`Node ${floors(devEngines)[0]!.replace(/\.0$/, '')}`);
    expect(setUp).toContain(floors(engines)[0]!.replace(/\.0$/, ''));
  });
});
