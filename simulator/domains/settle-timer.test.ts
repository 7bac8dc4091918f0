import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createSimulator, type Simulator } from '../app.ts';
import { AdjustableClock } from '../clock.ts';
import { applySeed, type AccountManifest } from '../control/seed.ts';
import { VENDOR_MEDIA_TYPE } from '../http/accept.ts';
import { CONTROL_PREFIX } from '../interfaces/which.ts';
import { createJob } from './jobs/model.ts';
import { settleAccount } from './settle.ts';
import { stopSettling } from './settle-timer.ts';
import { unsettledJobIds } from './jobs/unsettled.ts';
import { Persistence } from '../persistence/persistence.ts';
import { parseStateFile } from '../persistence/state-file.ts';
import type { AccountState } from '../store.ts';
import { hookReceiverForEachTest, until } from '../testing/hook-receiver.ts';

/**
 * Jobs end on their own: their hook events reach a receiver with no request after the job's
 * start (real time, and a clock moved through the control API), and a backlog is settled in
 * slices, each job once. Clusters too: the timer is armed for a cluster's next event as for a job's.
 */

const hooks = hookReceiverForEachTest();

const START = Date.UTC(2026, 0, 5, 9, 0, 0);

interface World {
  simulator: Simulator;
  clock: AdjustableClock;
  acme: AccountManifest;
  b: (method: 'get' | 'post' | 'delete', path: string, body?: object) => request.Test;
  control: (path: string, body: object) => request.Test;
}

function world(clock: AdjustableClock, jobPace = 1, deliverWebhooks: 'loopback' | 'off' = 'loopback'): World {
  const simulator = createSimulator({ clock, options: { deliverWebhooks, jobPace } });
  const [acme] = applySeed(simulator.sim, {
    accounts: [{ slug: 'acme', users: [{ name: 'Ada', email: 'ada@acme.example' }], packages: [{ name: 'orders-daily' }], clusters: [{ name: 'sandbox-1', nodes: 1, type: 'sandbox' }] }],
  });
  if (!acme) throw new Error('seed made no account');
  const agent = request(simulator.app.callback());
  const key = acme.users[0]!.api_key;
  const b = (method: 'get' | 'post' | 'delete', path: string, body?: object) => {
    const test = agent[method](`/acme/api${path}`).set('Host', 'sim.test').set('Accept', VENDOR_MEDIA_TYPE).auth(key, '');
    return body ? test.send(body) : test;
  };
  const control = (path: string, body: object) => agent.post(`${CONTROL_PREFIX}${path}`).send(body);
  return { simulator, clock, acme, b, control };
}

async function hookAndJob(w: World): Promise<number> {
  await w.b('post', '/hooks', { type: 'web', settings: { url: hooks.url }, events: ['job.completed'] }).expect(201);
  const res = await w.b('post', '/jobs', { cluster_id: w.acme.cluster_ids[0], package_id: w.acme.package_ids[0] }).expect(201);
  return (res.body as { id: number }).id;
}

describe('clusters and jobs announce what they come to without a request', () => {
  it('in real time: a new cluster\'s events and a job\'s reach the receiver with no request after, each when it happens', async () => {
    // Speed 200 and job pace 2: the cluster is available 35 s (175 ms) in; the job starts 10 s
    // (50 ms) in and ends 70 s (350 ms) in, so the availability comes between, on a timer of its own.
    const w = world(new AdjustableClock({ start: START, speed: 200 }), 2);
    await w.b('post', '/hooks', { type: 'web', settings: { url: hooks.url }, events: ['cluster', 'job'] }).expect(201);
    const cluster = ((await w.b('post', '/clusters', { nodes: 1, type: 'sandbox', name: 'etl' }).expect(201)).body as { id: number }).id;
    const job = ((await w.b('post', '/jobs', { cluster_id: w.acme.cluster_ids[0], package_id: w.acme.package_ids[0] }).expect(201)).body as { id: number }).id;
    await until(() => hooks.received.length >= 5, 5_000);
    const heard = hooks.received.map((r) => `${r.event} ${String(r.body.id)} ${String(r.body.status)}`);
    const at = (event: string) => heard.indexOf(event);
    expect([...heard].sort()).toEqual([`cluster.available ${cluster} available`, `cluster.requested ${cluster} pending`, `job.completed ${job} completed`, `job.started ${job} running`, `job.submitted ${job} pending`].sort());
    expect(at(`cluster.requested ${cluster} pending`)).toBeLessThan(at(`cluster.available ${cluster} available`));
    expect(at(`job.submitted ${job} pending`)).toBeLessThan(at(`job.started ${job} running`));
    expect(at(`cluster.available ${cluster} available`)).toBeLessThan(at(`job.completed ${job} completed`));
  });
});

