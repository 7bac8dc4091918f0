import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-4 and B-JOB-3 on reads other than api_key's plain GET /jobs/{id}: a member's read through a
 * team view's serializer (progress in percent: 100 once completed), and the read asking for the
 * associations the vendor's client embeds (include=cluster,package), where the package's status may
 * take the job's place. b-job/lifecycle-poll reads the ended job once each way.
 */
async function lifecyclePoll(faults: FaultName[], conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-poll'], seed: 7, runs: 3, faults, conventions });
  const check = run.checks.find((c) => c.id === 'b-job/lifecycle-poll');
  if (!check) throw new Error('b-job/lifecycle-poll did not run');
  return check;
}

describe.concurrent("b-job/lifecycle-poll reads the ended job with member_api_key and with the client's includes", () => {
  it.each(['standard', 'alt'] as const)("a member's read in percent fails B-JOB-4 (%s)", { timeout: 90_000 }, async (conventions) => {
    const check = await lifecyclePoll(['b-job-member-read-progress-percent'], conventions);
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures.find((f) => f.clause === 'B-JOB-4')?.message).toMatch(/^job \d+, read by member_api_key \(another user of the account\), reports progress 100, outside 0 to 1/);
  });

  it.each(['standard', 'alt'] as const)("the package's status through include=package fails B-JOB-3 (%s)", { timeout: 90_000 }, async (conventions) => {
    const check = await lifecyclePoll(['b-job-include-package-status'], conventions);
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures.find((f) => f.clause === 'B-JOB-3')?.message).toMatch(/^job \d+ read with \?include=cluster%2Cpackage .* reports the status "[a-z]+", which is not one of the nine job statuses/);
  });

  it.each(['standard', 'alt'] as const)('a job read with include=package that leaves its status out fails B-JOB-3 (%s)', { timeout: 90_000 }, async (conventions) => {
    const check = await lifecyclePoll(['b-job-include-package-status-dropped'], conventions);
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures.find((f) => f.clause === 'B-JOB-3')?.message).toMatch(/^job \d+ read with \?include=cluster%2Cpackage .* reports the status undefined, which is not one of the nine job statuses/);
  });

  it.each(['standard', 'alt'] as const)('faultless: it passes (%s)', { timeout: 90_000 }, async (conventions) => {
    const check = await lifecyclePoll([], conventions);
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/read by member_api_key: status completed, progress 1\b/);
  });
});
