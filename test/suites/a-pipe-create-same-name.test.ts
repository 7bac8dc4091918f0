import { afterEach, describe, expect, it } from 'vitest';
import { interfaceATarget, jsonServer, localServers } from '../support/local-target.ts';
import { runOneCheck } from '../support/run-suites.ts';

/**
 * a-pipe/archive-survives-create-same-name on hand-written deployments: a create under an
 * archived pipeline's name may be refused (409) or make a new pipeline, and an archived pipeline
 * may read as gone (410); none of these is failed. One that takes the archived record back (the
 * same id live again, "upsert by name") fails A-PIPE-2.
 */

const KEYS = { admin: `fdk_${'A'.repeat(40)}`, plain: `fdk_${'B'.repeat(40)}` };

type Style = 'refuses-name' | 'new-id' | 'gone-once-archived' | 'upsert';

function deployment(style: Style) {
  const pipelines = new Map<number, { name: string; status: string }>();
  let next = 40;
  return jsonServer(({ method, path, bearer, body }) => {
    if (!bearer || !Object.values(KEYS).includes(bearer)) return { status: 401, body: { error: 'Unauthorized.' } };
    if (method === 'POST' && path === '/api/public/v1/pipelines') {
      const name = String((JSON.parse(body) as { name?: unknown }).name);
      const same = [...pipelines.entries()].find(([, p]) => p.name === name);
      if (same && (style === 'refuses-name' || same[1].status !== 'archived')) return { status: 409, body: { error: 'That name is taken.' } };
      if (same && style === 'upsert') {
        same[1].status = 'not_deployed';
        return { status: 201, body: { id: same[0], ...same[1] } };
      }
      const id = next++;
      pipelines.set(id, { name, status: 'not_deployed' });
      return { status: 201, body: { id, name, status: 'not_deployed' } };
    }
    const id = Number(/^\/api\/public\/v1\/pipelines\/(\d+)$/.exec(path)?.[1]);
    const pipeline = pipelines.get(id);
    if (!pipeline) return { status: 404, body: { error: 'Not found.' } };
    if (method === 'DELETE') {
      pipeline.status = 'archived';
      return { status: 200, body: { id, ...pipeline } };
    }
    if (method === 'GET') return style === 'gone-once-archived' && pipeline.status === 'archived' ? { status: 410, body: { error: 'Archived.' } } : { status: 200, body: { id, ...pipeline } };
    return { status: 404, body: { error: 'Not found.' } };
  });
}

const servers = localServers();
afterEach(() => servers.closeAll());

async function run(style: Style) {
  const server = deployment(style);
  await servers.listen(server);
  const target = interfaceATarget(server, style, ['pipelines.create', 'pipelines.read', 'pipelines.archive'], [{ adminKey: KEYS.admin, nonAdminKey: KEYS.plain, fixtures: {} }], {
    pipelineStates: { field: 'status', deployed: ['running'], notDeployed: ['not_deployed'], archived: ['archived'] },
  });
  return runOneCheck(target, 'a-pipe/archive-survives-create-same-name', 'A-PIPE-2');
}

describe('a-pipe/archive-survives-create-same-name', () => {
  it.each(['refuses-name', 'new-id'] as const)('passes a deployment whose create under an archived name is %s', async (style) => {
    const { check } = await run(style);
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });

  it('does not fail one whose archived pipelines read as gone (410): the archive not seen, said so', async () => {
    const { check } = await run('gone-once-archived');
    expect(check.failures).toEqual([]);
    expect(JSON.stringify(check.partial)).toMatch(/answers 410 after the DELETE/);
  });

  it('fails one whose create takes the archived pipeline back, naming A-PIPE-2', async () => {
    const { check } = await run('upsert');
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => `${f.clause} ${f.message}`).join('\n')).toMatch(/^A-PIPE-2 pipeline 40, archived by its DELETE, is not deployed again after a pipeline was created under its name \(201\)/);
  });
});
