import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCheckArgs } from './options.ts';
import { watchInterruptions } from './signals.ts';
import { RunStopped } from './stop.ts';
import { openTarget } from './target.ts';

const quiet = { stderr: () => {}, exit: (code: number): never => { throw new Error(`exit ${code}`); } };

describe('the target stage of disco check', () => {
  it('ends the run with exit 2 and the file problem when the target file cannot be read', async () => {
    const error = await openTarget(parseCheckArgs(['--target', '/nonexistent/target.yaml']), watchInterruptions(quiet)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunStopped);
    expect((error as RunStopped).exitCode).toBe(2);
    expect((error as RunStopped).message).toBe('cannot read target file /nonexistent/target.yaml: no such file');
  });

  it('ends the run with exit 2 when interface_b.extension_paths moves a spec operation or no extension', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'disco-moves-'));
    const file = join(dir, 'target.json');
    writeFileSync(file, JSON.stringify({ base_url: 'http://127.0.0.1:9', accounts: [{ account_id: 'acme', api_key: 'k' }], interface_b: { extension_paths: { 'PUT /user': '/me', 'GET /users': '/people', 'GET /user': '/me' } } }));
    try {
      const error = await openTarget(parseCheckArgs(['--target', file]), watchInterruptions(quiet)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RunStopped);
      expect((error as RunStopped).exitCode).toBe(2);
      expect((error as RunStopped).message).toContain("PUT /user is the spec's own operation; GET /users is no extension of the endpoint catalog");
      expect((error as RunStopped).message).not.toContain('GET /user is');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts and provisions an embedded simulator without a target file, and closes it', async () => {
    const opened = await openTarget(parseCheckArgs([]), watchInterruptions(quiet));
    try {
      expect(opened.target.b.length).toBe(2);
      expect(opened.target.controlUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_disco$/);
    } finally {
      await opened.close();
    }
  });
});
