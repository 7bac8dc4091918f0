import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../api/index.ts';
import { VENDOR_MEDIA_TYPE } from '../simulator/http/accept.ts';
import { startHookReceiver, until, type HookReceiver } from '../simulator/testing/hook-receiver.ts';

/**
 * A simulator a test suite has closed sends nothing more: a job still running when `close()` was
 * called ends without firing its hook, and a failed delivery is not retried, so neither can reach
 * a later test's receiver.
 */

let hooks: HookReceiver;
beforeAll(async () => {
  hooks = await startHookReceiver();
});
afterAll(() => hooks.close());

/** Starts a simulator at 100 x speed (a job's 35 s take 0.35 s), with a hook on the receiver and a job. */
async function simulatorWithRunningJob() {
  const sim = await startSimulator({ clock: { speed: 100 } });
  const account = sim.accounts[0]!;
  const headers = { accept: VENDOR_MEDIA_TYPE, authorization: `Basic ${Buffer.from(`${account.users[0]!.api_key}:`).toString('base64')}`, 'content-type': 'application/json' };
  const post = (path: string, body: object) => fetch(`${sim.interfaceB()}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  expect((await post('/hooks', { type: 'web', settings: { url: hooks.url }, events: ['job.completed'] })).status).toBe(201);
  expect((await post('/jobs', { cluster_id: account.cluster_ids[0], package_id: account.package_ids[0] })).status).toBe(201);
  return sim;
}

describe('closing an embedded simulator', () => {
  beforeEach(() => {
    hooks.received.length = 0;
    hooks.status = 204;
  });

  it('a job left running fires its hook while the simulator is open', async () => {
    const sim = await simulatorWithRunningJob();
    try {
      await until(() => hooks.received.length > 0, 5_000);
      expect(hooks.received.map((h) => h.event)).toEqual(['job.completed']);
    } finally {
      await sim.close();
    }
  });

  it('after close(), the job ends without firing its hook', async () => {
    const sim = await simulatorWithRunningJob();
    await sim.close();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(hooks.received).toEqual([]);
  });

  it('after close(), a failed delivery is not tried again', async () => {
    // Retries come 10, 20, 40 and 80 s after a failure: 0.1 to 0.8 s of wall time at speed 100.
    hooks.status = 500;
    const sim = await simulatorWithRunningJob();
    await until(() => hooks.received.length > 0, 5_000);
    await sim.close();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(hooks.received.map((h) => h.event)).toEqual(['job.completed']);
  });
});
