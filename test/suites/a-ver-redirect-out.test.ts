import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-VER-1 for a deployment that moved interface A to /api/public/v2 and kept v1 as a redirect
 * (audit26 a): v1 still asks for a key (401), so the keyless probes see every route served, and
 * with the key every routed request is 308 to v2. The keyed requests judged only answers an
 * unknown path gets (404, 405, 410, 501), so in the alt conventions (no simulator-profile list
 * check) only A-ENUM-1 failed, on the DELETE's 308.
 */

const CHECK = 'a-ver/key-accepted-under-v1';

describe('a-ver/key-accepted-under-v1 with v1 redirecting to v2', () => {
  it.each(['standard', 'alt'] as const)('fails A-VER-1 with a-keyed-v1-redirects-to-v2 (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-keyed-v1-redirects-to-v2'], exactly: [CHECK], conventions, seed: 7, runs: 10 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-VER-1');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/answered 308 to \/api\/public\/v2\//);
  });

  it.each(['standard', 'alt'] as const)('passes the simulator without the fault (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], conventions, seed: 7, runs: 10 });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
});
