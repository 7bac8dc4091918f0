/**
 * Test support shared by the invoices, connections and deliveries tests: a simulator on a frozen
 * clock, seeded with two accounts, and a supertest client per account that sends the versioned
 * Accept header and the account's Basic key on every request.
 */
import request from 'supertest';
import type { Test } from 'supertest';
import { createSimulator, type Simulator } from '../../app.ts';
import { AdjustableClock } from '../../clock.ts';
import { applySeed, type AccountManifest, type SeedAccount } from '../../control/seed.ts';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import type { FaultName } from '../../faults.ts';
import type { AccountState } from '../../store.ts';

export const START = Date.UTC(2026, 10, 21, 12, 0, 0);

export interface Client {
  slug: string;
  get(path: string): Test;
  delete(path: string): Test;
  put(path: string, body?: unknown): Test;
  post(path: string, body?: unknown): Test;
}

export interface TestBed {
  simulator: Simulator;
  clock: AdjustableClock;
  manifests: AccountManifest[];
  /** Client of the i-th seeded account. */
  client(index: number): Client;
  account(index: number): AccountState;
}

export const CONNECTIONS: SeedAccount['connections'] = [
  { name: 'orders-db', type: 'mysql' },
  { name: 'analytics-pg', type: 'postgres' },
  { name: 'partner-drop', type: 'sftp' },
  { name: 'raw-bucket', type: 's3' },
  { name: 'crm', type: 'salesforce' },
  { name: 'ads', type: 'bingads' },
  { name: 'warehouse', type: 'redshift' },
];

/** Two accounts: `acme` (250 invoices) and `globex` (12), each with the same connections and deliveries. */
export function twoAccounts(): SeedAccount[] {
  const account = (slug: string, invoices: number, user: string): SeedAccount => ({
    slug,
    users: [{ name: user, email: `${user.toLowerCase().replace(/ /g, '.')}@${slug}.example` }],
    connections: CONNECTIONS,
    invoices: { generate: invoices },
    deliveries: [{ name: 'nightly-to-s3', status: 'enabled' }, { name: 'weekly-report', status: 'idle' }, { name: 'old-feed', status: 'disabled' }],
  });
  return [account('acme', 250, 'Ada Lovelace'), account('globex', 12, 'Grace Hopper')];
}

export function testBed(options: { accounts?: SeedAccount[]; faults?: FaultName[] } = {}): TestBed {
  const clock = new AdjustableClock({ frozen: true, start: START });
  const simulator = createSimulator({ clock, faults: options.faults ?? [] });
  const manifests = applySeed(simulator.sim, { accounts: options.accounts ?? twoAccounts() });
  const callback = simulator.app.callback();
  const client = (index: number): Client => {
    const manifest = manifests[index];
    const key = manifest?.users[0]?.api_key;
    if (!manifest || key === undefined) throw new Error(`no seeded account ${index} with a user`);
    const auth = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
    const url = (path: string) => `/${manifest.account_id}/api${path}`;
    const headers = (test: Test) => test.set('Accept', VENDOR_MEDIA_TYPE).set('Authorization', auth);
    const withBody = (test: Test, body: unknown) => (body === undefined ? test : test.send(body as object));
    return {
      slug: manifest.account_id,
      get: (path) => headers(request(callback).get(url(path))),
      delete: (path) => headers(request(callback).delete(url(path))),
      put: (path, body) => withBody(headers(request(callback).put(url(path))), body),
      post: (path, body) => withBody(headers(request(callback).post(url(path))), body),
    };
  };
  const account = (index: number): AccountState => {
    const found = simulator.sim.store.account(manifests[index]?.account_id ?? '');
    if (!found) throw new Error(`no seeded account ${index}`);
    return found;
  };
  return { simulator, clock, manifests, client, account };
}

/** The connection id of `type` in the i-th account's manifest. */
export function connectionId(bed: TestBed, index: number, type: string): number {
  const found = bed.manifests[index]?.connections.find((c) => c.type === type);
  if (!found) throw new Error(`account ${index} has no ${type} connection`);
  return found.id;
}

/** An id no account uses (ids are unique across the whole simulator). */
export const ABSENT_ID = 987_654;

export { observable as fingerprint } from '../../testing/observable.ts';
