/**
 * Throughput of single endpoints of both interfaces against a bare node:http server answering
 * the same status, headers and bytes, measured in the same run (round after round, interleaved,
 * median of the rounds): the ratio is the figure, absolute numbers depend on the machine.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { load, pinServer, type HttpMethod, type LoadRequest, type LoadResult } from './load.ts';
import type { BenchSimulator } from './simulator-server.ts';
import type { BareServerOrder, BodyReading } from './bare-server.ts';

const runTs = fileURLToPath(new URL('../bin/run-ts.mjs', import.meta.url));

export interface EndpointRow {
  label: string;
  bare: LoadResult;
  simulator: LoadResult;
  ratio: number;
  /** Why the measurement is not to be trusted (the simulator did not answer as sampled). */
  invalid?: string;
}

export interface BenchRequest {
  label: string;
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The status every answer must have for the row to count. */
  status: number;
}

/** `r` as a load sent to `url` (its own server's, or another answering the same request), with `headers`. */
export function loadOf(r: BenchRequest, url: string, opts: { seconds: number; connections: number }, headers: Record<string, string> = r.headers): LoadRequest {
  return { url, method: r.method, headers, ...(r.body !== undefined ? { body: r.body } : {}), seconds: opts.seconds, connections: opts.connections };
}

/**
 * Where and with which headers `r` goes to another server answering the same request: its path
 * under `origin`, with the Host header `r` would carry, so links in the body come out the same
 * (wrk keeps a Host header set under this exact name instead of adding its own).
 */
export function sameRequestAt(r: BenchRequest, origin: string): { url: string; headers: Record<string, string> } {
  const url = new URL(r.url);
  return { url: `${origin}${url.pathname}${url.search}`, headers: { ...r.headers, Host: url.host } };
}

/**
 * The requests measured: the issue's five, a write on each interface and a list page (100
 * completed jobs, which bench/simulator-server.ts makes).
 */
export function benchRequests(sim: BenchSimulator): BenchRequest[] {
  const b = `${sim.origin}/${sim.account}/api`;
  const a = `${sim.origin}/api/public/v1`;
  const bHeaders = { accept: 'application/vnd.service+json; version=2', authorization: `Basic ${Buffer.from(`${sim.key}:`).toString('base64')}` };
  const aHeaders = { accept: 'application/json', authorization: `Bearer ${sim.pipelineKey}` };
  const json = { 'content-type': 'application/json' };
  return [
    { label: 'B GET /packages/{id}', method: 'GET', url: `${b}/packages/${sim.packageId}`, headers: bHeaders, status: 200 },
    { label: 'B GET /invoices?offset=100&limit=100', method: 'GET', url: `${b}/invoices?offset=100&limit=100`, headers: bHeaders, status: 200 },
    { label: 'B GET /connections/types', method: 'GET', url: `${b}/connections/types`, headers: bHeaders, status: 200 },
    { label: 'B GET /jobs?limit=100 (a list page)', method: 'GET', url: `${b}/jobs?offset=0&limit=100`, headers: bHeaders, status: 200 },
    { label: 'A DELETE /pipelines/{absent} (404)', method: 'DELETE', url: `${a}/pipelines/987654321`, headers: aHeaders, status: 404 },
    { label: 'A PATCH /pipelines/{id} (a write)', method: 'PATCH', url: `${a}/pipelines/${sim.pipelineId}`, headers: { ...aHeaders, ...json }, body: JSON.stringify({ description: 'bench' }), status: 200 },
    { label: 'B POST /jobs (a write)', method: 'POST', url: `${b}/jobs`, headers: { ...bHeaders, ...json }, body: JSON.stringify({ cluster_id: sim.clusterId, package_id: sim.packageId }), status: 201 },
  ];
}

/** How a bare server differs from one that only replays its bytes (bench/bare-server.ts). */
export interface BareOptions {
  serialise?: boolean;
  workUs?: number;
  readBody?: BodyReading;
}

/** A server measured beside the bare server, as a share of the bare server's throughput. */
export interface BesideBare {
  result: LoadResult;
  /** Its throughput over the bare server's. */
  ratio: number;
  /** Why it, or the bare server it is compared with, is not to be trusted. */
  invalid?: string;
}

/**
 * The bare server answering `r`'s bytes and, beside it, bare servers with `variants` options,
 * measured round by round in turn (each round loads every server once), the median of the rounds
 * per server: a host that drifts between rounds moves them all together, so their ratios to the
 * bare server hold. Each is first asked `r` itself; `invalid` (`whyNotTrusted`) when it, or the
 * bare server, answered another status or body than the sample, or failed requests under load.
 */
