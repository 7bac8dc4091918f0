import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { firstId, makeWorld } from '../jobs/test-support.ts';

/** The real service's cluster instances (its API docs, sections/list-cluster-instances.md). */

interface Instance {
  instance_id: string;
  status: string;
  master: boolean;
  url: string;
}

describe('GET /clusters/{id}/instances (extension)', () => {
  it('lists one instance a node, the first the master, once the cluster is up; terminated with it; none while it provisions', async () => {
    const world = makeWorld();
    const prod = firstId(world.acme.cluster_ids, 1);
    const listed = (await world.owner.get(`/clusters/${prod}/instances`).expect(200)).body as Instance[];
    expect(listed.map((i) => i.master)).toEqual([true, false, false, false]);
    for (const instance of listed) {
      expect(validateResource('simulator/cluster-instance', instance)).toEqual([]);
      expect(instance.url).toMatch(new RegExp(`/clusters/${prod}/instances/${instance.instance_id}$`));
    }
    expect(new Set(listed.map((i) => i.instance_id)).size).toBe(4);
    expect((await world.owner.get(`/clusters/${prod}/instances`).expect(200)).body).toEqual(listed);
    const made = ((await world.owner.post('/clusters', { nodes: 2 }).expect(201)).body as { id: number }).id;
    expect((await world.owner.get(`/clusters/${made}/instances`).expect(200)).body).toEqual([]);
    world.advance(36);
    expect(((await world.owner.get(`/clusters/${made}/instances`).expect(200)).body as Instance[]).map((i) => i.status)).toEqual(['available', 'available']);
    await world.owner.delete(`/clusters/${made}`).expect(200);
    world.advance(11);
    expect(((await world.owner.get(`/clusters/${made}/instances`).expect(200)).body as Instance[]).map((i) => i.status)).toEqual(['terminated', 'terminated']);
  });

  it("answers another account's, an absent and a malformed cluster with the same 404", async () => {
    const world = makeWorld();
    const notFound = { message: 'Item not found.' };
    await world.stranger.get(`/clusters/${firstId(world.acme.cluster_ids)}/instances`).expect(404, notFound);
    await world.owner.get('/clusters/999999/instances').expect(404, notFound);
    await world.owner.get('/clusters/x/instances').expect(404, notFound);
  });
});
