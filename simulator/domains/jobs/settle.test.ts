import { beforeEach, describe, expect, it, vi } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { emitEvent } from '../events.ts';
import { settleAccount } from '../settle.ts';
import { unsettledJobIds } from './unsettled.ts';
import { createJob, stopJob } from './model.ts';
import { firstId, makeWorld, startJob, type TestWorld } from './test-support.ts';

vi.mock('../events.ts', () => ({ emitEvent: vi.fn() }));
const emitted = vi.mocked(emitEvent);

interface NotificationBody {
  id: number;
  title: string;
  message: string;
  last_read_at: string | null;
  created_at: string;
}

/** The caller's notifications about jobs, with the job each names (the real service's shape names it in the message). */
async function jobNotifications(caller: TestWorld['owner']): Promise<(NotificationBody & { jobId: number })[]> {
  const res = await caller.get('/notifications').expect(200);
  return (res.body as NotificationBody[]).flatMap((n) => {
    const named = /^Job (\d+) /.exec(n.message);
    return named ? [{ ...n, jobId: Number(named[1]) }] : [];
  });
}

/** What was emitted, oldest first: each event with its payload made (emitEvent takes a maker). */
function emittedEvents(): { account: string | undefined; event: string; payload: Record<string, unknown> }[] {
  return emitted.mock.calls.map(([, account, event, resource]) => ({ account: account.slug, event, payload: resource() }));
}

/** The job ends emitted, oldest first (the jobs' submissions and starts are emitted too). */
function emittedEnds(): ReturnType<typeof emittedEvents> {
  return emittedEvents().filter((e) => ['job.completed', 'job.failed', 'job.stopped'].includes(e.event));
}

beforeEach(() => {
  emitted.mockClear();
});

/** A job made through the model, not a request: no request has been seen on the account. */
function jobMadeByTheModel(world: TestWorld) {
  const sim = world.simulator.sim;
  const acme = sim.store.account('acme');
  if (!acme) throw new Error('no acme');
  const owner = acme.users.values().next().value!;
  const job = createJob(sim, acme, owner, { clusterId: firstId(world.acme.cluster_ids), packageId: firstId(world.acme.package_ids), variables: {}, dynamicVariables: {} });
  return { sim, acme, job };
}

