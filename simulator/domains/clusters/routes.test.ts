import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { firstId, makeWorld } from '../jobs/test-support.ts';

describe('GET /clusters', () => {
  it('lists the caller\'s clusters only, newest first, in the simulator\'s cluster shape', async () => {
    const { owner, acme } = makeWorld();
    const res = await owner.get('/clusters').expect(200);
    const body = res.body as Record<string, unknown>[];
    expect(body.map((c) => c.id)).toEqual([...acme.cluster_ids].reverse());
    for (const cluster of body) expect(validateResource('simulator/cluster', cluster)).toEqual([]);
    expect(res.headers.link).toContain('rel="first"');
  });

  it('pages with offset and limit', async () => {
    const { owner, acme } = makeWorld();
    const res = await owner.get('/clusters?offset=1&limit=1').expect(200);
    expect((res.body as { id: number }[]).map((c) => c.id)).toEqual([firstId(acme.cluster_ids, 0)]);
    await owner.get('/clusters?offset=-1').expect(422);
  });
});

describe('GET /clusters/{id}', () => {
  it('returns the cluster', async () => {
    const { owner, acme } = makeWorld();
    const id = firstId(acme.cluster_ids, 1);
    const res = await owner.get(`/clusters/${id}`).expect(200);
    expect(validateResource('simulator/cluster', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ id, name: 'prod-etl', nodes: 4, type: 'production', status: 'available' });
  });

  it('answers an absent id, another account\'s id and a malformed id with the same 404 body', async () => {
    const { owner, globex } = makeWorld();
    const absent = await owner.get('/clusters/424242').expect(404);
    const foreign = await owner.get(`/clusters/${firstId(globex.cluster_ids)}`).expect(404);
    const malformed = await owner.get('/clusters/x1').expect(404);
    expect(foreign.text).toBe(absent.text);
    expect(malformed.text).toBe(absent.text);
  });
});

describe('POST /clusters/{id}/watchers (extension)', () => {
  it("answers the caller's watcher entry with the real docs' created_at and cluster_url", async () => {
    const { owner, acme } = makeWorld();
    const id = firstId(acme.cluster_ids, 1);
    const res = await owner.post(`/clusters/${id}/watchers`).expect(200);
    expect(validateResource('simulator/watcher', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ display_name: 'Ada Owner', created_at: '2026-01-05T09:00:00Z', cluster_url: `http://sim.test/acme/api/clusters/${id}` });
  });
});
