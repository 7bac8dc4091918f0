import { describe, expect, it } from 'vitest';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { HOST, keyOf, makeWorld, NOT_FOUND_BODY, type World } from './test-support.ts';

/**
 * The user calls at the API's root, where the real docs give them (`GET /user`, `PUT /user`,
 * `/user/keys`, `POST /user/regenerate-tokens`): the key's own user, as at `/{account}/api/user`.
 */

const KEY_LINE = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJfAyMBs0lOcd7ICzLHKtr67kiPm6Ha1EVKnJSLGHbxw ada@laptop';

function atRoot(world: World, key: string) {
  const prepare = (test: ReturnType<ReturnType<World['http']>['get']>) => test.set('Host', HOST).set('Accept', VENDOR_MEDIA_TYPE).auth(key, '');
  return {
    get: (path: string) => prepare(world.http().get(path)),
    delete: (path: string) => prepare(world.http().delete(path)),
    post: (path: string, body?: unknown) => {
      const test = prepare(world.http().post(path));
      return body === undefined ? test : test.set('Content-Type', 'application/json').send(JSON.stringify(body));
    },
    put: (path: string, body: unknown) => prepare(world.http().put(path)).set('Content-Type', 'application/json').send(JSON.stringify(body)),
  };
}

describe("the user's calls at the API's root (extension: the real docs' paths)", () => {
  it('read and change the key\'s own user, as the account path does', async () => {
    const world = makeWorld();
    const root = atRoot(world, keyOf(world.acme, 1));
    const viaAccount = (await world.colleague.get('/user').expect(200)).body as Record<string, unknown>;
    expect((await root.get('/user').expect(200)).body).toEqual(viaAccount);
    const renamed = (await root.put('/user', { name: 'Grace at the root' }).expect(200)).body as Record<string, unknown>;
    expect(renamed).toMatchObject({ id: viaAccount.id, name: 'Grace at the root' });
    expect((await world.colleague.get('/user').expect(200)).body).toMatchObject({ name: 'Grace at the root' });
    expect((await root.put('/user', { email: 'not an address' }).expect(422)).text).toContain('email');
    // Another account's user reads its own.
    expect((await atRoot(world, keyOf(world.globex, 0)).get('/user').expect(200)).body).toMatchObject({ id: ((await world.stranger.get('/user').expect(200)).body as { id: number }).id });
  });

  it("add, list, search, read and remove the user's SSH keys; another user's key is the 404", async () => {
    const world = makeWorld();
    const root = atRoot(world, keyOf(world.acme, 0));
    const added = (await root.post('/user/keys', { public_key: KEY_LINE }).expect(201)).body as { id: number; name: string };
    expect(added.name).toBe('ada@laptop');
    expect(((await root.get('/user/keys').expect(200)).body as { id: number }[]).map((k) => k.id)).toContain(added.id);
    expect(((await world.owner.get('/user/keys').expect(200)).body as { id: number }[]).map((k) => k.id)).toContain(added.id);
    expect(((await root.get('/user/keys/search?q=laptop').expect(200)).body as { id: number }[]).map((k) => k.id)).toEqual([added.id]);
    expect((await root.get(`/user/keys/${added.id}`).expect(200)).body).toMatchObject({ id: added.id });
    expect((await atRoot(world, keyOf(world.acme, 1)).get(`/user/keys/${added.id}`).expect(404)).text).toBe(NOT_FOUND_BODY);
    expect((await root.delete(`/user/keys/${added.id}`).expect(200)).body).toMatchObject({ id: added.id, name: 'ada@laptop' });
    await root.get(`/user/keys/${added.id}`).expect(404);
  });

  it('regenerate the key under the docs\' name, POST /user/regenerate-tokens: the old key stops working', async () => {
    const world = makeWorld();
    const old = keyOf(world.acme, 0);
    const regenerated = (await atRoot(world, old).post('/user/regenerate-tokens').expect(200)).body as { api_key: string };
    expect(regenerated.api_key).not.toBe(old);
    await atRoot(world, old).get('/user').expect(401);
    await atRoot(world, regenerated.api_key).get('/user').expect(200);
    await world.http().get('/user').set('Accept', VENDOR_MEDIA_TYPE).expect(401);
  });
});
