import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { firstId, makeWorld, startJob, START } from '../jobs/test-support.ts';
import { FIXED_ED25519, FIXED_P256_NO_COMMENT } from '../users/openssh-test-keys.ts';

/**
 * The real service's search endpoints (its API docs: /jobs/search, /packages/search,
 * /clusters/search, /schedules/search, /hooks/search, /user/keys/search), each with its
 * attributes, the query string or a JSON body, paged, and only the caller's things.
 */

const names = (body: unknown) => (body as { name: string }[]).map((x) => x.name);
const idsOf = (body: unknown) => (body as { id: number }[]).map((x) => x.id);

describe('the search endpoints (extension)', () => {
  it('/packages/search finds by attribute and free text, answers the list shape, and is not taken for a package id', async () => {
    const world = makeWorld();
    const byName = await world.owner.get('/packages/search?q=name:orders').expect(200);
    expect(names(byName.body)).toEqual(['orders-daily']);
    for (const p of byName.body as unknown[]) expect(validateResource('package', p)).toEqual([]);
    expect(names((await world.owner.get(`/packages/search?q=${encodeURIComponent('-name:orders user:owner@acme')}&sort=name`).expect(200)).body)).toEqual(['broken-export', 'legacy-import']);
    expect(names((await world.owner.get('/packages/search?q=Fails').expect(200)).body)).toEqual(['broken-export']);
  });

  it("/jobs/search finds jobs by where they stand, their package, their user and their log", async () => {
    const world = makeWorld();
    const ok = await startJob(world, 0);
    world.advance(10);
    const broken = await startJob(world, 1);
    world.advance(30);
    // ok: running 5 s to 35 s, completed at 35 s; broken: running 15 s to 33 s, failed.
    const q = async (query: string) => idsOf((await world.owner.get(`/jobs/search?q=${encodeURIComponent(query)}`).expect(200)).body);
    expect(await q('status:completed')).toEqual([ok.id]);
    expect(await q('status:failed')).toEqual([broken.id]);
    expect(await q('package:broken')).toEqual([broken.id]);
    expect(await q('user:owner@acme.example')).toEqual([broken.id, ok.id]);
    expect(await q('log:"could not write"')).toEqual([broken.id]);
    expect(await q(`finished:>${new Date(START + 34_000).toISOString()}`)).toEqual([ok.id]);
    expect(await q('duration:<20')).toEqual([broken.id]);
    // One attribute twice with the same sign is OR, as the docs say: both jobs.
    expect(await q('duration:<20 duration:>25')).toEqual([broken.id, ok.id]);
    const found = await world.owner.get(`/jobs/search?q=${ok.id}`).expect(200);
    expect(idsOf(found.body)).toEqual([ok.id]);
    expect(validateResource('job', (found.body as unknown[])[0])).toEqual([]);
  });

  it('/clusters/search, /schedules/search, /hooks/search and /user/keys/search find by their attributes', async () => {
    const world = makeWorld();
    expect(names((await world.owner.get('/clusters/search?q=nodes:>2').expect(200)).body)).toEqual(['prod-etl']);
    const task = { nodes: 1, packages: [{ package_id: firstId(world.acme.package_ids, 1) }] };
    await world.owner.post('/schedules', { name: 'nightly export', start_at: '2027-01-01T00:00:00Z', interval_amount: 1, interval_unit: 'days', task }).expect(201);
    expect(names((await world.owner.get('/schedules/search?q=package:broken status:disabled').expect(200)).body)).toEqual(['nightly export']);
    await world.owner.post('/hooks', { type: 'web', name: 'to ci', settings: { url: 'http://127.0.0.1:9/x' }, events: ['job'] }).expect(201);
    await world.owner.post('/hooks', { type: 'email', name: 'to ops', settings: { emails: 'ops@acme.example' }, events: ['job'] }).expect(201);
    expect(names((await world.owner.get('/hooks/search?q=type:email').expect(200)).body)).toEqual(['to ops']);
    await world.owner.post('/user/keys', { name: 'laptop', public_key: FIXED_ED25519.line }).expect(201);
    await world.owner.post('/user/keys', { name: 'ci runner', public_key: FIXED_P256_NO_COMMENT.line }).expect(201);
    expect(names((await world.owner.get('/user/keys/search?q=runner').expect(200)).body)).toEqual(['ci runner']);
    // A colleague's search sees only their own keys, as the key list does.
    expect((await world.colleague.get('/user/keys/search?q=laptop').expect(200)).body).toEqual([]);
  });

  it("takes q, sort and direction from a JSON body, as the docs' curl sends them; pages with offset and limit", async () => {
    const world = makeWorld();
    const body = { q: 'name:e', sort: 'name', direction: 'desc' };
    const res = await world.owner.get('/packages/search').set('Content-Type', 'application/json').send(body).expect(200);
    expect(names(res.body)).toEqual(['orders-daily', 'legacy-import', 'broken-export']);
    expect(names((await world.owner.get('/packages/search?q=name:e&sort=name&offset=1&limit=1').expect(200)).body)).toEqual(['legacy-import']);
    // The paging links carry what the body asked for: following next searches the same.
    const first = await world.owner.get('/packages/search?limit=1').set('Content-Type', 'application/json').send(body).expect(200);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const followed = new URL(next!);
    expect(Object.fromEntries(followed.searchParams)).toEqual({ q: 'name:e', sort: 'name', direction: 'desc', offset: '1', limit: '1' });
    expect(names((await world.owner.get(`${followed.pathname.replace(/^.*\/api/, '')}${followed.search}`).expect(200)).body)).toEqual(['legacy-import']);
  });

  it("keeps its paging links short enough for a client to read: a query's bytes are bounded, a sort it ignores is not carried", async () => {
    const world = makeWorld();
    // 499 emoji are 998 characters but 1,996 bytes: three links of them were 18 KB of headers.
    const long = await world.owner.get(`/packages/search?q=${encodeURIComponent(`-name:${'\u{1F600}'.repeat(499)}`)}`).expect(422);
    expect(JSON.stringify(long.body)).toContain('"q"');
    await world.owner.get(`/packages/search?q=${encodeURIComponent(`-name:${'\u{1F600}'.repeat(240)}`)}`).expect(200);
    const ignored = await world.owner.get(`/packages/search?q=e&sort=${'x'.repeat(9_000)}&offset=1&limit=1`).expect(200);
    expect(String(ignored.headers.link)).not.toContain('sort=');
    expect(String(ignored.headers.link).length).toBeLessThan(1_000);
  });

  it('a sort it does not know is relevance, as the docs say; a missing q, an unknown attribute or a bad direction is a 422 naming it', async () => {
    const world = makeWorld();
    expect(names((await world.owner.get('/packages/search?q=orders&sort=owner').expect(200)).body)).toEqual(['orders-daily']);
    const missing = await world.owner.get('/packages/search').expect(422);
    expect(JSON.stringify(missing.body)).toContain('"q"');
    const unknown = await world.owner.get('/packages/search?q=colour:red').expect(422);
    expect(JSON.stringify(unknown.body)).toContain('colour');
    const direction = await world.owner.get('/packages/search?q=a&direction=up').expect(422);
    expect(JSON.stringify(direction.body)).toContain('direction');
  });

  it("finds nothing of another account's", async () => {
    const world = makeWorld();
    await startJob(world, 0);
    for (const path of ['/jobs/search?q=status:pending', '/packages/search?q=orders', '/clusters/search?q=sandbox']) {
      expect(((await world.stranger.get(path).expect(200)).body as unknown[]).length, path).toBe(path.startsWith('/jobs') ? 0 : 1);
    }
    expect(idsOf((await world.stranger.get('/packages/search?q=orders').expect(200)).body)).not.toContain(firstId(world.acme.package_ids));
  });
});
