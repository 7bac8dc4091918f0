import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { firstId, makeWorld, START, type TestWorld } from '../jobs/test-support.ts';
import { hookReceiverForEachTest } from '../../testing/hook-receiver.ts';
import { deliveriesSettled } from '../hooks/delivery-log.ts';
import { MAX_CATCH_UP_SLOTS } from './runs.ts';

/**
 * Schedules run, as the real service's API docs say they do (resources/schedule.md,
 * sections/run-schedule.md): at each slot while enabled and at once on `POST /schedules/{id}/run`,
 * every package of the task as a job, on a cluster picked by `reuse_cluster_strategy`; what the
 * body leaves out takes the docs' defaults.
 */

const hooks = hookReceiverForEachTest(204);

interface ScheduleBody {
  id: number;
  status: string;
  next_run_at: string | null;
  last_run_at: string | null;
  last_run_status: string | null;
  execution_count: number;
  [field: string]: unknown;
}

interface JobBody {
  id: number;
  status: string;
  cluster_id: number;
  package_id: number;
  created_at: string;
  attempts: number;
  master_auto_retry_attempts: number | null;
  creator: { type: string; id: number; display_name: string };
}

interface ClusterBody {
  id: number;
  status: string;
  nodes: number;
  idle_since: string | null;
  terminated_on_idle: boolean;
}

const at = (seconds: number) => new Date(START + seconds * 1000).toISOString().replace('.000Z', 'Z');
const ORDERS = 0;
const BROKEN = 1;

async function makeSchedule(world: TestWorld, fields: Record<string, unknown>, packages: number[] = [ORDERS]): Promise<ScheduleBody> {
  const body = {
    name: 'hourly',
    start_at: at(600),
    interval_amount: 1,
    interval_unit: 'hours',
    task: { nodes: 1, packages: packages.map((i) => ({ package_id: firstId(world.acme.package_ids, i), variables: { day: "'today'" } })) },
    ...fields,
  };
  return (await world.owner.post('/schedules', body).expect(201)).body as ScheduleBody;
}

async function schedule(world: TestWorld, id: number): Promise<ScheduleBody> {
  return (await world.owner.get(`/schedules/${id}`).expect(200)).body as ScheduleBody;
}

async function jobsOf(world: TestWorld, scheduleId: number): Promise<JobBody[]> {
  const jobs = (await world.owner.get('/jobs?limit=100').expect(200)).body as JobBody[];
  return jobs.filter((j) => j.creator.type === 'Schedule' && j.creator.id === scheduleId).reverse();
}

async function cluster(world: TestWorld, id: number): Promise<ClusterBody> {
  return (await world.owner.get(`/clusters/${id}`).expect(200)).body as ClusterBody;
}

describe('a schedule made without the optional fields', () => {
  it("takes the real docs' defaults: disabled, overlapping, no retries, reuse any cluster, 2 nodes terminated after 60 s idle; never run", async () => {
    const world = makeWorld();
    const made = await world.owner
      .post('/schedules', { name: 'bare', start_at: at(60), interval_amount: 1, interval_unit: 'hours', task: { packages: [{ package_id: String(firstId(world.acme.package_ids)) }] } })
      .expect(201);
    expect(made.body).toMatchObject({
      status: 'disabled',
      overlap: true,
      auto_retry: false,
      auto_retry_attempts: 3,
      reuse_cluster_strategy: 'any',
      task: { nodes: 2, terminate_on_idle: true, time_to_idle: 60, packages: [{ package_id: firstId(world.acme.package_ids) }] },
      next_run_at: null,
      last_run_at: null,
      last_run_status: null,
      execution_count: 0,
    });
    expect(validateResource('simulator/schedule', made.body)).toEqual([]);
    world.advance(7200);
    expect(await jobsOf(world, (made.body as ScheduleBody).id)).toEqual([]);
  });

  it('refuses a retry count outside 1 to 5 and non-boolean flags, naming each field', async () => {
    const world = makeWorld();
    const res = await world.owner
      .post('/schedules', { name: 'bad', start_at: at(60), interval_amount: 1, interval_unit: 'hours', overlap: 'yes', auto_retry: 1, auto_retry_attempts: 6, task: { time_to_idle: -1, terminate_on_idle: 'no', packages: [{ package_id: firstId(world.acme.package_ids) }] } })
      .expect(422);
    expect(JSON.stringify(res.body)).toMatch(/overlap.*auto_retry.*auto_retry_attempts.*task\.terminate_on_idle.*task\.time_to_idle/s);
    expect((await world.owner.get('/schedules').expect(200)).body).toEqual([]);
  });
});

