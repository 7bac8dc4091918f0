import { describe, expect, it } from 'vitest';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import { answering } from '../support/answering-front.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/**
 * B-CG-1: a group takes the account's "database and cloud-storage connections". A deployment that
 * refuses an analytical warehouse (Redshift, BigQuery) in a group, and whose read of a connection
 * (an extension) shows no group, is conformant: the check must put only database and
 * cloud-storage connections in its groups, and read membership only where a read shows it.
 */
describe('b-conn/group-create against a deployment that groups databases and cloud storage only', () => {
  let refused = 0;
  const warehousesRefused = answering((req, body) => {
    if (req.method !== 'POST' || !/^\/[^/]+\/api\/connection_groups\/?$/.test(req.url ?? '') || !/"type":"(redshift|bigquery|snowflake|athena)"/.test(body.replace(/\s/g, ''))) return undefined;
    refused++;
    return { status: 422, body: '{"message":"connections: only database and cloud-storage connections may join a group"}' };
  });
  const readsWithoutGroup = rewriting((req, reply) => {
    if (req.method !== 'GET' || !/^\/[^/]+\/api\/connections\/[a-z0-9]+\/\d+$/.test((req.url ?? '').split('?')[0]!) || reply.status !== 200) return undefined;
    const { connection_group_id: _group, ...rest } = JSON.parse(reply.body) as Record<string, unknown>;
    return { body: JSON.stringify(rest) };
  });
  /** The refusal in front of the reads' rewriting, in front of the simulator. */
  const both: Front = async (upstream) => {
    const inner = await readsWithoutGroup(upstream);
    const outer = await warehousesRefused(inner.origin);
    return { origin: outer.origin, close: async () => (await outer.close(), await inner.close()) };
  };

  it('no false alarm; membership no read shows is said not seen', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-conn/group-create'], profile: 'spec', runs: 10, front: both });
    const check = run.checks.find((c) => c.id === 'b-conn/group-create')!;
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(refused).toBe(0);
    expect(check.partial?.map((p) => p.reason).join(' ')).toMatch(/or they show no connection_group_id/);
    expect(clauseVerdicts(run.checks, { profile: 'spec' }).find((v) => v.id === 'B-CG-1')?.verdict).toBe('not-verified');
  });
});
