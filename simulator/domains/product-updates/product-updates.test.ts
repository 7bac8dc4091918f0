import { describe, expect, it } from 'vitest';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { makeWorld, type TestWorld } from '../jobs/test-support.ts';
import { validateResource } from '../../../suites/lib/schemas.ts';

/** The real docs' product updates at the API's root: `GET /product_updates`, `POST /product_updates/{id}/like`. */

interface UpdateBody {
  id: number;
  title: string;
  likes: number;
  liked_by_user: boolean;
  likes_count: number;
  liked: boolean;
  [field: string]: unknown;
}

const keyOf = (world: TestWorld, slug: 'acme' | 'globex', user = 0): string => world[slug].users[user]?.api_key ?? '';
const at = (world: TestWorld, key: string) => ({
  list: () => world.http().get('/product_updates').set('Host', 'sim.test').set('Accept', VENDOR_MEDIA_TYPE).auth(key, ''),
  like: (id: string | number) => world.http().post(`/product_updates/${id}/like`).set('Host', 'sim.test').set('Accept', VENDOR_MEDIA_TYPE).auth(key, ''),
});

describe('product updates (extension, outside the account path)', () => {
  it("lists the docs' announcements, word for word, none liked at first", async () => {
    const world = makeWorld();
    const list = (await at(world, keyOf(world, 'acme')).list().expect(200)).body as UpdateBody[];
    expect(list.map((u) => u.id)).toEqual([1, 2]);
    expect(list[0]).toMatchObject({ title: 'Xplenty Now Provides Cross Join Between Dataflows', created_at: '2015-05-18T11:13:55Z', likes: 0, liked_by_user: false, likes_count: 0, liked: false });
    expect(list[0]?.body_html).toMatch(/^<p>Xplenty now supports the capability to join dataflows/);
    for (const update of list) expect(validateResource('simulator/product-update', update)).toEqual([]);
  });

  it("counts a like once per user over every account, and shows each caller whether it liked", async () => {
    const world = makeWorld();
    const ada = at(world, keyOf(world, 'acme'));
    const liked = await ada.like(1).expect(201);
    expect(liked.body).toMatchObject({ id: 1, likes: 1, liked_by_user: true, likes_count: 1, liked: true });
    // Again: still one like (no new fact).
    expect((await ada.like(1).expect(201)).body).toMatchObject({ likes: 1, liked_by_user: true });
    // A user of another account likes it too: two; the first user sees two, and its own like.
    expect((await at(world, keyOf(world, 'globex')).like('1').expect(201)).body).toMatchObject({ likes: 2, liked_by_user: true });
    const seenByAda = (await ada.list().expect(200)).body as UpdateBody[];
    expect(seenByAda.map((u) => [u.id, u.likes, u.liked_by_user])).toEqual([[1, 2, true], [2, 0, false]]);
    // A colleague who liked nothing sees the count, not a like of its own.
    const seenByColleague = (await at(world, keyOf(world, 'acme', 1)).list().expect(200)).body as UpdateBody[];
    expect(seenByColleague[0]).toMatchObject({ likes: 2, liked_by_user: false, liked: false });
  });

  it('answers an unknown update 404 with the error object, no key 401, and changes nothing', async () => {
    const world = makeWorld();
    const ada = at(world, keyOf(world, 'acme'));
    for (const id of ['3', '0', 'abc', '1.0', '%20']) {
      const res = await ada.like(id).expect(404);
      expect((res.body as { message?: unknown }).message).toBe('Item not found.');
    }
    await world.http().post('/product_updates/1/like').set('Accept', VENDOR_MEDIA_TYPE).expect(401);
    await world.http().get('/product_updates').set('Accept', VENDOR_MEDIA_TYPE).expect(401);
    expect((await ada.list().expect(200)).body.map((u: UpdateBody) => u.likes)).toEqual([0, 0]);
    expect((await ada.like(2).set('Accept', 'application/json').expect(406)).body).toHaveProperty('message');
    expect((await world.http().delete('/product_updates/1/like').set('Accept', VENDOR_MEDIA_TYPE).auth(keyOf(world, 'acme'), '').expect(405)).headers.allow).toContain('POST');
  });

  it('keeps likes in the exported state', async () => {
    const world = makeWorld();
    await at(world, keyOf(world, 'globex')).like(2).expect(201);
    const exported = await world.http().get('/_disco/state').expect(200);
    const other = makeWorld();
    await other.http().put('/_disco/state').set('Content-Type', 'application/json').send(exported.text).expect(200);
    const list = (await at(other, keyOf(world, 'globex')).list().expect(200)).body as UpdateBody[];
    expect(list.map((u) => [u.likes, u.liked_by_user])).toEqual([[0, false], [1, true]]);
  });
});
