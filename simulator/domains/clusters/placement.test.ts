import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { firstId, makeWorld } from '../jobs/test-support.ts';

/** The real docs' cluster fields beyond the simulator's first ones: placement, running jobs, creator; and GET /regions, GET /stacks. */

interface ClusterBody {
  id: number;
  region: string;
  zone: string;
  master_instance_type: string;
  slave_instance_type: string;
  slave_spot_percentage: number | null;
  allow_fallback: boolean;
  stack: string;
  bootstrap_actions: { script_path: string; args?: string[] }[];
  running_jobs_count: number;
  creator: { type: string; id: number; display_name: string; url: string } | null;
}

describe('cluster placement, running jobs and creator (extension)', () => {
  it('takes the docs\' placement fields on POST /clusters, shows them, and gives the docs\' defaults when left out', async () => {
    const world = makeWorld();
    const regions = (await world.owner.get('/regions').expect(200)).body as { id: string }[];
    const stacks = (await world.owner.get('/stacks').expect(200)).body as { id: string }[];
    for (const r of regions) expect(validateResource('simulator/account-region', r)).toEqual([]);
    for (const st of stacks) expect(validateResource('simulator/stack', st)).toEqual([]);
    expect(regions.map((r) => r.id)).toContain('gcloud::europe-west1');
    expect(stacks.map((st) => st.id)).toEqual(['mint-everest', 'lime-everest', 'blue-everest', 'white-everest']);
    const asked = {
      nodes: 5,
      region: 'gcloud::europe-west1',
      master_instance_type: 'n1-standard-8',
      slave_instance_type: 'n1-standard-4',
      slave_spot_price: 0.153,
      slave_spot_percentage: 0.5,
      allow_fallback: false,
      stack: 'lime-everest',
      bootstrap_actions: [{ script_path: 'https://scripts.example/a.sh', args: ['x', 'y'] }, { script_path: 'https://scripts.example/b.sh' }],
    };
    const made = (await world.owner.post('/clusters', asked).expect(201)).body as ClusterBody;
    expect(made).toMatchObject({ ...asked, zone: 'europe-west1-a', master_spot_price: null, master_spot_percentage: null });
    expect(validateResource('simulator/cluster', made)).toEqual([]);
    expect((await world.owner.get(`/clusters/${made.id}`).expect(200)).body).toMatchObject(asked);
    const plain = (await world.owner.post('/clusters', { nodes: 2 }).expect(201)).body as ClusterBody;
    expect(plain).toMatchObject({ region: 'amazon-web-services::us-east-1', zone: 'us-east-1a', master_instance_type: 'm3.xlarge', slave_instance_type: 'm3.xlarge', allow_fallback: true, stack: 'white-everest', bootstrap_actions: [], running_jobs_count: 0 });
    // PUT takes none of them (the docs): they stay as made.
    await world.owner.put(`/clusters/${made.id}`, { region: 'soft-layer::dal05', stack: 'mint-everest', name: 'renamed' }).expect(200);
    expect((await world.owner.get(`/clusters/${made.id}`).expect(200)).body).toMatchObject({ name: 'renamed', region: 'gcloud::europe-west1', stack: 'lime-everest' });
    // The instances run where the cluster does, a share of them spot.
    world.advance(40);
    const instances = (await world.owner.get(`/clusters/${made.id}/instances`).expect(200)).body as { zone: string; instance_type: string; spot: boolean }[];
    expect(instances.map((i) => [i.zone, i.instance_type, i.spot])).toEqual([
      ['europe-west1-a', 'n1-standard-8', false],
      ['europe-west1-a', 'n1-standard-4', true],
      ['europe-west1-a', 'n1-standard-4', true],
      ['europe-west1-a', 'n1-standard-4', false],
      ['europe-west1-a', 'n1-standard-4', false],
    ]);
  });

  it('refuses placement fields outside the docs\' values, naming each, and makes nothing', async () => {
    const world = makeWorld();
    const before = ((await world.owner.get('/clusters').expect(200)).body as unknown[]).length;
    const refused = await world.owner
      .post('/clusters', { nodes: 2, region: 'mars::olympus', stack: 'everest', zone: '', master_spot_price: -1, slave_spot_percentage: 2, allow_fallback: 'yes', bootstrap_actions: [{ args: ['x'] }] })
      .expect(422);
    for (const field of ['region', 'stack', 'zone', 'master_spot_price', 'slave_spot_percentage', 'allow_fallback', 'bootstrap_actions']) expect(JSON.stringify(refused.body)).toContain(field);
    expect((await world.owner.get('/clusters').expect(200)).body).toHaveLength(before);
  });

  it('counts the jobs running on a cluster, started and not ended, and names who made it', async () => {
    const world = makeWorld();
    const cluster = firstId(world.acme.cluster_ids);
    const pkg = firstId(world.acme.package_ids);
    const count = async () => ((await world.owner.get(`/clusters/${cluster}`).expect(200)).body as ClusterBody).running_jobs_count;
    expect(await count()).toBe(0);
    const first = ((await world.owner.post('/jobs', { cluster_id: cluster, package_id: pkg }).expect(201)).body as { id: number }).id;
    await world.owner.post('/jobs', { cluster_id: cluster, package_id: pkg }).expect(201);
    await world.owner.post('/jobs', { cluster_id: firstId(world.acme.cluster_ids, 1), package_id: pkg }).expect(201);
    expect(await count()).toBe(2);
    await world.owner.delete(`/jobs/${first}`).expect(200);
    world.advance(20);
    expect(await count()).toBe(1);
    world.advance(600);
    expect(await count()).toBe(0);
    const seeded = (await world.owner.get(`/clusters/${cluster}`).expect(200)).body as ClusterBody;
    expect(seeded.creator).toMatchObject({ type: 'User', id: world.acme.users[0]?.id, display_name: 'Ada Owner' });
    expect(seeded.creator?.url).toMatch(new RegExp(`/acme/api/members/${world.acme.users[0]?.id}$`));
    // As the real docs show a creator: its dashboard page too.
    expect((seeded.creator as { html_url?: string } | null)?.html_url).toMatch(new RegExp(`/acme/settings/members/${world.acme.users[0]?.id}$`));
    const made = (await world.colleague.post('/clusters', { nodes: 1, type: 'sandbox' }).expect(201)).body as ClusterBody;
    expect(made.creator).toMatchObject({ type: 'User', id: world.acme.users[1]?.id, display_name: 'Ada Colleague' });
  });

  it("names a schedule's run as the creator of the cluster it made", async () => {
    const world = makeWorld();
    const schedule = (await world.owner
      .post('/schedules', { name: 'nightly', status: 'enabled', start_at: '2026-01-05T09:00:00Z', interval_amount: 1, interval_unit: 'days', reuse_cluster_strategy: 'none', task: { nodes: 1, packages: [{ package_id: firstId(world.acme.package_ids) }] } })
      .expect(201)).body as { id: number };
    await world.owner.post(`/schedules/${schedule.id}/run`).expect(200);
    const clusters = (await world.owner.get('/clusters').expect(200)).body as ClusterBody[];
    const made = clusters.find((c) => c.creator?.type === 'Schedule');
    expect(made?.creator).toMatchObject({ type: 'Schedule', id: schedule.id, display_name: 'nightly' });
    expect(made?.creator?.url).toMatch(new RegExp(`/schedules/${schedule.id}$`));
  });
});
