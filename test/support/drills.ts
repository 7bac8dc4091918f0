/**
 * Robustness drills against a real listening simulator, sized by the caller: `npm test` runs a
 * CI-sized sample (test/drills.test.ts), `npm run soak` the long forms (100,000 malformed
 * requests, 2,000 concurrent creates x 3 rounds, Ctrl-C at every second from 3 to 15 s). Each returns what it measured; the caller
 * asserts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import fc from 'fast-check';
import { createSimulator } from '../../simulator/app.ts';
import { discoEntry } from './cli.ts';
import { isErrorObjectOf, STACK_TRACE } from './error-objects.ts';
import { applySeed, type AccountManifest } from '../../simulator/control/seed.ts';
import { loadNamedSeed } from '../../simulator/control/seed-files.ts';
import { listen, type Listening } from '../../simulator/server.ts';

const ACCEPT = 'application/vnd.service+json; version=2';

/** A full collection, so that heap figures are live memory, not garbage waiting (flag set at run time). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

export interface DrillTarget {
  origin: string;
  accounts: AccountManifest[];
  close(): Promise<void>;
}

/** The simulator with the default seed (two accounts), rate limits off, listening on loopback. */
export async function startDrillTarget(): Promise<DrillTarget> {
  const seed = await loadNamedSeed('default');
  if (!seed) throw new Error('default seed missing');
  const { app, sim } = createSimulator({ options: { rateLimitPerHour: 0, deliverWebhooks: 'off' } });
  const accounts = applySeed(sim, seed);
  const listening: Listening = await listen(app, 0, '127.0.0.1');
  return { origin: listening.origin, accounts, close: () => listening.close() };
}

export interface FloodResult {
  sent: number;
  serverErrors: string[];
  hangs: number;
  stackTraces: string[];
  /** 4xx answers whose body is not a JSON object with a string `message`. */
  withoutErrorObject: string[];
  heapGrowthMb: number;
}

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** One malformed request, as raw bytes: random methods, paths, headers, bodies, and broken HTTP. */
function malformedRequests(account: string, key: string): fc.Arbitrary<string> {
  const segment = fc.oneof(
    fc.constantFrom('jobs', 'packages', 'hooks', 'user', 'keys', 'invoices', 'connections', 'types', 'notifications', 'mark', 'pipelines', 'api-keys'),
    fc.integer({ min: -5, max: 1_000_000_000_000 }).map(String),
    fc.constantFrom('%E0%A4%A', '%', '%00', '..', '%2e%2e', '%2F', 'null', '1e309', '0x1F', '%EF%BC%91'),
    fc.string({ maxLength: 10 }).map(encodeURIComponent),
  );
  const path = fc.tuple(fc.constantFrom(`/${account}/api`, '/api/public/v1', '', `/${account}`), fc.array(segment, { maxLength: 5 })).map(([base, parts]) => `${base}/${parts.join('/')}`);
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND');
  const body = fc.oneof(fc.constant(''), fc.json({ maxDepth: 3 }), fc.constantFrom('{', '{"a":', '[1,2', '{"cluster_id": 1e400}', '{"__proto__": {"x": 1}}', 'null', '[]', '\u0000'));
  const header = fc.constantFrom(
    `Authorization: ${basic(key)}`,
    'Authorization: Basic ===',
    'Authorization: Bearer fdk_nope',
    `Accept: ${ACCEPT}`,
    'Accept: text/html',
    'Content-Type: application/json',
    'Content-Type: ;;;',
    'Content-Type: application/yaml',
    'Expect: 100-continue',
    'Expect: something-else',
  );
  const wellFramed = fc.tuple(method, path, fc.uniqueArray(header, { maxLength: 4 }), body).map(([m, p, hs, b]) => {
    const bytes = Buffer.byteLength(b);
    return `${m} ${p} HTTP/1.1\r\nHost: drill\r\n${hs.map((h) => `${h}\r\n`).join('')}${bytes ? `Content-Length: ${bytes}\r\n` : ''}Connection: close\r\n\r\n${b}`;
  });
  // What Node's parser refuses before the app: bad request lines and headers, huge headers.
  const broken = fc.constantFrom(
    'GET / HTTP/9.9\r\n\r\n',
    'NOT A REQUEST\r\n\r\n',
    'GET /x HTTP/1.1\r\nBad Header\r\n\r\n',
    `GET /x HTTP/1.1\r\nHost: drill\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    'POST /x HTTP/1.1\r\nHost: drill\r\nContent-Length: abc\r\n\r\n',
    'GET /x HTTP/1.1\r\nHost: drill\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n',
  );
  return fc.oneof({ weight: 9, arbitrary: wellFramed }, { weight: 1, arbitrary: broken });
}

/** Sends one raw request on its own connection and reads the whole answer (or none, within the limit). */
function sendRaw(origin: string, raw: string, limitMs: number): Promise<string | null> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, limitMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.end(raw);
  });
}

/** `count` malformed requests, `concurrency` at a time: no 5xx, no hang, no stack trace, every 4xx the error object. */
export async function malformedFlood(target: DrillTarget, count: number, opts: { seed: number; concurrency?: number; limitMs?: number }): Promise<FloodResult> {
  const acme = target.accounts[0]!;
  const requests = fc.sample(malformedRequests(acme.account_id, acme.users[0]!.api_key), { seed: opts.seed, numRuns: count });
  const result: FloodResult = { sent: 0, serverErrors: [], hangs: 0, stackTraces: [], withoutErrorObject: [], heapGrowthMb: 0 };
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const raw = requests[next++]!;
      const answer = await sendRaw(target.origin, raw, opts.limitMs ?? 5_000);
      result.sent++;
      if (answer === null) {
        result.hangs++;
        continue;
      }
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const line = raw.split('\r\n')[0]!.slice(0, 120);
      if (status >= 500 || status === 0) result.serverErrors.push(`${line} -> ${status || 'no status line'}`);
      if (STACK_TRACE.test(answer)) result.stackTraces.push(line);
      const isHead = raw.startsWith('HEAD ');
      if (status >= 400 && status < 500 && !isHead) {
        const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
        if (!isErrorObject(line, body)) result.withoutErrorObject.push(`${line} -> ${status} ${body.slice(0, 80)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 50 }, worker));
  collectGarbage();
  result.heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  return result;
}

