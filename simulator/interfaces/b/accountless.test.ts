import { describe, expect, it } from 'vitest';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { makeWorld } from '../../domains/jobs/test-support.ts';

/** The real service's reads at the API's root, outside `/{account_id}/api` (its API docs: `GET /timezones`, `GET /hook_events`, `GET /variables`). */

describe('reads outside the account path (extension)', () => {
  const get = (world: ReturnType<typeof makeWorld>, path: string, key: string | null, accept = VENDOR_MEDIA_TYPE) => {
    const test = world.http().get(path).set('Host', 'sim.test').set('Accept', accept);
    return key === null ? test : test.auth(key, '');
  };

  it("answers any valid key with the real docs' lists, labelled with the vendor media type", async () => {
    const world = makeWorld();
    for (const key of [world.acme.users[0]?.api_key ?? '', world.globex.users[1]?.api_key ?? '']) {
      const zones = await get(world, '/timezones', key).expect(200);
      expect(zones.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
      const list = zones.body as { id: string; name: string }[];
      expect(list).toHaveLength(144);
      expect(list[0]).toEqual({ id: 'American Samoa', name: '(GMT-11:00) American Samoa' });
      expect(list.map((z) => z.id)).toContain('Pacific Time (US & Canada)');
      const events = (await get(world, '/hook_events', key).expect(200)).body as { id: string; group_name: string; name: string }[];
      expect(events).toHaveLength(12);
      expect(events[0]).toEqual({ id: 'job', group_name: 'Job', name: 'All Job Notifications' });
      expect(events.find((e) => e.id === 'cluster.idled')).toEqual({ id: 'cluster.idled', group_name: 'Cluster', name: 'Cluster Idled' });
      // The regions the service supports: the docs' eleven, SoftLayer's not among them; by resource type, its cloud's.
      const ids = async (path: string) => ((await get(world, path, key).expect(200)).body as { id: string }[]).map((r) => r.id);
      const all = await ids('/regions');
      expect(all).toHaveLength(11);
      expect(all[0]).toBe('amazon-web-services::us-east-1');
      expect(all.filter((id) => id.startsWith('soft-layer'))).toEqual([]);
      expect(await ids('/regions/bigquery')).toEqual(['gcloud::asia-east1', 'gcloud::europe-west1', 'gcloud::us-central1']);
      expect(await ids('/regions/redshift')).toEqual(all.filter((id) => id.startsWith('amazon-web-services::')));
      expect(await ids('/regions/snowflake')).toEqual(all);
      expect((await get(world, '/regions/oracle', key).expect(404)).body).toHaveProperty('message');
      // The system variables, numbers as numbers and expressions as strings, as the docs give them.
      const variables = (await get(world, '/variables', key).expect(200)).body as Record<string, unknown>;
      expect(Object.keys(variables)).toHaveLength(12);
      expect(variables).toMatchObject({ _MAX_COMBINED_SPLIT_SIZE: 67108864, _SHUFFLE_INPUT_BUFFER_PERCENT: 0.7, _DEFAULT_TIMEZONE: "'+00:00'", _COPY_PARALLELISM: '(int)$_CLUSTER_NODES_COUNT * 3' });
    }
  });

  it("refuses as interface B does: no key or an unknown one 401, another Accept 406, another method 405; other root paths stay 404", async () => {
    const world = makeWorld();
    const key = world.acme.users[0]?.api_key ?? '';
    const unauthorized = await get(world, '/timezones', null).expect(401);
    expect(typeof (unauthorized.body as { message?: unknown }).message).toBe('string');
    await get(world, '/hook_events', 'not-a-key-of-anyone-here-at-all').expect(401);
    await get(world, '/timezones', key, 'application/json').expect(406);
    const post = await world.http().post('/timezones').set('Accept', VENDOR_MEDIA_TYPE).auth(key, '').expect(405);
    expect(post.headers.allow).toContain('GET');
    await get(world, '/variables', null).expect(401);
    // A password reset request: 201 and no body for any address, known or not; a bad one 422.
    const reset = (body: unknown, key: string | null = world.acme.users[0]?.api_key ?? '') => {
      const test = world.http().post('/user_password').set('Accept', VENDOR_MEDIA_TYPE);
      return (key === null ? test : test.auth(key, '')).send(body as object);
    };
    for (const email of [world.acme.users[1]?.email ?? '', 'nobody@nowhere.example']) {
      const done = await reset({ email }).expect(201);
      expect(done.text).toBe('');
    }
    for (const body of [{}, { email: 'not an address' }, { email: 7 }]) {
      expect(((await reset(body).expect(422)).body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['email']);
    }
    await reset({ email: 'ada@acme.example' }, null).expect(401);
    expect((await get(world, '/user_password', key).expect(405)).headers.allow).toContain('POST');
    const unknown = await get(world, '/no_such_list', key).expect(404);
    expect(typeof (unknown.body as { message?: unknown }).message).toBe('string');
    // The account path is unchanged.
    await world.owner.get('/user').expect(200);
  });

  it("shows a user's time zone from the list as PUT /user takes it", async () => {
    const world = makeWorld();
    const zones = (await get(world, '/timezones', world.acme.users[0]?.api_key ?? '').expect(200)).body as { id: string }[];
    const zone = zones[zones.length - 1]?.id ?? '';
    expect((await world.owner.put('/user', { time_zone: zone }).expect(200)).body).toMatchObject({ time_zone: zone });
  });
});
