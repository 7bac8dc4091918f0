import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-3 says a job's status is "always" one of the nine: also once its cluster is terminated
 * under it (DELETE /clusters/{id}, an extension). b-job/lifecycle-clock makes a cluster of its own
 * (never the fixture cluster), starts a job on it, terminates the cluster and reads the job back,
 * alone and listed, on the control API's clock only; without it, b-job/lifecycle-poll notes the
 * job not seen (terminating a cluster costs a real deployment machines).
 */

const NOT_SEEN = /nor read after its cluster was terminated under it/;

describe('b-job/lifecycle-clock and a job whose cluster is terminated', () => {
  it('fails B-JOB-3 where such a job reads aborted, and leaves nothing behind', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-clock'], seed: 5, runs: 2, faults: ['b-job-aborted-on-terminated-cluster'] });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures[0]?.clause).toBe('B-JOB-3');
    expect(check?.failures[0]?.message).toMatch(/"aborted"/);
    expect(run.leftovers).toEqual([]);
  });

  it('passes on the simulator, the job read after its own cluster was terminated', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-clock'], seed: 5, runs: 2 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/on cluster \d+, terminated after the job was made/);
    expect(run.leftovers).toEqual([]);
  });

  it('without the control API (alt conventions) terminates no cluster: lifecycle-clock skipped, lifecycle-poll notes the job not seen', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-clock', 'b-job/lifecycle-poll'], seed: 5, runs: 2, conventions: 'alt', faults: ['b-job-aborted-on-terminated-cluster'] });
    const clock = run.checks.find((c) => c.id === 'b-job/lifecycle-clock');
    const poll = run.checks.find((c) => c.id === 'b-job/lifecycle-poll');
    expect(clock?.verdict, describeChecks(run.checks)).toBe('skip');
    expect(poll?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(poll?.notes.join('\n')).toMatch(NOT_SEEN);
  });
});