describe('an enabled schedule', () => {
  it('runs every package of its task at each slot, as jobs the schedule created, on a new cluster each time with reuse none', async () => {
    const world = makeWorld();
    const made = await makeSchedule(world, { status: 'enabled', reuse_cluster_strategy: 'none' }, [ORDERS, BROKEN]);
    expect(made.next_run_at).toBe(at(600));
    world.advance(599);
    expect(await jobsOf(world, made.id)).toEqual([]);
    world.advance(1);
    const first = await jobsOf(world, made.id);
    expect(first.map((j) => [j.package_id, j.created_at, j.status])).toEqual([
      [firstId(world.acme.package_ids, ORDERS), at(600), 'pending'],
      [firstId(world.acme.package_ids, BROKEN), at(600), 'pending'],
    ]);
    expect(first[0]?.creator).toMatchObject({ type: 'Schedule', id: made.id, display_name: 'hourly' });
    expect(first[0]).toMatchObject({ attempts: 0, master_auto_retry_attempts: null, variables: { day: "'today'" } });
    for (const job of first) expect(validateResource('job', job)).toEqual([]);
    expect(await schedule(world, made.id)).toMatchObject({ execution_count: 1, last_run_at: at(600), last_run_status: 'running', next_run_at: at(4200) });
    const clusterId = first[0]?.cluster_id ?? 0;
    expect(first[1]?.cluster_id).toBe(clusterId);
    expect(world.acme.cluster_ids).not.toContain(clusterId);
    expect(await cluster(world, clusterId)).toMatchObject({ status: 'pending', nodes: 1 });
    world.advance(60);
    // broken-export fails: the run failed.
    expect(await schedule(world, made.id)).toMatchObject({ last_run_status: 'failed' });
    world.advance(3540);
    const second = (await jobsOf(world, made.id)).slice(2);
    expect(second.map((j) => j.created_at)).toEqual([at(4200), at(4200)]);
    expect(second[0]?.cluster_id).not.toBe(clusterId);
    expect(await schedule(world, made.id)).toMatchObject({ execution_count: 2, last_run_at: at(4200), next_run_at: at(7800) });
  });

  it('runs each slot the clock passed, at its own moment, when the clock jumps (at most MAX_CATCH_UP_SLOTS of them)', async () => {
    const world = makeWorld();
    const made = await makeSchedule(world, { status: 'enabled', interval_unit: 'minutes', interval_amount: 30 });
    world.advance(600 + 5 * 1800);
    const jobs = await jobsOf(world, made.id);
    expect(jobs.map((j) => j.created_at)).toEqual([0, 1, 2, 3, 4, 5].map((k) => at(600 + k * 1800)));
    expect(await schedule(world, made.id)).toMatchObject({ execution_count: 6, next_run_at: at(600 + 6 * 1800) });
    world.advance(1800 * (MAX_CATCH_UP_SLOTS + 50));
    expect((await schedule(world, made.id)).execution_count).toBe(6 + MAX_CATCH_UP_SLOTS);
  });

  it('skips a slot while the last run still goes when overlap is false, and refuses to run it now then', async () => {
    const world = makeWorld();
    const made = await makeSchedule(world, { status: 'enabled', overlap: false, interval_unit: 'minutes', interval_amount: 1, start_at: at(60) });
    // Started 20 s before its slot, the run takes 35 s: the slot at 60 s comes while it runs.
    world.advance(40);
    await world.owner.post(`/schedules/${made.id}/run`).expect(200);
    const refused = await world.owner.post(`/schedules/${made.id}/run`).expect(422);
    expect(JSON.stringify(refused.body)).toContain('overlap');
    world.advance(20);
    expect(await schedule(world, made.id)).toMatchObject({ execution_count: 1, last_run_at: at(40), next_run_at: at(120) });
    world.advance(60);
    expect(await schedule(world, made.id)).toMatchObject({ execution_count: 2, last_run_at: at(120) });
  });

  it('stops running when disabled, and runs from the next slot after now when enabled again', async () => {
    const world = makeWorld();
    const made = await makeSchedule(world, { status: 'enabled' });
    await world.owner.put(`/schedules/${made.id}`, { status: 'disabled' }).expect(200);
    world.advance(4000);
    expect(await schedule(world, made.id)).toMatchObject({ execution_count: 0, next_run_at: null });
    const enabled = (await world.owner.put(`/schedules/${made.id}`, { status: 'enabled' }).expect(200)).body as ScheduleBody;
    expect(enabled.next_run_at).toBe(at(4200));
    world.advance(200);
    expect((await schedule(world, made.id)).execution_count).toBe(1);
  });
});

