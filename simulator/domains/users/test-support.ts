import request from 'supertest';
import { createSimulator, type Simulator } from '../../app.ts';
import { AdjustableClock } from '../../clock.ts';
import type { SimOptions } from '../../context.ts';
import type { FaultName } from '../../faults.ts';
import { applySeed, type AccountManifest, type SeedDocument } from '../../control/seed.ts';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';

/**
 * Test support for the users and hooks domains: a simulator on a frozen clock with two accounts
 * (`acme` with two users, `globex` with one), and clients that speak interface B as the spec
 * says (Basic key, versioned Accept) relative to an account's `/api` root.
 */

export const START = Date.parse('2026-01-05T09:00:00Z');
export const NOT_FOUND_BODY = '{"message":"Item not found."}';
export const HOST = 'sim.test';

const SEED: SeedDocument = {
  accounts: [
    {
      slug: 'acme',
      users: [
        { name: 'Ada Lovelace', email: 'ada@acme.example', time_zone: 'Europe/Lisbon', location: 'Lisbon' },
        { name: 'Ada Colleague', email: 'colleague@acme.example' },
      ],
      notifications: [
        { kind: 'job.completed', message: 'Job orders-daily completed' },
        { kind: 'job.failed', message: 'Job broken-export failed' },
        { kind: 'cluster.idled', message: 'Cluster sandbox-1 idled', read: true },
      ],
    },
    { slug: 'globex', users: [{ name: 'Grace Hopper', email: 'grace@globex.example' }] },
  ],
};

export type Client = ReturnType<typeof clientFor>;

export interface World extends Simulator {
  clock: AdjustableClock;
  acme: AccountManifest;
  globex: AccountManifest;
  /** acme's first user. */
  owner: Client;
  /** acme's second user: same account, another user. */
  colleague: Client;
  /** globex's user: another account. */
  stranger: Client;
  /** A client with any key on any account path. */
  as: (key: string, slug: string) => Client;
  http: () => ReturnType<typeof request>;
}

export function makeWorld(init: { faults?: FaultName[]; options?: Partial<SimOptions> } = {}): World {
  const clock = new AdjustableClock({ frozen: true, start: START });
  const simulator = createSimulator({ clock, faults: init.faults ?? [], options: { deliverWebhooks: 'off', ...init.options } });
  const [acme, globex] = applySeed(simulator.sim, SEED) as [AccountManifest, AccountManifest];
  const http = () => request(simulator.app.callback());
  const as = (key: string, slug: string) => clientFor(http, key, slug);
  return {
    ...simulator,
    clock,
    acme,
    globex,
    owner: as(keyOf(acme, 0), 'acme'),
    colleague: as(keyOf(acme, 1), 'acme'),
    stranger: as(keyOf(globex, 0), 'globex'),
    as,
    http,
  };
}

export function keyOf(manifest: AccountManifest, user: number): string {
  const key = manifest.users[user]?.api_key;
  if (!key) throw new Error(`seed has no user ${user}`);
  return key;
}

function clientFor(http: () => ReturnType<typeof request>, key: string, slug: string) {
  const root = `/${slug}/api`;
  // A fixed Host keeps `url` fields stable: supertest serves every request on a fresh port.
  const prepare = (test: request.Test) => test.set('Host', HOST).set('Accept', VENDOR_MEDIA_TYPE).auth(key, '');
  return {
    get: (path: string) => prepare(http().get(`${root}${path}`)),
    post: (path: string, body?: unknown) => withBody(prepare(http().post(`${root}${path}`)), body),
    put: (path: string, body?: unknown) => withBody(prepare(http().put(`${root}${path}`)), body),
    delete: (path: string) => prepare(http().delete(`${root}${path}`)),
  };
}

// supertest's send() would turn a string into a form body; bodies here are always JSON text.
function withBody(test: request.Test, body: unknown): request.Test {
  if (body === undefined) return test;
  return test.set('Content-Type', 'application/json').send(typeof body === 'string' ? body : JSON.stringify(body));
}

export { observable } from '../../testing/observable.ts';

/** The field names of a 422 body, in order. */
export function errorFields(body: unknown): string[] {
  const errors = (body as { errors?: { field: string }[] }).errors ?? [];
  return errors.map((e) => e.field);
}
