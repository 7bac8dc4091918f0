import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * B-SCHEMA-1 for a job another user of the account made: a job's `creator` names its maker, and
 * the run's other jobs are api_key's user's (the account's owner), so a creator shown otherwise
 * for the other users shows only on a job member_api_key's user starts. b-schema/written-resources
 * starts one, stopped at once, and validates its POST /jobs answer.
 */

/** The target without `member_api_key`, as most documents are. */
const withoutMember = (target: ResolvedTarget): ResolvedTarget => ({ ...target, b: target.b.map(({ memberApiKey: _member, ...account }) => account) });

const NOT_SEEN = /a job made by another user of the account than api_key's \(its creator\) was not validated/;

function writtenResources(options: Parameters<typeof runSuitesAgainstSimulator>[0]) {
  return runSuitesAgainstSimulator({ only: ['b-schema/written-resources'], seed: 5, runs: 2, ...options });
}

describe("b-schema/written-resources and a job of member_api_key's user", () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-SCHEMA-1 where a member's job shows creator.id as a string (${conventions} conventions)`, { timeout: 60_000 }, async () => {
      const run = await writtenResources({ faults: ['b-member-job-creator-id-string'], conventions });
      const [check] = run.checks;
      expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check?.failures[0]?.clause).toBe('B-SCHEMA-1');
      expect(check?.failures[0]?.received).toMatch(/\/creator\/id: must be integer/);
      expect(run.leftovers).toEqual([]);
    });
  }

  it('passes on the simulator, the member\'s job validated and stopped', { timeout: 60_000 }, async () => {
    const run = await writtenResources({});
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check?.notes.join('\n')).not.toMatch(NOT_SEEN);
    expect(run.leftovers).toEqual([]);
  });

  it('without member_api_key passes, noting that such a job was not validated', { timeout: 60_000 }, async () => {
    const run = await writtenResources({ faults: ['b-member-job-creator-id-string'], retarget: withoutMember });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(NOT_SEEN);
  });
});
