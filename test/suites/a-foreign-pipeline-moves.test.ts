import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChecks } from '../../suites/index.ts';
import { runChecks } from '../../suites/lib/run.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import type { AOperation } from '../../suites/lib/target-types.ts';
import { interfaceATarget, jsonServer } from '../support/local-target.ts';

/**
 * Another account's deployed pipeline moves on by itself while a check asks about it: its state
 * goes from one sync phase to the next (both "deployed" in the target document's mapping) and its
 * updated_at follows. That is no change made by account 1: X-ISO-1 must not fail for it, while a
 * real change (its name) still fails. A target serving only the pipeline read and the spec's DELETE.
 */

const KEYS = { admin: `fdk_${'A'.repeat(40)}`, plain: `fdk_${'B'.repeat(40)}`, other: `fdk_${'C'.repeat(40)}` };

function movingTarget(options: { renameAfterReads?: number; startingAtFirst?: boolean; patchLeaks?: boolean }): http.Server {
  let reads = 0;
  let description: string | undefined;
  return jsonServer(({ method, path, bearer }) => {
    // A stop routed as a DELETE of the deployment, which this target answers 405 to for any id.
    if (method === 'DELETE' && /^\/api\/public\/v1\/pipelines\/[^/]+\/deployment$/.test(path)) return { status: 405, body: { error: 'Method not allowed.' } };
    const match = /^\/api\/public\/v1\/pipelines\/([^/]+)$/.exec(path);
    if (!match || (method !== 'GET' && method !== 'DELETE' && method !== 'PATCH')) return { status: 404, body: { error: 'Not found.' } };
    if (!bearer || !Object.values(KEYS).includes(bearer)) return { status: 401, body: { error: 'Unauthorized.' } };
    const id = match[1];
    // The fault: account 1's update lands on account 2's pipeline, answered like an absent one.
    if (method === 'PATCH' && id === '900' && options.patchLeaks) description = 'changed by account 1';
    const own = (id === '501' && bearer !== KEYS.other) || (id === '900' && bearer === KEYS.other);
    if (!own || method === 'PATCH') return { status: 404, body: { error: 'Pipeline not found.' } };
    if (method === 'DELETE') return { status: 200, body: { id: Number(id), archived: true } };
    if (id === '501') return { status: 200, body: { id: 501, name: 'mine', status: 'not_deployed' } };
    reads++;
    const renamed = options.renameAfterReads !== undefined && reads > options.renameAfterReads;
    // Just started by account 2: first shown starting (a state the document does not map), with no deployment time yet.
    if (options.startingAtFirst && reads === 1) return { status: 200, body: { id: 900, name: 'theirs', status: 'starting', deployed_at: null } };
    return { status: 200, body: { id: 900, name: renamed ? 'renamed by someone' : 'theirs', status: reads % 2 ? 'initial_sync' : 'continuous_sync', updated_at: new Date(Date.now() + reads * 1000).toISOString(), deployed_at: '2026-01-01T00:00:00Z', ...(description ? { description } : {}) } };
  });
}

function targetAt(server: http.Server, served: AOperation[] = ['pipelines.archive', 'pipelines.read']): ResolvedTarget {
  return interfaceATarget(
    server,
    'moving',
    served,
    [
      { adminKey: KEYS.admin, nonAdminKey: KEYS.plain, fixtures: { pipeline_ids: [501] } },
      { adminKey: KEYS.other, fixtures: { pipeline_ids: [900] } },
    ],
    { pipelineStates: { field: 'status', deployed: ['initial_sync', 'continuous_sync'], notDeployed: ['not_deployed'], archived: ['archived'] } },
  );
}

describe("a-enum/foreign-pipeline-same-404 while account 2's pipeline moves on by itself", () => {
  const still = movingTarget({});
  const renamed = movingTarget({ renameAfterReads: 1 });
  const starting = movingTarget({ startingAtFirst: true });
  const patched = movingTarget({ patchLeaks: true });
  const servers = [still, renamed, starting, patched];
  beforeAll(async () => {
    for (const server of servers) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function run(server: http.Server, served?: AOperation[]) {
    const checks = (await loadChecks()).filter((c) => c.id === 'a-enum/foreign-pipeline-same-404');
    const out = await runChecks({ target: targetAt(server, served), checks, profile: 'spec', seed: 3, runs: 5, readOnly: false, timeoutMs: 5_000 });
    return out.checks[0]!;
  }

  it('passes: a pipeline account 2 had just started, first shown starting (unmapped), then deployed, moved by itself', async () => {
    const result = await run(starting);
    expect(result.verdict, result.failures.map((f) => `${f.clause} ${f.message}`).join('; ')).toBe('pass');
  });

  it('fails X-ISO-1 when account 1\'s update, answered like an absent pipeline, set the description of account 2\'s', async () => {
    const result = await run(patched, ['pipelines.archive', 'pipelines.read', 'pipelines.update']);
    expect(result.failures.map((f) => f.clause)).toContain('X-ISO-1');
  });

  it('passes: a sync phase moving on and its updated_at are no change account 1 made', async () => {
    const result = await run(still);
    expect(result.verdict, result.failures.map((f) => `${f.clause} ${f.message}`).join('; ')).toBe('pass');
  });

  it('holds only the spec\'s archive to a 404 for an absent id: a stop routed as DELETE .../deployment may answer 405 to both', async () => {
    const target = targetAt(still, ['pipelines.archive', 'pipelines.read']);
    target.interfaceA.operations['pipelines.stop'] = { method: 'DELETE', path: '/pipelines/{id}/deployment' };
    const checks = (await loadChecks()).filter((c) => c.id === 'a-enum/foreign-pipeline-same-404');
    const result = (await runChecks({ target, checks, profile: 'spec', seed: 3, runs: 5, readOnly: false, timeoutMs: 5_000 })).checks[0]!;
    expect(result.verdict, result.failures.map((f) => `${f.clause} ${f.message}`).join('; ')).toBe('pass');
  });

  it('fails X-ISO-1 when the pipeline really changed (its name)', async () => {
    const result = await run(renamed);
    expect(result.verdict).toBe('fail');
    expect(result.failures.map((f) => f.clause)).toContain('X-ISO-1');
  });
});
