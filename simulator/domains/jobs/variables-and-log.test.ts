import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { firstId, makeWorld, startJob, type JobBody } from './test-support.ts';

/**
 * Two extensions of the real service (its API docs): `GET /jobs/{id}/variables`, the variables a
 * job runs with, and `GET /jobs/{id}/log`, its log summary, which every job's `log_url` names.
 */

describe('GET /jobs/{id}/variables (extension)', () => {
  it('lists the package\'s defaults, overridden by the job\'s variables, then its dynamic variables', async () => {
    const world = makeWorld();
    const created = await world.owner
      .post('/jobs', {
        cluster_id: firstId(world.acme.cluster_ids),
        package_id: firstId(world.acme.package_ids),
        variables: { region: 'eu', now: 'static' },
        dynamic_variables: { now: 'CurrentTime()' },
      })
      .expect(201);
    const res = await world.owner.get(`/jobs/${(created.body as JobBody).id}/variables`).expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.service+json; version=2');
    expect(res.body).toEqual({ run_date: '2026-01-04', region: 'eu', now: 'CurrentTime()' });
    expect(validateResource('simulator/job-variables', res.body)).toEqual([]);

    const overridden = await world.owner
      .post('/jobs', { cluster_id: firstId(world.acme.cluster_ids), package_id: firstId(world.acme.package_ids), variables: { run_date: '2026-02-01' } })
      .expect(201);
    expect((await world.owner.get(`/jobs/${(overridden.body as JobBody).id}/variables`).expect(200)).body).toEqual({ run_date: '2026-02-01' });
  });
});

describe('GET /jobs/{id}/log (extension)', () => {
  it('is where the job\'s log_url points, and sums up how the run stands, then how it ended', async () => {
    const world = makeWorld();
    const job = await startJob(world);
    const read = (await world.owner.get(`/jobs/${job.id}`).expect(200)).body as JobBody;
    const logPath = new URL(String(read.log_url)).pathname.replace('/acme/api', '');
    expect(logPath).toBe(`/jobs/${job.id}/log`);
    const body = async () => {
      const res = await world.owner.get(logPath).expect(200);
      expect(validateResource('simulator/job-log', res.body)).toEqual([]);
      expect(res.body.url).toBe(read.log_url);
      return (res.body as { body: string }).body;
    };
    expect(await body()).toBe('Job has not started running yet.');
    world.advance(15);
    expect(await body()).toBe('Package orders-daily has been running for 10 seconds.');
    world.advance(60);
    expect(await body()).toMatch(/^Package orders-daily completed in 30 seconds of running: \d+ outputs, \d+ records written\.$/);
  });

  it('gives a failed job\'s failure as its errors field does, and a stopped job\'s stop', async () => {
    const world = makeWorld();
    const failing = await startJob(world, 1);
    const stopped = await startJob(world);
    world.advance(10);
    await world.owner.delete(`/jobs/${stopped.id}`).expect(200);
    world.advance(60);
    const failed = (await world.owner.get(`/jobs/${failing.id}`).expect(200)).body as JobBody;
    expect(failed.status).toBe('failed');
    expect((await world.owner.get(`/jobs/${failing.id}/log`).expect(200)).body.body).toBe(failed.errors);
    expect((await world.owner.get(`/jobs/${stopped.id}/log`).expect(200)).body.body).toBe('Job stopped after 5 seconds of running.');
  });
});

describe('GET /jobs/{id}?include=log_summary (extension)', () => {
  it("adds the docs' log_summary: the log's body, and for a failed job its error summary and action items", async () => {
    const world = makeWorld();
    const running = await startJob(world);
    const failing = await startJob(world, 1);
    world.advance(10);
    const plain = (await world.owner.get(`/jobs/${running.id}`).expect(200)).body as JobBody;
    const withSummary = (await world.owner.get(`/jobs/${running.id}?include=log_summary`).expect(200)).body as JobBody & { log_summary: Record<string, unknown> };
    const { log_summary: summary, ...job } = withSummary;
    expect(job).toEqual(plain);
    expect(summary).toEqual({ id: running.id, body: (await world.owner.get(`/jobs/${running.id}/log`).expect(200)).body.body, error_summary: null, openai_extract: null, action_items: [], created_at: plain.updated_at });
    world.advance(60);
    const failed = (await world.owner.get(`/jobs/${failing.id}?include=log_summary,cluster,package`).expect(200)).body as JobBody & { log_summary: { body: string; error_summary: string; action_items: string[] } };
    expect(failed.status).toBe('failed');
    expect(failed.log_summary.body).toBe(failed.errors);
    expect(failed.log_summary.error_summary).toBe('Component warehouse_destination could not write its records.');
    expect(failed.log_summary.action_items.length).toBeGreaterThan(0);
    // The Java client's list includes change nothing: every job carries its cluster and package.
    expect((await world.owner.get(`/jobs/${failing.id}?include=cluster,package`).expect(200)).body).not.toHaveProperty('log_summary');
  });

  it('refuses another include with a 422 naming it; an absent job is still the 404', async () => {
    const world = makeWorld();
    const job = await startJob(world);
    const res = await world.owner.get(`/jobs/${job.id}?include=logs`).expect(422);
    expect((res.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['include']);
    await world.owner.get(`/jobs/${job.id}?include=log_summary&include=cluster`).expect(422);
    await world.owner.get('/jobs/424242?include=log_summary').expect(404);
  });
});

describe('the job\'s variables and log of a job that is not the caller\'s', () => {
  it('answers an absent, another account\'s and a malformed id with the same 404 as the job read', async () => {
    const world = makeWorld();
    const theirs = (await world.stranger.post('/jobs', { cluster_id: firstId(world.globex.cluster_ids), package_id: firstId(world.globex.package_ids) }).expect(201)).body as JobBody;
    const absent = await world.owner.get('/jobs/424242').expect(404);
    for (const tail of ['variables', 'log']) {
      for (const id of ['424242', String(theirs.id), 'x1']) {
        const res = await world.owner.get(`/jobs/${id}/${tail}`).expect(404);
        expect(res.text).toBe(absent.text);
      }
    }
  });
});
