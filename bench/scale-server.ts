// Child process of bench/scale.ts: the simulator holding SCALE_JOBS running jobs and
// SCALE_INVOICES invoices in one account (frozen clock: no job becomes due while measured),
// rate limits and the journal off. Sends the port, ids, key, the seeding time and its RSS to the
// parent over IPC (never printed: keys stay out of logs).
import { createSimulator } from '../simulator/app.ts';
import { keepRequestGarbageYoung } from '../simulator/heap-tuning.ts';
import { AdjustableClock } from '../simulator/clock.ts';
import { listen } from '../simulator/server.ts';
import { seedAccount } from '../simulator/control/seed.ts';
import { createJob } from '../simulator/domains/jobs/model.ts';

export interface ScaleServer {
  origin: string;
  account: string;
  key: string;
  packageId: number;
  seedMs: number;
  records: number;
  rssMb: number;
}

const jobs = Number(process.env.SCALE_JOBS ?? 100);
const invoices = Number(process.env.SCALE_INVOICES ?? 1000);
// As disco serve does, before the state is made (simulator/heap-tuning.ts).
keepRequestGarbageYoung();
const { app, sim } = createSimulator({ clock: new AdjustableClock({ frozen: true }), options: { deliverWebhooks: 'off', rateLimitPerHour: 0, journalSize: 0 } });
const started = performance.now();
const manifest = seedAccount(sim, {
  slug: 'scale',
  users: [{ name: 'Ada', email: 'ada@scale.example' }],
  packages: [{ name: 'load' }],
  clusters: [{ name: 'big' }],
  invoices: { generate: invoices },
});
const account = sim.store.account(manifest.account_id)!;
const user = account.users.values().next().value!;
for (let i = 0; i < jobs; i++) createJob(sim, account, user, { clusterId: manifest.cluster_ids[0]!, packageId: manifest.package_ids[0]!, variables: {}, dynamicVariables: {} });
const seedMs = performance.now() - started;
globalThis.gc?.();
const listening = await listen(app, 0, '127.0.0.1');
const ready: ScaleServer = {
  origin: listening.origin,
  account: manifest.account_id,
  key: manifest.users[0]!.api_key,
  packageId: manifest.package_ids[0]!,
  seedMs,
  records: jobs + invoices,
  rssMb: process.memoryUsage().rss / 1e6,
};
process.send?.(ready);
process.on('message', () => process.send?.({ rssMb: process.memoryUsage().rss / 1e6 }));
process.on('disconnect', () => void listening.close().then(() => process.exit(0)));
