import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { firstId, makeWorld, startJob, type TestWorld } from '../jobs/test-support.ts';
import { hookReceiverForEachTest } from '../../testing/hook-receiver.ts';
import { deliveriesSettled } from './delivery-log.ts';

/**
 * The real service's hook events of a job's and a cluster's life (its API docs list them all:
 * job.submitted, job.started, job.stopped, job.completed, job.failed, cluster.requested,
 * cluster.available, cluster.terminated), delivered as they happen, once each and in order, each
 * showing the resource as it stood then; and the notifications its docs say a cluster's watchers
 * get (the cluster available or terminated, a job run on it).
 */

const hooks = hookReceiverForEachTest(204);

async function subscribe(world: TestWorld, events: string[]): Promise<void> {
  await world.owner.post('/hooks', { type: 'web', name: `all-${events.join('-')}`, settings: { url: hooks.url }, events }).expect(201);
}

/** The events the receiver got so far, with the status their payload shows; any request on acme settles it first. */
async function heard(world: TestWorld): Promise<[string, unknown][]> {
  await world.owner.get('/hooks').expect(200);
  const account = world.simulator.sim.store.account('acme');
  if (account) await deliveriesSettled(account);
  return hooks.received.map((r) => [r.event, r.body.status]);
}

interface NotificationBody {
  title: string;
  message: string;
}

async function notifications(caller: TestWorld['owner']): Promise<NotificationBody[]> {
  return (await caller.get('/notifications').expect(200)).body as NotificationBody[];
}

describe('a job\'s events', () => {
  it('announces job.submitted, job.started and its end as they happen, once each, each showing the job at that moment', async () => {
    const world = makeWorld();
    await subscribe(world, ['job']);
    const job = await startJob(world);
    expect(await heard(world)).toEqual([['job.submitted', 'pending']]);
    world.advance(4);
    expect(await heard(world)).toEqual([['job.submitted', 'pending']]);
    world.advance(1);
    expect(await heard(world)).toEqual([['job.submitted', 'pending'], ['job.started', 'running']]);
    world.advance(30);
    world.advance(60);
    expect(await heard(world)).toEqual([['job.submitted', 'pending'], ['job.started', 'running'], ['job.completed', 'completed']]);
    for (const r of hooks.received) {
      expect(r.body.id).toBe(job.id);
      expect(validateResource('job', r.body)).toEqual([]);
    }
    const started = hooks.received[1]?.body;
    expect(started).toMatchObject({ started_at: '2026-01-05T09:00:05Z', progress: 0, completed_at: null });
  });

  it('announces a whole run at once, in order, when the clock passes it before anyone asks', async () => {
    const world = makeWorld();
    await subscribe(world, ['job.submitted', 'job.started', 'job.failed']);
    await startJob(world, 1);
    world.advance(3600);
    expect(await heard(world)).toEqual([['job.submitted', 'pending'], ['job.started', 'running'], ['job.failed', 'failed']]);
  });

  it('never announces job.started for a job stopped before it ran', async () => {
    const world = makeWorld();
    await subscribe(world, ['job']);
    const job = await startJob(world);
    world.advance(1);
    await world.owner.delete(`/jobs/${job.id}`).expect(200);
    world.advance(60);
    expect(await heard(world)).toEqual([['job.submitted', 'pending'], ['job.stopped', 'stopped']]);
  });

  it('a job from a state written before these events announces only its end, not a start twice', async () => {
    const world = makeWorld();
    await subscribe(world, ['job']);
    await startJob(world);
    world.advance(10);
    const state = JSON.parse((await world.http().get('/_disco/state').expect(200)).text) as { accounts: { slug: string; jobs: { $map: [number, Record<string, unknown>][] } }[] };
    for (const account of state.accounts) for (const [, job] of account.jobs.$map) delete job.announcedUntil;
    await world.http().put('/_disco/state').send(state).expect(200);
    world.advance(60);
    expect((await heard(world)).map(([event]) => event)).toEqual(['job.completed']);
  });

  it('tells the watchers of the job\'s cluster that a job runs on it; hooks of another account hear nothing', async () => {
    const world = makeWorld();
    const cluster = firstId(world.acme.cluster_ids);
    await world.colleague.post(`/clusters/${cluster}/watchers`).expect(200);
    await world.stranger.post('/hooks', { type: 'web', name: 'theirs', settings: { url: hooks.url }, events: ['job', 'cluster'] }).expect(201);
    const job = await startJob(world);
    const told = await notifications(world.colleague);
    expect(told).toEqual([expect.objectContaining({ title: 'Job submitted', message: `Job ${job.id} (orders-daily) was submitted to cluster acme/sandbox-1` })]);
    // The job's creator watches the job, not the cluster: told of its end only.
    expect((await notifications(world.owner)).filter((n) => n.message.startsWith(`Job ${job.id} `))).toEqual([]);
    world.advance(60);
    await world.owner.get('/jobs').expect(200);
    expect(hooks.received).toEqual([]);
  });
});

