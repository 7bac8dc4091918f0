import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-3 on the job read with the real service's documented query (include=log_summary): such a
 * read may merge a runner's log summary over the job, and a summary with a `status` of its own
 * (whether it is written yet) then shows that in place of the job's. b-job/lifecycle-poll reads the
 * job so while it runs and once it ended, and holds the status it shows to the nine, as it holds
 * the progress to 0..1.
 */
async function lifecyclePoll(faults: FaultName[], conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-poll'], seed: 7, runs: 3, faults, conventions });
  const check = run.checks.find((c) => c.id === 'b-job/lifecycle-poll');
  if (!check) throw new Error('b-job/lifecycle-poll did not run');
  return check;
}

describe.concurrent('b-job/lifecycle-poll judges the status of the job read with include=log_summary', () => {
  it.each(['standard', 'alt'] as const)('a log summary whose status wins the merge fails B-JOB-3 (%s)', { timeout: 90_000 }, async (conventions) => {
    const check = await lifecyclePoll(['b-job-include-summary-status-wins'], conventions);
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toContain('B-JOB-3');
    expect(check.failures.find((f) => f.clause === 'B-JOB-3')?.message).toMatch(/^job \d+ read with \?include=log_summary .* reports the status "(generating|ready)", which is not one of the nine job statuses/);
  });

  it('faultless: it passes', { timeout: 90_000 }, async () => {
    const check = await lifecyclePoll([], 'standard');
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/the job read with \?include=log_summary: running: progress [\d.]+, status "running"; (completed|failed): progress 1?[\d.]*, status "(completed|failed)"/);
  });
});