describe('the slots an enabled schedule runs at (fast-check)', () => {
  it('are start + k intervals, each once, from the first not before it was made, as the clock moves in any steps; a jump runs at most MAX_CATCH_UP_SLOTS', async () => {
    const STEP = { minutes: 60_000, hours: 3_600_000 } as const;
    const input = fc.record({
      startOffsetS: fc.integer({ min: -5 * 3600, max: 5 * 3600 }),
      unit: fc.constantFrom('minutes' as const, 'hours' as const),
      amount: fc.integer({ min: 1, max: 90 }),
      advancesS: fc.array(fc.oneof(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 600, max: 4 * 3600 }), fc.integer({ min: 100 * 3600, max: 200 * 3600 })), { minLength: 1, maxLength: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ startOffsetS, unit, amount, advancesS }) => {
        const world = makeWorld();
        const step = STEP[unit] * amount;
        const start = START + startOffsetS * 1000;
        const made = await makeSchedule(world, { status: 'enabled', interval_unit: unit, interval_amount: amount, start_at: new Date(start).toISOString().replace('.000Z', 'Z') });
        // The rules written out again: the first slot not before the moment it was made, then each
        // slot the clock passes, at most MAX_CATCH_UP_SLOTS per move, the rest skipped.
        const expected: number[] = [];
        let next = start >= START ? start : start + Math.ceil((START - start) / step) * step;
        let now = START;
        for (const s of advancesS) {
          now += s * 1000;
          world.advance(s);
          await world.owner.get(`/schedules/${made.id}`).expect(200);
          let taken = 0;
          while (next <= now) {
            if (taken++ === MAX_CATCH_UP_SLOTS) {
              next = start + (Math.floor((now - start) / step) + 1) * step;
              break;
            }
            expected.push(next);
            next += step;
          }
        }
        const account = world.simulator.sim.store.account('acme')!;
        const ran = [...account.jobs.values()].filter((j) => j.createdBy?.scheduleId === made.id).map((j) => j.createdAt);
        expect(ran).toEqual(expected);
        expect(await schedule(world, made.id)).toMatchObject({ execution_count: expected.length, next_run_at: new Date(next).toISOString().replace('.000Z', 'Z') });
      }),
      { seed: 20261126, numRuns: 60 },
    );
  });
});

describe('POST /schedules/{id}/run', () => {
  it('runs a disabled schedule now, with 200 and the schedule; its start cannot change after', async () => {
    const world = makeWorld();
    const made = await makeSchedule(world, {});
    world.advance(30);
    const ran = await world.owner.post(`/schedules/${made.id}/run`).expect(200);
    expect(ran.body).toMatchObject({ id: made.id, status: 'disabled', execution_count: 1, last_run_at: at(30), last_run_status: 'running', next_run_at: null });
    expect(validateResource('simulator/schedule', ran.body)).toEqual([]);
    expect((await jobsOf(world, made.id)).map((j) => j.created_at)).toEqual([at(30)]);
    const refused = await world.owner.put(`/schedules/${made.id}`, { start_at: at(9000) }).expect(422);
    expect(JSON.stringify(refused.body)).toContain('start_at');
    world.advance(60);
    expect(await schedule(world, made.id)).toMatchObject({ last_run_status: 'completed', start_at: at(600) });
  });

  it("answers another account's, an absent and a malformed schedule with the same 404, running nothing", async () => {
    const world = makeWorld();
    const made = await makeSchedule(world, {});
    const foreign = await world.stranger.post(`/schedules/${made.id}/run`).expect(404);
    const absent = await world.owner.post('/schedules/999999/run').expect(404);
    const malformed = await world.owner.post('/schedules/x/run').expect(404);
    expect(foreign.body).toEqual(absent.body);
    expect(malformed.body).toEqual(absent.body);
    expect(await schedule(world, made.id)).toMatchObject({ execution_count: 0 });
    expect(await jobsOf(world, made.id)).toEqual([]);
  });
});

