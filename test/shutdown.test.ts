import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startSimulator } from '../api/index.ts';
import { discoEntry } from './support/cli.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ACCEPT = 'application/vnd.service+json; version=2';

function get(url: string, headers: Record<string, string>, agent: http.Agent | false): Promise<{ status: number; connection?: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ...(res.headers.connection ? { connection: res.headers.connection } : {}) }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

describe('disco serve shuts down gracefully on SIGTERM', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disco-shutdown-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers every request already received (keep-alive and Connection: close clients), says Connection: close, and exits 0', { timeout: 60_000 }, async () => {
    const target = join(dir, 'target.json');
    const child = spawn(process.execPath, [discoEntry(), 'serve', '--port', '0', '--write-target', target, '--rate-limit', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // A failed assertion must not leave the server running after the test.
    onTestFinished(() => void child.kill('SIGKILL'));
    await new Promise<void>((resolve) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('keys and fixture ids: written')) resolve();
      });
    });
    const doc = JSON.parse(await readFile(target, 'utf8')) as { base_url: string; control_url: string; accounts: { account_id: string; api_key: string }[] };
    const account = doc.accounts[0]!;
    const headers = { authorization: `Basic ${Buffer.from(`${account.api_key}:`).toString('base64')}`, accept: ACCEPT };
    const url = `${doc.base_url}/${account.account_id}/api/packages`;
    // Every request waits 400 ms inside the server, so SIGTERM finds them all in flight.
    await fetch(`${doc.control_url}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/*/api/packages', latency_ms: 400 }) });
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 25 });
    const inFlight = [
      ...Array.from({ length: 25 }, () => get(url, headers, keepAlive)),
      ...Array.from({ length: 25 }, () => get(url, { ...headers, connection: 'close' }, false)),
    ];
    await new Promise((resolve) => setTimeout(resolve, 150));
    const signalled = performance.now();
    child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.filter((a) => !('status' in a) || a.status !== 200), 'requests lost in the shutdown').toEqual([]);
    expect(answers.every((a) => 'connection' in a && a.connection === 'close')).toBe(true);
    expect(await exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(6_000);
    keepAlive.destroy();
  });
});

describe('errors before the app', () => {
  it('a request the HTTP parser refuses still gets a JSON error body both interfaces\' clients can read', async () => {
    const sim = await startSimulator();
    try {
      const { port } = new URL(sim.origin);
      const raw = (text: string) =>
        new Promise<string>((resolve) => {
          const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(text));
          let out = '';
          socket.on('data', (d: Buffer) => (out += d.toString()));
          socket.on('close', () => resolve(out));
        });
      for (const request of ['GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 'NOT A REQUEST\r\n\r\n']) {
        const answer = await raw(request);
        expect(answer, JSON.stringify(request.slice(0, 40))).toMatch(/^HTTP\/1\.1 4\d\d /);
        expect(answer).toMatch(/content-type: application\/json/i);
        const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { message?: string; error?: string };
        expect(typeof body.message).toBe('string');
        expect(typeof body.error).toBe('string');
      }
      const expectation = await raw('GET /acme/api/packages HTTP/1.1\r\nHost: x\r\nExpect: something-else\r\nConnection: close\r\n\r\n');
      expect(expectation).toMatch(/^HTTP\/1\.1 417 /);
      expect((JSON.parse(expectation.slice(expectation.indexOf('\r\n\r\n') + 4)) as { error?: string }).error).toMatch(/Expect/);
    } finally {
      await sim.close();
    }
  });
});
