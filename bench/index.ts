/**
 * `npm run bench`: every performance figure of the kit beside its goal, each a ratio against a
 * baseline measured in the same run (absolute numbers depend on the machine; ratios travel).
 * Prints a Markdown table to copy into notes.
 *
 *   npm run bench                                   # everything, about 12 minutes
 *   BENCH_ONLY=budget,cold-start npm run bench      # some sections
 *   BENCH_SECONDS=5 BENCH_ROUNDS=3 BENCH_SUSTAIN_SECONDS=60 BENCH_CONNECTIONS=50 npm run bench
 *
 * Sections: endpoints (every measured endpoint against a bare node:http server answering the same
 * bytes; for the list page also a bare server serialising the page per request), budget (where the
 * 0.5 x goal's budget goes on GET /packages/{id}: the plain Koa floor, CPU per request, the
 * simulator's own code for that read alone on node:http and on Koa, the work ladder; the same
 * two references for POST /jobs, and what reading its body costs a bare server; about 6 minutes
 * alone),
 * sustained (POST /jobs for BENCH_SUSTAIN_SECONDS), prism (Prism's mock on the simulator's OpenAPI
 * document, when installed), scale (cost with 100,000 jobs and 1,000,000 invoices, RSS),
 * cold-start (disco serve from compiled JavaScript against node -e 0), suite (a full disco check
 * at the default cases per property, and the same run with --har against it).
 */
import { benchRequests, measureEndpoint, measureSameRequestAt, startChild, stopChild, type BenchRequest, type BesideBare, type EndpointRow } from './endpoints.ts';
import { describeLoad, pinLoad, type LoadResult } from './load.ts';
import { cpuBudget, type CpuPerRequest } from './cpu.ts';
import { findPrism, measurePrism } from './prism.ts';
import { measureScale } from './scale.ts';
import { measureColdStart } from './cold-start.ts';
import { measureSuite } from './suite.ts';
import { measureWorkLadder, workAt } from './work-ladder.ts';
import { measureBodyReading } from './body-reading.ts';
import type { BenchSimulator } from './simulator-server.ts';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const seconds = env('BENCH_SECONDS', 5);
const rounds = env('BENCH_ROUNDS', 3);
const connections = env('BENCH_CONNECTIONS', 50);
const sustainSeconds = env('BENCH_SUSTAIN_SECONDS', 60);
const sections = new Set((process.env.BENCH_ONLY ?? 'endpoints,budget,sustained,prism,scale,cold-start,suite').split(',').map((s) => s.trim()));

