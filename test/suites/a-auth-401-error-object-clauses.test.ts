import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-ERR-1: every 401 body is a JSON object with a string `error`. The seventeenth mutation audit's
 * m12 found a-auth/invalid-keys-401 filing a 401 without it (a format guard answering a prefixed
 * value of the wrong length with `{statusCode, message}`) under A-AUTH-7 only: the check stops at
 * its first failure, and expectUnauthenticated judged the error object for A-AUTH-7 first, so at
 * seed 7 A-ERR-1 passed. The one failure is now filed under both clauses.
 */
describe('a-auth/invalid-keys-401 against a deployment whose key-length guard answers 401 without error', () => {
  it('fails A-ERR-1 as well as A-AUTH-7', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-auth/invalid-keys-401'], profile: 'spec', seed: 7, runs: 3, faults: ['a-key-length-guard-401-without-error'] });
    const check = run.checks.find((c) => c.id === 'a-auth/invalid-keys-401')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-7', also: ['A-ERR-1'] }));
    expect([...run.failedClauses].sort()).toEqual(['A-AUTH-7', 'A-ERR-1']);
  });

  it('without the fault: passes', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-auth/invalid-keys-401'], profile: 'spec', seed: 7, runs: 3 });
    const check = run.checks.find((c) => c.id === 'a-auth/invalid-keys-401')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});