describe('a cluster\'s events', () => {
  it('announces cluster.requested, cluster.available and cluster.terminated as they happen; its watchers are told of the last two', async () => {
    const world = makeWorld();
    await subscribe(world, ['cluster']);
    const made = (await world.owner.post('/clusters', { nodes: 2, name: 'etl-2' }).expect(201)).body as { id: number };
    expect(await heard(world)).toEqual([['cluster.requested', 'pending']]);
    world.advance(34);
    expect(await heard(world)).toEqual([['cluster.requested', 'pending']]);
    world.advance(1);
    expect(await heard(world)).toEqual([['cluster.requested', 'pending'], ['cluster.available', 'available']]);
    expect(await notifications(world.owner)).toContainEqual(expect.objectContaining({ title: 'Cluster available', message: 'Cluster acme/etl-2 is available.' }));
    await world.owner.delete(`/clusters/${made.id}`).expect(200);
    world.advance(9);
    expect(await heard(world)).toHaveLength(2);
    world.advance(1);
    expect(await heard(world)).toEqual([['cluster.requested', 'pending'], ['cluster.available', 'available'], ['cluster.terminated', 'terminated']]);
    expect(await notifications(world.owner)).toContainEqual(expect.objectContaining({ title: 'Cluster terminated', message: 'Cluster acme/etl-2 was terminated.' }));
    for (const r of hooks.received) {
      expect(r.body.id).toBe(made.id);
      expect(validateResource('simulator/cluster', r.body)).toEqual([]);
    }
    world.advance(3600);
    expect(await heard(world)).toHaveLength(3);
    // The colleague does not watch the cluster.
    expect((await notifications(world.colleague)).filter((n) => n.message.includes('etl-2'))).toEqual([]);
  });

  it('a cluster terminated before it was available announces no availability', async () => {
    const world = makeWorld();
    await subscribe(world, ['cluster.requested', 'cluster.available', 'cluster.terminated']);
    const made = (await world.owner.post('/clusters', { nodes: 1, type: 'sandbox' }).expect(201)).body as { id: number };
    world.advance(20);
    await world.owner.delete(`/clusters/${made.id}`).expect(200);
    world.advance(3600);
    expect(await heard(world)).toEqual([['cluster.requested', 'pending'], ['cluster.terminated', 'terminated']]);
  });

  it('a seeded cluster announces its termination only', async () => {
    const world = makeWorld();
    await subscribe(world, ['cluster']);
    const seeded = firstId(world.acme.cluster_ids, 1);
    await world.owner.post(`/clusters/${seeded}/watchers`).expect(200);
    world.advance(60);
    expect(await heard(world)).toEqual([]);
    await world.owner.delete(`/clusters/${seeded}`).expect(200);
    await world.owner.delete(`/clusters/${seeded}`).expect(200);
    world.advance(60);
    expect(await heard(world)).toEqual([['cluster.terminated', 'terminated']]);
    expect((await notifications(world.owner)).filter((n) => n.title === 'Cluster terminated')).toEqual([expect.objectContaining({ message: 'Cluster acme/prod-etl was terminated.' })]);
  });
});
