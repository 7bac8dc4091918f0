/**
 * CPU profile of the simulator under the bench's load (one endpoint), for finding hot spots:
 *   node bin/run-ts.mjs bench/profile.ts [endpoint] [dir]
 * `endpoint` is an interface B path (`/packages/1`, under the seeded account's root) or the start
 * of one of the bench's request labels (`"A PATCH"`, `"B POST /jobs"`; bench/endpoints.ts).
 * Writes a .cpuprofile into `dir` (default: a temp dir) and prints where the busy time went by
 * area (Node's HTTP and I/O, Koa and its router, the simulator's own code by folder, garbage
 * collection), then the top functions by self and total time.
 *
 * `BENCH_PROFILE_SERVER=own-node-http` or `own-koa` loads the same request at one of the bench's
 * references instead (the simulator's own code alone, bench/own-code-alone.ts; it answers only
 * `B GET /packages/{id}` and `B POST /jobs`), in the same process: where the time goes once the
 * router and the middleware chain are gone.
 */
import { fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, mkdtempSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describeLoad, load, pinLoad, pinServer } from './load.ts';
import { benchRequests, loadOf, sameRequestAt, type BenchRequest } from './endpoints.ts';
import { answeredAlone } from './own-code-alone.ts';
import { VENDOR_MEDIA_TYPE } from '../simulator/http/accept.ts';
import type { BenchSimulator } from './simulator-server.ts';

const endpoint = process.argv[2] ?? '/connections/types';
const dir = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'sim-prof-'));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const runTs = fileURLToPath(new URL('../bin/run-ts.mjs', import.meta.url));
const servers = { simulator: undefined, 'own-node-http': 'nodeHttp', 'own-koa': 'koa' } as const;
const serverName = process.env.BENCH_PROFILE_SERVER ?? 'simulator';
if (!(serverName in servers)) {
  console.error(`BENCH_PROFILE_SERVER is one of ${Object.keys(servers).join(', ')}`);
  process.exit(2);
}
const reference = servers[serverName as keyof typeof servers];
const before = new Set(existsSync(dir) ? readdirSync(dir) : []);
pinLoad();
const child = fork(runTs, [fileURLToPath(new URL('./simulator-server.ts', import.meta.url))], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
});
pinServer(child.pid);
const first = await new Promise<BenchSimulator>((resolve) => child.once('message', (m) => resolve(m as BenchSimulator)));
const bench: BenchRequest = benchRequests(first).find((r) => r.label.startsWith(endpoint)) ?? {
  label: endpoint,
  method: 'GET',
  url: `${first.origin}/${first.account}/api${endpoint}`,
  headers: { accept: VENDOR_MEDIA_TYPE, authorization: `Basic ${Buffer.from(`${first.key}:`).toString('base64')}` },
  status: 200,
};
const opts = { seconds, connections: 50 };
let request = loadOf(bench, bench.url, opts);
if (reference) {
  const { pathname, search } = new URL(bench.url);
  if (!answeredAlone(bench.method, `${pathname}${search}`)) {
    console.error(`${serverName} answers only B GET /packages/{id} and B POST /jobs (bench/own-code-alone.ts)`);
    child.disconnect();
    process.exit(2);
  }
  const there = sameRequestAt(bench, first.references[reference]);
  request = loadOf(bench, there.url, opts, there.headers);
}
// Warm up first, so that start-up (module loading, compilation) stays out of the picture.
await load({ ...request, seconds: 1 });
const result = await load(request);
console.log(`${serverName}, ${describeLoad()}: ${result.rps.toFixed(0)} rps, p99 ${result.p99Ms} ms, ${result.non2xx} non-2xx`);
await new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.disconnect();
});

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
// Only a profile this run wrote: a reused directory may hold older ones (of another endpoint).
// Of those, the largest: the simulator's, not the short-lived helper processes'.
const file = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile') && !before.has(f))
  .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0];
if (!file) throw new Error('no profile written');
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[] };
const self = new Map<number, number>();
for (const s of profile.samples) self.set(s, (self.get(s) ?? 0) + 1);
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const label = (n: Node) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\/(node_modules|main)\//, '')}:${n.callFrame.lineNumber + 1}`;
const selfBy = new Map<string, number>();
const totalBy = new Map<string, number>();
for (const [id, count] of self) {
  const n = byId.get(id);
  if (!n) continue;
  selfBy.set(label(n), (selfBy.get(label(n)) ?? 0) + count);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur) as Node);
    if (seen.has(l)) continue;
    seen.add(l);
    totalBy.set(l, (totalBy.get(l) ?? 0) + count);
  }
}
const all = profile.samples.length;
const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([l, c]) => `${((100 * c) / all).toFixed(1).padStart(5)}%  ${l}`).join('\n');
// Busy time by area, from each sample's own function (self time).
const areaOf = (url: string, fn: string): string => {
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(idle)' || fn === '(program)') return fn;
  if (/node_modules\/(koa|@koa|koa-compose|delegates|accepts|type-is|mime-types|content-type|statuses|http-errors|on-finished|vary|cookies|negotiator|only|encodeurl|escape-html|fresh|destroy|content-disposition|depd|media-typer|http-assert|path-to-regexp)\//.test(url)) return 'Koa and its router';
  if (/\/bench\//.test(url)) return 'bench (a reference\'s own glue)';
  if (/\/simulator\//.test(url)) return `simulator/${url.replace(/^.*\/simulator\//, '').split('/').slice(0, -1).join('/') || '.'}`;
  if (url.startsWith('node:') || url === '') return "Node (HTTP, streams, sockets, timers)";
  return 'other';
};
const areas = new Map<string, number>();
for (const [id, count] of self) {
  const n = byId.get(id);
  if (n) areas.set(areaOf(n.callFrame.url, n.callFrame.functionName), (areas.get(areaOf(n.callFrame.url, n.callFrame.functionName)) ?? 0) + count);
}
const busy = [...areas].filter(([a]) => a !== '(idle)').reduce((sum, [, c]) => sum + c, 0);
const byArea = [...areas].filter(([a]) => a !== '(idle)').sort((a, b) => b[1] - a[1]).map(([a, c]) => `${((100 * c) / busy).toFixed(1).padStart(5)}%  ${a}`).join('\n');
console.log(`profile ${join(dir, file)}\n-- busy time by area --\n${byArea}\n-- self --\n${top(selfBy, 30)}\n-- total --\n${top(totalBy, 60)}`);
