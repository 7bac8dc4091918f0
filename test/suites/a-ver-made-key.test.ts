import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-VER-1 for a key made through the API (audit mut18 a): a service whose keys made after a new
 * gateway's launch are routed to it, serving v2 only, is not served under /api/public/v1 for
 * them. a-ver/key-accepted-under-v1 made a key of its own, read and revoked it with the admin
 * key, and never sent it.
 */

const CHECK = 'a-ver/key-accepted-under-v1';

describe('a-ver/key-accepted-under-v1 with the key it made', () => {
  it.each(['standard', 'alt'] as const)('fails A-VER-1 with a-api-made-keys-v2-only (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-api-made-keys-v2-only'], exactly: [CHECK], conventions, seed: 7, runs: 3 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-VER-1');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/with the key the check made answered 404/);
  });

  it('passes the simulator without the fault', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], seed: 7, runs: 3 });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
});