describe('settling terminal jobs (before every interface B request)', () => {
  it('notifies every watcher once and fires job.completed once, dated when the job completed', async () => {
    const world = makeWorld();
    const { id } = await startJob(world);
    await world.colleague.post(`/jobs/${id}/watchers`).expect(200);
    world.advance(34);
    expect(await jobNotifications(world.owner)).toEqual([]);
    expect(emittedEnds()).toEqual([]);

    world.advance(10);
    const ownerNotes = await jobNotifications(world.owner);
    expect(ownerNotes).toEqual([
      expect.objectContaining({ title: 'Job completed', jobId: id, last_read_at: null, created_at: '2026-01-05T09:00:35Z' }),
    ]);
    expect(ownerNotes[0]?.message).toContain('orders-daily');
    for (const { jobId: _named, ...n } of ownerNotes) expect(validateResource('simulator/notification', n)).toEqual([]);
    expect(await jobNotifications(world.colleague)).toHaveLength(1);

    expect(emittedEnds()).toHaveLength(1);
    const { account, event, payload } = emittedEnds()[0]!;
    expect(account).toBe('acme');
    expect(event).toBe('job.completed');
    expect(validateResource('job', payload)).toEqual([]);
    expect(payload).toMatchObject({ id, status: 'completed', url: `http://sim.test/acme/api/jobs/${id}` });

    world.advance(60);
    await world.owner.get('/jobs').expect(200);
    expect(await jobNotifications(world.owner)).toHaveLength(1);
    expect(emittedEnds()).toHaveLength(1);
  });

  it('notifies job.failed and job.stopped for failed and stopped jobs', async () => {
    const world = makeWorld();
    const { id: failing } = await startJob(world, 1);
    const { id: stopped } = await startJob(world);
    await world.owner.delete(`/jobs/${stopped}`).expect(200);
    world.advance(30);
    const notes = await jobNotifications(world.owner);
    expect(notes.map((n) => [n.title, n.jobId])).toEqual([
      ['Job failed', failing],
      ['Job stopped', stopped],
    ]);
    expect(emittedEnds().map((e) => e.event).sort()).toEqual(['job.failed', 'job.stopped']);
    // A user who does not watch the job hears nothing.
    expect(await jobNotifications(world.colleague)).toEqual([]);
  });

  it('tracks only unsettled jobs, and forgets them once settled', async () => {
    const world = makeWorld();
    await startJob(world);
    await startJob(world);
    const acme = world.simulator.sim.store.account('acme');
    if (!acme) throw new Error('no acme');
    expect(unsettledJobIds(acme).size).toBe(2);
    world.advance(40);
    settleAccount(world.simulator.sim, acme);
    expect(unsettledJobIds(acme).size).toBe(0);
    // Without links (settled by the timer, not a request) the payload carries the absolute urls of
    // the last request on the account (Host sim.test).
    expect(emittedEnds()[0]?.payload).toMatchObject({ url: expect.stringMatching(/^http:\/\/sim\.test\/acme\/api\/jobs\/\d+$/) });
  });

  it('without links and with no request seen on the account, builds absolute urls on a loopback origin', () => {
    const world = makeWorld();
    const { sim, acme } = jobMadeByTheModel(world);
    world.advance(40);
    settleAccount(sim, acme);
    expect(emittedEnds()[0]?.payload).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1\/acme\/api\/jobs\/\d+$/) });
  });

  it('b-foreign-watch-allowed: a foreign watcher is notified in their own account', async () => {
    const world = makeWorld(['b-foreign-watch-allowed']);
    const res = await world.stranger
      .post('/jobs', { cluster_id: firstId(world.globex.cluster_ids), package_id: firstId(world.globex.package_ids) })
      .expect(201);
    const foreignId = (res.body as { id: number }).id;
    await world.owner.post(`/jobs/${foreignId}/watchers`).expect(200);
    world.advance(40);
    await world.stranger.get('/jobs').expect(200);
    expect((await jobNotifications(world.owner)).map((n) => n.jobId)).toEqual([foreignId]);
    expect((await jobNotifications(world.stranger)).map((n) => n.jobId)).toEqual([foreignId]);
  });
});

describe('the settle queue', () => {
  it('announces each event once when a job is queued twice before it is settled (made and stopped in one moment)', () => {
    const world = makeWorld();
    const { sim, acme, job } = jobMadeByTheModel(world);
    stopJob(sim, acme, job.id);
    world.advance(60);
    settleAccount(sim, acme);
    settleAccount(sim, acme);
    expect(emittedEvents().map((e) => e.event)).toEqual(['job.submitted', 'job.stopped']);
  });

  it('settles each job once, when its end comes: a stop moves the end earlier, later jobs wait', async () => {
    const world = makeWorld();
    const acme = world.simulator.sim.store.account('acme');
    if (!acme) throw new Error('no acme');
    const { id: early } = await startJob(world);
    world.advance(10);
    const { id: late } = await startJob(world);
    await world.owner.delete(`/jobs/${early}`).expect(200);
    // The stopped job ends 5 s after its stop; the other runs 35 s from its start.
    world.advance(6);
    settleAccount(world.simulator.sim, acme);
    expect(acme.jobs.get(early)?.settled).toBe(true);
    expect(acme.jobs.get(late)?.settled).toBe(false);
    expect(unsettledJobIds(acme).has(late)).toBe(true);
    world.advance(30);
    settleAccount(world.simulator.sim, acme);
    settleAccount(world.simulator.sim, acme);
    expect(acme.jobs.get(late)?.settled).toBe(true);
    expect(emittedEnds().map((e) => e.event).sort()).toEqual(['job.completed', 'job.stopped']);
  });
});
