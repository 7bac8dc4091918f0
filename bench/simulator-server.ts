// Child process of the bench: the simulator with the default seed and 150 finished jobs on a free
// port, rate limits off (the load would exhaust them in a second), web hooks not delivered.
// Sends the port, the ids and the keys the bench needs to the parent over IPC (never printed:
// keys stay out of logs). On two more ports the same state answers GET /packages/{id} and POST
// /jobs through the simulator's own code alone, on node:http and on a one-middleware Koa app:
// references for the throughput goal (bench/own-code-alone.ts).
import { createSimulator } from '../simulator/app.ts';
import { keepRequestGarbageYoung } from '../simulator/heap-tuning.ts';
import { listen } from '../simulator/server.ts';
import { applySeed } from '../simulator/control/seed.ts';
import { loadNamedSeed } from '../simulator/control/seed-files.ts';
import { AdjustableClock } from '../simulator/clock.ts';
import { createJob } from '../simulator/domains/jobs/model.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ownCodeOnKoa, ownCodeOnNodeHttp } from './own-code-alone.ts';

export interface BenchSimulator {
  origin: string;
  account: string;
  key: string;
  pipelineKey: string;
  packageId: number;
  clusterId: number;
  pipelineId: number;
  /** The same state's `GET /packages/{id}` and `POST /jobs` through the simulator's own code alone (bench/own-code-alone.ts). */
  references: { nodeHttp: string; koa: string };
}

const seed = await loadNamedSeed('default');
if (!seed) throw new Error('default seed missing');
// BENCH_JOURNAL: the journal's size (default 1000, as disco serve; 0 turns it off).
const journalSize = Number(process.env.BENCH_JOURNAL ?? 1000);
// As disco serve does, before the state is made (simulator/heap-tuning.ts).
keepRequestGarbageYoung();
const clock = new AdjustableClock();
const { app, sim } = createSimulator({ clock, options: { deliverWebhooks: 'off', rateLimitPerHour: 0, journalSize } });
const [acme] = applySeed(sim, seed);
if (!acme) throw new Error('the default seed has no account');
// The list-page row reads a page of 100 jobs: the default seed has none, and a page of `[]`
// measured nothing but the gate. 150 jobs, moved past their end (a job takes 35 s at pace 1) so
// every answer of the row is the same 100 completed jobs with their outputs (bench/endpoints.ts
// asks for limit=100).
const account = sim.store.account(acme.account_id)!;
const owner = account.users.values().next().value!;
for (let i = 0; i < 150; i++) createJob(sim, account, owner, { clusterId: acme.cluster_ids[0]!, packageId: acme.package_ids[0]!, variables: {}, dynamicVariables: {} });
clock.advance(60_000);
const listening = await listen(app, 0, '127.0.0.1');
const references = { nodeHttp: createServer(ownCodeOnNodeHttp(sim)), koa: createServer(ownCodeOnKoa(sim).callback()) };
for (const server of Object.values(references)) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const ready: BenchSimulator = {
  origin: listening.origin,
  account: acme.account_id,
  key: acme.users[0]!.api_key,
  pipelineKey: acme.pipeline_keys.find((k) => k.admin)!.key,
  packageId: acme.package_ids[0]!,
  clusterId: acme.cluster_ids[0]!,
  pipelineId: acme.pipelines.find((p) => !p.archivable)?.id ?? acme.pipelines[0]!.id,
  references: { nodeHttp: originOf(references.nodeHttp), koa: originOf(references.koa) },
};
process.send?.(ready);
process.on('disconnect', () => {
  for (const server of Object.values(references)) {
    server.close();
    server.closeAllConnections();
  }
  void listening.close().then(() => process.exit(0));
});