describe("a run's cluster", () => {
  it('reuse any: the smallest cluster of the account with enough nodes', async () => {
    const world = makeWorld();
    const small = await makeSchedule(world, { reuse_cluster_strategy: 'any', task: { nodes: 1, packages: [{ package_id: firstId(world.acme.package_ids) }] } });
    const big = await makeSchedule(world, { reuse_cluster_strategy: 'any', task: { nodes: 3, packages: [{ package_id: firstId(world.acme.package_ids) }] } });
    await world.owner.post(`/schedules/${small.id}/run`).expect(200);
    await world.owner.post(`/schedules/${big.id}/run`).expect(200);
    expect((await jobsOf(world, small.id))[0]?.cluster_id).toBe(firstId(world.acme.cluster_ids, 0));
    expect((await jobsOf(world, big.id))[0]?.cluster_id).toBe(firstId(world.acme.cluster_ids, 1));
  });

  it('is idle once its jobs ended and terminated time_to_idle later (cluster.idled heard, watchers not told); reuse self takes it back before that', async () => {
    const world = makeWorld();
    await world.owner.post('/hooks', { type: 'web', name: 'clusters', settings: { url: hooks.url }, events: ['cluster'] }).expect(201);
    const made = await makeSchedule(world, { reuse_cluster_strategy: 'self', task: { nodes: 2, time_to_idle: 120, packages: [{ package_id: firstId(world.acme.package_ids) }] } });
    await world.owner.post(`/schedules/${made.id}/run`).expect(200);
    const clusterId = (await jobsOf(world, made.id))[0]?.cluster_id ?? 0;
    // Available at 35 s, the job ends at 35 s: idle from then, terminated at 35 + 120 + 10 s.
    world.advance(36);
    expect(await cluster(world, clusterId)).toMatchObject({ status: 'idle', idle_since: at(35), terminated_on_idle: false });
    world.advance(64);
    await world.owner.post(`/schedules/${made.id}/run`).expect(200);
    expect((await jobsOf(world, made.id))[1]?.cluster_id).toBe(clusterId);
    expect(await cluster(world, clusterId)).toMatchObject({ status: 'available', idle_since: null });
    world.advance(35);
    expect(await cluster(world, clusterId)).toMatchObject({ status: 'idle', idle_since: at(135) });
    world.advance(200);
    expect(await cluster(world, clusterId)).toMatchObject({ status: 'terminated', terminated_on_idle: true });
    const account = world.simulator.sim.store.account('acme');
    if (account) await deliveriesSettled(account);
    expect(hooks.received.filter((r) => r.body.id === clusterId).map((r) => r.event)).toEqual(['cluster.requested', 'cluster.available', 'cluster.idled', 'cluster.idled', 'cluster.terminated']);
    const told = ((await world.owner.get('/notifications').expect(200)).body as { message: string }[]).map((n) => n.message).filter((m) => m.includes(`cluster-${clusterId}`));
    expect(told.some((m) => /idle/i.test(m))).toBe(false);
    expect(told.some((m) => m.endsWith('was terminated.'))).toBe(true);
  });

  it('a DELETE brings a planned idle termination forward', async () => {
    const world = makeWorld();
    const made = await makeSchedule(world, { reuse_cluster_strategy: 'none', task: { nodes: 1, time_to_idle: 3600, packages: [{ package_id: firstId(world.acme.package_ids) }] } });
    await world.owner.post(`/schedules/${made.id}/run`).expect(200);
    const clusterId = (await jobsOf(world, made.id))[0]?.cluster_id ?? 0;
    world.advance(40);
    await world.owner.delete(`/clusters/${clusterId}`).expect(200);
    world.advance(10);
    expect(await cluster(world, clusterId)).toMatchObject({ status: 'terminated', terminated_on_idle: false });
  });
});

describe('auto_retry', () => {
  it("runs a failed job of a run again, up to auto_retry_attempts times, each attempt counted; the run's status follows the last", async () => {
    const world = makeWorld();
    const made = await makeSchedule(world, { auto_retry: true, auto_retry_attempts: 2 }, [BROKEN]);
    await world.owner.post(`/schedules/${made.id}/run`).expect(200);
    // Each attempt fails 23 s after it starts (5 s before running, then 18 s).
    for (let i = 0; i < 4; i++) {
      world.advance(23);
      await world.owner.get('/jobs').expect(200);
    }
    const jobs = await jobsOf(world, made.id);
    expect(jobs.map((j) => [j.attempts, j.master_auto_retry_attempts, j.status, j.created_at])).toEqual([
      [0, 2, 'failed', at(0)],
      [1, 2, 'failed', at(23)],
      [2, 2, 'failed', at(46)],
    ]);
    expect(await schedule(world, made.id)).toMatchObject({ execution_count: 1, last_run_status: 'failed' });
  });
});

describe('a schedule from a state saved before schedules ran', () => {
  it('runs from its first slot after the moment it is first seen, not the slots it missed', async () => {
    const world = makeWorld();
    const account = world.simulator.sim.store.account('acme');
    if (!account) throw new Error('no acme');
    account.schedules.set(9001, {
      id: 9001,
      name: 'old',
      description: '',
      ownerId: [...account.users.keys()][0] ?? 0,
      status: 'enabled',
      startAt: START - 10 * 3_600_000,
      intervalAmount: 1,
      intervalUnit: 'hours',
      task: { nodes: 1, packages: [{ package_id: firstId(world.acme.package_ids), variables: {} }] },
      reuseClusterStrategy: 'none',
      createdAt: START - 20 * 3_600_000,
      updatedAt: START - 20 * 3_600_000,
    });
    world.advance(60);
    expect(await schedule(world, 9001)).toMatchObject({ execution_count: 0, next_run_at: at(3600) });
    world.advance(3540);
    expect(await schedule(world, 9001)).toMatchObject({ execution_count: 1, last_run_at: at(3600) });
  });
});
