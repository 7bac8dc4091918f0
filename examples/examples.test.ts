import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// The plain-JavaScript example runs under node:test itself, through the package's own entry.
it('examples/node-test-client.test.mjs passes under node --test', () => {
  const r = spawnSync(process.execPath, ['--test', 'examples/node-test-client.test.mjs'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/# pass 2/);
});
