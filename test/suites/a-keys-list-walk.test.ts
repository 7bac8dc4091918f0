import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { interfaceATarget, jsonServer, localServers } from '../support/local-target.ts';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';
import { walkAList } from '../../suites/catalog/a-lists.ts';
import { bearer, interfaceARoot, interfaceClient } from '../../suites/lib/clients.ts';
import { createHttpClient } from '../../suites/lib/http.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';

/**
 * A-AUTH-3: no later read returns a key's full value. The key list is one of those reads, and a
 * list oldest first holds a new key on its last page: it is read whole, and where it cannot be,
 * the clause is covered in part, never passed on its first page alone.
 */

const ADMIN = `fdk_${'A'.repeat(40)}`;
const PAGE_CAP = 100;

interface Key {
  id: number;
  name: string;
  key: string;
  revoked: boolean;
}

/**
 * A hand-written key management with 150 keys made before the run, listed oldest first at most
 * 100 to a page: `leaks` lists every key with its full value; `honoursPage: false` answers the
 * first page whatever `page` says.
 */
function keyTarget(options: { leaks: boolean; honoursPage: boolean; refusesPaging?: boolean }): http.Server {
  const keys: Key[] = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, name: `old-${i}`, key: `fdk_old${String(i).padStart(37, '0')}`, revoked: false }));
  let made = 0;
  const shown = (k: Key) => ({ id: k.id, name: k.name, prefix: k.key.slice(0, 8), revoked: k.revoked, ...(options.leaks ? { key: k.key } : {}) });
  return jsonServer(({ method, path, query, bearer, body }) => {
    const caller = bearer === ADMIN ? 'admin' : keys.find((k) => k.key === bearer && !k.revoked);
    if (!caller) return { status: 401, body: { error: 'Unauthorized.' } };
    if (path === '/api/public/v1/api-keys' && method === 'POST') {
      const sent = JSON.parse(body) as { name?: string };
      made += 1;
      const key: Key = { id: 1000 + made, name: String(sent.name), key: `fdk_${String(made).padStart(8, '0')}${'n'.repeat(32)}`, revoked: false };
      keys.push(key);
      return { status: 201, body: { ...shown(key), key: key.key } };
    }
    if (path === '/api/public/v1/api-keys' && method === 'GET') {
      // A list that takes no paging parameters at all (and may show every key's value: unseen).
      if (options.refusesPaging && (query.has('page') || query.has('page_size'))) return { status: 400, body: { error: 'unknown query parameter' } };
      const size = Math.min(PAGE_CAP, Number(query.get('page_size') ?? 20));
      const page = options.honoursPage ? Number(query.get('page') ?? 1) : 1;
      return { status: 200, body: { items: keys.slice((page - 1) * size, page * size).map(shown), pagination: { page, page_size: size, has_more: page * size < keys.length } } };
    }
    const one = /^\/api\/public\/v1\/api-keys\/(\d+)$/.exec(path);
    const key = one ? keys.find((k) => k.id === Number(one[1])) : undefined;
    if (one && !key) return { status: 404, body: { error: 'Key not found.' } };
    if (key && method === 'GET') return { status: 200, body: { ...shown(key), key: undefined } };
    if (key && method === 'DELETE') {
      key.revoked = true;
      return { status: 200, body: { id: key.id, revoked: true } };
    }
    if (path === '/api/public/v1/pipelines' && method === 'GET') return { status: 200, body: { items: [], pagination: { page: 1, page_size: 20, has_more: false } } };
    return { status: 404, body: { error: 'Not found.' } };
  });
}

const servers = localServers();
afterEach(() => servers.closeAll());

async function valueShownOnce(options: { leaks: boolean; honoursPage: boolean; refusesPaging?: boolean }) {
  const server = keyTarget(options);
  await servers.listen(server);
  const target = interfaceATarget(server, 'keys', ['keys.create', 'keys.list', 'keys.read', 'keys.revoke', 'pipelines.list', 'pipelines.archive'], [{ adminKey: ADMIN, fixtures: {} }]);
  return runOneCheck(target, 'a-keys/value-shown-once', 'A-AUTH-3');
}

