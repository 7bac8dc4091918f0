import { describe, expect, it } from 'vitest';
import { firstId, makeWorld, type TestWorld } from '../jobs/test-support.ts';
import { accountProblems } from '../../control/seed-check.ts';
import { applySeed } from '../../control/seed.ts';

/**
 * The real docs' rule on a cluster's size (sections/create-cluster.md): `nodes` runs "between 2 and
 * your account's maximum", and "the sandbox cluster must be created with 1 node". A fake that made
 * a one-node production cluster would pass a client the real service refuses.
 */

type ClusterBody = { id: number; nodes: number; type: string };
const fieldsOf = (body: unknown) => ((body as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);

describe("a cluster's nodes follow its type", () => {
  it('POST /clusters: a sandbox has 1 node, a production cluster 2 or more; left out, the least its type takes', async () => {
    const world = makeWorld();
    for (const body of [{ nodes: 1 }, { nodes: 1, type: 'production' }, { nodes: 2, type: 'sandbox' }]) {
      const refused = await world.owner.post('/clusters', body).expect(422);
      expect(fieldsOf(refused.body), JSON.stringify(body)).toEqual(['nodes']);
    }
    expect((await world.owner.get('/clusters').expect(200)).body).toHaveLength(2); // nothing made
    expect((await world.owner.post('/clusters', { nodes: 1, type: 'sandbox' }).expect(201)).body).toMatchObject({ nodes: 1, type: 'sandbox' });
    expect((await world.owner.post('/clusters', { nodes: 2 }).expect(201)).body).toMatchObject({ nodes: 2, type: 'production' });
    expect((await world.owner.post('/clusters', { plan_id: 2 }).expect(201)).body).toMatchObject({ nodes: 2, type: 'production' });
    expect((await world.owner.post('/clusters', { plan_id: 1, type: 'sandbox' }).expect(201)).body).toMatchObject({ nodes: 1, type: 'sandbox' });
  });

  it('PUT /clusters/{id}: nodes are held to the same rule for the cluster it is, and nothing changes when refused', async () => {
    const world = makeWorld();
    const [sandbox, production] = [firstId(world.acme.cluster_ids, 0), firstId(world.acme.cluster_ids, 1)];
    expect(fieldsOf((await world.owner.put(`/clusters/${sandbox}`, { nodes: 2, name: 'bigger' }).expect(422)).body)).toEqual(['nodes']);
    expect(fieldsOf((await world.owner.put(`/clusters/${production}`, { nodes: 1 }).expect(422)).body)).toEqual(['nodes']);
    expect((await world.owner.get(`/clusters/${sandbox}`).expect(200)).body).toMatchObject({ nodes: 1, type: 'sandbox', name: 'sandbox-1' });
    expect((await world.owner.put(`/clusters/${production}`, { nodes: 3 }).expect(200)).body).toMatchObject({ nodes: 3, type: 'production' });
  });

  it("a schedule's run makes a sandbox for a one-node task and a production cluster otherwise", async () => {
    const world = makeWorld();
    const clusterOfRun = async (w: TestWorld, nodes: number): Promise<ClusterBody> => {
      const body = { name: `n${nodes}`, start_at: '2027-01-01T00:00:00Z', interval_amount: 1, interval_unit: 'days', reuse_cluster_strategy: 'none', task: { nodes, packages: [{ package_id: firstId(w.acme.package_ids) }] } };
      const made = (await w.owner.post('/schedules', body).expect(201)).body as { id: number };
      await w.owner.post(`/schedules/${made.id}/run`).expect(200);
      const jobs = (await w.owner.get('/jobs?limit=100').expect(200)).body as { cluster_id: number; creator: { type: string; id: number } }[];
      const job = jobs.find((j) => j.creator.type === 'Schedule' && j.creator.id === made.id);
      return (await w.owner.get(`/clusters/${job?.cluster_id}`).expect(200)).body as ClusterBody;
    };
    expect(await clusterOfRun(world, 1)).toMatchObject({ nodes: 1, type: 'sandbox' });
    expect(await clusterOfRun(world, 3)).toMatchObject({ nodes: 3, type: 'production' });
  });

  it('a seed is held to it too; a seeded cluster of several nodes given no type is a production one', () => {
    const seed = (clusters: unknown[]) => ({ slug: 'initech', clusters });
    expect(accountProblems(seed([{ name: 'a', nodes: 3, type: 'sandbox' }, { name: 'b', nodes: 1, type: 'production' }, { name: 'c', nodes: 4 }]), 'a').map((p) => p.field)).toEqual(['a.clusters[0].nodes', 'a.clusters[1].nodes']);
    const world = makeWorld();
    const [initech] = applySeed(world.simulator.sim, { accounts: [{ slug: 'initech', users: [{ name: 'Peter', email: 'peter@initech.example' }], clusters: [{ name: 'big', nodes: 4 }, { name: 'small' }, { name: 'prod', type: 'production' }] }] });
    const made = [...(world.simulator.sim.store.account('initech')?.clusters.values() ?? [])].map((c) => [c.nodes, c.type]);
    expect(initech?.cluster_ids).toHaveLength(3);
    expect(made).toEqual([[4, 'production'], [1, 'sandbox'], [2, 'production']]);
  });

  it('takes yes and no as the docs have them: true, t or 1 (and false, f or 0); anything else is one 422 naming each field', async () => {
    const world = makeWorld();
    for (const [yes, no] of [[true, false], [1, 0], ['t', 'f'], ['true', 'false'], ['1', '0']] as const) {
      const made = (await world.owner.post('/clusters', { nodes: 2, terminate_on_idle: yes, allow_fallback: no }).expect(201)).body as { terminate_on_idle: boolean; allow_fallback: boolean };
      expect(made, JSON.stringify([yes, no])).toMatchObject({ terminate_on_idle: true, allow_fallback: false });
      const changed = (await world.owner.put(`/clusters/${(made as unknown as ClusterBody).id}`, { terminate_on_idle: no }).expect(200)).body as { terminate_on_idle: boolean };
      expect(changed.terminate_on_idle).toBe(false);
    }
    const refused = await world.owner.post('/clusters', { nodes: 2, terminate_on_idle: 'yes', allow_fallback: 2 }).expect(422);
    expect(fieldsOf(refused.body).sort()).toEqual(['allow_fallback', 'terminate_on_idle']);
  });
});
