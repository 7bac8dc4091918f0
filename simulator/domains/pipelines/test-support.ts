import request from 'supertest';
import { createSimulator, type Simulator } from '../../app.ts';
import { AdjustableClock } from '../../clock.ts';
import { applySeed } from '../../control/seed.ts';
import type { FaultName } from '../../faults.ts';
import type { ConventionsName } from '../../conventions.ts';
import { INTERFACE_A_PREFIX } from '../../interfaces/which.ts';

/** Shared set-up of the interface A tests (not a test file itself). */

export const A = INTERFACE_A_PREFIX;
export const START = Date.UTC(2026, 0, 15, 12, 0, 0);

export interface AccountKeys {
  admin: string;
  plain: string;
  adminId: number;
  plainId: number;
}

export interface Booted {
  sim: Simulator['sim'];
  clock: AdjustableClock;
  /** One server per request, so concurrent requests never share a listener. */
  http: ReturnType<typeof request>;
  acme: AccountKeys;
  globex: AccountKeys;
}

/** A simulator on a frozen clock with two accounts, each with an admin and a non-admin key. */
export function boot(faults: FaultName[] = [], conventions: ConventionsName = 'standard'): Booted {
  const clock = new AdjustableClock({ frozen: true, start: START });
  const simulator = createSimulator({ clock, faults, options: { conventions } });
  const manifests = applySeed(simulator.sim, {
    accounts: ['acme-data', 'globex'].map((slug) => ({
      slug,
      pipeline_keys: [
        { name: 'terraform-prod', admin: true },
        { name: 'ci-readonly', admin: false },
      ],
    })),
  });
  const keysOf = (i: number): AccountKeys => {
    const keys = manifests[i]?.pipeline_keys ?? [];
    const [admin, plain] = keys;
    if (!admin || !plain) throw new Error('seed made no keys');
    return { admin: admin.key, plain: plain.key, adminId: admin.id, plainId: plain.id };
  };
  return { sim: simulator.sim, clock, http: request(simulator.app.callback()), acme: keysOf(0), globex: keysOf(1) };
}

/** A wire timestamp as the spec writes it (whole seconds, `Z`), computed independently of the simulator's. */
export const iso = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

export const bearer = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}` });

/** A valid definition; `overrides` are merged at the top level. */
export function definition(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    source: {
      type: 'postgres',
      connection: { host: 'db.internal.example.com', port: 5432, database: 'shop', user: 'replicator', password: 's3cret-pw' },
      tables: ['public.orders', 'public.customers'],
    },
    destination: {
      type: 'snowflake',
      settings: { account: 'acme-xy12345', warehouse: 'LOADING', database: 'RAW', schema: 'SHOP', user: 'LOADER', password_env: 'SNOWFLAKE_PASSWORD' },
    },
    sync: { mode: 'cdc' },
    ...overrides,
  };
}

/** Creates a pipeline through the API and returns its metadata. */
export async function createVia(booted: Booted, key: string, name: string): Promise<{ id: number } & Record<string, unknown>> {
  const res = await booted.http.post(`${A}/pipelines`).set(bearer(key)).send(definition(name));
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number } & Record<string, unknown>;
}

/** The body with its URLs' origin blanked: each supertest request gets its own port. */
export function sameOrigin(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body).replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://simulator')) as unknown;
}
