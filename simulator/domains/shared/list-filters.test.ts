import { describe, expect, it } from 'vitest';
import { firstId, makeWorld, type TestWorld } from '../jobs/test-support.ts';
import { applySeed } from '../../control/seed.ts';

/**
 * The real service's list filters on the simulator's lists (its API docs): `sort`, `direction`
 * and `since` on every list, `status` on jobs; `type` on connections and hooks, `package_id` on
 * jobs, `flow_type` on packages; a bad value is a 422 naming the parameter, and a list asked for
 * nothing keeps its own order.
 */

function fieldsOf(body: unknown): string[] {
  return ((body as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
}

interface Listed {
  id: number;
  name?: string;
  status?: string;
  type?: string;
  package_id?: number;
  flow_type?: string;
  created_at: string;
  updated_at: string;
}

async function list(world: TestWorld, path: string): Promise<Listed[]> {
  const res = await world.owner.get(path);
  expect(res.status, res.text).toBe(200);
  // The alt conventions answer these lists in an envelope (conventions.ts: extensionListItems).
  return (Array.isArray(res.body) ? res.body : res.body.data) as Listed[];
}

async function startJob(world: TestWorld, pkg: number): Promise<Listed> {
  const res = await world.owner.post('/jobs', { cluster_id: firstId(world.acme.cluster_ids), package_id: pkg }).expect(201);
  return res.body as Listed;
}

describe('list filters', () => {
  it('GET /hooks: sort by name either way; by created oldest first; since leaves out what was not updated since', async () => {
    const world = makeWorld();
    const made: Listed[] = [];
    for (const name of ['beta', 'Alpha', 'gamma']) {
      made.push((await world.owner.post('/hooks', { type: 'web', name, settings: { url: 'https://hooks.example/x' }, events: ['job'] }).expect(201)).body as Listed);
      world.advance(10);
    }
    expect((await list(world, '/hooks')).map((h) => h.name)).toEqual(['gamma', 'Alpha', 'beta']);
    expect((await list(world, '/hooks?sort=name&direction=asc')).map((h) => h.name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect((await list(world, '/hooks?sort=name')).map((h) => h.name)).toEqual(['gamma', 'beta', 'Alpha']);
    expect((await list(world, '/hooks?direction=asc')).map((h) => h.name)).toEqual(['beta', 'Alpha', 'gamma']);
    expect((await list(world, `/hooks?since=${made[1]!.created_at}`)).map((h) => h.name)).toEqual(['gamma', 'Alpha']);
    expect((await list(world, '/hooks?sort=name&direction=asc&limit=1&offset=1')).map((h) => h.name)).toEqual(['beta']);
  });

  it('GET /jobs: status filters by the status at this moment; all lists every job; sort=updated follows the timeline', async () => {
    const world = makeWorld();
    const ok = firstId(world.acme.package_ids, 0);
    const failing = firstId(world.acme.package_ids, 1);
    const first = await startJob(world, ok);
    world.advance(3600);
    const second = await startJob(world, failing);
    world.advance(3600);
    const third = await startJob(world, ok);
    const statuses = new Map((await list(world, '/jobs')).map((j) => [j.id, j.status]));
    expect(statuses.get(first.id)).toBe('completed');
    expect(statuses.get(second.id)).toBe('failed');
    expect((await list(world, '/jobs?status=completed')).map((j) => j.id)).toEqual([first.id]);
    expect((await list(world, '/jobs?status=failed')).map((j) => j.id)).toEqual([second.id]);
    expect((await list(world, `/jobs?status=${statuses.get(third.id)}`)).map((j) => j.id)).toEqual([third.id]);
    expect((await list(world, '/jobs?status=all')).map((j) => j.id)).toEqual([third.id, second.id, first.id]);
    expect((await list(world, '/jobs?direction=asc')).map((j) => j.id)).toEqual([first.id, second.id, third.id]);
    const byUpdate = await list(world, '/jobs?sort=updated&direction=asc');
    expect(byUpdate.map((j) => Date.parse(j.updated_at))).toEqual(byUpdate.map((j) => Date.parse(j.updated_at)).sort((a, b) => a - b));
    expect(fieldsOf((await world.owner.get('/jobs?status=finished').expect(422)).body)).toEqual(['status']);
  });

  it('GET /notifications: sort and since on the list all=true shows', async () => {
    const world = makeWorld();
    const all = await list(world, '/notifications?all=true');
    expect(all.length).toBeGreaterThan(1);
    const asc = await list(world, '/notifications?all=true&direction=asc');
    expect(asc.map((n) => n.id)).toEqual([...all].reverse().map((n) => n.id));
    expect(await list(world, '/notifications?all=true&since=2999-01-01T00:00:00Z')).toEqual([]);
  });

  it('GET /connections, /packages, /deliveries, /clusters, /schedules take the same parameters', async () => {
    const world = makeWorld();
    for (const path of ['/connections?sort=name&direction=asc', '/connections?sort=type', '/connections?sort=id', '/packages?sort=name', '/deliveries?sort=updated', '/clusters?sort=updated&direction=asc', '/schedules?since=2026-01-01T00:00:00Z']) {
      await list(world, path);
    }
    const packages = await list(world, '/packages?sort=name&direction=asc');
    expect(packages.map((p) => p.name)).toEqual([...packages.map((p) => p.name ?? '')].sort());
  });

  it('status on clusters, schedules and deliveries (or all); packages are active unless asked status=archived, under the conventions\' names', async () => {
    const world = makeWorld();
    const clusters = await list(world, '/clusters');
    for (const status of new Set(clusters.map((c) => c.status))) {
      expect((await list(world, `/clusters?status=${status}`)).map((c) => c.id)).toEqual(clusters.filter((c) => c.status === status).map((c) => c.id));
    }
    expect((await list(world, '/clusters?status=all')).map((c) => c.id)).toEqual(clusters.map((c) => c.id));
    expect(await list(world, '/clusters?status=error')).toEqual([]);
    const made = (await world.owner.post('/schedules', { name: 'nightly', status: 'disabled', start_at: '2027-01-01T02:00:00Z', interval_amount: 1, interval_unit: 'days', task: { nodes: 1, packages: [{ package_id: firstId(world.acme.package_ids, 0) }] } }).expect(201)).body as Listed;
    expect((await list(world, '/schedules?status=disabled')).map((s) => s.id)).toEqual([made.id]);
    expect(await list(world, '/schedules?status=enabled')).toEqual([]);
    const deliveries = await list(world, '/deliveries');
    for (const status of ['idle', 'enabled', 'disabled']) {
      expect((await list(world, `/deliveries?status=${status}`)).map((d) => d.id)).toEqual(deliveries.filter((d) => d.status === status).map((d) => d.id));
    }
    const alt = makeWorld([], 'alt');
    const active = await list(alt, '/packages');
    expect(new Set(active.map((p) => p.status))).toEqual(new Set(['enabled']));
    expect((await list(alt, '/packages?status=retired')).map((p) => p.status)).toEqual(['retired']);
    // The alt conventions answer a bad field 400, in their own error shape.
    expect((await alt.owner.get('/packages?status=archived').expect(400)).text).toContain('status');
  });

  it("role and email on members; status on a package's validations (or all); each refusing a value outside the docs'", async () => {
    const world = makeWorld();
    const members = await list(world, '/members');
    expect((await list(world, '/members?role=admin')).length + (await list(world, '/members?role=member')).length).toBe(members.length);
    expect((await list(world, '/members?role=all')).map((m) => m.id)).toEqual(members.map((m) => m.id));
    expect(await list(world, '/members?email=owner%40acme.example')).toHaveLength(1);
    expect(fieldsOf((await world.owner.get('/members?role=owner').expect(422)).body)).toEqual(['role']);
    const pkg = firstId(world.acme.package_ids);
    const validation = (await world.owner.post(`/packages/${pkg}/validations`).expect(201)).body as Listed;
    expect((await list(world, `/packages/${pkg}/validations?status=running`)).map((v) => v.id)).toEqual([validation.id]);
    expect(await list(world, `/packages/${pkg}/validations?status=failed`)).toEqual([]);
    expect(fieldsOf((await world.owner.get(`/packages/${pkg}/validations?status=done`).expect(422)).body)).toEqual(['status']);
  });

  it('type on connections and hooks (names joined with commas, or all); package_id on jobs; flow_type on packages', async () => {
    const world = makeWorld();
    applySeed(world.simulator.sim, {
      accounts: [
        {
          slug: 'acme',
          connections: [
            { name: 'orders-db', type: 'mysql' },
            { name: 'raw-bucket', type: 's3' },
            { name: 'crm', type: 'salesforce' },
          ],
          packages: [{ name: 'nightly-chain', flow_type: 'workflow' }],
        },
      ],
    });
    const connections = await list(world, '/connections');
    expect(connections.map((c) => c.name)).toEqual(['raw-bucket', 'orders-db', 'crm']);
    expect((await list(world, '/connections?type=s3')).map((c) => c.name)).toEqual(['raw-bucket']);
    expect((await list(world, '/connections?type=salesforce,mysql&sort=name&direction=asc')).map((c) => c.name)).toEqual(['crm', 'orders-db']);
    expect((await list(world, '/connections?type=all')).map((c) => c.id)).toEqual(connections.map((c) => c.id));
    expect(await list(world, '/connections?type=postgres')).toEqual([]);

    for (const [type, name, settings] of [['web', 'ci', { url: 'https://hooks.example/x' }], ['email', 'ops', { emails: 'ops@acme.example' }], ['slack', 'chat', { url: 'https://hooks.slack.example/x' }]] as const) {
      await world.owner.post('/hooks', { type, name, settings, events: ['job'] }).expect(201);
      world.advance(10);
    }
    expect((await list(world, '/hooks?type=email')).map((h) => h.name)).toEqual(['ops']);
    expect((await list(world, '/hooks?type=web,slack')).map((h) => h.name)).toEqual(['chat', 'ci']);
    expect(await list(world, '/hooks?type=pagerduty')).toEqual([]);
    // A name repeated to 10 KB asks for that type once, and the paging links carry it once (three
    // copies of the 10 KB were headers no client could read); `all` with spaces is carried as `all`.
    const repeated = await world.owner.get(`/hooks?type=${'web,'.repeat(2_500)}email&offset=1&limit=1`).expect(200);
    expect((repeated.body as { name: string }[]).map((h) => h.name)).toEqual(['ci']);
    expect(String(repeated.headers.link)).toContain('?type=web%2Cemail&offset=0&limit=1>; rel="prev"');
    const spaced = await world.owner.get(`/connections?type=${encodeURIComponent(`${' '.repeat(4_000)}all`)}&offset=1&limit=1`).expect(200);
    expect(String(spaced.headers.link)).toContain('?type=all&offset=0&limit=1>; rel="prev"');

    const ok = firstId(world.acme.package_ids, 0);
    const failing = firstId(world.acme.package_ids, 1);
    const first = await startJob(world, ok);
    const second = await startJob(world, failing);
    const third = await startJob(world, ok);
    expect((await list(world, `/jobs?package_id=${ok}`)).map((j) => j.id)).toEqual([third.id, first.id]);
    expect((await list(world, `/jobs?package_id=${failing}&status=all`)).map((j) => j.id)).toEqual([second.id]);
    expect(await list(world, '/jobs?package_id=999999')).toEqual([]);

    const packages = await list(world, '/packages');
    expect(packages.find((p) => p.name === 'nightly-chain')?.flow_type).toBe('workflow');
    expect(packages.find((p) => p.name === 'orders-daily')?.flow_type).toBe('dataflow');
    expect((await list(world, '/packages?flow_type=workflow')).map((p) => p.name)).toEqual(['nightly-chain']);
    expect((await list(world, '/packages?flow_type=dataflow')).map((p) => p.name)).not.toContain('nightly-chain');
    expect((await list(world, '/packages?flow_type=all')).map((p) => p.id)).toEqual(packages.map((p) => p.id));
    expect((await list(world, '/packages?flow_type=dataflow&status=archived')).map((p) => p.name)).toEqual(['legacy-import']);
  });

  it('a package of a state saved before flow_type existed is a data flow', async () => {
    const world = makeWorld();
    for (const pkg of world.simulator.sim.store.account('acme')?.packages.values() ?? []) delete pkg.flowType;
    const packages = await list(world, '/packages');
    expect(packages.length).toBeGreaterThan(0);
    expect(new Set(packages.map((p) => p.flow_type))).toEqual(new Set(['dataflow']));
    expect((await list(world, '/packages?flow_type=dataflow')).map((p) => p.id)).toEqual(packages.map((p) => p.id));
  });

  it('refuses a bad sort, direction or since, or one given twice, with 422 naming it', async () => {
    const world = makeWorld();
    const cases: [string, string][] = [
      ['/hooks?sort=salt', 'sort'],
      ['/clusters?sort=name', 'sort'],
      ['/jobs?direction=up', 'direction'],
      ['/packages?since=yesterday', 'since'],
      ['/notifications?since=2026-01-05', 'since'],
      ['/connections?since=2026-01-05T09:00:00%2B01:00', 'since'],
      ['/deliveries?direction=asc&direction=desc', 'direction'],
      ['/clusters?status=running', 'status'],
      ['/schedules?status=paused', 'status'],
      ['/deliveries?status=sent', 'status'],
      ['/connections?type=s3,oracle9', 'type'],
      ['/connections?type=', 'type'],
      ['/connections?type=s3,', 'type'],
      ['/hooks?type=webhook', 'type'],
      ['/hooks?type=web&type=email', 'type'],
      ['/jobs?package_id=orders', 'package_id'],
      ['/jobs?package_id=0', 'package_id'],
      ['/jobs?package_id=1.5', 'package_id'],
      ['/packages?flow_type=flow', 'flow_type'],
    ];
    for (const [path, field] of cases) {
      const res = await world.owner.get(path);
      expect(res.status, path).toBe(422);
      expect(fieldsOf(res.body), path).toEqual([field]);
    }
  });
});
