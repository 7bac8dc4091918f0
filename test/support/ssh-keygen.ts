import { execFileSync } from 'node:child_process';

/** Whether OpenSSH's ssh-keygen is installed: the independent check of our fingerprints. */
export function hasSshKeygen(): boolean {
  try {
    execFileSync('ssh-keygen', ['-?'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // `-?` is a usage error (exit 1), which still proves the tool runs; ENOENT means it is absent.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}
