import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { firstId, makeWorld, startJob, type JobBody, type TestWorld } from './test-support.ts';

const NOT_FOUND = '{"message":"Item not found."}';

/** The acme ids: 0 runs fine, 1 fails, 2 is archived; clusters 0 and 1. */
function ids(world: TestWorld) {
  return {
    cluster: firstId(world.acme.cluster_ids),
    ok: firstId(world.acme.package_ids, 0),
    failing: firstId(world.acme.package_ids, 1),
    archived: firstId(world.acme.package_ids, 2),
    foreignCluster: firstId(world.globex.cluster_ids),
    foreignPackage: firstId(world.globex.package_ids),
  };
}

async function readJob(world: TestWorld, id: number): Promise<JobBody> {
  const res = await world.owner.get(`/jobs/${id}`).expect(200);
  expect(validateResource('job', res.body)).toEqual([]);
  return res.body as JobBody;
}

function fieldsOf(body: unknown): string[] {
  return ((body as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
}

describe('POST /jobs', () => {
  it('creates and starts the job: 201, pending, with every field of section 2', async () => {
    const world = makeWorld();
    const { cluster, ok } = ids(world);
    const res = await world.owner
      .post('/jobs', { cluster_id: cluster, package_id: ok, variables: { day: '2026-01-04' }, dynamic_variables: { now: 'CurrentTime()' }, unknown_key: 1 })
      .expect(201);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(validateResource('job', res.body)).toEqual([]);
    const owner = world.acme.users[0];
    expect(res.body).toMatchObject({
      status: 'pending',
      progress: 0,
      outputs: [],
      outputs_count: 0,
      started_at: null,
      failed_at: null,
      completed_at: null,
      errors: '',
      runtime_in_seconds: 0,
      owner_id: owner?.id,
      cluster_id: cluster,
      package_id: ok,
      variables: { day: '2026-01-04' },
      dynamic_variables: { now: 'CurrentTime()' },
      created_at: '2026-01-05T09:00:00Z',
      updated_at: '2026-01-05T09:00:00Z',
      creator: { type: 'User', display_name: owner?.name, id: owner?.id },
      package: { id: ok, name: 'orders-daily' },
      cluster: { id: cluster, name: 'sandbox-1' },
    });
    const id = (res.body as JobBody).id;
    expect(res.body.url).toMatch(new RegExp(`^http://[^/]+/acme/api/jobs/${id}$`));
    expect(res.body.log_url).toBe(`${res.body.url}/log`);
    expect(res.body.html_url).toMatch(new RegExp(`/acme/jobs/${id}$`));
    expect(res.body.package.url).toMatch(new RegExp(`/acme/api/packages/${ok}$`));
    expect(res.body.cluster.url).toMatch(new RegExp(`/acme/api/clusters/${cluster}$`));
  });

  it('makes the creator a watcher', async () => {
    const world = makeWorld();
    const job = await startJob(world);
    const res = await world.owner.get(`/jobs/${job.id}/watchers`).expect(200);
    expect(res.body).toEqual([expect.objectContaining({ id: world.acme.users[0]?.id, email: 'owner@acme.example' })]);
  });

  it.each([
    ['no body', undefined, ['cluster_id', 'package_id']],
    ['an empty object', {}, ['cluster_id', 'package_id']],
    ['string ids', { cluster_id: '1', package_id: '2' }, ['cluster_id', 'package_id']],
    ['a fractional cluster id', { cluster_id: 1.5, package_id: 1 }, ['cluster_id']],
    ['a null package id', { cluster_id: 1, package_id: null }, ['package_id']],
    ['an unsafe integer', { cluster_id: 2 ** 60, package_id: 1 }, ['cluster_id']],
    ['variables as an array', { cluster_id: 1, package_id: 1, variables: ['a'] }, ['variables']],
    ['a variable that is not a string', { cluster_id: 1, package_id: 1, variables: { foo: 1, bar: 'ok' } }, ['variables.foo']],
    ['dynamic variables as a string', { cluster_id: 1, package_id: 1, dynamic_variables: 'x' }, ['dynamic_variables']],
    ['a dynamic variable that is null', { cluster_id: 1, package_id: 1, dynamic_variables: { when: null } }, ['dynamic_variables.when']],
  ])('refuses %s with a 422 naming the fields', async (_name, body, fields) => {
    const world = makeWorld();
    const res = await world.owner.post('/jobs', body).expect(422);
    expect(fieldsOf(res.body)).toEqual(fields);
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses a body that is not an object (422 naming body) and malformed JSON (400)', async () => {
    const world = makeWorld();
    const array = await world.owner.post('/jobs', [1, 2]).expect(422);
    expect(fieldsOf(array.body)).toEqual(['body']);
    await world.owner.post('/jobs').set('Content-Type', 'application/json').send('{"cluster_id":').expect(400);
  });

  it('answers a missing or another account\'s cluster or package with the same not-found body', async () => {
    const world = makeWorld();
    const { cluster, ok, foreignCluster, foreignPackage } = ids(world);
    const bodies = await Promise.all(
      [
        { cluster_id: 999_999, package_id: ok },
        { cluster_id: foreignCluster, package_id: ok },
        { cluster_id: cluster, package_id: 999_999 },
        { cluster_id: cluster, package_id: foreignPackage },
        { cluster_id: 0, package_id: -3 },
      ].map(async (body) => (await world.owner.post('/jobs', body).expect(404)).text),
    );
    for (const text of bodies) expect(text).toBe(NOT_FOUND);
    await world.owner.get('/jobs').expect(200, []);
  });

  it('refuses to run an archived package (simulator convention: 422 naming package_id)', async () => {
    const world = makeWorld();
    const { cluster, archived } = ids(world);
    const res = await world.owner.post('/jobs', { cluster_id: cluster, package_id: archived }).expect(422);
    expect(fieldsOf(res.body)).toEqual(['package_id']);
  });

  it('needs a key and the versioned Accept header', async () => {
    const world = makeWorld();
    await world.http().post('/acme/api/jobs').set('Accept', VENDOR_MEDIA_TYPE).send({ cluster_id: 1, package_id: 1 }).expect(401);
    await world.owner.post('/jobs', { cluster_id: 1, package_id: 1 }).set('Accept', 'application/json').expect(406);
  });

  it('property: no body, however odd, gets a 5xx', async () => {
    const world = makeWorld();
    const { cluster, ok } = ids(world);
    const idValue = fc.oneof(fc.constant(cluster), fc.constant(ok), fc.integer(), fc.double(), fc.string(), fc.constant(null), fc.jsonValue());
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        { cluster_id: idValue, package_id: idValue, variables: fc.jsonValue(), dynamic_variables: fc.dictionary(fc.string(), fc.jsonValue()) },
        { requiredKeys: [] },
      ),
    );
    let created = 0;
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const res = await world.owner.post('/jobs').set('Content-Type', 'application/json').send(JSON.stringify(value));
        expect(res.status).toBeLessThan(500);
        if (res.status === 201) {
          created++;
          expect(validateResource('job', res.body)).toEqual([]);
        } else expect(typeof res.body.message).toBe('string');
      }),
      { seed: 42, numRuns: 150 },
    );
    // The generator reaches the success path too, so the schema check above runs.
    expect(created).toBeGreaterThan(0);
  });
});

