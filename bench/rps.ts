/**
 * Requests per second of the simulator against a bare node:http server answering the same bytes,
 * measured in the same run (the ratio is what matters: absolute numbers depend on the machine).
 * Each server runs in its own process; autocannon drives the load from this one.
 *
 *   npm run bench            # 5 s per endpoint and server
 *   BENCH_SECONDS=10 npm run bench
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const runTs = fileURLToPath(new URL('../bin/run-ts.mjs', import.meta.url));

function start<T>(script: string): Promise<{ child: ChildProcess; first: T }> {
  const child = fork(runTs, [fileURLToPath(new URL(script, import.meta.url))], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (first) => resolve({ child, first: first as T }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function load(url: string, headers: Record<string, string>): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const sim = await start<{ origin: string; account: string; key: string }>('./simulator-server.ts');
const { origin, account, key } = sim.first;
const headers = { accept: 'application/vnd.service+json; version=2', authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` };
const endpoints = ['/connections/types', '/invoices?offset=100&limit=20', '/packages/1'];
const rows: string[] = [];
try {
  for (const endpoint of endpoints) {
    const url = `${origin}/${account}/api${endpoint}`;
    const sample = await fetch(url, { headers });
    const body = await sample.text();
    const replay: Record<string, string> = {};
    sample.headers.forEach((value, name) => {
      if (!['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) replay[name] = value;
    });
    rows.push(await measure(endpoint, url, headers, sample.status, replay, body));
  }
} finally {
  sim.child.disconnect();
}
console.log(`\nsimulator vs bare node:http, same bytes, ${connections} connections, ${seconds} s each`);
console.log(rows.join('\n'));

async function measure(endpoint: string, url: string, h: Record<string, string>, status: number, replay: Record<string, string>, body: string): Promise<string> {
  // The bare server is told the exact status, headers and body the simulator answered.
  const child = fork(runTs, [fileURLToPath(new URL('./bare-server.ts', import.meta.url))], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<{ origin: string }>((resolve) => child.once('message', (m) => resolve(m as { origin: string })));
  child.send({ status, headers: replay, body });
  const { origin: bareOrigin } = await ready;
  const baseline = await load(`${bareOrigin}/`, h);
  child.disconnect();
  const simulator = await load(url, h);
  const ratio = simulator.rps / baseline.rps;
  // A run where the simulator answered errors measured the wrong thing: say so on the row.
  const invalid = simulator.errors > 0 || simulator.non2xx > 0 ? '   INVALID: the simulator did not answer 2xx throughout' : '';
  return `${endpoint.padEnd(34)} bare ${baseline.rps.toFixed(0).padStart(7)} rps   simulator ${simulator.rps.toFixed(0).padStart(7)} rps   ratio ${ratio.toFixed(2)}   p99 ${simulator.p99} ms   errors ${simulator.errors} non-2xx ${simulator.non2xx}${invalid}`;
}
