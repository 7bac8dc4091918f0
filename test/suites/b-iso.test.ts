import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

describe('b-iso: the no-enumeration convention binds in the simulator profile only', () => {
  it('a target answering 403 for "exists, not yours" and 404 for "absent" passes the spec profile, with a note', async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-iso/'], faults: ['b-foreign-resource-403'], profile: 'spec', seed: 5, runs: 5 });
    const bad = run.checks.filter((c) => c.verdict !== 'pass').map((c) => `${c.id}: ${c.verdict} ${c.reason ?? ''}`);
    expect(bad).toEqual([]);
    expect(run.checks.flatMap((c) => c.notes).some((n) => /answers differ \(403 vs 404\)/.test(n))).toBe(true);
  });

  it('uses every id of account 2 on the simulator, whose ids are unique across accounts', async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-iso/'], seed: 5, runs: 3 });
    expect(run.checks.flatMap((c) => c.notes).filter((n) => n.includes('not used with account 1'))).toEqual([]);
  });
});
