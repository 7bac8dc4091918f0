import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_CLI_ENV } from './test-build.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * What starts `disco` in a test: the checkout compiled for this test run (test/support/test-build.ts)
 * under npm test, else (npm run soak, a script) the checkout's own entry, bin/disco.mjs. A path
 * relative to the checkout, whose folder the process starts in.
 */
export function discoEntry(): string {
  return process.env[TEST_CLI_ENV] ?? 'bin/disco.mjs';
}

/** Runs `disco ...args` (discoEntry, or `entry`) from the checkout; `whenReady` may act on the child while it runs. */
export function disco(args: string[], options: { env?: Record<string, string>; whenReady?: (child: ReturnType<typeof spawn>) => void; entry?: string } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.entry ?? discoEntry(), ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    options.whenReady?.(child);
  });
}
