import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TargetDocument } from '../suites/lib/target-types.ts';
import { disco } from './support/cli.ts';

/**
 * `disco serve -- COMMAND`: the simulator for exactly as long as a client's test command runs.
 * The commands here are small Node scripts standing in for a test suite in any language.
 */

/** Reads the target document it is given, asks the fixture package with the account's key, prints what it saw, exits 3. */
const CLIENT = `
const fs = require('node:fs');
const t = JSON.parse(fs.readFileSync(process.env.DISCO_TARGET, 'utf8'));
const a = t.accounts[0];
const mode = (fs.statSync(process.env.DISCO_TARGET).mode & 0o777).toString(8);
fetch(t.base_url + '/' + a.account_id + '/api/packages/' + a.fixtures.package_id, {
  headers: { accept: 'application/vnd.service+json; version=2', authorization: 'Basic ' + Buffer.from(a.api_key + ':').toString('base64') },
}).then((r) => {
  const secrets = t.accounts.flatMap((x) => [x.api_key, x.member_api_key, x.pipeline_admin_key, x.pipeline_key]).filter(Boolean);
  console.log(JSON.stringify({ status: r.status, base: process.env.DISCO_BASE_URL, same: t.base_url === process.env.DISCO_BASE_URL, target: process.env.DISCO_TARGET, mode, secrets }));
  process.exit(3);
});
`;

/** What CLIENT printed. */
function seen(stdout: string): { status: number; base: string; same: boolean; target: string; mode: string; secrets: string[] } {
  const line = stdout.split('\n').find((l) => l.startsWith('{"status"'));
  if (!line) throw new Error(`the command printed nothing: ${stdout}`);
  return JSON.parse(line) as ReturnType<typeof seen>;
}

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('disco serve -- COMMAND', () => {
  it('runs the command once the simulator answers, with the target document and base URL in its environment; exits with its status; the target file it made is gone and the port closed', async () => {
    const r = await disco(['serve', '--port', '0', '--', process.execPath, '-e', CLIENT]);
    expect(r.code, r.stderr).toBe(3);
    const client = seen(r.stdout);
    expect(client).toMatchObject({ status: 200, same: true, mode: '600' });
    expect(r.stdout).toContain(`keys and fixture ids: written to ${client.target}`);
    expect(r.stdout).toMatch(/disco simulator stopped \(.*node.* exited 3\)/);
    expect(existsSync(client.target)).toBe(false);
    await expect(fetch(`${client.base}/_disco/health`)).rejects.toThrow();
    // Never the keys: only the command prints what it likes (here, on its own line, all eight).
    expect(client.secrets).toHaveLength(8);
    const printedByDisco = `${r.stdout.split('\n').filter((l) => !l.startsWith('{"status"')).join('\n')}\n${r.stderr}`;
    expect(client.secrets.filter((secret) => printedByDisco.includes(secret))).toEqual([]);
  });

  it('keeps a --write-target file: it was asked for', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-serve-command-'));
    dirs.push(dir);
    const file = join(dir, 'target.json');
    const r = await disco(['serve', '--port', '0', '--write-target', file, '--', process.execPath, '-e', CLIENT]);
    expect(r.code, r.stderr).toBe(3);
    expect(seen(r.stdout)).toMatchObject({ status: 200, target: file });
    expect((JSON.parse(await readFile(file, 'utf8')) as TargetDocument).accounts?.length).toBe(2);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('passes SIGTERM on to the command, waits for it to end, then stops: exit status the command\'s', async () => {
    const script = `process.on('SIGTERM', () => { console.log('command got SIGTERM'); setTimeout(() => process.exit(5), 200); }); console.log('command ready'); setInterval(() => {}, 1000);`;
    const r = await disco(['serve', '--port', '0', '--', process.execPath, '-e', script], {
      whenReady: (child) => {
        let out = '';
        child.stdout?.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('command ready') && !out.includes('(sent)')) {
            out += '(sent)';
            child.kill('SIGTERM');
          }
        });
      },
    });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stdout).toContain('command got SIGTERM');
    expect(r.stdout).toMatch(/disco simulator stopped \(.*exited 5\)/);
  });

  it('a command ended by a signal counts 128 + its number, as in a shell', async () => {
    const r = await disco(['serve', '--port', '0', '--', process.execPath, '-e', `process.kill(process.pid, 'SIGKILL')`]);
    expect(r.code).toBe(137);
  });

  it('a command that does not exist: 127 and its name; -- with nothing after it: a usage error', async () => {
    const missing = await disco(['serve', '--port', '0', '--', 'disco-no-such-command-here']);
    expect(missing.code).toBe(127);
    expect(missing.stderr).toContain('disco serve: cannot run disco-no-such-command-here: ENOENT');
    const alone = await disco(['serve', '--port', '0', '--']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe('disco: -- must be followed by the command to run alongside the simulator\n');
  });
});
