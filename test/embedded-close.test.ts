import { describe, expect, it } from 'vitest';
import { startSimulator } from '../api/index.ts';
import { VENDOR_MEDIA_TYPE } from '../simulator/http/accept.ts';
import { hookReceiverForEachTest, until } from '../simulator/testing/hook-receiver.ts';

/**
 * A simulator a test suite has closed sends nothing more: a job still running when `close()` was
 * called ends without firing its hook, and a failed delivery is not retried, so neither can reach
 * a later test's receiver.
 */

const hooks = hookReceiverForEachTest();

/** Starts a simulator at `speed` (at 100 a job's 35 s take 0.35 s), with a hook on the receiver and a job. */
async function simulatorWithRunningJob(speed = 100) {
  const sim = await startSimulator({ clock: { speed } });
  const account = sim.accounts[0]!;
  const headers = { accept: VENDOR_MEDIA_TYPE, authorization: `Basic ${Buffer.from(`${account.users[0]!.api_key}:`).toString('base64')}`, 'content-type': 'application/json' };
  const post = (path: string, body: object) => fetch(`${sim.interfaceB()}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  expect((await post('/hooks', { type: 'web', settings: { url: hooks.url }, events: ['job.completed'] })).status).toBe(201);
  expect((await post('/jobs', { cluster_id: account.cluster_ids[0], package_id: account.package_ids[0] })).status).toBe(201);
  return sim;
}

describe('closing an embedded simulator', () => {
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

  it('after close(), a failed delivery is not tried again, even one whose answer came after close', async () => {
    // Retries come 10, 20, 40 and 80 s after a failure: at speed 20, 0.5 s and 1.5 s of wall time
    // after it for the first two, so close() comes well before the first retry is due. The 500
    // is held 300 ms, so it reaches the simulator after close(), as it can on a busy machine.
    hooks.status = 500;
    hooks.delayMs = 300;
    const sim = await simulatorWithRunningJob(20);
    await until(() => hooks.received.length > 0, 5_000);
    await sim.close();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(hooks.received.map((h) => h.event)).toEqual(['job.completed']);
  });

  it('after close(), a retry already waiting is dropped', async () => {
    hooks.status = 500;
    const sim = await simulatorWithRunningJob(20);
    // Waits until the simulator has the 500 and a retry waiting (0.5 s of wall time away).
    const deliveries = `${sim.controlUrl}/accounts/${sim.accounts[0]!.account_id}/webhook-deliveries`;
    const retryWaiting = async () => ((await (await fetch(deliveries)).json()) as { next_attempt_at: string | null }[]).some((d) => d.next_attempt_at !== null);
    const deadline = Date.now() + 5_000;
    while (!(await retryWaiting()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await sim.close();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(hooks.received.map((h) => h.event)).toEqual(['job.completed']);
  });

  it('after close(), a chaos rule\'s latency still under way ends: its timer does not keep the process alive', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const sim = await startSimulator({ chaos: [{ path: '/**', latency_ms: 60_000 }] });
    const gaveUp = new AbortController();
    const asked = fetch(`${sim.interfaceA}/pipelines`, { signal: gaveUp.signal }).catch(() => 'gave up');
    // The request is held by the rule (the journal records it only once answered).
    await new Promise((resolve) => setTimeout(resolve, 200));
    gaveUp.abort();
    expect(await asked).toBe('gave up');
    const whileHeld = timers();
    await sim.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers()).toBeLessThan(whileHeld);
  });
});
