import { afterAll, beforeAll, expect, it } from 'vitest';
// In your project: import { startSimulator } from 'disco';
import { startSimulator, type RunningSimulator } from 'disco';
import { listPackages } from './retrying-client.ts';

let sim: RunningSimulator;
let apiKey: string;

beforeAll(async () => {
  sim = await startSimulator({ seed: 'default', clock: 'frozen' });
  apiKey = sim.accounts[0]?.users[0]?.api_key ?? '';
});
afterAll(() => sim.close());

it('lists the seeded packages that are active (the archived one only when asked, as the real service)', async () => {
  const packages = await listPackages(sim.interfaceB(), apiKey);
  expect(packages.map((p) => p.name).sort()).toEqual(['broken-export', 'customers-dedup', 'orders-daily']);
});

it('retries once after a 503, and the journal shows both requests', async () => {
  await sim.control.journal.clear();
  await sim.control.chaos.add({ method: 'GET', path: '/*/api/packages', status: 503, retry_after_s: 0, times: 1 });
  await listPackages(sim.interfaceB(), apiKey);
  expect(await sim.control.journal.count({ method: 'GET', path: '/*/api/packages' })).toBe(2);
  expect(await sim.control.journal.count({ chaos: true })).toBe(1);
});
