import { afterEach, describe, expect, it } from 'vitest';
import type http from 'node:http';
import { loadChecks } from '../../suites/index.ts';
import { runChecks } from '../../suites/lib/run.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import { A_ENDPOINTS } from '../../suites/catalog/a-endpoints.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { interfaceATarget, jsonServer, localServers } from '../support/local-target.ts';

/**
 * A-VER-1 puts all of interface A under /api/public/v1, not only the spec's DELETE. These fake
 * targets serve every operation of the real service's conventions, and differ in where and how:
 *
 * - reads under v2: every GET is served under /api/public/v2 only. With a document naming every
 *   route (as a vendor's does), A-VER-1 fails naming the reads; with no routes in the document
 *   (the conventions assumed, which a target need not serve) the reads are not verified, never
 *   passed. The checks used to send only DELETE outside the simulator profile, and passed both.
 * - key first: every operation is served under v1, but every request without a key is asked for
 *   one, unknown paths too, so an anonymous 401 shows no route. The reads are seen with the key
 *   (the lists, the fixture pipeline, the validation); the writes with an id cannot be told from
 *   a missing route without changing something, so A-VER-1 is not verified, naming them.
 * - validation moved: the validation's route asks for a key (401 without one, where an unknown
 *   path is 404) but answers 404 to every request with one, a valid definition too (moved to
 *   another version). Named in the document, A-VER-1 fails naming it; named only by the
 *   conventions (which a target need not serve), a note says so. A validation that refuses a
 *   valid definition otherwise (400: its own rules) is noted, never failed.
 */
const KEY = `fdk_${'A'.repeat(40)}`;
const FIXTURE = 601;
const ROUTES = A_ENDPOINTS.map((e) => ({ method: e.method, pattern: new RegExp(`^${e.path.replace('{id}', '([^/]+)')}$`) }));

/**
 * `creates`: a parseable create body makes a pipeline or a key (the check's own), which the other
 * operations then act on; otherwise every write body is refused and nothing ever changes.
 */
function fakeTarget(options: { readsUnder: 'v1' | 'v2'; writesUnder?: 'v1' | 'v2'; keyFirst: boolean; creates?: boolean; validation?: 'moved' | 'refusing'; definitionAsDeployed?: true }): http.Server {
  const own = new Set<string>();
  const started = new Set<string>();
  let next = 700;
  return jsonServer(({ method, path, bearer, body }) => {
    const keyed = bearer === KEY;
    if (options.keyFirst && !keyed) return { status: 401, body: { error: 'Unauthorized.' } };
    const match = /^\/api\/public\/(v\d+)(\/.*)$/.exec(path);
    const served = method === 'GET' ? options.readsUnder : (options.writesUnder ?? 'v1');
    const route = match && match[1] === served ? ROUTES.find((r) => r.method === method && r.pattern.test(match[2] ?? '')) : undefined;
    if (!match || !route) return { status: 404, body: { error: 'Not found.' } };
    if (!keyed) return { status: 401, body: { error: 'Unauthorized.' } };
    if (match[2] === '/pipelines/validate' && options.validation === 'moved') return { status: 404, body: { error: 'Not found: validation moved to /api/public/v2/pipelines/validate.' } };
    if (match[2] === '/pipelines/validate' && options.validation === 'refusing') return { status: 400, body: { error: 'Invalid definition: this deployment replicates from mysql only.', field: 'source.type' } };
    const id = route.pattern.exec(match[2] ?? '')?.[1];
    if (id !== undefined && id !== String(FIXTURE) && !own.has(id)) return { status: 404, body: { error: 'Not found.' } };
    // The definition as deployed: none for a pipeline of its own never started (the fixture is deployed).
    if (options.definitionAsDeployed && method === 'GET' && /\/definition$/.test(match[2] ?? '') && id !== String(FIXTURE) && !started.has(id ?? '')) return { status: 404, body: { error: 'Pipeline has no deployed definition.' } };
    if (method === 'POST' && /\/start$/.test(match[2] ?? '') && id !== undefined) started.add(id);
    if (method === 'GET') return { status: 200, body: id === undefined ? { items: [] } : { id: Number(id), status: 'deployed' } };
    let parsed: unknown;
    try {
      parsed = body === '' ? undefined : JSON.parse(body);
    } catch {
      return { status: 400, body: { error: 'Malformed body.' } };
    }
    if (!options.creates) return { status: 400, body: { error: 'Malformed body.' } };
    if (id === undefined && parsed !== undefined) {
      const made = String(next++);
      own.add(made);
      return { status: 201, body: { id: Number(made), key: `fdk_${'C'.repeat(40)}` } };
    }
    return { status: 200, body: { id: Number(id) } };
  });
}

/** Every operation at the real service's route, as a vendor's document names them all. */
const EVERY_ROUTE = { operations: Object.fromEntries(A_ENDPOINTS.map((e) => [e.operation, { method: e.method, path: e.path }])) };

async function aVer(target: ResolvedTarget) {
  const checks = (await loadChecks()).filter((c) => c.id.startsWith('a-ver/'));
  const out = await runChecks({ target, checks, profile: 'spec', seed: 5, runs: 3, readOnly: false, timeoutMs: 5_000 });
  const verdict = clauseVerdicts(out.checks, { profile: 'spec' }).find((v) => v.id === 'A-VER-1');
  return { verdict: verdict?.verdict, reasons: verdict?.reasons.join(' ') ?? '', notes: out.checks.flatMap((c) => c.notes).join(' ') };
}

