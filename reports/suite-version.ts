import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export interface SuiteVersion {
  name: 'disco';
  /** package.json version. */
  version: string;
  /** The git commit of the checkout, when it is one and git is there. */
  commit?: string;
  /** The checkout had uncommitted changes: the commit alone does not identify the suite. */
  dirty?: boolean;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** What every request of a `disco check` says it comes from, so a deployment's logs can tell the run's traffic. */
export function discoUserAgent(): string {
  return `disco/${packageVersion()}`;
}

/**
 * The suite's identity for certificates. Read-only git queries, run without blocking: `disco
 * check` starts them when the run starts and awaits them when it writes the reports, so the two
 * git processes (about 50 ms on a slow machine) are not spent after a Ctrl-C, when the run has
 * 0.3 s to exit. Never rejects: any failure just leaves the commit out.
 *
 * The commit is the suite's only when `root` is in the repository's own tree: an installed
 * package sits under `node_modules/` of its user's repository, whose commit says nothing about
 * the suite.
 */
export async function readSuiteVersion(root: string = ROOT): Promise<SuiteVersion> {
  const out: SuiteVersion = { name: 'disco', version: packageVersion() };
  const git = async (...args: string[]) => (await run('git', args, { cwd: root, encoding: 'utf8', timeout: 3000 })).stdout.trim();
  try {
    // Changed tracked files, and new files under suites/: suites/index.ts runs every *.spec.ts
    // there, so an untracked check runs too (other new files run only if a tracked one, changed,
    // imports them). A report folder left in the checkout is no change to the suite.
    const [top, commit, changes, newChecks] = await Promise.all([git('rev-parse', '--show-toplevel'), git('rev-parse', 'HEAD'), git('status', '--porcelain', '--untracked-files=no'), git('status', '--porcelain', '--untracked-files=all', '--', 'suites')]);
    const inside = relative(await realpath(top), await realpath(root));
    if (inside.split(sep).includes('node_modules') || inside.startsWith('..') || isAbsolute(inside)) return out;
    if (/^[0-9a-f]{40}$/.test(commit)) {
      out.commit = commit;
      out.dirty = changes !== '' || newChecks.split('\n').some((line) => line.startsWith('??'));
    }
  } catch {
    // Not a git checkout (an npm install, a tarball): the version alone identifies the suite.
  }
  return out;
}

const run = promisify(execFile);
