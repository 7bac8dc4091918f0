import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ERR-2 for an update that checks only types and keys (audit26 a): PATCH takes a definition
 * that breaks a rule (200). In the simulator profile that 2xx fails; in the spec profile (alt
 * conventions) the check took it for the target's schema judging otherwise, so it passed. It now
 * asks the target's own validation about the same document: refused there 400 naming the field,
 * the update's 2xx fails.
 */

const CHECK = 'a-err/invalid-definition-400';

describe('a-err/invalid-definition-400 with an update that checks no rules', () => {
  it.each(['standard', 'alt'] as const)('fails A-ERR-2 with a-update-rules-unchecked (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-update-rules-unchecked'], exactly: [CHECK], conventions, seed: 7, runs: 10 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ERR-2');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/PATCH .* answered 200/);
  });

  it('passes the alt conventions without the fault', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], conventions: 'alt', seed: 7, runs: 10 });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
});
