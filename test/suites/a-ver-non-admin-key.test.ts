import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-VER-1 for account 1's non-admin key (audit mut18 a): interface A is one root for every key of
 * an account, so a service that routes its scoped (non-admin) keys to a gateway serving v2 only
 * is not served under /api/public/v1 for them. a-ver/served-under-v1 sent admin keys only.
 */

const CHECK = 'a-ver/served-under-v1';

describe('a-ver/served-under-v1 with the non-admin key', () => {
  it.each(['standard', 'alt'] as const)('fails A-VER-1 with a-scoped-keys-v2-only (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-scoped-keys-v2-only'], exactly: [CHECK], conventions, seed: 7, runs: 3 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-VER-1');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/with account 1's non-admin key answered 404/);
  });

  it('passes the simulator without the fault', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], seed: 7, runs: 3 });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
});
