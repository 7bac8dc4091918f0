import { describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from './index.ts';
import { VENDOR_MEDIA_TYPE } from '../simulator/http/accept.ts';

/**
 * `reset()` between tests gives the next test the simulator as it started, as WireMock's reset
 * gives back its startup mappings: the keys the test took at start still work (the same seed gives
 * the same keys), a chaos rule, a fault or a rate limit one test set is gone, the start's own
 * chaos rules are whole again, and the journal holds nothing from before.
 */

async function readsPackages(sim: RunningSimulator, key: string): Promise<number> {
  const slug = sim.accounts[0]!.account_id;
  return (await fetch(`${sim.interfaceB(slug)}/packages`, { headers: { accept: VENDOR_MEDIA_TYPE, authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` } })).status;
}

describe('reset() of an embedded simulator', () => {
  it('returns to how it started: its seed with the same keys, its faults and chaos rules, an empty journal', async () => {
    const sim = await startSimulator({ faults: ['b-limit-uncapped'], chaos: [{ id: 'start-rule', path: '/api/public/v1/nothing-here', status: 503, times: 1 }] });
    try {
      const key = sim.accounts[0]!.users[0]!.api_key;
      const pipelineKey = sim.accounts[0]!.pipeline_keys[0]!.key;
      // What a test does: a rule and a fault of its own, the start's rule spent, requests journaled.
      await sim.control.chaos.add({ id: 'test-rule', path: '/**', latency_ms: 1 });
      await sim.control.faults.set(['b-unknown-key-accepted']);
      expect((await fetch(`${sim.interfaceA}/nothing-here`)).status).toBe(503);
      expect((await sim.control.chaos.list()).map((r) => r.id)).toEqual(['test-rule']);
      expect(await readsPackages(sim, key)).toBe(200);
      expect(await sim.control.journal.count()).toBeGreaterThan(0);

      const accounts = await sim.control.reset();
      expect(accounts.map((a) => a.account_id)).toEqual(sim.accounts.map((a) => a.account_id));
      expect(accounts[0]!.users[0]!.api_key).toBe(key);
      expect(accounts[0]!.pipeline_keys[0]!.key).toBe(pipelineKey);
      expect(await readsPackages(sim, key)).toBe(200);
      expect(await sim.control.faults.list()).toEqual(['b-limit-uncapped']);
      expect(await sim.control.chaos.list()).toEqual([expect.objectContaining({ id: 'start-rule', remaining: 1, hits: 0 })]);
      expect(await sim.control.journal.count()).toBe(1);
      // Another seed, named, replaces the accounts as before.
      expect(await sim.control.reset({ seed_name: 'empty' })).toEqual([]);
    } finally {
      await sim.close();
    }
  });

  it('returns to the rate limit it started with, whatever a test set', async () => {
    const sim = await startSimulator({ rateLimit: 40 });
    try {
      await sim.control.limits.set({ requests_per_hour: 2 });
      const key = sim.accounts[0]!.users[0]!.api_key;
      expect([await readsPackages(sim, key), await readsPackages(sim, key), await readsPackages(sim, key)]).toEqual([200, 200, 429]);
      await sim.control.reset();
      expect(await sim.control.limits.get()).toEqual({ requests_per_hour: 40 });
      expect(await readsPackages(sim, key)).toBe(200);
    } finally {
      await sim.close();
    }
  });

  it('gives another simulator other keys: they come from a secret of its own', async () => {
    const [one, two] = await Promise.all([startSimulator(), startSimulator()]);
    try {
      expect(one.accounts[0]!.users[0]!.api_key).not.toBe(two.accounts[0]!.users[0]!.api_key);
      expect(one.accounts[0]!.pipeline_keys[0]!.key).not.toBe(two.accounts[0]!.pipeline_keys[0]!.key);
      expect(await readsPackages(two, one.accounts[0]!.users[0]!.api_key)).toBe(401);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