interface Figure {
  figure: string;
  measured: string;
  goal: string;
  met: boolean | null;
}
const figures: Figure[] = [];
const say = (line: string) => process.stdout.write(`${line}\n`);
const fixed = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n)} ms` : 'n/a');

pinLoad();
say(`disco bench: ${describeLoad()}; ${connections} connections, ${seconds} s per measurement, median of ${rounds} rounds`);

let simulator: Awaited<ReturnType<typeof startChild<BenchSimulator>>> | undefined;
if (['endpoints', 'budget', 'sustained', 'prism'].some((s) => sections.has(s))) simulator = await startChild<BenchSimulator>('./simulator-server.ts');

try {
  const requests = simulator ? benchRequests(simulator.first) : [];
  const rows = new Map<string, EndpointRow>();
  const measureRow = async (request: BenchRequest, sim: NonNullable<typeof simulator>): Promise<EndpointRow> => {
    const row = await measureEndpoint(request, { seconds, connections, rounds, simulatorPid: sim.child.pid });
    rows.set(request.label, row);
    report(row);
    figures.push({ figure: `${request.label}: x bare node:http`, measured: row.invalid ? `INVALID (${row.invalid})` : fixed(row.ratio), goal: '>= 0.5', met: row.invalid ? false : row.ratio >= 0.5 });
    figures.push({ figure: `${request.label}: p99 at ${connections} connections`, measured: ms(row.simulator.p99Ms), goal: '<= 5 ms', met: row.simulator.p99Ms <= 5 });
    return row;
  };
  if (simulator && sections.has('endpoints')) {
    for (const request of requests.filter((r) => !(r.method === 'POST' && r.label.includes('/jobs')) || !sections.has('sustained'))) {
      const row = await measureRow(request, simulator);
      // A page built per request must at least be serialised, which a server replaying fixed
      // bytes never does (the simulator keeps each job's bytes and so does not either). Measured
      // right after the page's row, against that row's bare server, while the page is still the
      // row's: a POST /jobs row later puts new jobs on it.
      if (request.label.includes('list page')) {
        reference(request.label, 'bare node:http writing the body with JSON.stringify per request', 'bare node:http serialising the same page per request', 'that server', await measureEndpoint(request, { seconds, connections, rounds, baseline: 'serialising' }), row);
      }
    }
  }

  if (simulator && sections.has('budget')) {
    // Where the 0.5 x goal's budget goes, on one read: against the row's bare server (measured
    // here unless the endpoints section did), a plain Koa app doing nothing but auth and Accept
    // on the same bytes, the CPU each takes, the simulator's own code alone, and the ladder.
    const pkg = requests[0]!;
    const pkgRow = rows.get(pkg.label) ?? (await measureRow(pkg, simulator));
    const koa = await measureEndpoint(pkg, { seconds, connections, rounds, baseline: 'koa' });
    reference(pkg.label, 'plain Koa 3 app (Basic auth, Accept)', 'a plain Koa 3 app (auth + Accept, same bytes)', 'that app', koa, pkgRow);
    printCpuBudget(pkg.label, pkgRow, koa);
    // The same state answering the same request through the simulator's own code alone (journal
    // entry included; no router, no middleware chain), on node:http and on a one-middleware Koa
    // app: what the simulator's work costs, and what Koa itself adds to it.
    const own: Record<'nodeHttp' | 'koa', number | undefined> = { nodeHttp: undefined, koa: undefined };
    const references = [['nodeHttp', 'bare node:http'], ['koa', 'a one-middleware Koa 3 app']] as const;
    const readResults = await measureSameRequestAt(pkg, references.map(([name]) => simulator.first.references[name]), { seconds, connections, rounds, pid: simulator.child.pid });
    for (const [i, [name, printed]] of references.entries()) {
      const measured = readResults[i]!;
      const ratio = measured.result.rps / pkgRow.bare.rps;
      if (!measured.invalid) own[name] = ratio;
      say(`  the simulator's own code for ${pkg.label} alone (journal entry included; no router, no middleware chain; same state and bytes) on ${printed}: ${Math.round(measured.result.rps)} rps = ${fixed(ratio)} x bare, p99 ${ms(measured.result.p99Ms)}${measured.result.cpu ? `, CPU ${us(measured.result.cpu)} per request` : ''}${measured.invalid ? `   INVALID: ${measured.invalid}` : ''}`);
      figures.push({ figure: `${pkg.label}: the simulator's own code alone on ${printed}, x bare node:http`, measured: measured.invalid ? `INVALID (${measured.invalid})` : fixed(ratio), goal: 'reference', met: null });
    }
    await printWorkLadder(pkg, pkgRow, koa, own);
    // A write the same two ways, against its own row's bare server (on its own bytes, so not on
    // the ladder, which is measured on the read's). Each answer makes a new job, so the check is on
    // the status and the fields rather than the bytes, and the simulator itself runs again round
    // by round beside the references: the jobs made pile up and come due alike for all three.
    const post = requests.find((r) => r.method === 'POST' && r.label.includes('/jobs'))!;
    const postRow = rows.get(post.label) ?? (await measureRow(post, simulator));
    const writes = [['simulator', 'the simulator', simulator.first.origin], ...references.map(([name, printed]) => [name, `its own code alone on ${printed}`, simulator.first.references[name]] as const)] as const;
    const writeResults = await measureSameRequestAt(post, writes.map(([, , origin]) => origin), { seconds, connections, rounds, pid: simulator.child.pid, compare: 'fields' });
    say(`  ${post.label}, round by round on the same growing state (journal entries included; the references with no router and no middleware chain), x its row's bare server: ${writes.map(([, printed], i) => `${printed} ${writeResults[i]!.invalid ? `INVALID (${writeResults[i]!.invalid})` : `${fixed(writeResults[i]!.result.rps / postRow.bare.rps)} x`}${writeResults[i]!.result.cpu ? ` (CPU ${us(writeResults[i]!.result.cpu!)})` : ''}`).join('; ')}`);
    for (const [i, [name, printed]] of writes.entries()) {
      if (name === 'simulator') continue;
      const measured = writeResults[i]!;
      figures.push({ figure: `${post.label}: ${printed}, x bare node:http (round by round with the simulator, which measured ${fixed(writeResults[0]!.result.rps / postRow.bare.rps)} x)`, measured: measured.invalid ? `INVALID (${measured.invalid})` : fixed(measured.result.rps / postRow.bare.rps), goal: 'reference', met: null });
    }
    // Whether reading the body is what holds a write back: bare servers that read and parse it.
    const reading = await measureBodyReading(post, { seconds, connections, rounds });
    const cpuOf = (r: LoadResult) => (r.cpu ? `, CPU ${us(r.cpu)}` : '');
    const share = (m: BesideBare) => `${fixed(m.ratio)} x${cpuOf(m.result)}${m.invalid ? ` INVALID (${m.invalid})` : ''}`;
    say(`  bare node:http reading and parsing the request body before answering, on ${post.label}'s bytes, x the bare server beside it (whose handler never reads the body${cpuOf(reading.bare)}): by hand ${share(reading.byHand)}; through raw-body, as the simulator reads it, ${share(reading.rawBody)}`);
    for (const [m, how] of [[reading.byHand, 'by hand'], [reading.rawBody, 'through raw-body']] as const) {
      figures.push({ figure: `${post.label}: bare node:http reading the body ${how}, x bare node:http (same bytes)`, measured: m.invalid ? `INVALID (${m.invalid})` : fixed(m.ratio), goal: 'reference', met: null });
    }
  }

  if (simulator && sections.has('sustained')) {
    const post = benchRequests(simulator.first).find((r) => r.method === 'POST' && r.label.includes('/jobs'))!;
    const row = await measureEndpoint(post, { seconds: Math.min(10, sustainSeconds), connections, rounds: 1, simulatorSeconds: sustainSeconds, simulatorPid: simulator.child.pid });
    report(row, `sustained ${sustainSeconds} s`);
    figures.push({ figure: `B POST /jobs sustained ${sustainSeconds} s: x bare node:http`, measured: row.invalid ? `INVALID (${row.invalid})` : fixed(row.ratio), goal: '>= 0.5', met: row.invalid ? false : row.ratio >= 0.5 });
    figures.push({ figure: `B POST /jobs sustained ${sustainSeconds} s: p99`, measured: ms(row.simulator.p99Ms), goal: '<= 5 ms', met: row.simulator.p99Ms <= 5 });
  }

  if (simulator && sections.has('prism')) {
    const prism = findPrism();
    if (!prism) {
      say('  prism: skipped: Prism is not installed (npm i --no-save @stoplight/prism-cli, or PRISM_BIN=/path/to/prism)');
      figures.push({ figure: 'GET /connections/types: x Prism mock', measured: 'skipped (Prism not installed)', goal: 'measured', met: null });
    } else {
      const s = simulator.first;
      const types = benchRequests(s).find((r) => r.label.includes('/connections/types'))!;
      const documentAnswer = await fetch(`${s.origin}/_disco/openapi.json`);
      const document = (await documentAnswer.json()) as unknown;
      const prismResult = await measurePrism(prism, document, `/${s.account}/api/connections/types`, types.headers, { seconds, connections });
      const sim = await measureEndpoint(types, { seconds, connections, rounds: 1 });
      if (prismResult) {
        say(`  Prism mock (same document, GET /connections/types, answered ${prismResult.status}): ${Math.round(prismResult.rps)} rps, p99 ${ms(prismResult.p99Ms)}; simulator ${Math.round(sim.simulator.rps)} rps`);
        figures.push({ figure: 'GET /connections/types: x Prism mock (same OpenAPI document)', measured: fixed(sim.simulator.rps / prismResult.rps), goal: 'measured (> 1: faster)', met: null });
        figures.push({ figure: 'Prism mock: x bare node:http', measured: fixed(prismResult.rps / sim.bare.rps), goal: 'reference', met: null });
      }
    }
  }
} finally {
  if (simulator) await stopChild(simulator.child);
}

