import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ENUM-2 with account 1's non-admin key (audit26 a): a deployment that sends non-admin keys
 * through a permissions service looking the id up in any account first answers their 404 for
 * another account's pipeline 20 ms later. The check timed the admin key alone, so it passed; it
 * now takes the non-admin key in turn with it and compares each key's samples alone.
 */

const CHECK = 'a-timing/foreign-404-latency';

describe('a-timing/foreign-404-latency with the non-admin key', () => {
  it.each(['standard', 'alt'] as const)('fails A-ENUM-2 with a-non-admin-acl-foreign-slower (%s conventions)', { timeout: 120_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-non-admin-acl-foreign-slower'], exactly: [CHECK], conventions, seed: 7, runs: 5 });
    const [check] = run.checks;
    expect(check?.verdict, check?.reason).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ENUM-2');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/another account's pipeline with the non-admin key answers its 404 slower/);
  });

  it('passes the simulator without the fault, both keys timed', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], seed: 7, runs: 5 });
    const [check] = run.checks;
    expect(check?.verdict, check?.reason).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/DELETE \/pipelines\/\{id\} latency of another account's pipeline with the non-admin key after/);
  });
});
