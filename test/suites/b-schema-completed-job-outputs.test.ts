import { describe, expect, it } from 'vitest';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/** Described as a real deployment is, without the simulator's control API (which moves its clock). */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * B-SCHEMA-1 on a completed job's outputs (section 2's `outputs` items, records_count an
 * integer), on a target without the control API. A job lists outputs only once it has completed:
 * the b-schema checks' jobs are read before they run, and b-schema/scheduled-job (which moves the
 * clock past a schedule's run) needs the control API, so on a real deployment the one completed
 * job judged whole is b-job/lifecycle-poll's, read in real time to its end. Its run here is what
 * `disco check --only B-SCHEMA-1` runs beside the b-schema checks (a supporter of the clause).
 */
function schemaRun(faults: ['b-job-output-records-count-text'] | [] = []) {
  return runSuitesAgainstSimulator({ only: ['b-job/lifecycle-poll', 'B-SCHEMA-1'], profile: 'spec', retarget: withoutControl, seed: 7, runs: 3, faults });
}

describe.concurrent("B-SCHEMA-1 judges a completed job's outputs, without the control API", () => {
  it('an output count written as text fails B-SCHEMA-1 through b-job/lifecycle-poll', { timeout: 60_000 }, async () => {
    const run = await schemaRun(['b-job-output-records-count-text']);
    const poll = run.checks.find((c) => c.id === 'b-job/lifecycle-poll')!;
    expect(poll.verdict, describeChecks(run.checks)).toBe('fail');
    expect(poll.failures.map((f) => f.clause)).toContain('B-SCHEMA-1');
    expect(poll.failures.find((f) => f.clause === 'B-SCHEMA-1')?.received).toMatch(/\/outputs\/0\/records_count: must be integer/);
    expect(run.checks.find((c) => c.id === 'b-schema/scheduled-job')?.verdict).toBe('skip');
    expect(clauseVerdicts(run.checks, { profile: 'spec' }).find((v) => v.id === 'B-SCHEMA-1')?.verdict).toBe('fail');
  });

  it('faultless: the completed job validates, and B-SCHEMA-1 passes', { timeout: 60_000 }, async () => {
    const run = await schemaRun();
    expect(run.checks.find((c) => c.id === 'b-job/lifecycle-poll')?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(clauseVerdicts(run.checks, { profile: 'spec' }).find((v) => v.id === 'B-SCHEMA-1')?.verdict).toBe('pass');
  });
});
