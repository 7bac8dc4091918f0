import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { until } from '../../../simulator/testing/hook-receiver.ts';
import { isAlive } from '../../../test/support/processes.ts';
import { RsaKeySource } from './rsa-keys.ts';

describe('RSA keys made ahead in child processes', () => {
  it('hands out genuine, distinct 2048-bit public keys', async () => {
    const source = new RsaKeySource(2, 2);
    try {
      const keys = await Promise.all(Array.from({ length: 6 }, () => source.take()));
      expect(new Set(keys.map((k) => k.n.toString('hex'))).size).toBe(6);
      for (const key of keys) {
        expect(key.n.length).toBe(256);
        expect(key.e.toString('base64url')).toBe('AQAB');
      }
    } finally {
      source.close();
    }
  });

  it('still hands out keys, made in this process, when the key maker cannot run', async () => {
    const source = new RsaKeySource(1, 1, 'process.exit(3)');
    const keys = await Promise.all([source.take(), source.take()]);
    expect(keys[0]?.n.equals(keys[1]!.n)).toBe(false);
    expect(keys[0]?.n.length).toBe(256);
  });

  it('still hands out keys, made in this process, when a key maker owes keys and gives none', async () => {
    // A maker that reads what it is asked and never answers, as one stuck in a lock does.
    const source = new RsaKeySource(1, 1, "process.stdin.on('data', () => undefined)", 300);
    try {
      const started = performance.now();
      const keys = await Promise.all([source.take(), source.take()]);
      expect(keys[0]?.n.equals(keys[1]!.n)).toBe(false);
      expect(keys[0]?.n.length).toBe(256);
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      source.close();
    }
  });

  it('does not hold the exit of a process that has keys still being made', async () => {
    // 16 keys asked ahead: made in this process's thread pool they would hold its exit for seconds.
    const program = `
      const { RsaKeySource } = await import(${JSON.stringify(fileURLToPath(new URL('./rsa-keys.ts', import.meta.url)))});
      const source = new RsaKeySource(16, 2);
      await source.take();
      process.stdout.write('took\\n');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
    let tookAt = 0;
    child.stdout.on('data', () => (tookAt ||= performance.now()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(tookAt).toBeGreaterThan(0);
    expect(performance.now() - tookAt).toBeLessThan(400);
  });

  it('stops its makers at once when told: the key awaited is refused, none is made here instead, and the next is asked of a new maker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'disco-rsa-'));
    const pids = join(dir, 'pids');
    // A maker that says who it is and never answers: only `stop` ends the wait.
    const source = new RsaKeySource(1, 2, `require('node:fs').appendFileSync(${JSON.stringify(pids)}, process.pid + '\\n'); process.stdin.on('data', () => undefined)`);
    try {
      const awaited = source.take();
      await until(() => existsSync(pids) && readFileSync(pids, 'utf8').trim() !== '', 5_000);
      const started = performance.now();
      source.stop(new Error('interrupted'));
      await expect(awaited).rejects.toThrow('interrupted');
      // Refused at once: a key made in the thread pool instead would take 50 to 400 ms.
      expect(performance.now() - started).toBeLessThan(40);
      const makers = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
      await until(() => makers.every((pid) => !isAlive(pid)), 2_000);
      expect(makers.filter(isAlive)).toEqual([]);
      // Not a failure: the next key is asked of a new maker, not made in this process.
      void source.take().catch(() => undefined);
      await until(() => readFileSync(pids, 'utf8').trim().split('\n').length > makers.length, 5_000);
      expect(readFileSync(pids, 'utf8').trim().split('\n').length).toBeGreaterThan(makers.length);
    } finally {
      source.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes keys again after a stop', async () => {
    const source = new RsaKeySource(1, 1);
    try {
      const first = await source.take();
      source.stop(new Error('interrupted'));
      const second = await source.take();
      expect(second.n.length).toBe(256);
      expect(second.n.equals(first.n)).toBe(false);
    } finally {
      source.close();
    }
  });
});