if (sections.has('scale')) {
  const scale = await measureScale({ seconds: Math.min(seconds, 4), connections, rounds, bigJobs: env('SCALE_JOBS', 100_000), bigInvoices: env('SCALE_INVOICES', 1_000_000) });
  for (const f of scale) {
    say(`  ${f.label}: ${f.small.records} ${Math.round(f.small.rps)} rps; ${f.large.records} ${Math.round(f.large.rps)} rps (p99 ${ms(f.large.p99Ms)}); RSS ${Math.round(f.small.rssMb)} -> ${Math.round(f.large.rssMb)} MB; seeded at ${Math.round(f.large.seedPerSecond).toLocaleString('en')} records/s`);
    figures.push({ figure: `${f.label}: cost with ${f.large.records} / with ${f.small.records}`, measured: fixed(f.costRatio), goal: '<= 1.2', met: f.costRatio <= 1.2 });
    figures.push({ figure: `RSS with ${f.large.records}`, measured: `${Math.round(f.large.rssMb)} MB`, goal: f.large.records.includes('1,000,000') ? '<= 1 GB (1 M records)' : 'reported', met: f.large.records.includes('1,000,000') ? f.large.rssMb <= 1000 : null });
  }
}

if (sections.has('cold-start')) {
  const cold = await measureColdStart();
  say(`  cold start: disco serve ${ms(cold.serveMs)}, node -e 0 ${ms(cold.nodeMs)}, from a checkout through tsx ${ms(cold.checkoutMs)}`);
  figures.push({ figure: 'cold start: disco serve (compiled) to its first answer', measured: `${ms(cold.serveMs)} (node -e 0: ${ms(cold.nodeMs)}, ${fixed(cold.serveMs / cold.nodeMs, 1)} x)`, goal: '<= 300 ms', met: cold.serveMs <= 300 });
}

