import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { firstId, makeWorld } from '../jobs/test-support.ts';
import { encodeState, decodeState } from '../../persistence/codec.ts';
import type { AccountState } from '../../store.ts';

/** The real service's account members (its API docs, sections/*-member.md). */

interface Member {
  id: number;
  name: string;
  email: string;
  role: string;
  owner: boolean;
  confirmed: boolean;
  confirmed_at: string | null;
  updated_at: string;
  url: string;
}

const notFound = { message: 'Item not found.' };

describe('/members (extension)', () => {
  it("lists the account's members newest first, the owner an admin, the others members; reads one; all in the docs' shape, no key", async () => {
    const world = makeWorld();
    const [ownerId, colleagueId] = [world.acme.users[0]?.id, world.acme.users[1]?.id];
    const listed = (await world.owner.get('/members').expect(200)).body as Member[];
    expect(listed.map((m) => [m.id, m.role, m.owner])).toEqual([
      [colleagueId, 'member', false],
      [ownerId, 'admin', true],
    ]);
    for (const member of listed) {
      expect(validateResource('simulator/member', member)).toEqual([]);
      expect(member).not.toHaveProperty('api_key');
      expect(member.url).toMatch(new RegExp(`/acme/api/members/${member.id}$`));
    }
    expect((await world.colleague.get(`/members/${ownerId}`).expect(200)).body).toEqual(listed[1]);
  });

  it('filters by role and by address (in any case), sorts by the docs\' fields and refuses a role it does not know', async () => {
    const world = makeWorld();
    const ids = (body: unknown) => (body as Member[]).map((m) => m.email);
    expect(ids((await world.owner.get('/members?role=admin').expect(200)).body)).toEqual(['owner@acme.example']);
    expect(ids((await world.owner.get('/members?role=member').expect(200)).body)).toEqual(['colleague@acme.example']);
    expect(ids((await world.owner.get('/members?role=all').expect(200)).body)).toHaveLength(2);
    expect(ids((await world.owner.get('/members?email=COLLEAGUE@acme.example').expect(200)).body)).toEqual(['colleague@acme.example']);
    expect(ids((await world.owner.get('/members?email=nobody@acme.example').expect(200)).body)).toEqual([]);
    expect(ids((await world.owner.get('/members?sort=email&direction=asc').expect(200)).body)).toEqual(['colleague@acme.example', 'owner@acme.example']);
    expect(ids((await world.owner.get('/members?sort=name').expect(200)).body)).toEqual(['owner@acme.example', 'colleague@acme.example']);
    const refused = await world.owner.get('/members?role=owner').expect(422);
    expect(JSON.stringify(refused.body)).toContain('role');
    // No address is longer than 254 characters: a longer filter is refused, not carried three
    // times over into paging links no client could read; spaces around one are not carried.
    const long = await world.owner.get(`/members?email=${'x'.repeat(9_000)}&offset=1&limit=1`).expect(422);
    expect(JSON.stringify(long.body)).toContain('email');
    const spaced = await world.owner.get(`/members?email=${encodeURIComponent(`${' '.repeat(4_000)}colleague@acme.example`)}&offset=1&limit=1`).expect(200);
    expect(String(spaced.headers.link)).toContain('email=colleague%40acme.example&offset=0&limit=1>; rel="prev"');
  });

  it('adds a member: an address nobody has is invited (unconfirmed, named as given), in the list at once; an address already a member is a 422', async () => {
    const world = makeWorld();
    const added = (await world.owner.post('/members', { email: 'new@acme.example', name: 'New Person', role: 'admin' }).expect(200)).body as Member;
    expect(added).toMatchObject({ name: 'New Person', email: 'new@acme.example', role: 'admin', owner: false, confirmed: false, confirmed_at: null });
    expect(validateResource('simulator/member', added)).toEqual([]);
    expect(((await world.owner.get('/members').expect(200)).body as Member[])[0]?.id).toBe(added.id);
    const plain = (await world.owner.post('/members', { email: 'someone@acme.example' }).expect(200)).body as Member;
    expect(plain).toMatchObject({ name: 'someone', role: 'member' });
    const again = await world.owner.post('/members', { email: 'New@ACME.example' }).expect(422);
    expect(JSON.stringify(again.body)).toContain('email');
    const bad = await world.owner.post('/members', { email: 'not an address', role: 'owner', name: '' }).expect(422);
    for (const field of ['email', 'role', 'name']) expect(JSON.stringify(bad.body)).toContain(field);
    await world.owner.post('/members', { name: 'No Address' }).expect(422);
    expect((await world.owner.get('/members').expect(200)).body).toHaveLength(4);
  });

  it("removes a member (the owner cannot be): its key stops at once, the answer is the member as it was, and adding the address again brings the same user back", async () => {
    const world = makeWorld();
    const [ownerId, colleagueId] = [firstId(world.acme.users.map((u) => u.id)), firstId(world.acme.users.map((u) => u.id), 1)];
    await world.colleague.get('/user').expect(200);
    const job = ((await world.owner.post('/jobs', { cluster_id: firstId(world.acme.cluster_ids), package_id: firstId(world.acme.package_ids) }).expect(201)).body as { id: number }).id;
    await world.colleague.post(`/jobs/${job}/watchers`).expect(200);
    const watching = async () => ((await world.owner.get(`/jobs/${job}/watchers`).expect(200)).body as { id: number }[]).map((w) => w.id).sort();
    expect(await watching()).toEqual([ownerId, colleagueId].sort());
    const removed = (await world.owner.delete(`/members/${colleagueId}`).expect(200)).body as Member;
    expect(removed).toMatchObject({ id: colleagueId, email: 'colleague@acme.example', role: 'member' });
    await world.colleague.get('/user').expect(401);
    await world.owner.get(`/members/${colleagueId}`).expect(404, notFound);
    expect(await watching()).toEqual([ownerId]);
    await world.owner.delete(`/members/${colleagueId}`).expect(404, notFound);
    expect(((await world.owner.get('/members').expect(200)).body as Member[]).map((m) => m.id)).toEqual([ownerId]);
    const owner = await world.owner.delete(`/members/${ownerId}`).expect(422);
    expect(JSON.stringify(owner.body)).toContain('owner');
    const back = (await world.owner.post('/members', { email: 'colleague@acme.example', name: 'Ignored' }).expect(200)).body as Member;
    expect(back).toMatchObject({ id: colleagueId, name: 'Ada Colleague', role: 'member', confirmed: true });
    await world.colleague.get('/user').expect(200);
  });

  it('sets roles: admins may, members may not (403); only the owner hands the ownership on, and the owner stays an admin', async () => {
    const world = makeWorld();
    const [ownerId, colleagueId] = [firstId(world.acme.users.map((u) => u.id)), firstId(world.acme.users.map((u) => u.id), 1)];
    await world.colleague.post('/members', { email: 'x@acme.example' }).expect(403);
    await world.colleague.put(`/members/${ownerId}`, { role: 'member' }).expect(403);
    await world.colleague.delete(`/members/${ownerId}`).expect(403);
    await world.owner.put(`/members/${ownerId}`, { role: 'member' }).expect(422);
    await world.owner.put(`/members/${colleagueId}`, { role: 'boss' }).expect(422);
    await world.owner.put(`/members/${colleagueId}`, {}).expect(422);
    world.advance(60);
    const promoted = (await world.owner.put(`/members/${colleagueId}`, { role: 'admin' }).expect(200)).body as Member;
    expect(promoted).toMatchObject({ role: 'admin', owner: false, updated_at: '2026-01-05T09:01:00Z' });
    // An admin who is not the owner manages members, but cannot take the ownership.
    await world.colleague.post('/members', { email: 'x@acme.example' }).expect(200);
    await world.colleague.put(`/members/${colleagueId}`, { role: 'owner' }).expect(403);
    const handed = (await world.owner.put(`/members/${colleagueId}`, { role: 'owner' }).expect(200)).body as Member;
    expect(handed).toMatchObject({ role: 'admin', owner: true });
    expect((await world.owner.get(`/members/${ownerId}`).expect(200)).body).toMatchObject({ role: 'admin', owner: false });
    // The new owner may now remove the old one, who may not remove the new.
    await world.owner.delete(`/members/${colleagueId}`).expect(422);
    await world.colleague.delete(`/members/${ownerId}`).expect(200);
  });

  it("answers another account's, an absent and a malformed member with the same 404, and leaves other accounts alone", async () => {
    const world = makeWorld();
    const strangerId = firstId(world.globex.users.map((u) => u.id));
    for (const path of [`/members/${strangerId}`, '/members/999999', '/members/x']) {
      await world.owner.get(path).expect(404, notFound);
      await world.owner.put(path, { role: 'admin' }).expect(404, notFound);
      await world.owner.delete(path).expect(404, notFound);
    }
    await world.stranger.get('/user').expect(200);
    expect(((await world.stranger.get('/members').expect(200)).body as Member[]).map((m) => m.email)).toEqual(['colleague@globex.example', 'owner@globex.example']);
  });

  it('keeps roles, the owner and removals across a save and a restore of the state', async () => {
    const world = makeWorld();
    const colleagueId = firstId(world.acme.users.map((u) => u.id), 1);
    await world.owner.put(`/members/${colleagueId}`, { role: 'owner' }).expect(200);
    await world.owner.post('/members', { email: 'gone@acme.example' }).expect(200);
    const gone = ((await world.owner.get('/members?email=gone@acme.example').expect(200)).body as Member[])[0]?.id;
    await world.owner.delete(`/members/${gone}`).expect(200);
    const before = (await world.owner.get('/members').expect(200)).body as Member[];
    const { store } = world.simulator.sim;
    const goneKey = store.account('acme')?.users.get(Number(gone))?.apiKey ?? '';
    expect(goneKey).not.toBe('');
    store.load(decodeState<AccountState[]>(encodeState([...store.accounts.values()])), store.exportSequences());
    expect((await world.owner.get('/members').expect(200)).body).toEqual(before);
    await world.colleague.get('/user').expect(200);
    expect(store.findUserKey(goneKey, world.simulator.sim.clock.now())).toBeNull();
  });
});
