import { describe, expect, it } from 'vitest';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import type { FaultName } from '../../simulator/faults.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/** Described as a real deployment is, without the simulator's control API (which moves its clock). */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * B-JOB-3 and B-FMT-1 of a stopped job, on a target without the control API: the run's jobs are
 * seen only as they start and run unless a check stops one and reads it. b-job/lifecycle-poll
 * stops a second job at once (DELETE /jobs/{id}, an extension the simulator serves) and judges its
 * stop's answer and every read until it has stopped. (The fault proofs run with the control API:
 * this is the run a real deployment gets.)
 */
function lifecyclePoll(options: { faults?: FaultName[]; front?: Front } = {}) {
  return runSuitesAgainstSimulator({ only: ['b-job/lifecycle-poll'], profile: 'spec', retarget: withoutControl, seed: 3, ...options });
}

/** A deployment that writes a stopped job's updated_at in local time, without a zone. */
const stoppedAtLocalTime = rewriting((req, reply) => {
  if (!/^\/[^/]+\/api\/jobs\/\d+$/.test(req.url ?? '')) return undefined;
  const job = JSON.parse(reply.body) as Record<string, unknown>;
  if (job.status !== 'stopped') return undefined;
  return { body: JSON.stringify({ ...job, updated_at: String(job.updated_at).replace(/(\.\d+)?(Z|[+-]00:00)$/, '') }) };
});

describe('b-job/lifecycle-poll judges a stopped job, without the control API', () => {
  it('a stopped job shown as `canceled` fails B-JOB-3', { timeout: 60_000 }, async () => {
    const run = await lifecyclePoll({ faults: ['b-stopped-job-status-canceled'] });
    const check = run.checks.find((c) => c.id === 'b-job/lifecycle-poll')!;
    expect(check.verdict, describeChecks(run.checks)).toBe('fail');
    // Seen in the job read or, where the job list is read first, in the list: either names the status.
    expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-JOB-3', expect.stringMatching(/job \d+ (reports|with) the status "canceled", (which is )?not one of the nine/)]]);
  });

  it('a stopped job whose updated_at has no zone fails B-FMT-1', { timeout: 60_000 }, async () => {
    const run = await lifecyclePoll({ front: stoppedAtLocalTime });
    const check = run.checks.find((c) => c.id === 'b-job/lifecycle-poll')!;
    expect(check.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toEqual(['B-FMT-1']);
    expect(check.failures[0]?.received).toMatch(/^\/updated_at: "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d" is not an ISO 8601 date-time in UTC/);
  });

  it('faultless: the stopped job is seen to stop, and B-JOB-3 passes', { timeout: 60_000 }, async () => {
    const run = await lifecyclePoll();
    const check = run.checks.find((c) => c.id === 'b-job/lifecycle-poll')!;
    expect(check.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check.partial ?? []).toEqual([]);
    expect(check.notes.join('\n')).toMatch(/^job \d+, stopped at once \(DELETE \/jobs\/\d+\): its creation's answer, its stop's answer and \d+ reads saw .*pending_stoppage.* → stopped$/m);
    expect(clauseVerdicts(run.checks, { profile: 'spec' }).find((v) => v.id === 'B-JOB-3')?.verdict).toBe('pass');
  });
});
