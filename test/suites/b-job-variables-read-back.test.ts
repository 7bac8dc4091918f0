import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * B-JOB-1: a job is created with the variables it is given. POST /jobs' answer may echo the
 * request: b-job/create-starts reads each job back (GET /jobs/{id}, an extension) and holds it to
 * the posted names and values; where no job read is served, a note says the variables were seen
 * only in the creation's answer.
 */
function createStarts(options: { faults?: FaultName[]; front?: Front } = {}) {
  return runSuitesAgainstSimulator({ only: ['b-job/create-starts'], profile: 'spec', retarget: withoutControl, seed: 3, ...options });
}

/** A deployment that does not serve the real service's job read. */
const noJobRead = answering((req) => (req.method === 'GET' && /^\/[^/]+\/api\/jobs\/\d+$/.test(req.url ?? '') ? { status: 404, body: '{"message":"Item not found."}' } : undefined));

describe('b-job/create-starts reads the created job back', () => {
  it('a job answered with its variables but stored without them fails B-JOB-1', { timeout: 60_000 }, async () => {
    const run = await createStarts({ faults: ['b-job-variables-not-stored'] });
    const check = run.checks.find((c) => c.id === 'b-job/create-starts')!;
    expect(check.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-JOB-1', expect.stringMatching(/^job \d+, read back, does not carry the (dynamic_)?variables it was created with: ".+" missing or with another value/)]]);
  });

  it('faultless: B-JOB-1 passes, every job read back', { timeout: 60_000 }, async () => {
    const run = await createStarts();
    const check = run.checks.find((c) => c.id === 'b-job/create-starts')!;
    expect([check.verdict, check.notes], describeChecks(run.checks)).toEqual(['pass', []]);
    expect(clauseVerdicts(run.checks, { profile: 'spec' }).find((v) => v.id === 'B-JOB-1')?.verdict).toBe('pass');
  });

  it('no job read served: the variables are not claimed stored, and a note says so', { timeout: 60_000 }, async () => {
    const run = await createStarts({ faults: ['b-job-variables-not-stored'], front: noJobRead });
    const check = run.checks.find((c) => c.id === 'b-job/create-starts')!;
    expect(check.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check.notes).toEqual(["GET /jobs/{id} (an extension of the real service) answered 404: the variables, and the cluster of the jobs posted elsewhere, were seen only in POST /jobs' answers, not read back from the stored jobs"]);
  });
});
