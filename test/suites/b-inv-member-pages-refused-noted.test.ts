import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * b-inv/page-size asks for pages above 100 with member_api_key too: a deployment that refuses
 * both (the size out of range, as the simulator does, or members altogether) keeps B-LIM-2, but
 * shows no page a member is served, and the run says so rather than pass that part in silence.
 */
describe('b-inv/page-size where the member\'s oversized pages are refused', () => {
  it.each(['standard', 'alt'] as const)('passes, noting that no member page was seen (%s)', { timeout: 30_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: ['b-inv/page-size'], seed: 7, runs: 3, conventions });
    const check = run.checks.find((c) => c.id === 'b-inv/page-size');
    if (!check) throw new Error('b-inv/page-size did not run');
    expect(check.failures, describeChecks([check])).toEqual([]);
    expect(check.notes.join('\n')).toMatch(/page sizes above 100 asked with member_api_key were refused \(101: 4\d\d, 1000: 4\d\d\)/);
  });
});