describe('A-VER-1 asks every interface A operation under /api/public/v1', () => {
  const servers = localServers();
  afterEach(() => servers.closeAll());

  async function started(server: http.Server, every: boolean): Promise<ResolvedTarget> {
    await servers.listen(server);
    const all = A_ENDPOINTS.map((e) => e.operation);
    return interfaceATarget(server, 'fake', all, [{ adminKey: KEY, fixtures: { pipeline_ids: [FIXTURE] } }], every ? EVERY_ROUTE : {});
  }

  it('fails a target whose document routes the reads under v1 while it serves them under v2 only', { timeout: 60_000 }, async () => {
    const { verdict, reasons } = await aVer(await started(fakeTarget({ readsUnder: 'v2', keyFirst: false }), true));
    expect(verdict, reasons).toBe('fail');
    for (const read of ['pipelines.list', 'pipelines.read', 'pipelines.definition', 'keys.list', 'keys.read']) expect(reasons).toContain(`(${read})`);
    expect(reasons).not.toContain('(pipelines.create)');
  });

  it('leaves the reads not verified, never passed, where only the conventions name their routes', { timeout: 60_000 }, async () => {
    const { verdict, reasons } = await aVer(await started(fakeTarget({ readsUnder: 'v2', keyFirst: false }), false));
    expect(verdict, reasons).toBe('not-verified');
    expect(reasons).toMatch(/answer as unknown paths under \/api\/public\/v1.*pipelines\.list/);
    expect(reasons).toContain('interface_a.operations');
  });

  it('passes a target that serves every operation under v1 and routes before it asks for a key', { timeout: 60_000 }, async () => {
    const { verdict, reasons } = await aVer(await started(fakeTarget({ readsUnder: 'v1', keyFirst: false }), true));
    expect(verdict, reasons).toBe('pass');
  });

  it('sees the writes with the key on its own pipeline and key where every request is asked for one first: passes', { timeout: 60_000 }, async () => {
    const { verdict, reasons } = await aVer(await started(fakeTarget({ readsUnder: 'v1', keyFirst: true, creates: true }), true));
    expect(verdict, reasons).toBe('pass');
  });

  it('fails a target asking for a key first whose writes are served under v2 only, seen with the key', { timeout: 60_000 }, async () => {
    const { verdict, reasons } = await aVer(await started(fakeTarget({ readsUnder: 'v1', writesUnder: 'v2', keyFirst: true, creates: true }), true));
    expect(verdict, reasons).toBe('fail');
    expect(reasons).toMatch(/does not answer these routes under \/api\/public\/v1 with the key/);
    expect(reasons).toContain('(pipelines.create, a body no parser takes)');
  });

  it('sees the reads with the key where every request is asked for one first, and leaves the writes not verified where it can make no pipeline or key of its own', { timeout: 60_000 }, async () => {
    const { verdict, reasons } = await aVer(await started(fakeTarget({ readsUnder: 'v1', keyFirst: true }), true));
    expect(verdict, reasons).toBe('not-verified');
    expect(reasons).toMatch(/not seen served under \/api\/public\/v1.*asks for a key before it routes/);
    for (const write of ['pipelines.start', 'pipelines.archive', 'keys.revoke', 'keys.read']) expect(reasons).toContain(`${write} (`);
    // Seen with the key: not among those named.
    for (const read of ['pipelines.list', 'pipelines.read', 'pipelines.validate', 'keys.list']) expect(reasons).not.toContain(`${read} (`);
  });

  it('fails a target whose document routes the validation under v1 where, with a key, it answers 404 to a valid definition', { timeout: 60_000 }, async () => {
    const { verdict, reasons } = await aVer(await started(fakeTarget({ readsUnder: 'v1', keyFirst: false, creates: true, validation: 'moved' }), true));
    expect(verdict, reasons).toBe('fail');
    expect(reasons).toMatch(/with the key and a request each must take, they answered as an unknown path, or gone, or sent the request on outside the root \(a redirect\): POST \S+\/pipelines\/validate \(pipelines\.validate, the definition the create took\) answered 404$/);
  });

  it('notes, never fails, a validation moved where only the conventions name its route', { timeout: 60_000 }, async () => {
    const { verdict, reasons, notes } = await aVer(await started(fakeTarget({ readsUnder: 'v1', keyFirst: false, creates: true, validation: 'moved' }), false));
    expect(verdict, reasons).toBe('pass');
    expect(notes).toMatch(/real service's conventions \(not in the spec\) answered with the key as an unknown path, or gone; the target may not serve them there: POST \S+\/pipelines\/validate \(pipelines\.validate/);
  });

  it('notes, never fails, a validation that refuses a valid definition by rules of its own', { timeout: 60_000 }, async () => {
    const { verdict, reasons, notes } = await aVer(await started(fakeTarget({ readsUnder: 'v1', keyFirst: false, creates: true, validation: 'refusing' }), true));
    expect(verdict, reasons).toBe('pass');
    expect(notes).toMatch(/a validation the target routes refused a valid definition \(not judged here\): POST \S+\/pipelines\/validate answered 400/);
  });

  // Audit free16 v16: a 404 to an operation on the check's own pipeline may be the operation's answer about it.
  it('notes, never fails, a definition read answering 404 for its own pipeline never started (the definition as deployed)', { timeout: 60_000 }, async () => {
    const { verdict, reasons, notes } = await aVer(await started(fakeTarget({ readsUnder: 'v1', keyFirst: false, creates: true, definitionAsDeployed: true }), true));
    expect(verdict, reasons).toBe('pass');
    expect(notes).toMatch(/these operations answered 404 for the check's own pipeline or key .*not judged\): GET \S+\/pipelines\/\d+\/definition \(pipelines\.definition, the check's own pipeline\) answered 404/);
  });
});
