/**
 * Prism's mock server on the simulator's own OpenAPI document, measured with the same load as
 * the simulator: the "x Prism" figure is measured, not quoted. Prism is not a dependency of
 * disco: the bench uses it when it is installed (PRISM_BIN, node_modules/.bin/prism or prism on
 * the PATH; `npm i --no-save @stoplight/prism-cli` puts it in node_modules) and says it skipped
 * it otherwise.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, pinServer, type LoadResult } from './load.ts';

export function findPrism(): string | null {
  if (process.env.PRISM_BIN) return existsSync(process.env.PRISM_BIN) ? process.env.PRISM_BIN : null;
  const local = fileURLToPath(new URL('../node_modules/.bin/prism', import.meta.url));
  if (existsSync(local)) return local;
  const onPath = spawnSync('sh', ['-c', 'command -v prism'], { encoding: 'utf8' });
  return onPath.status === 0 ? onPath.stdout.trim() : null;
}

/** Starts Prism on `document` and measures GET `path` with `headers`; null when Prism is absent. */
export async function measurePrism(prism: string, document: unknown, path: string, headers: Record<string, string>, opts: { seconds: number; connections: number }): Promise<(LoadResult & { status: number }) | null> {
  const dir = mkdtempSync(join(tmpdir(), 'disco-prism-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const child: ChildProcess = spawn(prism, ['mock', '--host', '127.0.0.1', '--port', String(port), '--errors', 'false', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  pinServer(child.pid);
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`Prism did not start within 60 s:\n${out}`)), 60_000);
      const read = (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (/listening on/i.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => reject(new Error(`Prism exited with ${code}:\n${out}`)));
    });
    const url = `http://127.0.0.1:${port}${path}`;
    const probe = await fetch(url, { headers });
    await probe.arrayBuffer();
    return { ...(await load({ url, headers, seconds: opts.seconds, connections: opts.connections })), status: probe.status };
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
