import { afterEach, describe, expect, it } from 'vitest';
import { interfaceATarget, jsonServer, localServers } from '../support/local-target.ts';
import { runOneCheck } from '../support/run-suites.ts';

/**
 * a-err/bodiless-operations-422 on hand-written deployments: one whose start and stop take no
 * body and refuse others as the spec says (422), one that refuses them with another status, one
 * that never reads them, and one whose start wants a body of its own (`{"mode": ...}`, its choice
 * under A-GAP-1), which refuses the check's bodies for the missing field: not failed for that.
 */

const KEYS = { admin: `fdk_${'A'.repeat(40)}`, plain: `fdk_${'B'.repeat(40)}` };

type Style = 'spec' | 'refuses-400' | 'unread' | 'wants-mode' | 'starts-then-refuses' | 'archives-then-refuses' | 'delete-body-dropped' | 'queued-start';

function deployment(style: Style) {
  let status = 'not_deployed';
  // 'queued-start': a start is queued (202) and shows deployed only after a few reads (A-GAP-2 leaves its timing open).
  let readsUntilDeployed = 0;
  return jsonServer(({ method, path, bearer, body }) => {
    if (!bearer || !Object.values(KEYS).includes(bearer)) return { status: 401, body: { error: 'Unauthorized.' } };
    if (method === 'POST' && path === '/api/public/v1/pipelines') return { status: 201, body: { id: 7, name: 'mine', status } };
    if (path === '/api/public/v1/pipelines/7' && method === 'GET') {
      if (readsUntilDeployed > 0 && --readsUntilDeployed === 0) status = 'running';
      return { status: 200, body: { id: 7, name: 'mine', status } };
    }
    if (path === '/api/public/v1/pipelines/7' && method === 'DELETE') {
      // The spec's style refuses a body here as anywhere; 'delete-body-dropped' never sees it (a gateway dropped it).
      const refuses = body !== '' && (style === 'spec' || style === 'archives-then-refuses');
      if (!refuses || style === 'archives-then-refuses') status = 'archived';
      return refuses ? { status: 422, body: { error: 'DELETE takes no body.' } } : { status: 200, body: { id: 7, status } };
    }
    const operation = /^\/api\/public\/v1\/pipelines\/7\/(start|stop)$/.exec(path)?.[1];
    if (method !== 'POST' || operation === undefined) return { status: 404, body: { error: 'Not found.' } };
    let parsed: unknown;
    try {
      parsed = body === '' ? undefined : JSON.parse(body);
    } catch {
      return { status: 400, body: { error: 'Malformed JSON.' } };
    }
    const bad = parsed !== undefined && !(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.keys(parsed).length === 0);
    if (style === 'wants-mode' && operation === 'start') {
      const mode = typeof parsed === 'object' && parsed !== null ? (parsed as { mode?: unknown }).mode : undefined;
      if (mode === undefined) return { status: 400, body: { error: 'mode is required.' } };
    } else if (bad && style === 'starts-then-refuses') {
      if (operation === 'start') status = 'running';
      return { status: 422, body: { error: 'This operation takes no body.' } };
    } else if (bad && (style === 'spec' || style === 'archives-then-refuses' || style === 'delete-body-dropped')) return { status: 422, body: { error: 'This operation takes no body.' } };
    else if (bad && style === 'refuses-400') return { status: 400, body: { error: 'This operation takes no body.' } };
    if (style === 'queued-start' && bad) return { status: 422, body: { error: 'This operation takes no body.' } };
    if (style === 'queued-start' && operation === 'start') {
      readsUntilDeployed = 3;
      return { status: 202, body: { id: 7, name: 'mine', status } };
    }
    status = operation === 'start' ? 'running' : 'not_deployed';
    return { status: 200, body: { id: 7, name: 'mine', status } };
  });
}

const servers = localServers();
afterEach(() => servers.closeAll());

async function run(style: Style) {
  const server = deployment(style);
  await servers.listen(server);
  const target = interfaceATarget(server, style, ['pipelines.create', 'pipelines.read', 'pipelines.start', 'pipelines.stop', 'pipelines.archive'], [{ adminKey: KEYS.admin, nonAdminKey: KEYS.plain, fixtures: {} }], {
    pipelineStates: { field: 'status', deployed: ['running'], notDeployed: ['not_deployed'], archived: ['archived'] },
  });
  return runOneCheck(target, 'a-err/bodiless-operations-422', 'A-ERR-3');
}

describe('a-err/bodiless-operations-422', () => {
  it('passes a deployment that answers bad bodies to start and stop 422 and does them without a body', async () => {
    const { check } = await run('spec');
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });

  it('fails one that refuses them with 400, naming A-ERR-3', async () => {
    const { check } = await run('refuses-400');
    expect(check.verdict).toBe('fail');
    expect(check.failures.every((f) => f.clause === 'A-ERR-3')).toBe(true);
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/start of pipeline 7 with an object with the made-up key .* answered 400, expected 422/);
  });

  it('fails one that never reads them: the start is done', async () => {
    const { check } = await run('unread');
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/start of pipeline 7 with .* was done \(200\), expected 422/);
  });

  it('waits for a queued start to show deployed, and judges the stops then (A-GAP-2: a start may take its time)', async () => {
    const { check, verdict } = await run('queued-start');
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.partial ?? []).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });

  it('passes one whose DELETE takes a body (200, archived): a gateway may drop it', async () => {
    const { check } = await run('delete-body-dropped');
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });

  it('fails one whose start starts the pipeline, then refuses the body 422: the refused request changed it', async () => {
    const { check } = await run('starts-then-refuses');
    expect(check.verdict).toBe('fail');
    expect(check.failures.every((f) => f.clause === 'A-ERR-3')).toBe(true);
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/start of pipeline 7 with .* was refused \(422\), yet the refused request changed the pipeline: it is deployed after it/);
  });

  it('fails one whose DELETE archives the pipeline, then refuses the body 422', async () => {
    const { check } = await run('archives-then-refuses');
    expect(check.verdict).toBe('fail');
    expect(check.failures.every((f) => f.clause === 'A-ERR-3')).toBe(true);
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/DELETE of pipeline 7 with .* was refused \(422\), yet the refused request changed the pipeline: it is archived after it/);
  });

  it('does not fail one whose start wants a body of its own: not verified, saying why', async () => {
    const { check, verdict } = await run('wants-mode');
    expect(check.failures).toEqual([]);
    expect(verdict?.verdict).not.toBe('pass');
    expect(JSON.stringify(check.partial)).toMatch(/without a body answered 400/);
  });
});
