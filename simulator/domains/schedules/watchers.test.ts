import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { firstId, makeWorld, type TestWorld } from '../jobs/test-support.ts';

/**
 * Schedule watchers, as the real service's docs describe them: the creator watches its schedule;
 * others may watch and stop watching; a schedule enabled or disabled tells its watchers.
 */

async function makeSchedule(world: TestWorld): Promise<number> {
  const body = { name: 'nightly', status: 'enabled', start_at: '2027-01-01T02:00:00Z', interval_amount: 1, interval_unit: 'days', task: { nodes: 1, packages: [{ package_id: firstId(world.acme.package_ids) }] } };
  return ((await world.owner.post('/schedules', body).expect(201)).body as { id: number }).id;
}

const emails = (body: unknown) => (body as { email: string }[]).map((w) => w.email);

async function told(caller: TestWorld['owner']): Promise<{ title: string; message: string }[]> {
  return ((await caller.get('/notifications').expect(200)).body as { title: string; message: string }[]).filter((n) => n.message.startsWith('Schedule '));
}

describe('/schedules/{id}/watchers (extension)', () => {
  it('the creator watches; another user watches, once however often asked, and stops watching', async () => {
    const world = makeWorld();
    const id = await makeSchedule(world);
    expect(emails((await world.owner.get(`/schedules/${id}/watchers`).expect(200)).body)).toEqual(['owner@acme.example']);
    const entry = await world.colleague.post(`/schedules/${id}/watchers`).expect(200);
    expect(validateResource('simulator/watcher', entry.body)).toEqual([]);
    expect(entry.body).toMatchObject({ display_name: 'Ada Colleague', schedule_url: expect.stringMatching(new RegExp(`/api/schedules/${id}$`)) as unknown });
    expect(typeof (entry.body as { created_at: unknown }).created_at).toBe('string');
    await world.colleague.post(`/schedules/${id}/watchers`).expect(200);
    const listed = await world.owner.get(`/schedules/${id}/watchers`).expect(200);
    expect(emails(listed.body)).toEqual(['owner@acme.example', 'colleague@acme.example']);
    await world.colleague.delete(`/schedules/${id}/watchers`).expect(204);
    await world.colleague.delete(`/schedules/${id}/watchers`).expect(204);
    expect(emails((await world.owner.get(`/schedules/${id}/watchers`).expect(200)).body)).toEqual(['owner@acme.example']);
  });

  it('tells the watchers when the schedule is disabled or enabled, not when anything else changes', async () => {
    const world = makeWorld();
    const id = await makeSchedule(world);
    await world.owner.put(`/schedules/${id}`, { description: 'renamed nothing' }).expect(200);
    expect(await told(world.owner)).toEqual([]);
    await world.owner.put(`/schedules/${id}`, { status: 'disabled' }).expect(200);
    await world.owner.put(`/schedules/${id}`, { status: 'disabled' }).expect(200);
    await world.owner.put(`/schedules/${id}`, { status: 'enabled' }).expect(200);
    expect(await told(world.owner)).toEqual([
      expect.objectContaining({ title: 'Schedule enabled', message: 'Schedule nightly was enabled.' }),
      expect.objectContaining({ title: 'Schedule disabled', message: 'Schedule nightly was disabled.' }),
    ]);
    expect(await told(world.colleague)).toEqual([]);
  });

  it('a copy is watched by whoever copied it, not by the original\'s watchers', async () => {
    const world = makeWorld();
    const id = await makeSchedule(world);
    const copy = ((await world.colleague.post(`/schedules/${id}/clone`).expect(201)).body as { id: number }).id;
    expect(emails((await world.owner.get(`/schedules/${copy}/watchers`).expect(200)).body)).toEqual(['colleague@acme.example']);
    expect(emails((await world.owner.get(`/schedules/${id}/watchers`).expect(200)).body)).toEqual(['owner@acme.example']);
  });

  it('answers an absent, another account\'s and a malformed schedule id with the same 404', async () => {
    const world = makeWorld();
    const theirs = (await world.stranger
      .post('/schedules', { name: 'theirs', start_at: '2027-01-01T02:00:00Z', interval_amount: 1, interval_unit: 'days', task: { nodes: 1, packages: [{ package_id: firstId(world.globex.package_ids) }] } })
      .expect(201)).body as { id: number };
    const absent = await world.owner.get('/schedules/424242/watchers').expect(404);
    for (const id of ['424242', String(theirs.id), 'x1']) {
      expect((await world.owner.get(`/schedules/${id}/watchers`).expect(404)).text).toBe(absent.text);
      expect((await world.owner.post(`/schedules/${id}/watchers`).expect(404)).text).toBe(absent.text);
      expect((await world.owner.delete(`/schedules/${id}/watchers`).expect(404)).text).toBe(absent.text);
    }
  });
});
