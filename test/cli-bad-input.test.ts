import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../api/index.ts';
import { disco, discoEntry } from './support/cli.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The commands beside `check` meet a URL that is not a disco simulator, credentials in a URL and
 * a reader that goes away: a clear message and exit 2 (or a quiet end), never a file of someone
 * else's answer, a password printed or a stack trace.
 */
describe('disco state and journal against what is not a simulator', () => {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>');
  });
  let url = '';
  let dir = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_disco`;
    dir = await mkdtemp(join(tmpdir(), 'disco-cli-bad-'));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  it('state export writes no file of an answer that is not a state, and says so (exit 2)', async () => {
    const out = join(dir, 'state.json');
    const run = await disco(['state', 'export', '--url', url, '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/not a disco-state\/1 state/);
    expect(existsSync(out)).toBe(false);
  });

  it('state and journal print a URL without its user and password', async () => {
    const secret = 'hunter2-control-pw';
    for (const args of [['state', 'export', '--url', `http://admin:${secret}@127.0.0.1:1/_disco`], ['journal', '--once', '--url', `http://admin:${secret}@127.0.0.1:1/_disco`]]) {
      const run = await disco(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
      expect(run.stderr).toContain('127.0.0.1:1');
    }
  });
});

describe('disco journal against a control API that never answers', () => {
  // Takes the request and never answers; says when a request came, so the signal follows it.
  let requested: () => void = () => undefined;
  const silent = http.createServer(() => requested());
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/_disco`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('ends on Ctrl-C though its request is still unanswered: exit 130', { timeout: 30_000 }, async () => {
    const run = await disco(['journal', '--url', url], { whenReady: (child) => void (requested = () => child.kill('SIGINT')) });
    expect([run.code, run.signal]).toEqual([130, null]);
  });
});

describe('a reader that goes away', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ clock: 'frozen' });
    // Enough journal to outgrow a pipe's buffer many times over.
    await Promise.all(Array.from({ length: 400 }, (_, i) => fetch(`${sim.interfaceB()}/packages/${i}`)));
  });
  afterAll(() => sim.close());

  it('disco journal | head -n 1: the output ends quietly, no stack trace', async () => {
    const child = spawn(process.execPath, [discoEntry(), 'journal', '--once', '--json', '--url', sim.controlUrl], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // The first chunk read, the reader goes away, as head does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at .*\(.*:\d+:\d+\)/);
    expect(code).toBe(0);
  });
});

describe('disco keygen where one of the pair exists', () => {
  it('writes both keys or neither: a private key is not left without its public key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-keygen-'));
    try {
      await writeFile(join(dir, 'board.pub'), 'an older public key\n');
      const run = await disco(['keygen', '--out', join(dir, 'board')]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('EEXIST');
      expect(existsSync(join(dir, 'board.key'))).toBe(false);
      expect(await readFile(join(dir, 'board.pub'), 'utf8')).toBe('an older public key\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('disco serve --seed FILE that is not JSON', () => {
  it('names the file (exit 2)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-seed-'));
    try {
      const file = join(dir, 'seed.json');
      await writeFile(file, '{bad');
      const run = await disco(['serve', '--port', '0', '--seed', file]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${file} is not a seed:`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