if (sections.has('suite')) {
  const suite = await measureSuite();
  say(`  suite: ${suite.checks} checks, ${suite.runsPerProperty} runs per property, ${suite.cases} cases in ${(suite.wallMs / 1000).toFixed(1)} s (exit ${suite.exitCode}); slowest: ${suite.slowest.map((c) => `${c.id} ${(c.ms / 1000).toFixed(1)} s`).join(', ')}`);
  figures.push({ figure: `full disco check, embedded simulator, ${suite.runsPerProperty} cases per property (exit ${suite.exitCode})`, measured: `${(suite.wallMs / 1000).toFixed(1)} s`, goal: '<= 30 s at >= 100 cases', met: suite.wallMs <= 30_000 && suite.runsPerProperty >= 100 && suite.exitCode === 0 });
  figures.push({ figure: 'suite: cases per second', measured: fixed(suite.casesPerSecond, 0), goal: 'reported', met: null });
  figures.push({ figure: 'suite: five slowest checks', measured: suite.slowest.map((c) => `${c.id} ${(c.ms / 1000).toFixed(1)} s`).join('; '), goal: 'reported', met: null });
  // The same run recording every exchange (--har): redaction and writing on top of the run.
  const harDir = mkdtempSync(join(tmpdir(), 'disco-har-'));
  try {
    const harFile = join(harDir, 'run.har');
    const recorded = await measureSuite(1, ['--har', harFile]);
    const ratio = recorded.wallMs / suite.wallMs;
    say(`  suite with --har: ${(recorded.wallMs / 1000).toFixed(1)} s (${fixed(ratio)} x the run without it), ${(statSync(harFile).size / 1e6).toFixed(0)} MB`);
    figures.push({ figure: 'full disco check with --har (every exchange recorded) / without', measured: `${fixed(ratio)} x (${(statSync(harFile).size / 1e6).toFixed(0)} MB)`, goal: '<= 1.25 x', met: ratio <= 1.25 && recorded.exitCode === 0 });
  } finally {
    rmSync(harDir, { recursive: true, force: true });
  }
}

