import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { walkPipelineList, type AListWalk } from '../../suites/catalog/a-lists.ts';
import { interfaceClient } from '../../suites/lib/clients.ts';
import { createHttpClient } from '../../suites/lib/http.ts';
import { plainDefinition } from '../../suites/lib/arbitraries/definitions.ts';
import type { Exchange, ResolvedTarget } from '../../suites/lib/types.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { interfaceATarget, jsonServer, localServers, type SeenRequest } from '../support/local-target.ts';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';

/**
 * Account 1's pipeline list is read whole before a-enum says it shows none of account 2's
 * pipelines (X-ISO-1), however the target pages it; where the answers do not show the paging
 * worked, the clause is covered in part, never passed on the first page alone.
 */

const KEY = `fdk_${'A'.repeat(40)}`;

/** A list of `count` pipelines (ids 1..count, newest first) paged as `paging` says. */
function listServer(count: number, paging: { pageSize?: number; ignorePage?: boolean; block?: boolean; refuseArchived?: boolean; status?: number }): http.Server {
  const all = Array.from({ length: count }, (_, i) => ({ id: count - i, name: `p${count - i}` }));
  return jsonServer(({ path, query }: SeenRequest) => {
    if (path !== '/api/public/v1/pipelines') return { status: 404, body: { error: 'Not found.' } };
    if (paging.status) return { status: paging.status, body: { error: 'Broken.' } };
    if (paging.refuseArchived && query.has('include_archived')) return { status: 400, body: { error: 'Unknown parameter include_archived.' } };
    const size = Math.min(paging.pageSize ?? 100, Number(query.get('page_size') ?? 50));
    const page = paging.ignorePage ? 1 : Number(query.get('page') ?? 1);
    const items = all.slice((page - 1) * size, page * size);
    const hasMore = page * size < all.length;
    return { status: 200, body: paging.block === false ? { items } : { items, pagination: { page, page_size: size, has_more: hasMore } } };
  });
}

/** All `count` pipelines in one answer, whatever the query (an unpaged list). */
function unpagedServer(count: number): http.Server {
  const items = Array.from({ length: count }, (_, i) => ({ id: count - i, name: `p${count - i}` }));
  return jsonServer(({ path }: SeenRequest) => (path === '/api/public/v1/pipelines' ? { status: 200, body: { items } } : { status: 404, body: { error: 'Not found.' } }));
}

/** `count` pipelines paged by `skip` and `take` (at most 100), no pagination block. */
function offsetServer(count: number): http.Server {
  const all = Array.from({ length: count }, (_, i) => ({ id: count - i, name: `p${count - i}` }));
  return jsonServer(({ path, query }: SeenRequest) => {
    if (path !== '/api/public/v1/pipelines') return { status: 404, body: { error: 'Not found.' } };
    const skip = Number(query.get('skip') ?? 0);
    return { status: 200, body: { items: all.slice(skip, skip + Math.min(100, Number(query.get('take') ?? 20))) } };
  });
}

async function walkOf(server: http.Server, maxPages?: number, listPaging?: ResolvedTarget['interfaceA']['listPaging']): Promise<AListWalk | { refused: Exchange }> {
  await servers.listen(server);
  const target = interfaceATarget(server, 'list', ['pipelines.list'], [{ adminKey: KEY, fixtures: {} }], listPaging ? { listPaging } : {});
  const http = createHttpClient({ timeoutMs: 5_000 });
  const client = interfaceClient(http, `${target.cdcBaseUrl}/api/public/v1`, { authorization: `Bearer ${KEY}` });
  return walkPipelineList({ target }, client, maxPages);
}

const servers = localServers();
afterEach(() => servers.closeAll());

function walked(w: AListWalk | { refused: Exchange }): AListWalk {
  if ('refused' in w) throw new Error(`refused: ${w.refused.response.status}`);
  return w;
}

describe('walkPipelineList', () => {
  it('reads every page while the pagination block says there are more', async () => {
    const w = walked(await walkOf(listServer(250, {})));
    expect(w.complete).toBe(true);
    expect(w.items).toHaveLength(250);
    expect(w.exchanges).toHaveLength(3);
  });

  it('reads past short pages to an empty one where no block tells the end (a page size capped below 100)', async () => {
    const w = walked(await walkOf(listServer(250, { pageSize: 40, block: false })));
    expect(w.complete).toBe(true);
    expect(w.items).toHaveLength(250);
    expect(w.exchanges).toHaveLength(8);
  });

  it('is not complete when the target does not page by page (every page the first)', async () => {
    const w = walked(await walkOf(listServer(250, { ignorePage: true, block: false })));
    expect(w.complete).toBe(false);
    expect(w.incomplete).toMatch(/does not page by page=/);
    expect(w.items).toHaveLength(100);
  });

  it('reads an unpaged list whole in one answer where the document says list_paging: none', async () => {
    expect(walked(await walkOf(unpagedServer(250))).complete).toBe(false);
    const w = walked(await walkOf(unpagedServer(250), undefined, { by: 'none' }));
    expect([w.complete, w.items.length, w.exchanges.length]).toEqual([true, 250, 1]);
  });

  it('pages by offset and limit where the document names them', async () => {
    const w = walked(await walkOf(offsetServer(250), undefined, { by: 'offset', offset: 'skip', limit: 'take' }));
    expect([w.complete, w.items.length, new Set(w.items.map((p) => (p as { id: number }).id)).size]).toEqual([true, 250, 250]);
  });

  it('is not complete past its page limit', async () => {
    const w = walked(await walkOf(listServer(250, {}), 2));
    expect(w.complete).toBe(false);
    expect(w.incomplete).toMatch(/longer than the 2 pages/);
  });

  it('walks without include_archived where the target refuses it, and says so', async () => {
    const w = walked(await walkOf(listServer(30, { refuseArchived: true })));
    expect(w.complete).toBe(true);
    expect(w.items).toHaveLength(30);
    expect(w.caveat).toMatch(/include_archived=true answered 400/);
  });

  it('is refused when a page is no list', async () => {
    const w = await walkOf(listServer(30, { status: 500 }));
    expect('refused' in w && w.refused.response.status).toBe(500);
  });
});