describe('schedules run without a request', () => {
  it('in real time: slot after slot comes with no request, runs the schedule, and its jobs are heard', async () => {
    // Speed 200: the slots 30 s and 90 s after the start come 150 ms and 450 ms in. The second is
    // armed by the timer's own run after the first (the queue of schedules is part of what it
    // looks at), not by a request.
    const w = world(new AdjustableClock({ start: START, speed: 200 }));
    await w.b('post', '/hooks', { type: 'web', settings: { url: hooks.url }, events: ['job.submitted'] }).expect(201);
    const slot = (s: number) => new Date(START + s * 1000).toISOString().replace('.000Z', 'Z');
    const task = { nodes: 1, packages: [{ package_id: w.acme.package_ids[0] }] };
    const schedule = ((await w.b('post', '/schedules', { name: 'soon', status: 'enabled', start_at: slot(30), interval_amount: 1, interval_unit: 'minutes', task }).expect(201)).body as { id: number }).id;
    // It would go on running every 300 ms, into the next tests' receiver: stopped when done.
    try {
      await until(() => hooks.received.length >= 2, 5_000);
    } finally {
      stopSettling(w.simulator.sim);
    }
    expect(hooks.received.slice(0, 2).map((r) => r.body)).toMatchObject([
      { status: 'pending', created_at: slot(30), creator: { type: 'Schedule', id: schedule } },
      { status: 'pending', created_at: slot(90), creator: { type: 'Schedule', id: schedule } },
    ]);
  });
});

describe('jobs end without a request', () => {
  it('in real time: the hook event reaches the receiver with no request after the start, with the request links', async () => {
    // Pace 0.02: the job's 35 s take 0.7 s.
    const w = world(new AdjustableClock({ start: START }), 0.02);
    const id = await hookAndJob(w);
    await until(() => hooks.received.length > 0, 5_000);
    expect(hooks.received).toMatchObject([{ event: 'job.completed', body: expect.objectContaining({ id, status: 'completed', url: `http://sim.test/acme/api/jobs/${id}` }) }]);
    expect(unsettledJobIds(w.simulator.sim.store.account('acme')!).size).toBe(0);
  });

  it('a stop moves the end earlier, and the timer with it', async () => {
    // Pace 0.1: a run takes 3.5 s of wall time, a stop ends it 0.5 s after the request.
    const w = world(new AdjustableClock({ start: START }), 0.1);
    await w.b('post', '/hooks', { type: 'web', settings: { url: hooks.url }, events: ['job.stopped', 'job.completed'] }).expect(201);
    const res = await w.b('post', '/jobs', { cluster_id: w.acme.cluster_ids[0], package_id: w.acme.package_ids[0] }).expect(201);
    const id = (res.body as { id: number }).id;
    const stoppedAt = Date.now();
    await w.b('delete', `/jobs/${id}`).expect(200);
    await until(() => hooks.received.length > 0, 5_000);
    expect(hooks.received.map((r) => [r.event, r.body.id])).toEqual([['job.stopped', id]]);
    // Armed for the old end, it would have come 3.5 s after the start.
    expect(Date.now() - stoppedAt).toBeLessThan(2_500);
  });

  it('a clock sped up through the control API brings the timer forward', async () => {
    const w = world(new AdjustableClock({ start: START }));
    const id = await hookAndJob(w);
    // At speed 1 the job ends 35 s from now; at speed 100, 0.35 s.
    await w.control('/clock/set', { speed: 100 }).expect(200);
    await until(() => hooks.received.length > 0, 3_000);
    expect(hooks.received.map((r) => [r.event, r.body.id])).toEqual([['job.completed', id]]);
  });

  it('on a frozen clock moved through the control API: settled before the answer, delivered by webhooks/wait', async () => {
    const w = world(new AdjustableClock({ start: START, frozen: true }));
    const id = await hookAndJob(w);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hooks.received).toEqual([]);
    await w.control('/clock/advance', { seconds: 40 }).expect(200);
    expect(unsettledJobIds(w.simulator.sim.store.account('acme')!).size).toBe(0);
    await w.control('/webhooks/wait', { timeout_ms: 5_000 }).expect(200);
    expect(hooks.received.map((r) => [r.event, r.body.id])).toEqual([['job.completed', id]]);
  });

  it('webhooks/wait settles a job whose end came in real time before counting what is pending', async () => {
    const clock = new AdjustableClock({ start: START, frozen: true });
    const w = world(clock);
    const id = await hookAndJob(w);
    // Moved by code, not the control API: nothing noticed it, no timer is armed on a frozen clock.
    clock.advance(40_000);
    await w.control('/webhooks/wait', { timeout_ms: 5_000 }).expect(200);
    expect(hooks.received.map((r) => [r.event, r.body.id])).toEqual([['job.completed', id]]);
  });
});