describe('job lifecycle over HTTP (frozen clock)', () => {
  it('goes pending -> queued -> running -> completed, with outputs only once completed', async () => {
    const world = makeWorld();
    const { id } = await startJob(world);
    world.advance(2);
    expect((await readJob(world, id)).status).toBe('queued');
    world.advance(3);
    const running = await readJob(world, id);
    expect(running).toMatchObject({ status: 'running', started_at: '2026-01-05T09:00:05Z', progress: 0, outputs: [] });
    world.advance(15);
    expect(await readJob(world, id)).toMatchObject({ status: 'running', progress: 0.5, runtime_in_seconds: 15, outputs_count: 0 });
    world.advance(15);
    const done = await readJob(world, id);
    expect(done).toMatchObject({
      status: 'completed',
      progress: 1,
      runtime_in_seconds: 30,
      completed_at: '2026-01-05T09:00:35Z',
      updated_at: '2026-01-05T09:00:35Z',
      failed_at: null,
      errors: '',
      outputs_count: 2,
    });
    expect(done.outputs).toHaveLength(2);
    for (const output of done.outputs) {
      expect(output.records_count).toBeGreaterThan(0);
      expect(output.component.fields.length).toBeGreaterThan(0);
    }
    world.advance(600);
    expect(await readJob(world, id)).toEqual(done);
  });

  it('fails a job of a failing package with a failure summary and frozen progress', async () => {
    const world = makeWorld();
    const { id } = await startJob(world, 1);
    world.advance(23);
    const failed = await readJob(world, id);
    expect(failed).toMatchObject({ status: 'failed', progress: 0.6, failed_at: '2026-01-05T09:00:23Z', completed_at: null, outputs: [], runtime_in_seconds: 18 });
    expect(failed.errors).toContain('broken-export');
  });
});

