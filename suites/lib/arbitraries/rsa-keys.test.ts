import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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
});
