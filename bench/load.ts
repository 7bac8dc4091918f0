/**
 * One load measurement: `wrk` when it is installed (C, far lighter than any Node load generator,
 * so it measures the server rather than itself), else autocannon. With `taskset`, the load runs
 * on core 0 and the servers on core 1 (see `pinServer`), so the two never take each other's CPU.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuTime, perRequest, type CpuPerRequest } from './cpu.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface LoadRequest {
  url: string;
  method?: HttpMethod;
  headers: Record<string, string>;
  body?: string;
  seconds: number;
  connections: number;
}

export interface LoadResult {
  rps: number;
  p99Ms: number;
  /** Requests without an answer (refused, reset, timed out). */
  errors: number;
  /** Answers outside 2xx and 3xx. */
  non2xx: number;
  /** What each request cost the server, when its process id was given and /proc can tell. */
  cpu?: CpuPerRequest;
}

const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
export const loadTool: 'wrk' | 'autocannon' = has('wrk') ? 'wrk' : 'autocannon';
const cores = Number(spawnSync('nproc', { encoding: 'utf8' }).stdout.trim() || '1');
export const pinned = has('taskset') && cores >= 2;

/** Moves a server process (all its threads) to core 1; the load runs on core 0. */
export function pinServer(pid: number | undefined): void {
  if (pinned && pid) spawnSync('taskset', ['-a', '-p', '-c', '1', String(pid)], { stdio: 'ignore' });
}

/**
 * Keeps this process on core 0 when it is itself the load (autocannon); wrk is started on core 0
 * by `load`, and this process stays free, so what it starts (a full `disco check`, the cold
 * starts) is not confined to one core by inheritance.
 */
export function pinLoad(): void {
  if (pinned && loadTool === 'autocannon') spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
}

/** `[command, args]` that run `command` on every core, whatever this process is pinned to. */
export function onAllCores(command: string, args: string[]): [string, string[]] {
  return pinned ? ['taskset', ['-c', `0-${cores - 1}`, command, ...args]] : [command, args];
}

export function describeLoad(): string {
  return `${loadTool}${pinned ? ', load on core 0 and server on core 1 (taskset)' : ', not pinned (taskset or a second core missing)'}`;
}

/** Runs the load; with `serverPid`, also reads what the server spent on CPU meanwhile. */
export async function load(request: LoadRequest, serverPid?: number): Promise<LoadResult> {
  const before = cpuTime(serverPid);
  const result = await (loadTool === 'wrk' ? wrk(request) : autocannonLoad(request));
  const cpu = perRequest(before, cpuTime(serverPid), result.rps * request.seconds, request.seconds);
  return cpu ? { ...result, cpu } : result;
}

async function autocannonLoad(r: LoadRequest): Promise<LoadResult> {
  const result = await autocannon({
    url: r.url,
    method: r.method ?? 'GET',
    headers: r.headers,
    ...(r.body !== undefined ? { body: r.body } : {}),
    connections: r.connections,
    duration: r.seconds,
    pipelining: 1,
  });
  return { rps: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

async function wrk(r: LoadRequest): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'disco-wrk-'));
  try {
    // The request is set in a Lua script: wrk's command line takes headers but no method or body.
    const script = join(dir, 'request.lua');
    const lua = (s: string) => JSON.stringify(s); // a JSON string is a valid Lua string here (ASCII)
    writeFileSync(
      script,
      [
        `wrk.method = ${lua(r.method ?? 'GET')}`,
        ...Object.entries(r.headers).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`),
        ...(r.body !== undefined ? [`wrk.body = ${lua(r.body)}`] : []),
      ].join('\n'),
    );
    const args = ['-t', '1', '-c', String(r.connections), '-d', `${r.seconds}s`, '--latency', '--timeout', '5s', '-s', script, r.url];
    const [cmd, argv] = pinned ? ['taskset', ['-c', '0', 'wrk', ...args]] : ['wrk', args];
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
    });
    return parseWrk(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads wrk's summary: Requests/sec, the 99% latency line, socket errors and non-2xx answers. */
export function parseWrk(text: string): LoadResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(text);
  const unit = { us: 0.001, ms: 1, s: 1000 } as const;
  const p99Ms = p99 ? Number(p99[1]) * unit[p99[2] as keyof typeof unit] : NaN;
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0);
  if (!Number.isFinite(rps)) throw new Error(`could not read wrk's output:\n${text}`);
  return { rps, p99Ms, errors, non2xx };
}