say('\n| figure | measured | goal | met |\n|---|---|---|---|');
for (const f of figures) say(`| ${f.figure} | ${f.measured} | ${f.goal} | ${f.met === null ? '' : f.met ? 'yes' : '**no**'} |`);

/** Prints a reference baseline (`row.bare`) against the bare server of the same request (`bareRow`), and the simulator against it. */
function reference(label: string, printed: string, figure: string, that: string, row: EndpointRow, bareRow: EndpointRow): void {
  const invalid = row.invalid ? `   INVALID: ${row.invalid}` : '';
  say(`  ${printed}, on ${label}'s bytes: ${Math.round(row.bare.rps)} rps = ${fixed(row.bare.rps / bareRow.bare.rps)} x bare, p99 ${ms(row.bare.p99Ms)}; the simulator is ${fixed(row.ratio)} x ${that}${invalid}`);
  figures.push({ figure: `${label}: x ${figure}`, measured: row.invalid ? `INVALID (${row.invalid})` : fixed(row.ratio), goal: 'reference', met: null });
  figures.push({ figure: `${printed}: x bare node:http (same bytes)`, measured: fixed(row.bare.rps / bareRow.bare.rps), goal: 'reference', met: null });
}

function report(row: EndpointRow, extra = ''): void {
  const cpu = row.simulator.cpu && row.bare.cpu ? `   CPU ${us(row.simulator.cpu)} per request (bare ${us(row.bare.cpu)})` : '';
  say(`  ${row.label.padEnd(40)} bare ${Math.round(row.bare.rps).toString().padStart(6)} rps   simulator ${Math.round(row.simulator.rps).toString().padStart(6)} rps   ${fixed(row.ratio)} x   p99 ${ms(row.simulator.p99Ms)} (bare ${ms(row.bare.p99Ms)})${cpu}${extra ? `   (${extra})` : ''}${row.invalid ? `   INVALID: ${row.invalid}` : ''}`);
}

/**
 * The work ladder (bench/work-ladder.ts): the bare server answering the same bytes after a few
 * microseconds of busy work, so the 0.5 x goal reads as work per request, and the plain Koa app,
 * the simulator's own code alone and the simulator as the work they behave like.
 */
