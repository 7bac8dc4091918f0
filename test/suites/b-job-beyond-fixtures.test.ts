import { describe, expect, it } from 'vitest';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * The job checks ran every job on the fixture package and the fixture cluster (or on one of one
 * node they made), so a deployment going wrong only for another package or another cluster passed
 * (the twelfth mutation audit's mutations 2, 6 and 8). b-job/create-starts now also posts a job
 * with a variable on other packages the account lists, b-job/lifecycle-poll polls a job on the
 * listed cluster of the most nodes, and b-job/lifecycle-clock archives a package it made under a
 * job of it (control API only: a package made on a real deployment can only be archived).
 */
describe('b-job checks beyond the fixture package and cluster', () => {
  it('b-job/create-starts fails B-JOB-1 where a package that declares no variables drops the posted ones (no control API)', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/create-starts'], profile: 'spec', retarget: withoutControl, seed: 3, faults: ['b-job-variables-dropped-without-declared'] });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => [f.clause, f.message])).toEqual([['B-JOB-1', expect.stringMatching(/^job \d+, of package \d+ \(not the fixture package\), does not carry the variables it was posted with$/)]]);
  });

  it('b-job/create-starts notes an account that lists no other package, and passes', { timeout: 60_000 }, async () => {
    const noPackageList = answering((req) => (req.method === 'GET' && /^\/[^/]+\/api\/packages(\?|$)/.test(req.url ?? '') ? { status: 404, body: '{"message":"Item not found."}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-job/create-starts'], profile: 'spec', retarget: withoutControl, seed: 3, front: noPackageList });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/the account lists no package but the fixture/);
  });

  it('b-job/lifecycle-poll fails B-JOB-4 where progress is summed over the nodes of a cluster, in the alt conventions', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-poll'], seed: 5, runs: 2, conventions: 'alt', faults: ['b-job-progress-summed-over-nodes'] });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures[0]?.clause).toBe('B-JOB-4');
    expect(check?.failures[0]?.message).toMatch(/reports progress [\d.]+, outside 0 to 1/);
  });

  it('faultless, b-job/lifecycle-poll notes the job on the cluster of most nodes and passes', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-poll'], seed: 5, runs: 2 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/^job \d+, on cluster \d+ \(4 node\(s\)\): \d+ observations saw .*running.*; progress while running /m);
  });

  it('b-job/lifecycle-clock fails B-JOB-3 where a job whose package is archived under it reads cancelled, and leaves nothing behind', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-clock'], seed: 5, runs: 2, faults: ['b-job-cancelled-when-package-archived'] });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures[0]?.clause).toBe('B-JOB-3');
    expect(check?.failures[0]?.message).toMatch(/"cancelled"/);
    expect(run.leftovers).toEqual([]);
  });

  it('without the control API (alt conventions) makes no package: lifecycle-clock skipped, lifecycle-poll notes the job not seen', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-clock', 'b-job/lifecycle-poll'], seed: 5, runs: 2, conventions: 'alt', faults: ['b-job-cancelled-when-package-archived'] });
    const clock = run.checks.find((c) => c.id === 'b-job/lifecycle-clock');
    const poll = run.checks.find((c) => c.id === 'b-job/lifecycle-poll');
    expect(clock?.verdict, describeChecks(run.checks)).toBe('skip');
    expect(poll?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(poll?.notes.join('\n')).toMatch(/no job was read after its package was archived under it/);
  });
});
