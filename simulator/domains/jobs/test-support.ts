import request from 'supertest';
import type { Test } from 'supertest';
import { createSimulator, type Simulator } from '../../app.ts';
import { AdjustableClock } from '../../clock.ts';
import { applySeed, type AccountManifest, type SeedAccount } from '../../control/seed.ts';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import type { FaultName } from '../../faults.ts';
import type { ConventionsName } from '../../conventions.ts';

/** Test fixtures shared by the packages, clusters, jobs and notifications tests. */
export const START = Date.UTC(2026, 0, 5, 9, 0, 0);

function account(slug: string, person: string): SeedAccount {
  return {
    slug,
    users: [
      { name: `${person} Owner`, email: `owner@${slug}.example` },
      { name: `${person} Colleague`, email: `colleague@${slug}.example` },
    ],
    packages: [
      { name: 'orders-daily', description: 'Loads orders', variables: { run_date: '2026-01-04' } },
      { name: 'broken-export', description: 'Fails', outcome: 'failed' },
      { name: 'legacy-import', description: 'Archived', status: 'archived' },
    ],
    clusters: [
      { name: 'sandbox-1', nodes: 1, type: 'sandbox' },
      { name: 'prod-etl', nodes: 4, type: 'production' },
    ],
    notifications: [
      { kind: 'cluster.available', message: 'Cluster prod-etl is available' },
      { kind: 'cluster.idled', message: 'Cluster sandbox-1 idled', read: true },
    ],
  };
}

export interface Caller {
  slug: string;
  get(path: string): Test;
  post(path: string, body?: unknown): Test;
  put(path: string, body: unknown): Test;
  delete(path: string): Test;
}

export interface TestWorld {
  simulator: Simulator;
  clock: AdjustableClock;
  acme: AccountManifest;
  globex: AccountManifest;
  /** The first user of acme: the account's usual caller. */
  owner: Caller;
  /** The second user of acme. */
  colleague: Caller;
  /** The first user of globex: "another account". */
  stranger: Caller;
  advance(seconds: number): void;
  http(): ReturnType<typeof request>;
}

export function makeWorld(faults: FaultName[] = [], conventions: ConventionsName = 'standard'): TestWorld {
  const clock = new AdjustableClock({ frozen: true, start: START });
  const simulator = createSimulator({ clock, faults, options: { conventions } });
  const [acme, globex] = applySeed(simulator.sim, { accounts: [account('acme', 'Ada'), account('globex', 'Grace')] });
  if (!acme || !globex) throw new Error('seed made no accounts');
  const agent = request(simulator.app.callback());
  const caller = (manifest: AccountManifest, userIndex: number): Caller => {
    const key = manifest.users[userIndex]?.api_key ?? '';
    const base = `/${manifest.account_id}/api`;
    // A fixed Host: supertest serves each request on a new port, and urls are built from Host.
    const prepare = (test: Test) => test.set('Host', 'sim.test').set('Accept', VENDOR_MEDIA_TYPE).auth(key, '');
    return {
      slug: manifest.account_id,
      get: (path) => prepare(agent.get(base + path)),
      post: (path, body) => (body === undefined ? prepare(agent.post(base + path)) : prepare(agent.post(base + path)).send(body as object)),
      put: (path, body) => prepare(agent.put(base + path)).send(body as object),
      delete: (path) => prepare(agent.delete(base + path)),
    };
  };
  return {
    simulator,
    clock,
    acme,
    globex,
    owner: caller(acme, 0),
    colleague: caller(acme, 1),
    stranger: caller(globex, 0),
    advance: (seconds) => {
      clock.advance(seconds * 1000);
    },
    http: () => agent,
  };
}

export function firstId(ids: readonly number[], index = 0): number {
  const id = ids[index];
  if (id === undefined) throw new Error(`no id at ${index}`);
  return id;
}

/** A job as the tests read it: the fields they look at, and the rest. */
export interface JobBody {
  id: number;
  status: string;
  progress: number;
  outputs: { id: number; records_count: number; component: { fields: string[] } }[];
  outputs_count: number;
  started_at: string | null;
  completed_at: string | null;
  failed_at: string | null;
  updated_at: string;
  errors: string;
  runtime_in_seconds: number;
  [field: string]: unknown;
}

/** POSTs a job of acme's package `packageIndex` on its first cluster, expecting 201. */
export async function startJob(world: TestWorld, packageIndex = 0): Promise<JobBody> {
  const res = await world.owner
    .post('/jobs', { cluster_id: firstId(world.acme.cluster_ids), package_id: firstId(world.acme.package_ids, packageIndex) })
    .expect(201);
  return res.body as JobBody;
}
