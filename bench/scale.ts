/**
 * Per-request cost as live state grows: the same interface B read with 100 and with N live jobs
 * (jobs running, none due), measured in one process, as a ratio. `npm run bench:scale`.
 *
 *   SCALE_JOBS=100000 npm run bench:scale
 */
import autocannon from 'autocannon';
import { createSimulator } from '../simulator/app.ts';
import { AdjustableClock } from '../simulator/clock.ts';
import { listen } from '../simulator/server.ts';
import { applySeed } from '../simulator/control/seed.ts';
import { loadNamedSeed } from '../simulator/control/seed-files.ts';
import { createJob } from '../simulator/domains/jobs/model.ts';

const big = Number(process.env.SCALE_JOBS ?? 20_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);

async function measure(jobs: number, path: (acme: { package_ids: number[] }) => string): Promise<{ rps: number; p99: number; seedMs: number; rssMb: number }> {
  const seed = await loadNamedSeed('default');
  if (!seed) throw new Error('default seed missing');
  // Frozen clock: the jobs stay running (none becomes due while measuring).
  const { app, sim } = createSimulator({ clock: new AdjustableClock({ frozen: true }), options: { deliverWebhooks: 'off', rateLimitPerHour: 0, journalSize: 0 } });
  const [acme] = applySeed(sim, seed);
  const account = sim.store.account(acme!.account_id)!;
  const user = account.users.values().next().value!;
  const started = performance.now();
  for (let i = 0; i < jobs; i++) createJob(sim, account, user, { clusterId: acme!.cluster_ids[0]!, packageId: acme!.package_ids[0]!, variables: {}, dynamicVariables: {} });
  const seedMs = performance.now() - started;
  const listening = await listen(app, 0, '127.0.0.1');
  const headers = { accept: 'application/vnd.service+json; version=2', authorization: `Basic ${Buffer.from(`${acme!.users[0]!.api_key}:`).toString('base64')}` };
  const result = await autocannon({ url: `${listening.origin}/${acme!.account_id}/api${path(acme!)}`, headers, connections: 16, duration: seconds });
  await listening.close();
  return { rps: result.requests.average, p99: result.latency.p99, seedMs, rssMb: process.memoryUsage().rss / 1e6 };
}

for (const [label, path] of [
  ['GET /packages/{id}', (a: { package_ids: number[] }) => `/packages/${a.package_ids[0]}`],
  ['GET /jobs?limit=100 (a page of 100)', () => '/jobs?offset=0&limit=100'],
] as const) {
  const small = await measure(100, path);
  const large = await measure(big, path);
  console.log(`${label} with live jobs in the account (in-process, 16 connections, ${seconds} s):`);
  console.log(`  100 jobs:    ${Math.round(small.rps)} rps, p99 ${small.p99} ms`);
  console.log(`  ${big} jobs: ${Math.round(large.rps)} rps, p99 ${large.p99} ms; made at ${Math.round(big / (large.seedMs / 1000))} jobs/s; RSS ${Math.round(large.rssMb)} MB`);
  console.log(`  cost ratio (time per request, ${big} vs 100): ${(small.rps / large.rps).toFixed(2)} (goal <= 1.2)`);
}
