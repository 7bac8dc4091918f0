import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

/** The suite's identity for certificates. Read-only git queries; any failure just leaves them out. */
export function suiteVersion(): SuiteVersion {
  const out: SuiteVersion = { name: 'disco', version: packageVersion() };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', timeout: 3000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('rev-parse', 'HEAD');
    if (/^[0-9a-f]{40}$/.test(commit)) out.commit = commit;
    out.dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  } catch {
    // Not a git checkout (an npm install, a tarball): the version alone identifies the suite.
  }
  return out;
}
