/**
 * Cost as state grows: the same request against a simulator holding little and one holding a
 * lot, each in its own process (bench/scale-server.ts), as a ratio of time per request; with the
 * seeding rate and the resident memory at each size. Each side is the median of `rounds`
 * alternating rounds (BENCH_ROUNDS, default 3), each after a second of warm-up.
 *
 *   npm run bench:scale                  # 100 vs 100,000 jobs, 1,000 vs 1,000,000 invoices
 *   SCALE_JOBS=20000 SCALE_INVOICES=100000 npm run bench:scale
 */
import { fileURLToPath } from 'node:url';
import { load, pinLoad, describeLoad } from './load.ts';
import { startChild, stopChild } from './endpoints.ts';
import type { ScaleServer } from './scale-server.ts';

export interface ScaleFigure {
  label: string;
  small: { records: string; rps: number; p99Ms: number; rssMb: number };
  large: { records: string; rps: number; p99Ms: number; rssMb: number; seedPerSecond: number };
  /** Time per request with the large state over time per request with the small one. */
  costRatio: number;
}

interface Size {
  jobs: number;
  invoices: number;
}

async function measureAt(size: Size, path: (s: ScaleServer) => string, opts: { seconds: number; connections: number }) {
  const server = await startChild<ScaleServer>('./scale-server.ts', { SCALE_JOBS: String(size.jobs), SCALE_INVOICES: String(size.invoices) });
  try {
    const s = server.first;
    const headers = { accept: 'application/vnd.service+json; version=2', authorization: `Basic ${Buffer.from(`${s.key}:`).toString('base64')}` };
    const url = `${s.origin}/${s.account}/api${path(s)}`;
    const probe = await fetch(url, { headers });
    if (probe.status !== 200) throw new Error(`${path(s)} answered ${probe.status} at ${size.jobs} jobs / ${size.invoices} invoices`);
    await probe.arrayBuffer();
    // Warm up first, as the endpoint rows do: the first second holds the JIT and the first full
    // collection of the freshly seeded heap (up to 0.9 s at 100,000 jobs), a start-up cost that
    // would otherwise land in the p99 and the ratio as if every request paid it.
    await load({ url, headers, seconds: 1, connections: opts.connections });
    const result = await load({ url, headers, seconds: opts.seconds, connections: opts.connections });
    server.child.send('rss');
    const { rssMb } = await new Promise<{ rssMb: number }>((resolve) => server.child.once('message', (m) => resolve(m as { rssMb: number })));
    return { ...result, rssMb, seedPerSecond: s.records / (s.seedMs / 1000) };
  } finally {
    await stopChild(server.child);
  }
}

type Measured = Awaited<ReturnType<typeof measureAt>>;

/** The round with the median throughput (its p99 and RSS with it). */
function medianByRps(rounds: Measured[]): Measured {
  return [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)]!;
}

export async function measureScale(opts: { seconds: number; connections: number; bigJobs: number; bigInvoices: number; rounds?: number }): Promise<ScaleFigure[]> {
  const cases: { label: string; small: Size; large: Size; path: (s: ScaleServer) => string; describe: (z: Size) => string }[] = [
    { label: 'GET /packages/{id} with live jobs', small: { jobs: 100, invoices: 0 }, large: { jobs: opts.bigJobs, invoices: 0 }, path: (s) => `/packages/${s.packageId}`, describe: (z) => `${z.jobs.toLocaleString('en')} running jobs` },
    { label: 'a page of 100 jobs (GET /jobs)', small: { jobs: 1000, invoices: 0 }, large: { jobs: opts.bigJobs, invoices: 0 }, path: () => '/jobs?offset=0&limit=100', describe: (z) => `${z.jobs.toLocaleString('en')} jobs` },
    { label: 'a page of 100 invoices (GET /invoices)', small: { jobs: 0, invoices: 1000 }, large: { jobs: 0, invoices: opts.bigInvoices }, path: () => '/invoices?offset=500&limit=100', describe: (z) => `${z.invoices.toLocaleString('en')} invoices` },
  ];
  const figures: ScaleFigure[] = [];
  for (const c of cases) {
    // Small and large alternate, round after round, and each side is its median round: one round
    // each, measured one after the other, moved the ratio by 0.1 between runs on this machine.
    const smalls: Measured[] = [];
    const larges: Measured[] = [];
    for (let round = 0; round < (opts.rounds ?? 3); round++) {
      smalls.push(await measureAt(c.small, c.path, opts));
      larges.push(await measureAt(c.large, c.path, opts));
    }
    const small = medianByRps(smalls);
    const large = medianByRps(larges);
    figures.push({
      label: c.label,
      small: { records: c.describe(c.small), rps: small.rps, p99Ms: small.p99Ms, rssMb: small.rssMb },
      large: { records: c.describe(c.large), rps: large.rps, p99Ms: large.p99Ms, rssMb: large.rssMb, seedPerSecond: large.seedPerSecond },
      costRatio: small.rps / large.rps,
    });
  }
  return figures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  pinLoad();
  const figures = await measureScale({
    seconds: Number(process.env.BENCH_SECONDS ?? 4),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    bigJobs: Number(process.env.SCALE_JOBS ?? 100_000),
    bigInvoices: Number(process.env.SCALE_INVOICES ?? 1_000_000),
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  });
  console.log(`cost as state grows (${describeLoad()})`);
  for (const f of figures) {
    console.log(`${f.label}: ${f.small.records} ${Math.round(f.small.rps)} rps (RSS ${Math.round(f.small.rssMb)} MB); ${f.large.records} ${Math.round(f.large.rps)} rps, p99 ${f.large.p99Ms} ms (RSS ${Math.round(f.large.rssMb)} MB, seeded at ${Math.round(f.large.seedPerSecond).toLocaleString('en')}/s); cost ratio ${f.costRatio.toFixed(2)} (goal <= 1.2)`);
  }
}
