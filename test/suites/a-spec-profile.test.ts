import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The interface A checks in the `spec` profile (how a real deployment is judged): the faultless
 * simulator is conformant, so no check may fail or error there either; the leniencies of the
 * spec profile (other statuses for operations the spec does not define, no history words) must
 * not turn into errors.
 */
describe('interface A checks in the spec profile', () => {
  it('pass or skip against the faultless simulator', async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-'], profile: 'spec', seed: 31, runs: 5 });
    const bad = run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error');
    expect(bad.map((c) => `${c.id}: ${c.verdict} ${c.reason ?? ''} ${c.failures.map((f) => `${f.clause} ${f.message}`).join('; ')}`)).toEqual([]);
    expect(run.leftovers).toEqual([]);
  }, 60_000);

  it('still fail must clauses under a fault of a must clause', async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-enum/', 'a-pipe/'], profile: 'spec', faults: ['a-foreign-pipeline-403', 'a-non-integer-id-500'], seed: 31, runs: 5 });
    expect([...run.failedClauses]).toEqual(expect.arrayContaining(['A-ENUM-1', 'A-PIPE-3']));
  }, 60_000);
});
