import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { TargetDocument } from '../suites/lib/target-types.ts';
import { discoEntry } from './support/cli.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Starts `disco serve` (from `entry`), waits for its banner, runs `use`, then stops it with `signal`. */
async function withServe(args: string[], signal: NodeJS.Signals, use: (banner: string) => Promise<void>, entry = discoEntry()): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [entry, 'serve', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 20_000;
  while (!/keys (and fixture ids|are not printed)/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`serve did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  try {
    await use(output);
  } finally {
    child.kill(signal);
  }
  return { code: await exited, output };
}

describe('disco serve', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  // Started as the README starts it from a checkout (bin/disco.mjs, the TypeScript through tsx),
  // not from the build the other tests start (test/support/test-build.ts).
  it('serves the seeded state, writes a usable target file (0600), never prints keys, and stops on SIGTERM (node bin/disco.mjs serve)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-serve-'));
    dirs.push(dir);
    const file = join(dir, 'target.json');
    let target: TargetDocument = {};
    const { code, output } = await withServe(['--port', '0', '--write-target', file], 'SIGTERM', async (banner) => {
      expect(banner).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
      expect(banner).toContain('HTTP Basic');
      target = JSON.parse(await readFile(file, 'utf8')) as TargetDocument;
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const account = target.accounts?.[0];
      const res = await fetch(`${target.base_url}/${account?.account_id}/api/packages/${account?.fixtures?.package_id}`, {
        headers: { accept: 'application/vnd.service+json; version=2', authorization: `Basic ${Buffer.from(`${account?.api_key}:`).toString('base64')}` },
      });
      expect(res.status).toBe(200);
      const pipelines = await fetch(`${target.cdc_base_url}/api/public/v1/pipelines`, { headers: { authorization: `Bearer ${account?.pipeline_admin_key}` } });
      expect(pipelines.status).toBe(200);
      // The seed's pipelines are fixtures: two that stay, one deployed and one not that a run may archive.
      expect(account?.fixtures?.pipeline_ids).toHaveLength(2);
      const archivable = account?.fixtures?.archivable_pipelines;
      const deployed = await fetch(`${target.cdc_base_url}/api/public/v1/pipelines/${archivable?.deployed}`, { headers: { authorization: `Bearer ${account?.pipeline_admin_key}` } });
      expect(((await deployed.json()) as { status: string }).status).toBe('deployed');
    }, 'bin/disco.mjs');
    expect(code).toBe(0);
    expect(output).toContain('disco simulator stopped');
    for (const account of target.accounts ?? []) {
      for (const secret of [account.api_key, account.member_api_key, account.pipeline_admin_key, account.pipeline_key]) {
        expect(secret?.length).toBeGreaterThan(10);
        expect(output).not.toContain(secret);
      }
    }
  });

  it('stops cleanly on SIGINT and reports the faults it runs with', async () => {
    const { code, output } = await withServe(['--port', '0', '--fault', 'b-limit-uncapped'], 'SIGINT', async (banner) => {
      expect(banner).toContain('FAULTS ON: b-limit-uncapped');
    });
    expect(code).toBe(0);
    expect(output).toContain('disco simulator stopped');
  });

  it('--job-pace runs jobs faster: at 0.01 a job completes within a second of real time; 0 is refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-serve-'));
    dirs.push(dir);
    const file = join(dir, 'target.json');
    await withServe(['--port', '0', '--job-pace', '0.01', '--write-target', file], 'SIGTERM', async () => {
      const target = JSON.parse(await readFile(file, 'utf8')) as TargetDocument;
      const account = target.accounts?.[0];
      const base = `${target.base_url}/${account?.account_id}/api`;
      const headers = { accept: 'application/vnd.service+json; version=2', 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${account?.api_key}:`).toString('base64')}` };
      const created = await fetch(`${base}/jobs`, { method: 'POST', headers, body: JSON.stringify({ cluster_id: account?.fixtures?.cluster_id, package_id: account?.fixtures?.package_id, variables: {}, dynamic_variables: {} }) });
      const { id } = (await created.json()) as { id: number };
      await new Promise((r) => setTimeout(r, 1_000));
      const job = (await (await fetch(`${base}/jobs/${id}`, { headers })).json()) as { status: string; progress: number };
      expect(job).toMatchObject({ status: 'completed', progress: 1 });
    });
    const refused = spawn(process.execPath, [discoEntry(), 'serve', '--job-pace', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    refused.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect(await new Promise<number | null>((resolve) => refused.on('exit', resolve))).toBe(2);
    expect(err).toContain('--job-pace');
  });

  it('--id-numbering account: both seeded accounts number their records from 1 and say so; another value is refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-serve-'));
    dirs.push(dir);
    const file = join(dir, 'target.json');
    await withServe(['--port', '0', '--id-numbering', 'account', '--write-target', file], 'SIGTERM', async (banner) => {
      expect(banner).toContain('ids: numbered per account');
      const target = JSON.parse(await readFile(file, 'utf8')) as TargetDocument;
      const [one, two] = target.accounts ?? [];
      expect(one?.fixtures?.package_id).toBe(1);
      expect(two?.fixtures?.package_id).toBe(one?.fixtures?.package_id);
      expect(two?.fixtures?.pipeline_ids).toEqual(one?.fixtures?.pipeline_ids);
    });
    const refused = spawn(process.execPath, [discoEntry(), 'serve', '--id-numbering', 'global'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    refused.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect(await new Promise<number | null>((resolve) => refused.on('exit', resolve))).toBe(2);
    expect(err).toContain('--id-numbering must be simulator or account');
  });

  it('refuses bad options with exit code 2 and a message', async () => {
    const child = spawn(process.execPath, [discoEntry(), 'serve', '--port', 'seventy'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('--port');
  });
});