describe('GET /jobs', () => {
  it('lists the caller\'s jobs newest first, paged, and never another account\'s', async () => {
    const world = makeWorld();
    const first = await startJob(world);
    world.advance(1);
    const second = await startJob(world);
    world.advance(1);
    const third = await startJob(world);
    await world.stranger.post('/jobs', { cluster_id: ids(world).foreignCluster, package_id: ids(world).foreignPackage }).expect(201);
    const all = await world.owner.get('/jobs').expect(200);
    expect((all.body as JobBody[]).map((j) => j.id)).toEqual([third.id, second.id, first.id]);
    for (const job of all.body as JobBody[]) expect(validateResource('job', job)).toEqual([]);
    const page = await world.owner.get('/jobs?offset=1&limit=1').expect(200);
    expect((page.body as JobBody[]).map((j) => j.id)).toEqual([second.id]);
    expect(page.headers.link).toContain('rel="next"');
    expect(page.headers.link).toContain('rel="prev"');
    expect(fieldsOf((await world.owner.get('/jobs?limit=0').expect(422)).body)).toEqual(['limit']);
  });
});

describe('GET /jobs/{id}', () => {
  it('answers an absent, a malformed and another account\'s id with the same 404 body', async () => {
    const world = makeWorld();
    const foreign = await world.stranger.post('/jobs', { cluster_id: ids(world).foreignCluster, package_id: ids(world).foreignPackage }).expect(201);
    const texts = [
      (await world.owner.get('/jobs/777').expect(404)).text,
      (await world.owner.get('/jobs/abc').expect(404)).text,
      (await world.owner.get(`/jobs/${(foreign.body as JobBody).id}`).expect(404)).text,
    ];
    for (const text of texts) expect(text).toBe(NOT_FOUND);
  });
});

describe('DELETE /jobs/{id}', () => {
  it('stops a running job: pending_stoppage -> stopping -> stopped, progress frozen', async () => {
    const world = makeWorld();
    const { id } = await startJob(world);
    world.advance(11);
    const res = await world.owner.delete(`/jobs/${id}`).expect(200);
    expect(validateResource('job', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ status: 'pending_stoppage', progress: 0.2, updated_at: '2026-01-05T09:00:11Z' });
    world.advance(2);
    expect((await readJob(world, id)).status).toBe('stopping');
    world.advance(3);
    expect(await readJob(world, id)).toMatchObject({ status: 'stopped', progress: 0.2, runtime_in_seconds: 6, outputs: [], errors: '', failed_at: null });
    // Stopping again changes nothing.
    const again = await world.owner.delete(`/jobs/${id}`).expect(200);
    expect(again.body).toMatchObject({ status: 'stopped', updated_at: '2026-01-05T09:00:16Z' });
  });

  it('leaves a terminal job as it is', async () => {
    const world = makeWorld();
    const { id } = await startJob(world);
    world.advance(40);
    const before = await readJob(world, id);
    const res = await world.owner.delete(`/jobs/${id}`).expect(200);
    expect(res.body).toEqual(before);
    world.advance(10);
    expect(await readJob(world, id)).toEqual(before);
  });

  it('answers an absent or another account\'s job with the same 404 body and stops nothing', async () => {
    const world = makeWorld();
    const foreign = await world.stranger.post('/jobs', { cluster_id: ids(world).foreignCluster, package_id: ids(world).foreignPackage }).expect(201);
    const foreignId = (foreign.body as JobBody).id;
    expect((await world.owner.delete('/jobs/31337').expect(404)).text).toBe(NOT_FOUND);
    expect((await world.owner.delete(`/jobs/${foreignId}`).expect(404)).text).toBe(NOT_FOUND);
    expect((await world.stranger.get(`/jobs/${foreignId}`).expect(200)).body.status).toBe('pending');
  });
});

