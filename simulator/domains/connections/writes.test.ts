import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { makeWorld } from '../jobs/test-support.ts';

/** The real service's connection writes and tests (its API docs: sections/create-connection.md, delete-, test-, test-new-). */

interface ConnectionBody {
  id: number;
  name: string;
  type: string;
  unique_id: string;
  url: string;
  [attribute: string]: unknown;
}

const notFound = { message: 'Item not found.' };
const MYSQL = { name: 'warehouse', host: 'db.acme.example', username: 'loader', password: 'hunter2-secret', database: 'orders' };

describe('connection writes and tests (extension)', () => {
  it('makes a connection of a type with its attributes and their defaults, never showing a secret; it lists, reads and renames as any', async () => {
    const world = makeWorld();
    const made = (await world.owner.post('/connections/mysql', MYSQL).expect(201)).body as ConnectionBody;
    expect(made).toMatchObject({ name: 'warehouse', type: 'mysql', host: 'db.acme.example', username: 'loader', database: 'orders', port: 3306, tunnel_type: 'direct', ssl: false, unique_id: `MYSQL_CONNECTION_${made.id}` });
    expect(JSON.stringify(made)).not.toContain('hunter2');
    expect(made).not.toHaveProperty('password');
    expect(validateResource('connection', made)).toEqual([]);
    expect(made.url).toMatch(new RegExp(`/acme/api/connections/mysql/${made.id}$`));
    expect((await world.owner.get(`/connections/mysql/${made.id}`).expect(200)).body).toEqual(made);
    expect(((await world.owner.get('/connections?type=mysql').expect(200)).body as ConnectionBody[]).map((c) => c.id)).toContain(made.id);
    const renamed = (await world.owner.put(`/connections/mysql/${made.id}`, { name: 'warehouse-2' }).expect(200)).body as ConnectionBody;
    expect(renamed).toMatchObject({ name: 'warehouse-2', host: 'db.acme.example' });
    const state = JSON.stringify([...(world.simulator.sim.store.account('acme')?.connections.values() ?? [])]);
    expect(state).not.toContain('hunter2');
  });

  it("refuses a body without the type's required attributes or with bad ones, naming each, and makes nothing; an unknown type is a 404", async () => {
    const world = makeWorld();
    const before = ((await world.owner.get('/connections').expect(200)).body as unknown[]).length;
    const refused = await world.owner.post('/connections/postgres', { name: '', port: 70000, ssl: 'yes', tunnel_type: 'sideways' }).expect(422);
    for (const field of ['name', 'host', 'username', 'password', 'port', 'ssl', 'tunnel_type']) expect(JSON.stringify(refused.body)).toContain(field);
    const gs = await world.owner.post('/connections/gs', { name: 'bucket' }).expect(422);
    expect(JSON.stringify(gs.body)).toContain('project_id');
    await world.owner.post('/connections/gs', { name: 'bucket', project_id: 'acme-data' }).expect(201);
    await world.owner.post('/connections/teleport', { name: 'x' }).expect(404, notFound);
    expect((await world.owner.get('/connections').expect(200)).body).toHaveLength(before + 1);
  });

  it('tests a connection, made or not: true, unless its host is under the reserved .invalid domain (400 naming it, with the docs\' error_message)', async () => {
    const world = makeWorld();
    const made = (await world.owner.post('/connections/mysql', MYSQL).expect(201)).body as ConnectionBody;
    const passed = await world.owner.post(`/connections/mysql/${made.id}/test`).expect(200);
    expect(passed.text).toBe('true');
    expect(passed.headers['content-type']).toMatch(/json/);
    const unreachable = (await world.owner.post('/connections/mysql', { ...MYSQL, host: 'db.nowhere.invalid' }).expect(201)).body as ConnectionBody;
    const failed = await world.owner.post(`/connections/mysql/${unreachable.id}/test`).expect(400);
    expect(JSON.stringify(failed.body)).toContain('host');
    expect(failed.body).toMatchObject({ error_message: 'host db.nowhere.invalid could not be reached: the connection test failed' });
    // A new connection's test keeps nothing.
    const listed = async () => ((await world.owner.get('/connections').expect(200)).body as unknown[]).length;
    const count = await listed();
    expect((await world.owner.post('/connections/mysql/test', MYSQL).expect(200)).text).toBe('true');
    const failedNew = await world.owner.post('/connections/hdfs/test', { name: 'lake', name_node_host: 'nn.acme.invalid', httpfs_host: 'fs.acme.example' }).expect(400);
    expect(JSON.stringify(failedNew.body)).toContain('name_node_host');
    await world.owner.post('/connections/mysql/test', { name: 'x' }).expect(422);
    expect(await listed()).toBe(count);
  });

  it('deletes a connection: the answer is the connection as it was, its group lets it go, a delivery naming it shows it gone', async () => {
    const world = makeWorld();
    const made = (await world.owner.post('/connections/mysql', MYSQL).expect(201)).body as ConnectionBody;
    const group = (await world.owner.post('/connection_groups', { connection_group: { name: 'g' }, connections: [{ id: made.id, type: 'mysql' }] }).expect(201)).body as { id: number };
    const gone = (await world.owner.delete(`/connections/mysql/${made.id}`).expect(200)).body as ConnectionBody;
    expect(gone).toMatchObject({ id: made.id, name: 'warehouse', connection_group_id: group.id });
    await world.owner.get(`/connections/mysql/${made.id}`).expect(404, notFound);
    await world.owner.delete(`/connections/mysql/${made.id}`).expect(404, notFound);
    await world.owner.post(`/connections/mysql/${made.id}/test`).expect(404, notFound);
    expect(((await world.owner.get(`/connection_groups/${group.id}`).expect(200)).body as { connections: unknown[] }).connections).toEqual([]);
  });

  it("answers another account's, another type's, an absent and a malformed connection with the same 404", async () => {
    const world = makeWorld();
    const theirs = (await world.stranger.post('/connections/mysql', MYSQL).expect(201)).body as ConnectionBody;
    for (const path of [`/connections/mysql/${theirs.id}`, `/connections/postgres/${theirs.id}`, '/connections/mysql/999999', '/connections/mysql/x']) {
      await world.owner.delete(path).expect(404, notFound);
      await world.owner.post(`${path}/test`).expect(404, notFound);
    }
    await world.stranger.get(`/connections/mysql/${theirs.id}`).expect(200);
  });
});
