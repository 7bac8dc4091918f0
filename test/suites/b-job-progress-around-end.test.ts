import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-4 at the end of a run: a progress that is run time over a runner's estimate a tenth short,
 * unclamped, reads above 1 over the run's last tenth only. Random clock steps and polls land there
 * by chance; b-job/ended-long-ago (control API) reads the job around the end its progress predicts,
 * so it fails there whatever the machine's timing.
 */
async function endedLongAgo(faults: FaultName[]) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-job/ended-long-ago'], seed: 7, runs: 3, faults, conventions: 'standard' });
  const check = run.checks.find((c) => c.id === 'b-job/ended-long-ago');
  if (!check) throw new Error('b-job/ended-long-ago did not run');
  return check;
}

describe('b-job/ended-long-ago reads the job around the end its progress predicts', () => {
  it('a progress overshooting 1 before completion fails B-JOB-4', { timeout: 60_000 }, async () => {
    const check = await endedLongAgo(['b-job-progress-estimate-overshoots']);
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures.find((f) => f.clause === 'B-JOB-4')?.message).toMatch(/^job \d+ reports progress 1\.\d+, outside 0 to 1/);
  });

  it('faultless: it passes and says where it read', { timeout: 60_000 }, async () => {
    const check = await endedLongAgo([]);
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/read around the end its progress predicted \(\d+ ms after a read at [\d.]+\): .*completed 1 at/);
  });
});
