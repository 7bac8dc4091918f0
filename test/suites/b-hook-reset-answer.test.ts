import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-HOOK-2: the reset "returns the hook with the new salt; nothing else changes". A deployment
 * whose read of a hook shows more than the hook (its recent deliveries), and whose reset answers
 * the hook alone, changed nothing: only the read after the reset must show the same.
 */
describe('b-hook/reset-salt against a deployment whose hook read shows recent deliveries', () => {
  const withDeliveries = rewriting((req, reply) =>
    req.method === 'GET' && /^\/[^/]+\/api\/hooks\/\d+$/.test(req.url ?? '') && reply.status === 200 ? { body: JSON.stringify({ ...(JSON.parse(reply.body) as object), recent_deliveries: [] }) } : undefined,
  );

  it('no false alarm in the spec profile', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-hook/reset-salt'], profile: 'spec', runs: 5, front: withDeliveries });
    const check = run.checks.find((c) => c.id === 'b-hook/reset-salt')!;
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});
