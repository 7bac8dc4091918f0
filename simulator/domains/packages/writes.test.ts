import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { firstId, makeWorld, type TestWorld } from '../jobs/test-support.ts';

/**
 * The real service's package writes (its API docs: create, update, delete, export, templates):
 * made, changed and archived packages are what the reads and jobs then see.
 */

interface PackageBody {
  id: number;
  name: string;
  status: string;
  version: number;
  [field: string]: unknown;
}

const fieldsOf = (body: unknown) => (body as { errors: { field: string }[] }).errors.map((e) => e.field).sort();

async function runs(world: TestWorld, packageId: number): Promise<number> {
  return (await world.owner.post('/jobs', { cluster_id: firstId(world.acme.cluster_ids), package_id: packageId })).status;
}

describe('POST /packages (extension)', () => {
  it("makes an active package of the caller with the docs' defaults, which the list shows and a job can run", async () => {
    const world = makeWorld();
    const made = await world.owner.post('/packages', {}).expect(201);
    const pkg = made.body as PackageBody;
    expect(pkg).toMatchObject({ name: 'Untitled package', description: '', variables: {}, status: 'active', flow_type: 'dataflow', version: 1, flow_version: '2.0.0', item_id: pkg.id });
    expect(validateResource('package', pkg)).toEqual([]);
    expect(((await world.owner.get('/packages').expect(200)).body as PackageBody[]).map((p) => p.id)).toContain(pkg.id);
    expect(await runs(world, pkg.id)).toBe(201);
  });

  it('takes its fields flat or wrapped in package, and its export makes the same package again', async () => {
    const world = makeWorld();
    const flow = { components: [{ id: 'a', type: 'database_source' }] };
    const made = (await world.owner.post('/packages', { package: { name: 'orders', description: 'd', variables: { day: "'x'" }, flow_type: 'workflow', flow_version: '2.1.0', data_flow_json: flow } }).expect(201)).body as PackageBody;
    expect(made).toMatchObject({ name: 'orders', description: 'd', variables: { day: "'x'" }, flow_type: 'workflow', flow_version: '2.1.0' });
    const exported = (await world.owner.get(`/packages/${made.id}/export`).expect(200)).body as Record<string, unknown>;
    expect(JSON.parse(exported.data_flow_json as string)).toEqual(flow);
    const again = (await world.owner.post('/packages', exported).expect(201)).body as PackageBody;
    const { id: _a, created_at: _b, updated_at: _c, url: _d, html_url: _e, item_id: _f, ...rest } = again;
    expect(rest).toEqual({ ...rest, name: 'orders', description: 'd', variables: { day: "'x'" }, flow_type: 'workflow', flow_version: '2.1.0' });
    expect((await world.owner.get(`/packages/${again.id}/export`).expect(200)).body).toEqual(exported);
  });

  it('copies a package of the caller (source_package_id), a copy of a failing one fails too; starts from a template', async () => {
    const world = makeWorld();
    const broken = firstId(world.acme.package_ids, 1);
    const copy = (await world.owner.post('/packages', { source_package_id: String(broken), name: 'broken copy' }).expect(201)).body as PackageBody;
    expect(copy).toMatchObject({ name: 'broken copy', description: 'Fails' });
    const job = (await world.owner.post('/jobs', { cluster_id: firstId(world.acme.cluster_ids), package_id: copy.id }).expect(201)).body as { id: number };
    world.advance(60);
    expect(((await world.owner.get(`/jobs/${job.id}`).expect(200)).body as { status: string }).status).toBe('failed');
    const templates = (await world.owner.get('/packages/templates').expect(200)).body as { id: number; name: string; position: number; author: { name: string } }[];
    expect(templates.map((t) => t.position)).toEqual([0, 1, 2]);
    const fromTemplate = (await world.owner.post('/packages', { package_template_id: templates[2]!.id }).expect(201)).body as PackageBody;
    expect(fromTemplate).toMatchObject({ name: templates[2]!.name, flow_type: 'workflow' });
  });

  it("refuses, naming each field: another account's or an absent source, an unknown template, bad types; nothing is made", async () => {
    const world = makeWorld();
    const before = (await world.owner.get('/packages?limit=100').expect(200)).body as unknown[];
    const foreign = await world.owner.post('/packages', { source_package_id: firstId(world.globex.package_ids) }).expect(422);
    const absent = await world.owner.post('/packages', { source_package_id: 999999 }).expect(422);
    expect(foreign.body).toEqual(absent.body);
    expect(fieldsOf((await world.owner.post('/packages', { package_template_id: 99 }).expect(422)).body)).toEqual(['package_template_id']);
    const bad = await world.owner.post('/packages', { name: ' ', variables: { a: 1 }, flow_type: 'pipeline', flow_version: 'latest', data_flow_json: '{not json' }).expect(422);
    expect(fieldsOf(bad.body)).toEqual(['data_flow_json', 'flow_type', 'flow_version', 'name', 'variables']);
    expect((await world.owner.get('/packages?limit=100').expect(200)).body).toEqual(before);
  });
});

describe('PUT and DELETE /packages/{id} (extension)', () => {
  it('PUT changes the fields given and counts a revision; bad fields change nothing', async () => {
    const world = makeWorld();
    const id = firstId(world.acme.package_ids);
    const changed = (await world.owner.put(`/packages/${id}`, { name: 'orders-nightly', variables: { run_date: 'today' } }).expect(200)).body as PackageBody;
    expect(changed).toMatchObject({ name: 'orders-nightly', description: 'Loads orders', variables: { run_date: 'today' }, version: 2 });
    expect((await world.owner.get(`/packages/${id}`).expect(200)).body).toEqual(changed);
    await world.owner.put(`/packages/${id}`, { name: '', description: 7 }).expect(422);
    expect((await world.owner.get(`/packages/${id}`).expect(200)).body).toEqual(changed);
  });

  it('DELETE archives: the answer and reads say archived, the default list leaves it out, no job runs it; again changes nothing', async () => {
    const world = makeWorld();
    const id = firstId(world.acme.package_ids);
    const archived = (await world.owner.delete(`/packages/${id}`).expect(200)).body as PackageBody;
    expect(archived).toMatchObject({ id, status: 'archived' });
    expect(((await world.owner.get('/packages').expect(200)).body as PackageBody[]).map((p) => p.id)).not.toContain(id);
    expect(((await world.owner.get('/packages?status=archived').expect(200)).body as PackageBody[]).map((p) => p.id)).toContain(id);
    expect(await runs(world, id)).toBe(422);
    world.advance(5);
    expect((await world.owner.delete(`/packages/${id}`).expect(200)).body).toEqual(archived);
  });

  it("answers another account's, an absent and a malformed package with the same 404, changing nothing", async () => {
    const world = makeWorld();
    const theirs = firstId(world.globex.package_ids);
    const before = (await world.stranger.get(`/packages/${theirs}`).expect(200)).body;
    for (const [method, path] of [['put', `/packages/${theirs}`], ['delete', `/packages/${theirs}`], ['get', `/packages/${theirs}/export`], ['put', '/packages/999999'], ['delete', '/packages/x'], ['get', '/packages/999999/export']] as const) {
      const res = method === 'put' ? await world.owner.put(path, { name: 'mine now' }) : method === 'delete' ? await world.owner.delete(path) : await world.owner.get(path);
      expect([res.status, res.body], `${method} ${path}`).toEqual([404, { message: 'Item not found.' }]);
    }
    expect((await world.stranger.get(`/packages/${theirs}`).expect(200)).body).toEqual(before);
  });
});
