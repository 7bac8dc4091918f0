/**
 * Cold start: from process start to the first successful answer of `disco serve` (GET
 * /_disco/health), run as an installed package runs it (compiled JavaScript in dist/, which this
 * builds when it is missing and removes again afterwards), against `node -e 0` started the same
 * way in the same run. Medians of `rounds` starts each.
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { onAllCores } from './load.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface ColdStart {
  serveMs: number;
  nodeMs: number;
  /** From a checkout (TypeScript through tsx), for comparison. */
  checkoutMs: number;
}

/** Starts `disco serve --port 0` and resolves with the ms until GET /_disco/health answered 200. */
function timeServe(): Promise<number> {
  const started = performance.now();
  const child = spawn(...onAllCores(process.execPath, ['bin/disco.mjs', 'serve', '--port', '0', '--journal', '0']), { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let asking = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const origin = /listening on (http:\/\/[^\s]+)/.exec(out)?.[1];
      if (!origin || asking) return;
      asking = true;
      const ask = (): void => {
        fetch(`${origin}/_disco/health`)
          .then(async (res) => {
            await res.arrayBuffer();
            if (res.status !== 200) return void setTimeout(ask, 1);
            const took = performance.now() - started;
            child.once('exit', () => resolve(took));
            child.kill('SIGTERM');
          })
          .catch(() => setTimeout(ask, 1));
      };
      ask();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!asking) reject(new Error(`disco serve exited with ${code} before it listened: ${out}`));
    });
  });
}

function timeNode(): Promise<number> {
  const started = performance.now();
  const child = spawn(...onAllCores(process.execPath, ['-e', '0']), { stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', () => resolve(performance.now() - started)));
}

export async function measureColdStart(rounds = 7): Promise<ColdStart> {
  const dist = `${root}dist`;
  const checkout: number[] = [];
  if (!existsSync(dist)) for (let i = 0; i < 3; i++) checkout.push(await timeServe());
  const built = !existsSync(dist);
  if (built) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
  try {
    const serve: number[] = [];
    const node: number[] = [];
    // Warm the file cache first: a cold disk measures the disk.
    await timeServe();
    for (let i = 0; i < rounds; i++) {
      node.push(await timeNode());
      serve.push(await timeServe());
    }
    return { serveMs: median(serve), nodeMs: median(node), checkoutMs: checkout.length ? median(checkout) : NaN };
  } finally {
    if (built) rmSync(dist, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await measureColdStart();
  console.log(`disco serve, first answer: ${Math.round(r.serveMs)} ms (goal <= 300); node -e 0: ${Math.round(r.nodeMs)} ms; from a checkout through tsx: ${Math.round(r.checkoutMs)} ms`);
}