describe('a restored state', () => {
  it('has its running jobs end on their own, with no request after the restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'disco-settle-'));
    const file = join(dir, 'state.log');
    try {
      // The first simulator makes the hook and the job, and sends nothing itself.
      const before = world(new AdjustableClock({ start: START }), 0.02, 'off');
      const first = await Persistence.open(before.simulator.sim, file);
      const id = await hookAndJob(before);
      await first.persistence.close();
      // The second starts from the file, as `disco serve --state` after a restart.
      const after = createSimulator({ clock: new AdjustableClock(), options: { deliverWebhooks: 'loopback' } });
      const second = await Persistence.open(after.sim, file);
      try {
        expect(second.restored).toBe(true);
        await until(() => hooks.received.length > 0, 5_000);
        expect(hooks.received.map((r) => [r.event, r.body.id])).toEqual([['job.completed', id]]);
      } finally {
        await second.persistence.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is written when jobs end with no request: a restart after that ends none of them, nor sends its hook, again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'disco-settle-'));
    const file = join(dir, 'state.log');
    // Read without changing it: the simulator may be appending to it meanwhile.
    const settledInFile = (id: number): boolean | undefined => {
      const { records } = parseStateFile(readFileSync(file));
      const acme = records.flatMap((r) => r.accounts as AccountState[]).filter((a) => a.slug === 'acme').at(-1);
      return acme?.jobs.get(id)?.settled;
    };
    try {
      const before = world(new AdjustableClock({ start: START }), 0.02);
      const first = await Persistence.open(before.simulator.sim, file);
      const id = await hookAndJob(before);
      expect(settledInFile(id)).toBe(false);
      await until(() => hooks.received.length > 0, 5_000);
      expect(hooks.received.map((r) => [r.event, r.body.id])).toEqual([['job.completed', id]]);
      // No request since the job's start: only the settle timer can have written its end.
      await until(() => settledInFile(id) === true, 2_000);
      expect(settledInFile(id)).toBe(true);
      stopSettling(before.simulator.sim);
      await first.persistence.close();
      // As after a crash: a second simulator starts from the file and must not end the job again.
      const after = createSimulator({ clock: new AdjustableClock(), options: { deliverWebhooks: 'loopback' } });
      const second = await Persistence.open(after.sim, file);
      try {
        await request(after.app.callback()).post(`${CONTROL_PREFIX}/webhooks/wait`).send({ timeout_ms: 2_000 }).expect(200);
        expect(hooks.received).toHaveLength(1);
        expect(after.sim.store.account('acme')?.jobs.get(id)?.settled).toBe(true);
      } finally {
        stopSettling(after.sim);
        await second.persistence.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a background write that fails leaves its accounts to the next request\'s record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'disco-settle-'));
    try {
      const clock = new AdjustableClock({ start: START, frozen: true });
      const w = world(clock, 1, 'off');
      const sim = w.simulator.sim;
      const opened = await Persistence.open(sim, join(dir, 'state.log'));
      await hookAndJob(w);
      // A closed file refuses every write, as a full disk would.
      await opened.persistence.close();
      clock.advance(40_000);
      const account = sim.store.account('acme')!;
      settleAccount(sim, account);
      expect([...sim.touched!]).toEqual([account]);
      await sim.saveTouched!();
      expect([...sim.touched!]).toEqual([account]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a backlog of ended jobs', () => {
  it('is settled in slices: a limited settle takes at most the limit and says more are due', () => {
    const clock = new AdjustableClock({ start: START, frozen: true });
    const w = world(clock);
    const account = w.simulator.sim.store.account('acme')!;
    const owner = account.users.values().next().value!;
    for (let i = 0; i < 600; i++) createJob(w.simulator.sim, account, owner, { clusterId: w.acme.cluster_ids[0]!, packageId: w.acme.package_ids[0]!, variables: {}, dynamicVariables: {} });
    clock.advance(40_000);
    expect(settleAccount(w.simulator.sim, account, undefined, 256)).toBe(true);
    expect(unsettledJobIds(account).size).toBe(600 - 256);
    expect(settleAccount(w.simulator.sim, account, undefined, 256)).toBe(true);
    expect(settleAccount(w.simulator.sim, account, undefined, 256)).toBe(false);
    expect(unsettledJobIds(account).size).toBe(0);
    expect([...account.notifications.values()].filter((n) => n.kind === 'job.completed')).toHaveLength(600);
  });

  it('is settled by the timer with no request, each job once, in slices with other work between them', async () => {
    // Pace 0.0001: a job's 35 s take 3.5 ms, so the 3,000 jobs end almost together.
    const w = world(new AdjustableClock({ start: START }), 0.0001);
    const account = w.simulator.sim.store.account('acme')!;
    const owner = account.users.values().next().value!;
    for (let i = 0; i < 3_000; i++) createJob(w.simulator.sim, account, owner, { clusterId: w.acme.cluster_ids[0]!, packageId: w.acme.package_ids[0]!, variables: {}, dynamicVariables: {} });
    // What is left unsettled, seen at every turn of the event loop until none is.
    const seen: number[] = [];
    await new Promise<void>((resolve) => {
      const look = () => {
        seen.push(unsettledJobIds(account).size);
        if (seen.at(-1) === 0 || seen.length > 1_000_000) resolve();
        else setImmediate(look);
      };
      look();
    });
    expect(seen.at(-1)).toBe(0);
    const drops = seen.slice(1).map((left, i) => seen[i]! - left);
    expect(Math.max(...drops)).toBeLessThanOrEqual(256);
    expect(drops.filter((d) => d > 0).length).toBeGreaterThanOrEqual(Math.ceil(3_000 / 256));
    expect([...account.notifications.values()].filter((n) => n.kind === 'job.completed')).toHaveLength(3_000);
  });
});