describe('a-keys/value-shown-once reads the key list whole', () => {
  it('a list that shows the full values, past its first page, fails A-AUTH-3', async () => {
    const { check, verdict } = await valueShownOnce({ leaks: true, honoursPage: true });
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/GET \/api\/public\/v1\/api-keys shows the full value of key \d+ after its creation/);
  });

  it('the same list without the values: A-AUTH-3 passes', async () => {
    const { check, verdict } = await valueShownOnce({ leaks: false, honoursPage: true });
    expect(check.partial ?? []).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });

  it('a list whose every page is the first: the new keys\' entries are not seen, and A-AUTH-3 is not verified, saying why', async () => {
    const { check, verdict } = await valueShownOnce({ leaks: false, honoursPage: false });
    expect(check.verdict).toBe('pass');
    expect(verdict?.verdict).toBe('not-verified');
    expect(verdict?.reasons.join('\n')).toMatch(/key list was read without reaching a new key's entry \(page 2 held only keys of earlier pages/);
  });

  it('a list refused (400 to its paging parameters) is no list seen: A-AUTH-3 not verified, saying what it answered', async () => {
    const { check, verdict } = await valueShownOnce({ leaks: true, honoursPage: true, refusesPaging: true });
    expect(check.verdict).toBe('pass');
    expect(verdict?.verdict).toBe('not-verified');
    expect(verdict?.reasons.join('\n')).toMatch(/key list was read without reaching a new key's entry \(it answered 400/);
  });
});

/** Account 1 of an embedded simulator gets `count` more keys over interface A (its key management). */
async function giveKeys(target: ResolvedTarget, count: number): Promise<number[]> {
  const key = target.a[0]?.adminKey;
  const created = target.interfaceA.operations?.['keys.create'];
  if (!key || !created) throw new Error('no admin key or key create for account 1');
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${interfaceARoot(target.cdcBaseUrl!)}${created.path}`, { method: created.method, headers: { authorization: bearer(key), 'content-type': 'application/json' }, body: JSON.stringify({ name: `walk-${i}` }) });
    const body = (await res.json()) as { id: number };
    if (!res.ok) throw new Error(`creating a key answered ${res.status}`);
    ids.push(body.id);
  }
  return ids;
}

describe("the simulator's key list pages as the target document says (interface_a.list_paging)", () => {
  for (const conventions of ['standard', 'alt'] as ConventionsName[]) {
    it(`${conventions}: with 130 keys (two pages of 100) the walk reads every key once, and a-keys/admin-only judges its "no key made" on it`, async () => {
      await withEmbeddedTarget({ conventions }, async ({ target }) => {
        const made = await giveKeys(target, 130);
        const client = interfaceClient(createHttpClient({ timeoutMs: 5_000 }), interfaceARoot(target.cdcBaseUrl!), { authorization: bearer(target.a[0]?.adminKey ?? '') });
        const walk = await walkAList({ target }, client, 'keys.list');
        if ('refused' in walk) throw new Error(`the key list answered ${walk.refused.response.status}`);
        expect(walk.incomplete).toBeUndefined();
        expect(walk.complete).toBe(true);
        expect(walk.exchanges.length).toBeGreaterThan(1);
        const ids = walk.items.map((k) => (k as { id: number }).id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toEqual(expect.arrayContaining(made));
        // Before the key list paged, page 2 repeated page 1 and this was only a note: not verified.
        const { check } = await runOneCheck(target, 'a-keys/admin-only', 'A-AUTH-5');
        expect(check.verdict).toBe('pass');
        expect(check.notes.join('\n')).not.toMatch(/made no key was not verified/);
      });
    }, 90_000);
  }
});
