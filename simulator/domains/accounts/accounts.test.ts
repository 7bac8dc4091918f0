import { describe, expect, it } from 'vitest';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { firstId, makeWorld, type TestWorld } from '../jobs/test-support.ts';
import { parsePublicKeyLine } from '../users/openssh.ts';

/** The caller's account outside the account path, as the real service's API docs give it (`/accounts`). */

type AccountBody = Record<string, unknown> & { id: number; account_id: string; permissions: string[]; public_key: string; updated_at: string };

function at(world: TestWorld, key: string) {
  const prepare = <T extends { set(name: string, value: string): T; auth(user: string, password: string): T }>(test: T) => test.set('Host', 'sim.test').set('Accept', VENDOR_MEDIA_TYPE).auth(key, '');
  return {
    get: (path: string) => prepare(world.http().get(path)),
    put: (path: string, body: unknown) => prepare(world.http().put(path)).send(body as object),
  };
}

const keyOf = (world: TestWorld, account: 'acme' | 'globex', user = 0) => world[account].users[user]?.api_key ?? '';

describe('GET /accounts and GET /accounts/{account_id} (extension)', () => {
  it("show the key's own account in the docs' shape, seen by the caller: role, permissions, ownership", async () => {
    const world = makeWorld();
    const owner = at(world, keyOf(world, 'acme'));
    const list = (await owner.get('/accounts').expect(200)).body as AccountBody[];
    expect(list).toHaveLength(1);
    const [acme] = list;
    const ownerUser = (await world.owner.get('/user').expect(200)).body as { id: number; email: string };
    expect(acme).toMatchObject({
      id: world.acme.numeric_id,
      account_id: 'acme',
      uname: `u_${world.acme.numeric_id}`,
      region: 'amazon-web-services::us-east-1',
      location: null,
      billing_email: ownerUser.email,
      gravatar_email: ownerUser.email,
      created_at: '2026-01-05T09:00:00Z',
      role: 'admin',
      is_owner: true,
      owner_id: ownerUser.id,
      members_count: 2,
      packages_count: 2, // the archived one is not counted
      jobs_count: 0,
      running_jobs_count: 0,
      url: 'http://sim.test/accounts/acme',
      tunnel_host: 'sim.test',
    });
    expect(acme?.permissions).toHaveLength(44);
    expect(acme?.permissions).toContain('updateAccountInfo');
    // The read of one account is the same as its list entry.
    expect((await owner.get('/accounts/acme').expect(200)).body).toEqual(acme);
    // A well-formed 2048-bit RSA key, the same at every read, the account's own.
    expect(parsePublicKeyLine(acme?.public_key ?? '').type).toBe('ssh-rsa');
    expect(Buffer.from(acme?.public_key.split(' ')[1] ?? '', 'base64').length).toBe(4 + 7 + 4 + 3 + 4 + 257);
    const globex = (await at(world, keyOf(world, 'globex')).get('/accounts/globex').expect(200)).body as AccountBody;
    expect(globex.public_key).not.toBe(acme?.public_key);
    // A member sees its own role and less leave.
    const colleague = (await at(world, keyOf(world, 'acme', 1)).get('/accounts/acme').expect(200)).body as AccountBody;
    expect(colleague).toMatchObject({ role: 'member', is_owner: false, owner_id: ownerUser.id, public_key: acme?.public_key });
    expect(colleague.permissions).toHaveLength(37);
    expect(colleague.permissions).not.toContain('updateAccountInfo');
  });

  it("answers another account exactly as an absent one, and filters and sorts as the docs' list", async () => {
    const world = makeWorld();
    const owner = at(world, keyOf(world, 'acme'));
    const foreign = await owner.get('/accounts/globex').expect(404);
    const absent = await owner.get('/accounts/no-such-account').expect(404);
    expect(foreign.text).toBe(absent.text);
    expect(foreign.body).toHaveProperty('message');
    expect(((await owner.get('/accounts?role=member').expect(200)).body as unknown[])).toEqual([]);
    expect(((await owner.get('/accounts?role=admin&sort=name&direction=asc').expect(200)).body as AccountBody[]).map((a) => a.account_id)).toEqual(['acme']);
    expect(((await at(world, keyOf(world, 'acme', 1)).get('/accounts?role=member').expect(200)).body as AccountBody[]).map((a) => a.account_id)).toEqual(['acme']);
    expect(((await owner.get('/accounts?since=2027-01-01T00:00:00Z').expect(200)).body as unknown[])).toEqual([]);
    for (const bad of ['role=owner', 'sort=members', 'direction=up', 'since=yesterday']) {
      const refused = await owner.get(`/accounts?${bad}`).expect(422);
      expect(JSON.stringify(refused.body)).toContain(bad.split('=')[0]);
    }
    // Accounts are not made or deleted here: the methods are refused, with what is served.
    const post = await world.http().post('/accounts').set('Accept', VENDOR_MEDIA_TYPE).auth(keyOf(world, 'acme'), '').send({ name: 'x', region: 'amazon-web-services::us-east-1' }).expect(405);
    expect(post.headers.allow).toContain('GET');
    const del = await world.http().delete('/accounts/acme').set('Accept', VENDOR_MEDIA_TYPE).auth(keyOf(world, 'acme'), '').expect(405);
    expect(del.headers.allow).toMatch(/PUT/);
    await world.http().get('/accounts').set('Accept', VENDOR_MEDIA_TYPE).expect(401);
  });

  it('counts follow the account: jobs made, running and ended, members added', async () => {
    const world = makeWorld();
    const owner = at(world, keyOf(world, 'acme'));
    await world.owner.post('/jobs', { cluster_id: firstId(world.acme.cluster_ids), package_id: firstId(world.acme.package_ids) }).expect(201);
    expect((await owner.get('/accounts/acme').expect(200)).body).toMatchObject({ jobs_count: 1, running_jobs_count: 1 });
    world.advance(120);
    expect((await owner.get('/accounts/acme').expect(200)).body).toMatchObject({ jobs_count: 1, running_jobs_count: 0 });
    await world.owner.post('/members', { email: 'new.person@acme.example' }).expect(200);
    await world.owner.post('/hooks', { type: 'email', settings: { emails: 'ops@acme.example' }, events: ['job'] }).expect(201);
    expect((await owner.get('/accounts/acme').expect(200)).body).toMatchObject({ members_count: 3, hooks_count: 1 });
  });
});

