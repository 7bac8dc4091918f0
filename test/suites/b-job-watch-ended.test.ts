import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * B-JOB-5: the watch subscribes the caller, 200, with no condition on the job's state. Once
 * b-job/watch's jobs have ended, a user who does not watch one of them watches it: with
 * member_api_key, the member watches api_key's control job; without it, api_key's user stops
 * watching its own control first. A deployment that refuses a watch of an ended job
 * (b-watch-finished-job-refused) fails either way; the old check, which watched only running
 * jobs, passed it.
 */

/** The target without `member_api_key`, as most documents are. */
const withoutMember = (target: ResolvedTarget): ResolvedTarget => ({ ...target, b: target.b.map(({ memberApiKey: _member, ...account }) => account) });

describe('b-job/watch watches a job that has ended', () => {
  for (const [how, retarget] of [['member_api_key watching api_key\'s job', undefined], ['api_key\'s user rewatching its own job (no member_api_key)', withoutMember]] as const) {
    it(`fails a deployment that refuses the watch of an ended job: ${how}`, { timeout: 60_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ only: ['b-job/watch'], profile: 'spec', faults: ['b-watch-finished-job-refused'], ...(retarget ? { retarget } : {}) });
      const check = run.checks.find((c) => c.id === 'b-job/watch')!;
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => `${f.clause} ${f.message}`).join(' | ')).toMatch(/^B-JOB-5 POST \/jobs\/\d+\/watchers on a job that had ended \((completed|failed|stopped)\), by .*answered 422, expected 200/);
    });
  }

  it('passes without the fault, the ended job\'s watch seen (no partial about it)', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/watch'], profile: 'spec', retarget: withoutMember });
    const check = run.checks.find((c) => c.id === 'b-job/watch')!;
    expect(check.failures, describeChecks([check])).toEqual([]);
    expect((check.partial ?? []).map((p) => p.reason).join(' | ')).not.toMatch(/job that had ended/);
  });
});
