import { afterEach, describe, expect, it } from 'vitest';
import { interfaceATarget, jsonServer, localServers } from '../support/local-target.ts';
import { runOneCheck } from '../support/run-suites.ts';

/**
 * A-PIPE-2's "and does nothing else" on a deployment whose pipeline keeps bookkeeping of its
 * changes (a revision counter, a last-modified time, an etag) and shows the archive as a soft
 * delete too (`enabled: false`, `deleted_at`, fewer `_links`): the archive moves them as it moves
 * `updated_at`, which is no effect of the DELETE; nor is a time of observation that every read
 * moves. A DELETE that deploys the pipeline on its way
 * (a deployment time set) still fails. A target serving only the pipeline read and the spec's
 * DELETE, with a not-deployed fixture to archive.
 */

const KEYS = { admin: `fdk_${'A'.repeat(40)}`, plain: `fdk_${'B'.repeat(40)}` };

/**
 * `observed`: `every-read` moves the time of observation with each read; `to-the-second` writes
 * it to the second, so the two reads before the DELETE show it equal, and the DELETE falls in the
 * next second (here: it starts the next observation), as it does on a real clock now and then.
 */
function archivingTarget(sideEffect: boolean, observed: 'every-read' | 'to-the-second' = 'every-read') {
  const pipeline: Record<string, unknown> = { id: 501, name: 'mine', status: 'not_deployed', revision: 3, etag: '"r3"', last_modified: '2026-01-01T00:00:00Z', deployed_at: null, enabled: true, deleted_at: null, _links: { start: '/pipelines/501/start' } };
  let reads = 0;
  let second = Date.parse('2026-01-01T00:00:00Z');
  let tickedAt = Date.now();
  const observedAt = () => {
    if (observed === 'every-read') return `2026-01-01T00:00:${String(++reads % 60).padStart(2, '0')}Z`;
    if (Date.now() - tickedAt >= 1_000) {
      second += 1_000;
      tickedAt = Date.now();
    }
    return new Date(second).toISOString().replace(/\.\d+Z$/, 'Z');
  };
  return jsonServer(({ method, path, bearer }) => {
    if (!bearer || !Object.values(KEYS).includes(bearer)) return { status: 401, body: { error: 'Unauthorized.' } };
    if (path !== '/api/public/v1/pipelines/501') return { status: 404, body: { error: 'Pipeline not found.' } };
    if (method === 'DELETE') {
      const revision = Number(pipeline.revision) + 1;
      // A soft delete: the archive also shown as a deletion time, a flag and the links left.
      Object.assign(pipeline, { status: 'archived', revision, etag: `"r${revision}"`, last_modified: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), enabled: false, deleted_at: '2026-01-02T00:00:00Z', _links: {} });
      if (sideEffect) pipeline.deployed_at = '2026-01-02T00:00:00Z';
      if (observed === 'to-the-second') {
        second += 1_000;
        tickedAt = Date.now();
      }
      return { status: 200, body: { id: 501, archived: true } };
    }
    // When the pipeline was last observed moves with every read, nothing done.
    if (method === 'GET') return { status: 200, body: { ...pipeline, observed_at: observedAt() } };
    return { status: 404, body: { error: 'Not found.' } };
  });
}

const servers = localServers();
afterEach(() => servers.closeAll());

async function run(sideEffect: boolean, observed?: 'every-read' | 'to-the-second') {
  const server = archivingTarget(sideEffect, observed);
  await servers.listen(server);
  const target = interfaceATarget(server, 'bookkeeping', ['pipelines.archive', 'pipelines.read'], [{ adminKey: KEYS.admin, nonAdminKey: KEYS.plain, fixtures: { pipeline_ids: [501], archivable_pipelines: { not_deployed: 501 } } }], {
    pipelineStates: { field: 'status', deployed: ['running'], notDeployed: ['not_deployed'], archived: ['archived'] },
  });
  return runOneCheck(target, 'a-pipe/delete-not-deployed', 'A-PIPE-2');
}

describe("a-pipe/delete-not-deployed on a pipeline that keeps bookkeeping of its changes", () => {
  it('passes: a revision, an etag, a last-modified time, a soft delete\'s flag, time and links moved by the archive are no effect of it, nor a time of observation that moves by itself', async () => {
    const { check, verdict } = await run(false);
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });

  it('passes where the time of observation is written to the second and the DELETE falls in the next one: read again over a second later, it moves by itself', async () => {
    const { check, verdict } = await run(false, 'to-the-second');
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });

  it('fails where the DELETE also deployed the pipeline (a deployment time set)', async () => {
    const { check, verdict } = await run(true);
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/changed more than its state: deployed_at/);
  });
});
