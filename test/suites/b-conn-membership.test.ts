import { describe, expect, it } from 'vitest';
import { startEmbeddedTarget } from '../../bin/embedded-target.ts';
import { loadChecks } from '../../suites/index.ts';
import { runChecks } from '../../suites/lib/run.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';

/**
 * B-CONN-2's "connection_group_id is null when ungrouped" needs to know whether the renamed
 * connection is in a group, which only an extension list (GET /connection_groups) tells. A
 * connection answered with a group id while that list cannot be read is not a pass.
 */
/** An embedded simulator whose account 1 has one groupable fixture connection, put in a new group, and `groups - 1` more groups. */
async function withGroupedConnection(conventions: ConventionsName, groups: number) {
  const embedded = await startEmbeddedTarget({ conventions });
  const account = embedded.target.b[0]!;
  const connections = account.fixtures.connections ?? {};
  const type = ['mysql', 'postgres', 'sftp', 's3'].find((t) => connections[t] !== undefined)!;
  const id = connections[type]!;
  // Only that connection, so every case renames it.
  const fixtures = { ...account.fixtures, connections: { [type]: id } };
  const target: ResolvedTarget = { ...embedded.target, b: [{ ...account, fixtures }, ...embedded.target.b.slice(1)] };
  const headers = { authorization: `Basic ${Buffer.from(`${account.apiKey}:`).toString('base64')}`, accept: 'application/vnd.service+json; version=2', 'content-type': 'application/json' };
  for (let i = 0; i < groups; i++) {
    const members = i === 0 ? [{ id, type }] : [];
    const made = await fetch(`${target.baseUrl}/${account.accountId}/api/connection_groups`, { method: 'POST', headers, body: JSON.stringify({ connection_group: { name: `group ${i}`, description: '' }, connections: members }) });
    expect(made.status).toBe(201);
  }
  const checks = (await loadChecks()).filter((c) => c.id === 'b-conn/rename');
  const run = async () => {
    const out = await runChecks({ target, checks, profile: 'spec', seed: 3, runs: 5, readOnly: false, timeoutMs: 5_000 });
    const verdict = clauseVerdicts(out.checks, { profile: 'spec' }).find((v) => v.id === 'B-CONN-2');
    return { check: out.checks[0]!, verdict };
  };
  return { target, id, run, close: () => embedded.close() };
}

describe('b-conn/rename when connection group membership cannot be read', () => {
  it('a connection answered with a group id leaves B-CONN-2 not verified, saying why; with the group list readable it passes', { timeout: 60_000 }, async () => {
    const sim = await withGroupedConnection('standard', 1);
    try {
      const readable = await sim.run();
      expect(readable.check.verdict).toBe('pass');
      expect(readable.check.partial ?? []).toEqual([]);
      expect(readable.verdict?.verdict).toBe('pass');

      // The group list stops being served: the answer's group id can no longer be judged.
      const rule = await fetch(`${sim.target.controlUrl}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'GET', path: '/*/api/connection_groups', status: 404 }) });
      expect(rule.status).toBeLessThan(300);
      const unreadable = await sim.run();
      expect(unreadable.check.verdict).toBe('pass');
      expect(unreadable.check.partial?.map((p) => p.clause)).toEqual(['B-CONN-2']);
      expect(unreadable.check.partial?.[0]?.reason).toMatch(new RegExp(`connection ${sim.id} answered with a connection_group_id.*not verified`));
      expect(unreadable.verdict?.verdict).toBe('not-verified');
    } finally {
      await sim.close();
    }
  });

  it('reads the group list with the target\'s paging names: alt conventions (start, per_page) with several groups', { timeout: 60_000 }, async () => {
    const sim = await withGroupedConnection('alt', 3);
    try {
      const { check, verdict } = await sim.run();
      expect(check.verdict).toBe('pass');
      expect(check.partial ?? []).toEqual([]);
      expect(verdict?.verdict).toBe('pass');
    } finally {
      await sim.close();
    }
  });
});
