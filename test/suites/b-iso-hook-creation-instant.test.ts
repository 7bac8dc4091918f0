import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { startBigIdGateway, withBigFixtureIds } from '../support/big-id-gateway.ts';
import { startSpecNeutralGateway } from '../support/spec-neutral-gateway.ts';

/*
 * b-iso/foreign-hooks-hear-nothing knows account 1's delivery by the job's id or, where the id it
 * read is a stand-in for one beyond 2^53 (the delivery names the deployment's own), by the job's
 * creation time. A deployment whose API writes that time to the millisecond and its deliveries to
 * the second (here: ids beyond 2^53 behind a gateway writing timestamps to the millisecond, the
 * deliveries sent from the deployment straight to the listener) names the same instant: compared
 * as text, the check heard nothing of its job and left X-ISO-1 unverified.
 */
describe('b-iso/foreign-hooks-hear-nothing', () => {
  it('knows its delivery by the job\'s creation instant, spelt otherwise than the API spelt it', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({
      conventions: 'standard',
      profile: 'spec',
      seed: 7,
      only: ['b-iso/foreign-hooks-hear-nothing'],
      front: async (origin) => {
        const bigIds = await startBigIdGateway(origin);
        const gateway = await startSpecNeutralGateway(bigIds.origin);
        return { origin: gateway.origin, close: async () => { await gateway.close(); await bigIds.close(); } };
      },
      // The simulator's clock is moved to end the job at once: 10 s is room enough, and a red run ends in it.
      retarget: (target) => {
        const big = withBigFixtureIds(target);
        return { ...big, interfaceB: { ...big.interfaceB, jobEndMs: 10_000 } };
      },
    });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-hooks-hear-nothing');
    expect(check?.verdict, check?.reason).toBe('pass');
  });
});