async function printWorkLadder(request: BenchRequest, row: EndpointRow, koa: EndpointRow, own: Record<'nodeHttp' | 'koa', number | undefined>): Promise<void> {
  const ladder = await measureWorkLadder(request, { seconds, connections, rounds });
  const last = ladder[ladder.length - 1]!.workUs;
  const work = (ratio: number | undefined) => {
    if (ratio === undefined) return 'not measured';
    const at = workAt(ladder, ratio);
    return at === undefined ? `more than ${last} us` : `about ${Math.round(at)} us`;
  };
  const koaRatio = koa.bare.rps / row.bare.rps;
  const invalid = ladder.find((r) => r.invalid);
  const measuredWork = (text: string) => (invalid ? `INVALID (the ${invalid.workUs} us rung: ${invalid.invalid})` : text);
  say(`  bare node:http busy before answering, on ${request.label}'s bytes: ${ladder.map((r) => `${r.workUs} us ${fixed(r.ratio)} x${r.invalid ? ` INVALID (${r.invalid})` : ''}`).join(', ')}; 0.5 x bare leaves ${work(0.5)} of work per request; the plain Koa 3 app behaves like ${work(koaRatio)}, the simulator's own code alone like ${work(own.nodeHttp)} on node:http and ${work(own.koa)} on Koa, the simulator like ${work(row.ratio)}`);
  figures.push({ figure: 'work per request on top of bare node:http that 0.5 x bare leaves (work ladder)', measured: measuredWork(work(0.5)), goal: 'reference', met: null });
  figures.push({ figure: `${request.label}: the work per request each behaves like`, measured: measuredWork(`plain Koa app ${work(koaRatio)}; own code alone on node:http ${work(own.nodeHttp)}, on Koa ${work(own.koa)}; simulator ${work(row.ratio)}`), goal: 'reference', met: null });
}

/** User plus system CPU of one request, in microseconds. */
function us(cpu: CpuPerRequest): string {
  return `${Math.round(cpu.userUs + cpu.systemUs)} us`;
}

/**
 * Where the throughput goal's budget goes. With the server's core saturated, throughput is one
 * over the CPU a request costs, so 0.5 x the bare server's throughput allows twice its CPU per
 * request; the plain Koa app's own cost beside that budget says what it leaves for the simulator's
 * own work, and the simulator's cost beyond that app what its own work takes.
 */
function printCpuBudget(label: string, row: EndpointRow, koa: EndpointRow): void {
  const bare = row.bare.cpu;
  const sim = row.simulator.cpu;
  const floor = koa.bare.cpu;
  if (!bare || !sim || !floor) {
    say('  CPU per request: not measured (no /proc on this machine)');
    return;
  }
  const { allowedUs: budget, leftAfterFloorUs, simulatorOwnUs } = cpuBudget(bare, floor, sim);
  const split = (c: CpuPerRequest) => `${us(c)} (user ${Math.round(c.userUs)}, system ${Math.round(c.systemUs)}, core ${Math.round(100 * c.busy)} % busy)`;
  // A server waiting on its load generator is not bound by its CPU: then the budget says little.
  const saturated = [bare, sim, floor].every((c) => c.busy >= 0.9);
  const caveat = saturated ? '' : ' (a server was below 90 % busy, so throughput is not bound by CPU alone: indicative only)';
  say(`  CPU per request on ${label}: bare ${split(bare)}, plain Koa 3 app ${split(floor)}, simulator ${split(sim)}; 0.5 x bare's throughput allows ${Math.round(budget)} us, ${leftAfterFloorUs >= 0 ? `${Math.round(leftAfterFloorUs)} us more than the plain Koa 3 app takes` : `${Math.round(-leftAfterFloorUs)} us less than the plain Koa 3 app alone takes`}; the simulator's own work beyond that app ${Math.round(simulatorOwnUs)} us${caveat}`);
  figures.push({ figure: `${label}: CPU per request, simulator${caveat}`, measured: split(sim), goal: `<= ${Math.round(budget)} us (2 x bare's, for 0.5 x its throughput)`, met: saturated ? sim.userUs + sim.systemUs <= budget : null });
  figures.push({ figure: 'plain Koa 3 app (Basic auth, Accept): CPU per request (same bytes)', measured: split(floor), goal: 'reference', met: null });
  figures.push({ figure: `${label}: the budget left beyond the plain Koa 3 app, and the simulator's own work beyond it`, measured: `${Math.round(leftAfterFloorUs)} us left; ${Math.round(simulatorOwnUs)} us own work`, goal: 'reference', met: null });
  figures.push({ figure: 'bare node:http: CPU per request (same bytes)', measured: split(bare), goal: 'reference', met: null });
}
