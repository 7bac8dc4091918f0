import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

/*
 * The type check, run as one test among the others, not before them: `tsc --noEmit` first, then
 * vitest, left one core idle for the 15 s tsc takes (it is single-threaded) before any test
 * started. Here it starts among the longest files (vitest.config.ts, `computing`) and shares the
 * cores with the rest. `npm run typecheck` runs it alone.
 */
describe('the project', () => {
  it('type-checks (tsc --noEmit, the strict tsconfig.json)', { timeout: 240_000 }, async () => {
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(process.execPath, [TSC, '--noEmit', '-p', ROOT], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, output: `${stdout}${stderr}` });
      });
    });
    expect(output.trim(), 'tsc --noEmit').toBe('');
    expect(code).toBe(0);
  });
});
