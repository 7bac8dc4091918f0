import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { firstId, makeWorld } from '../jobs/test-support.ts';

/** The real service's package validations (its API docs, sections/*-package-validation*.md). */

interface Validation {
  id: number;
  status: string;
  status_message: string | null;
  runtime: number | null;
  errors: { message: string }[];
  created_at: string;
  updated_at: string;
  package_id: number;
  owner_id: number;
  account_id: number;
  url: string;
}

const notFound = { message: 'Item not found.' };

describe('package validations (extension)', () => {
  it('runs a validation on the clock: running, then completed 3 s later; read and listed as it stands, in the docs\' shape', async () => {
    const world = makeWorld();
    const pkg = firstId(world.acme.package_ids);
    const started = (await world.owner.post(`/packages/${pkg}/validations`).expect(201)).body as Validation;
    expect(started).toMatchObject({ status: 'running', status_message: null, runtime: null, errors: [], package_id: pkg, owner_id: world.acme.users[0]?.id, account_id: world.acme.numeric_id, created_at: '2026-01-05T09:00:00Z' });
    expect(started.url).toMatch(new RegExp(`/acme/api/packages/${pkg}/validations/${started.id}$`));
    expect(validateResource('simulator/package-validation', started)).toEqual([]);
    world.advance(2);
    expect((await world.owner.get(`/packages/${pkg}/validations/${started.id}`).expect(200)).body).toMatchObject({ status: 'running' });
    world.advance(1);
    const done = (await world.owner.get(`/packages/${pkg}/validations/${started.id}`).expect(200)).body as Validation;
    expect(done).toMatchObject({ status: 'completed', status_message: 'Validation successful', runtime: 3, errors: [], updated_at: '2026-01-05T09:00:03Z' });
    expect(validateResource('simulator/package-validation', done)).toEqual([]);
    expect((await world.owner.get(`/packages/${pkg}/validations`).expect(200)).body).toEqual([done]);
  });

  it('fails the validation of a package made to fail, naming why; the synchronous /validate answers it finished at once', async () => {
    const world = makeWorld();
    const broken = firstId(world.acme.package_ids, 1);
    const sync = (await world.owner.post(`/packages/${broken}/validate`).expect(200)).body as Validation;
    expect(sync).toMatchObject({ status: 'failed', status_message: 'Validation failed', runtime: 0 });
    expect(sync.errors).toHaveLength(1);
    expect(sync.errors[0]?.message).toContain('broken-export');
    expect(validateResource('simulator/package-validation', sync)).toEqual([]);
    const good = (await world.owner.post(`/packages/${firstId(world.acme.package_ids)}/validate`).expect(200)).body as Validation;
    expect(good).toMatchObject({ status: 'completed', errors: [] });
    await world.owner.post(`/packages/${firstId(world.acme.package_ids, 2)}/validate`).expect(422);
  });

  it('lists newest first, filters by status, sorts by the docs\' fields and refuses a status it does not know', async () => {
    const world = makeWorld();
    const pkg = firstId(world.acme.package_ids);
    const first = ((await world.owner.post(`/packages/${pkg}/validations`).expect(201)).body as Validation).id;
    world.advance(10);
    const second = ((await world.owner.post(`/packages/${pkg}/validations`).expect(201)).body as Validation).id;
    const ids = async (query: string) => ((await world.owner.get(`/packages/${pkg}/validations${query}`).expect(200)).body as Validation[]).map((v) => v.id);
    expect(await ids('')).toEqual([second, first]);
    expect(await ids('?status=completed')).toEqual([first]);
    expect(await ids('?status=running')).toEqual([second]);
    expect(await ids('?status=all')).toEqual([second, first]);
    expect(await ids('?sort=created&direction=asc')).toEqual([first, second]);
    expect(await ids('?since=2026-01-05T09:00:05Z')).toEqual([second]);
    expect(await ids('?limit=1&offset=1')).toEqual([first]);
    await world.owner.get(`/packages/${pkg}/validations?status=done`).expect(422);
    // Another package's list does not show them.
    expect((await world.owner.get(`/packages/${firstId(world.acme.package_ids, 1)}/validations`).expect(200)).body).toEqual([]);
  });

  it("answers another account's package, another package's validation, an absent and a malformed id with the same 404, and makes nothing", async () => {
    const world = makeWorld();
    const pkg = firstId(world.acme.package_ids);
    const made = ((await world.owner.post(`/packages/${pkg}/validations`).expect(201)).body as Validation).id;
    const foreign = firstId(world.globex.package_ids);
    await world.owner.post(`/packages/${foreign}/validations`).expect(404, notFound);
    await world.owner.post(`/packages/${foreign}/validate`).expect(404, notFound);
    await world.owner.get(`/packages/${foreign}/validations`).expect(404, notFound);
    await world.stranger.get(`/packages/${pkg}/validations/${made}`).expect(404, notFound);
    await world.owner.get(`/packages/${firstId(world.acme.package_ids, 1)}/validations/${made}`).expect(404, notFound);
    await world.owner.get(`/packages/${pkg}/validations/999999`).expect(404, notFound);
    await world.owner.get(`/packages/${pkg}/validations/x`).expect(404, notFound);
    await world.owner.post('/packages/x/validations').expect(404, notFound);
    expect((await world.stranger.get(`/packages/${foreign}/validations`).expect(200)).body).toEqual([]);
    const refused = await world.owner.post(`/packages/${pkg}/validations`).set('Content-Type', 'application/json').send('{broken');
    expect(refused.status).toBe(400);
    expect((await world.owner.get(`/packages/${pkg}/validations`).expect(200)).body).toHaveLength(1);
  });
});