const OWN = { admin: KEY, plain: `fdk_${'B'.repeat(40)}`, other: `fdk_${'C'.repeat(40)}` };

/**
 * A hand-written target serving the pipeline read, the spec's DELETE and a list of 150 of
 * account 1's pipelines (its fixture 501 among them), paged by `page` or not.
 */
function pagedTarget(honoursPage: boolean): http.Server {
  const mine = [{ id: 501, name: 'mine', status: 'not_deployed' }, ...Array.from({ length: 149 }, (_, i) => ({ id: 1000 + i, name: `m${i}`, status: 'not_deployed' }))];
  return jsonServer(({ method, path, query, bearer }) => {
    if (!bearer || !Object.values(OWN).includes(bearer)) return { status: 401, body: { error: 'Unauthorized.' } };
    if (method === 'GET' && path === '/api/public/v1/pipelines') {
      const size = Math.min(100, Number(query.get('page_size') ?? 50));
      const page = honoursPage ? Number(query.get('page') ?? 1) : 1;
      const list = bearer === OWN.other ? [{ id: 900, name: 'theirs', status: 'not_deployed' }] : mine;
      return { status: 200, body: { items: list.slice((page - 1) * size, page * size) } };
    }
    const match = /^\/api\/public\/v1\/pipelines\/([^/]+)$/.exec(path);
    if (!match || (method !== 'GET' && method !== 'DELETE')) return { status: 404, body: { error: 'Not found.' } };
    const id = match[1];
    const own = (id === '501' && bearer !== OWN.other) || (id === '900' && bearer === OWN.other);
    if (!own) return { status: 404, body: { error: 'Pipeline not found.' } };
    if (method === 'DELETE') return { status: 200, body: { id: Number(id), archived: true } };
    return { status: 200, body: id === '501' ? mine[0] : { id: 900, name: 'theirs', status: 'not_deployed' } };
  });
}

describe("a-enum on a hand-written target's pipeline list", () => {
  async function run(honoursPage: boolean) {
    const server = pagedTarget(honoursPage);
    await servers.listen(server);
    const target = interfaceATarget(
      server,
      'paged',
      ['pipelines.archive', 'pipelines.read', 'pipelines.list'],
      [
        { adminKey: OWN.admin, nonAdminKey: OWN.plain, fixtures: { pipeline_ids: [501] } },
        { adminKey: OWN.other, fixtures: { pipeline_ids: [900] } },
      ],
      { pipelineStates: { field: 'status', deployed: ['running'], notDeployed: ['not_deployed'], archived: ['archived'] } },
    );
    return runOneCheck(target, 'a-enum/foreign-pipeline-same-404', 'X-ISO-1');
  }

  it('verifies X-ISO-1 where the list pages by page (read to its empty page)', async () => {
    const { check, verdict } = await run(true);
    expect(check.partial ?? [], JSON.stringify(check.partial)).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });

  it('leaves X-ISO-1 not verified where every page is the first: a leak past it would go unseen', async () => {
    const { check, verdict } = await run(false);
    expect(check.verdict).toBe('pass');
    expect(verdict?.verdict).toBe('not-verified');
    expect(verdict?.reasons.join('\n')).toMatch(/pipeline list was not read whole \(page 2 held only pipelines of earlier pages/);
  });
});

/** Account 1 of an embedded simulator gets `count` pipelines of its own over interface A. */
async function givePipelines(target: ResolvedTarget, count: number): Promise<void> {
  const key = target.a[0]?.adminKey;
  if (!key) throw new Error('no pipeline admin key for account 1');
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${target.cdcBaseUrl}/api/public/v1/pipelines`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(plainDefinition(`own-${i}-${Date.now()}`)),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`creating a pipeline answered ${res.status}`);
  }
}

describe("a-enum/foreign-pipeline-same-404 reads account 1's pipeline list whole", () => {
  for (const conventions of ['standard', 'alt'] as ConventionsName[]) {
    it(`${conventions}: a list that shows account 2's pipelines after 120 of account 1's own fails X-ISO-1 (a-list-shows-foreign)`, async () => {
      await withEmbeddedTarget({ faults: ['a-list-shows-foreign'], conventions }, async ({ target }) => {
        await givePipelines(target, 120);
        const { check, verdict } = await runOneCheck(target, 'a-enum/foreign-pipeline-same-404', 'X-ISO-1');
        expect(verdict?.verdict).toBe('fail');
        expect(check.failures.map((f) => f.message).join('\n')).toMatch(/pipeline list shows account 2's pipelines/);
      });
    }, 60_000);
  }

  it('passes X-ISO-1 on the faultless simulator with 120 pipelines of account 1', async () => {
    await withEmbeddedTarget({}, async ({ target }) => {
      await givePipelines(target, 120);
      const { check, verdict } = await runOneCheck(target, 'a-enum/foreign-pipeline-same-404', 'X-ISO-1');
      expect(check.partial ?? []).toEqual([]);
      expect(verdict?.verdict).toBe('pass');
    });
  }, 60_000);
});