describe('POST /jobs/{job_id}/watchers', () => {
  it('subscribes the caller: 200 with the watcher entry, idempotent', async () => {
    const world = makeWorld();
    const { id } = await startJob(world);
    const colleague = world.acme.users[1];
    const res = await world.colleague.post(`/jobs/${id}/watchers`).expect(200);
    expect(validateResource('simulator/watcher', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ id: colleague?.id, name: colleague?.name, display_name: colleague?.name, email: colleague?.email });
    // The real docs' answer: when, and the job's URL.
    expect(res.body).toMatchObject({ created_at: '2026-01-05T09:00:00Z', job_url: `http://sim.test/acme/api/jobs/${id}` });
    await world.colleague.post(`/jobs/${id}/watchers`).expect(200, res.body);
    await world.owner.post(`/jobs/${id}/watchers`).expect(200);
    const list = await world.owner.get(`/jobs/${id}/watchers`).expect(200);
    expect((list.body as { id: number }[]).map((w) => w.id)).toEqual([world.acme.users[0]?.id, colleague?.id]);
    for (const watcher of list.body as unknown[]) expect(validateResource('simulator/watcher', watcher)).toEqual([]);
  });

  it('answers an absent or another account\'s job with the same 404 body', async () => {
    const world = makeWorld();
    const foreign = await world.stranger.post('/jobs', { cluster_id: ids(world).foreignCluster, package_id: ids(world).foreignPackage }).expect(201);
    const foreignId = (foreign.body as JobBody).id;
    expect((await world.owner.post('/jobs/4040/watchers').expect(404)).text).toBe(NOT_FOUND);
    expect((await world.owner.post(`/jobs/${foreignId}/watchers`).expect(404)).text).toBe(NOT_FOUND);
    expect((await world.owner.get(`/jobs/${foreignId}/watchers`).expect(404)).text).toBe(NOT_FOUND);
    expect((await world.stranger.get(`/jobs/${foreignId}/watchers`).expect(200)).body).toHaveLength(1);
  });
});

describe('job faults', () => {
  it('b-job-not-started: the job stays idle', async () => {
    const world = makeWorld(['b-job-not-started']);
    const job = await startJob(world);
    expect(job.status).toBe('idle');
    world.advance(3600);
    expect(await readJob(world, job.id)).toMatchObject({ status: 'idle', progress: 0, started_at: null });
  });

  it('b-job-missing-cluster-accepted: a job on a cluster that does not exist is created', async () => {
    const world = makeWorld(['b-job-missing-cluster-accepted']);
    const res = await world.owner.post('/jobs', { cluster_id: 999_999, package_id: ids(world).ok }).expect(201);
    expect(res.body.cluster).toMatchObject({ id: 999_999, name: '' });
    await world.owner.post('/jobs', { cluster_id: ids(world).cluster, package_id: 999_999 }).expect(404);
  });

  it('b-job-status-unknown-value: a completed job says finished', async () => {
    const world = makeWorld(['b-job-status-unknown-value']);
    const { id } = await startJob(world);
    world.advance(35);
    const res = await world.owner.get(`/jobs/${id}`).expect(200);
    expect(res.body.status).toBe('finished');
    expect(validateResource('job', res.body)).not.toEqual([]);
  });

  it('b-progress-above-one: progress is in percent', async () => {
    const world = makeWorld(['b-progress-above-one']);
    const { id } = await startJob(world);
    world.advance(20);
    const res = await world.owner.get(`/jobs/${id}`).expect(200);
    expect(res.body.progress).toBe(50);
    expect(validateResource('job', res.body)).not.toEqual([]);
  });

  it('b-watch-status-204: watching answers 204 without a body', async () => {
    const world = makeWorld(['b-watch-status-204']);
    const { id } = await startJob(world);
    const res = await world.colleague.post(`/jobs/${id}/watchers`).expect(204);
    expect(res.text).toBe('');
  });

  it('b-foreign-watch-allowed: a caller may watch another account\'s job', async () => {
    const world = makeWorld(['b-foreign-watch-allowed']);
    const foreign = await world.stranger.post('/jobs', { cluster_id: ids(world).foreignCluster, package_id: ids(world).foreignPackage }).expect(201);
    const foreignId = (foreign.body as JobBody).id;
    await world.owner.post(`/jobs/${foreignId}/watchers`).expect(200);
    const list = await world.stranger.get(`/jobs/${foreignId}/watchers`).expect(200);
    expect((list.body as { id: number }[]).map((w) => w.id)).toContain(world.acme.users[0]?.id);
    await world.owner.post('/jobs/4040/watchers').expect(404);
  });

  it('b-foreign-resource-403: another account\'s job is 403 on reads, an absent one 404', async () => {
    const world = makeWorld(['b-foreign-resource-403']);
    const foreign = await world.stranger.post('/jobs', { cluster_id: ids(world).foreignCluster, package_id: ids(world).foreignPackage }).expect(201);
    const foreignId = (foreign.body as JobBody).id;
    const res = await world.owner.get(`/jobs/${foreignId}`).expect(403);
    expect(typeof res.body.message).toBe('string');
    await world.owner.get(`/jobs/${foreignId}/watchers`).expect(403);
    await world.owner.get('/jobs/4040').expect(404);
  });

  it('b-timestamps-without-zone: job timestamps lose their zone', async () => {
    const world = makeWorld(['b-timestamps-without-zone']);
    const job = await startJob(world);
    expect(job.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(validateResource('job', job)).not.toEqual([]);
  });
});
