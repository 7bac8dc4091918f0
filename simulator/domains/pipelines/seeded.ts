import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { deploy, record, settle, stateOf, undeploy } from './lifecycle.ts';
import { startPipeline, storePipeline } from './model.ts';
import type { Pipeline, PipelineDefinition } from './types.ts';

/**
 * Pipelines a seed makes: a valid definition around the seed's name (a Postgres CDC source into
 * S3, nothing secret in it), stored and started through the same model as the API's. The
 * definition is valid by construction (seeded.test.ts holds it to the schema) and the seed check
 * vets the name, so it is not run through the schema validator again at every start.
 */
export function seededDefinition(name: string): PipelineDefinition {
  return {
    name,
    description: 'Seeded pipeline',
    source: {
      type: 'postgres',
      connection: { host: 'db.internal.example.com', port: 5432, database: 'shop', user: 'replicator', password_env: 'SHOP_DB_PASSWORD' },
      tables: ['public.orders'],
    },
    destination: { type: 's3', settings: { bucket: 'seeded-pipelines', region: 'eu-west-1', format: 'parquet' } },
    sync: { mode: 'cdc' },
  };
}

export function seedPipeline(sim: Sim, account: AccountState, seed: { name: string; deployed?: boolean; synced?: boolean }): Pipeline {
  const pipeline = storePipeline(sim, account, seededDefinition(seed.name));
  if (seed.synced) ranBefore(pipeline, sim.clock.now());
  if (seed.deployed) startPipeline(sim, pipeline);
  return pipeline;
}

/** How long a seed's `synced` pipeline ran before the seed: long past its initial sync. */
const RAN_FOR_MS = 24 * 60 * 60_000;

/**
 * A `synced` pipeline was made a day ago, deployed, synced, and stopped now: its record carries
 * what a deployment leaves behind (a last sync time, the history of it), so a fixture archived
 * by a run shows whether the archive wipes any of it (A-PIPE-2's "nothing else"), which a
 * pipeline never deployed cannot show, and a target without a clock to move cannot make.
 */
function ranBefore(pipeline: Pipeline, now: number): void {
  const since = now - RAN_FOR_MS;
  pipeline.createdAt = since;
  deploy(pipeline, since, 'start');
  settle(pipeline, now);
  record(pipeline, now, stateOf(pipeline, now), 'not_deployed', 'stop');
  undeploy(pipeline, now);
}

/** Names a seed would give that the account's pipelines already use (they must be unique among those not archived). */
export function takenPipelineNames(account: AccountState | undefined, names: readonly string[]): string[] {
  if (!account) return [];
  const taken = new Set([...account.pipelines.values()].filter((p) => p.archivedAt === null).map((p) => p.name));
  return names.filter((n) => taken.has(n));
}