describe('PUT /accounts/{account_id} (extension)', () => {
  it("changes the docs' fields for an admin, ignores what a client sends back of the rest, and the clusters follow the region", async () => {
    const world = makeWorld();
    const owner = at(world, keyOf(world, 'acme'));
    const before = (await owner.get('/accounts/acme').expect(200)).body as AccountBody;
    world.advance(60);
    const change = { name: 'Acme Data', location: 'Lisbon', region: 'gcloud::europe-west1', billing_email: 'billing@acme.example', gravatar_email: 'logo@acme.example' };
    const after = (await owner.put('/accounts/acme', { ...before, ...change }).expect(200)).body as AccountBody;
    expect(after).toMatchObject({ ...change, account_id: 'acme', id: before.id, updated_at: '2026-01-05T09:01:00Z', created_at: before.created_at, jobs_count: 0 });
    expect(after.avatar_url).not.toBe(before.avatar_url);
    expect((await owner.get('/accounts/acme').expect(200)).body).toEqual(after);
    // A cluster asked for no region runs in the account's.
    const cluster = (await world.owner.post('/clusters', { nodes: 2 }).expect(201)).body as { region: string; zone: string };
    expect(cluster).toMatchObject({ region: 'gcloud::europe-west1', zone: 'europe-west1-a' });
    // Clearing: location and the addresses may be null.
    expect((await owner.put('/accounts/acme', { location: null, billing_email: null }).expect(200)).body).toMatchObject({ location: null, billing_email: null, name: 'Acme Data' });
  });

  it('refuses bad fields in one 422 naming each, a member with 403, another account with 404, a new account_id with 422; nothing changes', async () => {
    const world = makeWorld();
    const owner = at(world, keyOf(world, 'acme'));
    const before = (await owner.get('/accounts/acme').expect(200)).body as AccountBody;
    const bad = await owner.put('/accounts/acme', { name: ' ', region: 'mars::olympus-1', billing_email: 'not an address', location: 7 }).expect(422);
    const fields = (bad.body as { errors: { field: string }[] }).errors.map((e) => e.field).sort();
    expect(fields).toEqual(['billing_email', 'location', 'name', 'region']);
    expect((await owner.put('/accounts/acme', { account_id: 'acme-renamed', name: 'New' }).expect(422)).body).toMatchObject({ errors: [{ field: 'account_id' }] });
    await owner.put('/accounts/acme', { account_id: 'acme', name: 'Same id' }).expect(200);
    await owner.put('/accounts/acme', { name: before.name }).expect(200);
    const member = await at(world, keyOf(world, 'acme', 1)).put('/accounts/acme', { name: 'Mine now' }).expect(403);
    expect(member.body).toHaveProperty('message');
    await at(world, keyOf(world, 'globex')).put('/accounts/acme', { name: 'Hijacked' }).expect(404);
    await owner.put('/accounts/acme', '[1]').set('Content-Type', 'application/json').expect((res) => expect([400, 422]).toContain(res.status));
    const now = (await owner.get('/accounts/acme').expect(200)).body as AccountBody;
    expect({ ...now, updated_at: before.updated_at }).toEqual(before);
    // The account path itself is where it was.
    await world.owner.get('/user').expect(200);
  });

  it('keeps the change in the exported state: a simulator given it shows the same account', async () => {
    const world = makeWorld();
    const owner = at(world, keyOf(world, 'acme'));
    const changed = (await owner.put('/accounts/acme', { name: 'Moved Inc', region: 'amazon-web-services::eu-west-1', location: 'Dublin' }).expect(200)).body as AccountBody;
    const exported = await world.http().get('/_disco/state').expect(200);
    const other = makeWorld();
    await other.http().put('/_disco/state').set('Content-Type', 'application/json').send(exported.text).expect(200);
    expect((await at(other, keyOf(world, 'acme')).get('/accounts/acme').expect(200)).body).toEqual(changed);
  });
});