/**
 * The interface's error object: interface A's carries a string `error`, interface B's a string
 * `message`; an answer from before the app (the HTTP parser) carries both, so either client reads it.
 */
function isErrorObject(requestLine: string, body: string): boolean {
  const path = requestLine.split(' ')[1] ?? '';
  if (path.startsWith('/api/public/v1')) return isErrorObjectOf('A', body);
  if (/^\/[^/]+\/api(\/|$)/.test(path)) return isErrorObjectOf('B', body);
  return isErrorObjectOf('B', body) || isErrorObjectOf('A', body);
}

export interface PathologicalResult {
  /** Each input's label, its answer's status (0: none within the limit) and how long it took. */
  answers: { label: string; status: number; ms: number; errorObject: boolean }[];
}

/**
 * Inputs shaped to make a backtracking pattern work hard, each near the size a request may carry:
 * base64 padding before junk, an SSH key line with thousands of tabs before a line separator, a
 * schema query almost of the one form the simulator reads. Each must get its 4xx error object at
 * once; a pattern quadratic or worse in its input takes seconds to minutes on one of them, on the
 * event loop every request shares.
 */
function pathologicalRequests(acme: AccountManifest): { label: string; raw: string }[] {
  const mysql = acme.connections.find((c) => c.type === 'mysql');
  const framed = (method: string, path: string, headers: string[], body = '') =>
    `${method} ${path} HTTP/1.1\r\nHost: drill\r\n${headers.map((h) => `${h}\r\n`).join('')}${body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` : ''}Connection: close\r\n\r\n${body}`;
  const auth = `Authorization: ${basic(acme.users[0]!.api_key)}`;
  const api = `/${acme.account_id}/api`;
  return [
    { label: 'Basic credentials: 15,000 = before junk', raw: framed('GET', `${api}/connections/types`, [`Authorization: Basic ${'='.repeat(15_000)}A=`, `Accept: ${ACCEPT}`]) },
    { label: 'SSH key line: 15,000 tabs before a line separator', raw: framed('POST', `${api}/user/keys`, [auth, `Accept: ${ACCEPT}`], JSON.stringify({ public_key: `ssh-ed25519\tAAAA${'\t'.repeat(15_000)}\u2028x` })) },
    ...(mysql
      ? [{ label: 'schema query: 200,000 spaces before junk', raw: framed('GET', `${api}/connections/mysql/${mysql.id}/schema`, [auth, `Accept: ${ACCEPT}`], JSON.stringify({ access_mode: 'query', query: `SELECT a FROM orders WHERE x${' '.repeat(200_000)}!` })) }]
      : []),
  ];
}

/** Sends each pathological input on its own and times its answer. */
export async function pathologicalInputs(target: DrillTarget, limitMs = 5_000): Promise<PathologicalResult> {
  const answers: PathologicalResult['answers'] = [];
  for (const { label, raw } of pathologicalRequests(target.accounts[0]!)) {
    const started = performance.now();
    const answer = await sendRaw(target.origin, raw, limitMs);
    const ms = performance.now() - started;
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer ?? '')?.[1] ?? 0);
    const body = answer === null ? '' : answer.slice(answer.indexOf('\r\n\r\n') + 4);
    answers.push({ label, status, ms, errorObject: isErrorObject(raw.split('\r\n')[0]!, body) });
  }
  return { answers };
}

export interface CreatesResult {
  made: number;
  failed: string[];
  duplicateIds: number;
  /** Ids an account lists that the other account made. */
  crossListed: number;
  /** Ids made by an account that its own list lacks. */
  missing: number;
}

/** `count` concurrent POST /hooks split over the two accounts, `rounds` times: none lost, none doubled, none crossing over. */
export async function concurrentCreates(target: DrillTarget, count: number, rounds: number): Promise<CreatesResult> {
  const out: CreatesResult = { made: 0, failed: [], duplicateIds: 0, crossListed: 0, missing: 0 };
  const made = target.accounts.map(() => new Set<number>());
  const url = (i: number, path: string) => `${target.origin}/${target.accounts[i]!.account_id}/api${path}`;
  const headers = (i: number) => ({ accept: ACCEPT, authorization: basic(target.accounts[i]!.users[0]!.api_key), 'content-type': 'application/json' });
  for (let round = 0; round < rounds; round++) {
    const answers = await Promise.all(
      Array.from({ length: count }, async (_, n) => {
        const i = n % 2;
        const res = await fetch(url(i, '/hooks'), { method: 'POST', headers: headers(i), body: JSON.stringify({ name: `drill-${round}-${n}`, type: 'web', settings: { url: 'https://hooks.example.invalid/drill' }, events: ['job.completed'], active: false }) });
        const body = (await res.json()) as { id?: unknown };
        return { i, status: res.status, id: body.id };
      }),
    );
    for (const a of answers) {
      if (a.status !== 201 && a.status !== 200) out.failed.push(`account ${a.i + 1}: ${a.status}`);
      else if (typeof a.id === 'number') {
        if (made[0]!.has(a.id) || made[1]!.has(a.id)) out.duplicateIds++;
        made[a.i]!.add(a.id);
        out.made++;
      }
    }
  }
  for (const i of [0, 1]) {
    const listed = new Set<number>();
    for (let offset = 0; ; offset += 100) {
      const res = await fetch(url(i, `/hooks?offset=${offset}&limit=100`), { headers: headers(i) });
      const page = (await res.json()) as { id: number }[];
      for (const h of page) listed.add(h.id);
      if (page.length < 100) break;
    }
    for (const id of listed) if (made[1 - i]!.has(id)) out.crossListed++;
    for (const id of made[i]!) if (!listed.has(id)) out.missing++;
  }
  return out;
}

export interface InterruptResult {
  atMs: number;
  code: number | null;
  /** From the signal to the process's exit. */
  exitMs: number;
  /** What the interrupted run's result.json says was left behind. */
  leftovers: number;
  interrupted: unknown;
  /**
   * Tries it took: a second when the first signal came while `disco check` was still starting (a
   * checkout compiles its TypeScript first; after the other drills' load that can take seconds),
   * before it took signals (Node's default then ends it) or before any check ran (it exits 130
   * with no report, as it should): nothing sent, no report, and the drill would test nothing.
   * The same moment is tried once more, then, on a machine busy enough that starting takes
   * longer still, twice that moment (`atMs` says which moment it was).
   */
  tries: number;
}

/** `disco check` against its embedded simulator, SIGINT after `atMs`: exit 130, promptly, reports written, nothing left. */
export async function interruptDrill(atMs: number): Promise<InterruptResult> {
  const first = await interruptOnce(atMs);
  if (first) return { ...first, tries: 1 };
  const second = await interruptOnce(atMs);
  if (second) return { ...second, tries: 2 };
  const later = await interruptOnce(atMs * 2);
  if (later) return { ...later, tries: 3 };
  throw new Error(`disco check was still starting ${atMs / 1000} s after it was spawned, twice, and ${(atMs * 2) / 1000} s after: the signal ended it before it took signals`);
}

/** One try; undefined when the signal came before any check ran (no report: killed by SIGINT before it took signals, or exit 130 while still probing). */
async function interruptOnce(atMs: number): Promise<Omit<InterruptResult, 'tries'> | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'disco-interrupt-'));
  try {
    const child = spawn(process.execPath, [discoEntry(), 'check', '--seed', '1', '--report-dir', dir], { cwd: fileURLToPath(new URL('../..', import.meta.url)), stdio: 'ignore' });
    let signalled = 0;
    const timer = setTimeout(() => {
      signalled = performance.now();
      child.kill('SIGINT');
    }, atMs);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, sig) => resolve([c, sig])));
    clearTimeout(timer);
    const exitMs = signalled ? performance.now() - signalled : NaN;
    const resultPath = join(dir, 'result.json');
    // Ended by the signal before it took signals, or taken before any check ran (still probing
    // the target, which writes no report by design): either way too early to test anything.
    if ((signal === 'SIGINT' || code === 130) && !existsSync(resultPath)) return undefined;
    const result = JSON.parse(readFileSync(resultPath, 'utf8')) as { leftovers?: unknown[]; interrupted?: unknown };
    return { atMs, code, exitMs, leftovers: result.leftovers?.length ?? 0, interrupted: result.interrupted };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
