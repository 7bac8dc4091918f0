import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { ABSENT_ID, connectionId, testBed } from '../connections/test-support.ts';

/** `POST /deliveries`, an extension of the real service (its API docs: create a delivery). */

function body(bed: ReturnType<typeof testBed>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'CRM to warehouse',
    description: 'Accounts, daily',
    interval_unit: 'hours',
    interval_amount: 6,
    source: { connection: { type: 'salesforce', id: connectionId(bed, 0, 'salesforce') }, properties: {} },
    destination: { connection: { type: 'redshift', id: connectionId(bed, 0, 'redshift') }, properties: { schema_name: 'salesforce_prod' } },
    ...extra,
  };
}

describe('POST /deliveries (extension)', () => {
  it('creates the caller\'s delivery as the real service shows it (201), idle while it initializes, then enabled', async () => {
    const bed = testBed();
    const acme = bed.client(0);
    const sent = body(bed);
    const res = await acme.post('/deliveries', sent).expect(201);
    expect(res.headers['content-type']).toBe('application/vnd.service+json; version=2');
    const made = res.body as Record<string, unknown> & { id: number };
    expect(validateResource('simulator/delivery', made)).toEqual([]);
    // Every field as sent, the connections named by type and id as sent.
    expect(made).toMatchObject({ ...sent, status: 'idle', owner_id: bed.manifests[0]?.users[0]?.id });
    const { url: _url, ...shown } = made;
    expect((await acme.get(`/deliveries/${made.id}`).expect(200)).body).toMatchObject(shown);
    expect(((await acme.get('/deliveries').expect(200)).body as { id: number }[])[0]?.id).toBe(made.id);

    bed.clock.advance(119_000);
    expect((await acme.get(`/deliveries/${made.id}`).expect(200)).body.status).toBe('idle');
    bed.clock.advance(1_000);
    expect((await acme.get(`/deliveries/${made.id}`).expect(200)).body.status).toBe('enabled');
    expect(((await acme.get('/deliveries?status=enabled').expect(200)).body as { id: number }[]).map((d) => d.id)).toContain(made.id);
    expect(((await acme.get('/deliveries?status=idle').expect(200)).body as { id: number }[]).map((d) => d.id)).not.toContain(made.id);
    await acme.delete(`/deliveries/${made.id}`).expect(204);
    await acme.get(`/deliveries/${made.id}`).expect(404);
  });

  it('takes the real service\'s defaults: a generated name, one day between runs, no properties', async () => {
    const bed = testBed();
    const res = await bed
      .client(0)
      .post('/deliveries', { source: { connection: { type: 'mysql', id: connectionId(bed, 0, 'mysql') } }, destination: { connection: { type: 's3', id: connectionId(bed, 0, 's3') } } })
      .expect(201);
    expect(res.body).toMatchObject({ name: `Delivery ${res.body.id}`, interval_amount: 1, interval_unit: 'days', source: { properties: {} }, destination: { properties: {} } });
  });

  it('refuses a bad body with a 422 naming each bad field, and creates nothing', async () => {
    const bed = testBed();
    const acme = bed.client(0);
    const listed = async () => ((await acme.get('/deliveries?limit=100').expect(200)).body as { id: number }[]).map((d) => d.id);
    const before = await listed();
    const fields = async (sent: unknown) => ((await acme.post('/deliveries', sent).expect(422)).body.errors as { field: string }[]).map((e) => e.field);
    expect(await fields({})).toEqual(['source', 'destination']);
    expect(await fields(body(bed, { interval_unit: 'months', interval_amount: 0, name: '' }))).toEqual(['name', 'interval_amount', 'interval_unit']);
    expect(await fields(body(bed, { source: { connection: { type: '', id: -1 }, properties: [] } }))).toEqual(['source.connection.type', 'source.connection.id', 'source.properties']);
    expect(await fields(body(bed, { destination: { properties: {} } }))).toEqual(['destination.connection']);
    expect(await listed()).toEqual(before);
  });

  it('refuses another account\'s, an absent and a mistyped connection alike (422 naming the end), and creates nothing', async () => {
    const bed = testBed();
    const acme = bed.client(0);
    const listed = async () => ((await acme.get('/deliveries?limit=100').expect(200)).body as { id: number }[]).map((d) => d.id);
    const before = await listed();
    const answers: string[] = [];
    for (const source of [
      { type: 'mysql', id: connectionId(bed, 1, 'mysql') },
      { type: 'mysql', id: ABSENT_ID },
      { type: 'postgres', id: connectionId(bed, 0, 'mysql') },
    ]) {
      const res = await acme.post('/deliveries', body(bed, { source: { connection: source } })).expect(422);
      expect(res.body.errors).toEqual([{ field: 'source.connection.id', message: `names no ${source.type} connection of this account` }]);
      answers.push(JSON.stringify(res.body).replaceAll(source.type, 'TYPE'));
    }
    expect(new Set(answers).size).toBe(1);
    expect(await listed()).toEqual(before);
    expect(((await bed.client(1).get('/deliveries?limit=100').expect(200)).body as unknown[]).length).toBe(bed.manifests[1]?.delivery_ids.length);
  });
});