export async function measureBesideBare(r: BenchRequest, variants: readonly BareOptions[], opts: { seconds: number; connections: number; rounds: number }): Promise<{ bare: LoadResult; beside: BesideBare[] }> {
  const sample = await sampleOf(r);
  const servers: Awaited<ReturnType<typeof startBare>>[] = [];
  try {
    for (const options of [{}, ...variants]) servers.push(await startBare(sample, options));
    const answers: { status: number; body: string }[] = [];
    for (const server of servers) answers.push(await requestWithHost(`${server.origin}/`, r, r.headers));
    const runs = servers.map(() => [] as LoadResult[]);
    for (let round = 0; round < opts.rounds; round++) {
      for (const [i, server] of servers.entries()) runs[i]!.push(await load(loadOf(r, `${server.origin}/`, opts), server.child.pid));
    }
    const [bare, ...others] = runs.map((run, i) => {
      const result = medianResult(run);
      const { status, body } = answers[i]!;
      return { result, invalid: whyNotTrusted({ status, sameBody: body === sample.body }, sample.status, result) };
    });
    return {
      bare: bare!.result,
      beside: others.map(({ result, invalid }) => {
        const why = invalid ?? (bare!.invalid ? `the bare server: ${bare!.invalid}` : undefined);
        return { result, ratio: result.rps / bare!.result.rps, ...(why ? { invalid: why } : {}) };
      }),
    };
  } finally {
    await Promise.all(servers.map((s) => stopChild(s.child)));
  }
}

