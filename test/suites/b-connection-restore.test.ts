import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreConnectionAfter } from '../../suites/lib/factories/connections.ts';
import { runChecks } from '../../suites/lib/run.ts';
import { resolveTarget } from '../../suites/lib/target.ts';
import { jsonServer, localServers } from '../support/local-target.ts';

/**
 * A check that renames a connection puts its name back afterwards, from the name GET /connections
 * lists. On a target whose list pages by other names than the simulator's (`start`, `per_page`,
 * 25 to a page when not asked), the connection past the first page must still be found: before,
 * the name was looked for on one page asked with `limit=100`, and every write renaming such a
 * connection went unprobed.
 */

const servers = localServers();
afterEach(() => servers.closeAll());

function connectionsTarget(puts: unknown[]): http.Server {
  const all = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `c${i + 1}`, type: 'mysql' }));
  return jsonServer(({ method, path, query }) => {
    if (method === 'GET' && path === '/acme/api/connections') {
      const start = Number(query.get('start') ?? 0);
      const size = Math.min(100, Number(query.get('per_page') ?? 25));
      return { status: 200, body: all.slice(start, start + size) };
    }
    if (method === 'PUT' && path === '/acme/api/connections/mysql/50') {
      puts.push(path);
      return { status: 200, body: all[49] };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

describe('restoreConnectionAfter', () => {
  it("finds the connection's name past the first page with the target's paging names, and puts it back", async () => {
    const puts: unknown[] = [];
    const url = await servers.listen(connectionsTarget(puts));
    const target = resolveTarget({ base_url: url, accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }], interface_b: { paging: { offset: 'start', page_size: 'per_page' } } }, {});
    let restorable: boolean | undefined;
    const out = await runChecks({
      target,
      checks: [{ id: 'test/restore-connection', clauses: ['X-ROB-1'], title: 'restores a connection name', needs: ['b', 'write'], run: async (t) => void (restorable = await restoreConnectionAfter(t, 'mysql', 50)) }],
      profile: 'spec',
      seed: 1,
      runs: 1,
      readOnly: false,
      timeoutMs: 5_000,
    });
    expect(out.checks[0]?.verdict, JSON.stringify(out.checks[0])).toBe('pass');
    expect(restorable).toBe(true);
    expect(puts).toEqual(['/acme/api/connections/mysql/50']);
  });

  it("where ids are numbered per type (mysql 1 and sftp 1), puts back the name of the connection of the type it was given, not another type's", async () => {
    const puts: { path: string; body: string }[] = [];
    const url = await servers.listen(
      jsonServer(({ method, path, body }) => {
        if (method === 'GET' && path === '/acme/api/connections') return { status: 200, body: [{ id: 1, name: 'orders-db', type: 'mysql' }, { id: 1, name: 'partner-drop', type: 'sftp' }] };
        if (method === 'PUT' && path === '/acme/api/connections/sftp/1') {
          puts.push({ path, body });
          return { status: 200, body: { id: 1, name: 'partner-drop', type: 'sftp' } };
        }
        return { status: 404, body: { message: 'Not found' } };
      }),
    );
    const target = resolveTarget({ base_url: url, accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }] }, {});
    const out = await runChecks({
      target,
      checks: [{ id: 'test/restore-connection', clauses: ['X-ROB-1'], title: 'restores a connection name', needs: ['b', 'write'], run: async (t) => void (await restoreConnectionAfter(t, 'sftp', 1)) }],
      profile: 'spec',
      seed: 1,
      runs: 1,
      readOnly: false,
      timeoutMs: 5_000,
    });
    expect(out.checks[0]?.verdict, JSON.stringify(out.checks[0])).toBe('pass');
    expect(puts.map((p) => [p.path, JSON.parse(p.body) as unknown])).toEqual([['/acme/api/connections/sftp/1', { name: 'partner-drop' }]]);
  });
});