export function startChild<T>(script: string, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; first: T }> {
  const child = fork(runTs, [fileURLToPath(new URL(script, import.meta.url))], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  pinServer(child.pid);
  return new Promise((resolve, reject) => {
    child.once('message', (first) => resolve({ child, first: first as T }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.disconnect();
  });
}

/**
 * A bare node:http server that answers every request with these exact bytes, or with `serialise`
 * the same body written by JSON.stringify from a parsed value on every request; with `workUs`,
 * after keeping its core busy that long; with `readBody`, once it has read and parsed the request
 * body (bench/bare-server.ts).
 */
export async function startBare(sample: { status: number; headers: Record<string, string>; body: string }, options: BareOptions = {}): Promise<{ child: ChildProcess; origin: string }> {
  const child = fork(runTs, [fileURLToPath(new URL('./bare-server.ts', import.meta.url))], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  pinServer(child.pid);
  const ready = new Promise<{ origin: string }>((resolve) => child.once('message', (m) => resolve(m as { origin: string })));
  const order: BareServerOrder = { ...sample, ...options };
  child.send(order);
  return { child, origin: (await ready).origin };
}

/** What the simulator answers to `r`, as the bare server will replay it. */
export async function sampleOf(r: BenchRequest): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const res = await fetch(r.url, { method: r.method, headers: r.headers, ...(r.body !== undefined ? { body: r.body } : {}) });
  const body = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
  });
  return { status: res.status, headers, body };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function medianResult(results: LoadResult[]): LoadResult {
  const merged: LoadResult = {
    rps: median(results.map((r) => r.rps)),
    p99Ms: median(results.map((r) => r.p99Ms)),
    errors: results.reduce((s, r) => s + r.errors, 0),
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
  };
  const cpu = results.map((r) => r.cpu).filter((c) => c !== undefined);
  if (cpu.length > 0 && cpu.length === results.length) {
    merged.cpu = { userUs: median(cpu.map((c) => c.userUs)), systemUs: median(cpu.map((c) => c.systemUs)), busy: median(cpu.map((c) => c.busy)) };
  }
  return merged;
}

/** A plain Koa 3 app checking Basic credentials and Accept, answering these exact bytes (bench/koa-reference-server.ts). */
export async function startKoaReference(sample: { status: number; headers: Record<string, string>; body: string }, authorization: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = fork(runTs, [fileURLToPath(new URL('./koa-reference-server.ts', import.meta.url))], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  pinServer(child.pid);
  const ready = new Promise<{ origin: string }>((resolve) => child.once('message', (m) => resolve(m as { origin: string })));
  child.send({ ...sample, authorization });
  return { child, origin: (await ready).origin };
}

/**
 * Measures one request: the baseline (a bare server answering the same bytes; with
 * `baseline: 'koa'` the plain Koa app; with `'serialising'` the bare server writing the same body
 * with JSON.stringify per request) and the simulator, `rounds` times interleaved, medians
 * compared. `simulatorSeconds` holds the simulator's load longer than the baseline's (sustained).
 * With `simulatorPid`, both sides also get their CPU per request (the median of the rounds).
 */
export async function measureEndpoint(r: BenchRequest, opts: { seconds: number; connections: number; rounds: number; simulatorSeconds?: number; baseline?: 'bare' | 'koa' | 'serialising'; simulatorPid?: number }): Promise<EndpointRow> {
  const sample = await sampleOf(r);
  const bare = opts.baseline === 'koa' ? await startKoaReference(sample, r.headers.authorization ?? '') : await startBare(sample, { serialise: opts.baseline === 'serialising' });
  const bareRuns: LoadResult[] = [];
  const simRuns: LoadResult[] = [];
  let baselineDiffers = false;
  try {
    // The baseline must answer what the simulator answered, or the ratio compares two workloads.
    const baselineBody = await (await fetch(`${bare.origin}/`, { method: r.method, headers: r.headers, ...(r.body !== undefined ? { body: r.body } : {}) })).text();
    baselineDiffers = baselineBody !== sample.body;
    for (let i = 0; i < opts.rounds; i++) {
      bareRuns.push(await load(loadOf(r, `${bare.origin}/`, opts), bare.child.pid));
      simRuns.push(await load(loadOf(r, r.url, { ...opts, seconds: opts.simulatorSeconds ?? opts.seconds }), opts.simulatorPid));
    }
  } finally {
    await stopChild(bare.child);
  }
  const simulator = medianResult(simRuns);
  const row: EndpointRow = { label: r.label, bare: medianResult(bareRuns), simulator, ratio: simulator.rps / medianResult(bareRuns).rps };
  // Answers other than the sampled status mean the row measured something else: say so.
  const underLoad = failedUnderLoad(r.status, simulator);
  if (baselineDiffers) row.invalid = 'the baseline answered another body than the simulator';
  else if (sample.status !== r.status) row.invalid = `the simulator answered ${sample.status}, not ${r.status}`;
  else if (underLoad) row.invalid = underLoad;
  return row;
}

/**
 * `r` sent to other servers of the same process (`origins`) with the Host header `r` would carry,
 * so links in the body come out the same: round by round, each origin in turn, so a state that
 * grows under the load (a write) grows alike for all of them; the median of the rounds per
 * origin, with that process's CPU. `invalid` when a server answers another status or body than
 * `r`'s own server; for a request that makes something new each time (`compare: 'fields'`),
 * another status or a JSON body with other fields.
 */
export async function measureSameRequestAt(r: BenchRequest, origins: readonly string[], opts: { seconds: number; connections: number; rounds: number; pid?: number; compare?: 'bytes' | 'fields' }): Promise<{ result: LoadResult; invalid?: string }[]> {
  const sample = await sampleOf(r);
  const targets = origins.map((origin) => sameRequestAt(r, origin));
  const answers: { status: number; body: string }[] = [];
  for (const there of targets) answers.push(await requestWithHost(there.url, r, there.headers));
  const runs = targets.map(() => [] as LoadResult[]);
  for (let i = 0; i < opts.rounds; i++) {
    for (const [j, there] of targets.entries()) runs[j]!.push(await load(loadOf(r, there.url, opts, there.headers), opts.pid));
  }
  return targets.map((_, j) => {
    const result = medianResult(runs[j]!);
    const { status, body } = answers[j]!;
    const sameBody = opts.compare === 'fields' ? fieldsOf(body) !== undefined && fieldsOf(body) === fieldsOf(sample.body) : body === sample.body;
    const invalid = whyNotTrusted({ status, sameBody }, sample.status, result);
    return invalid ? { result, invalid } : { result };
  });
}

/**
 * Why a server measured in place of the simulator is not to be trusted, or undefined: it answered
 * the request with another status or body than the simulator's sample, or under the load left
 * requests unanswered or (for a sample in 2xx) answered outside 2xx.
 */
export function whyNotTrusted(answer: { status: number; sameBody: boolean }, sampleStatus: number, result: LoadResult): string | undefined {
  if (answer.status !== sampleStatus || !answer.sameBody) return `it answered ${answer.status} with another body than the simulator`;
  return failedUnderLoad(sampleStatus, result);
}

/**
 * Requests left without an answer under the load, or answered outside 2xx when the request's own
 * answer is in 2xx (wrk counts every answer of 400 and above; for a 4xx that is the answer measured).
 */
function failedUnderLoad(status: number, result: LoadResult): string | undefined {
  const wrongAnswers = status >= 400 ? 0 : result.non2xx;
  return result.errors > 0 || wrongAnswers > 0 ? `${result.errors} requests without an answer, ${wrongAnswers} answers outside 2xx` : undefined;
}

/** One request with these exact headers, Host included (fetch sets its own Host and drops ours). */
function requestWithHost(url: string, r: BenchRequest, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: r.method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

/** The top-level field names of a JSON object body, in order; undefined for anything else. */
function fieldsOf(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).join(',') : undefined;
  } catch {
    return undefined;
  }
}
