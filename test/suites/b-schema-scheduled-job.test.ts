import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { rewriting } from '../support/rewriting-front.ts';

/**
 * B-SCHEMA-1 for a job a schedule started: its `creator` is the schedule, not a user, and the
 * suites otherwise make only disabled schedules, so a creator id shown otherwise for a schedule
 * (a scheduler's token, `sched-1`) shows only where an enabled schedule runs. b-schema/scheduled-job
 * makes one only on the control API's clock; without it, b-schema/written-resources notes the job
 * not seen (an enabled schedule would start a real job on a deployment at a real time).
 */

const NOT_SEEN = /no job a schedule started \(its creator a schedule\) was validated/;

describe('b-schema/scheduled-job', () => {
  it('fails B-SCHEMA-1 where a scheduled job shows creator.id as a token, and leaves nothing behind', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-schema/scheduled-job'], seed: 5, runs: 2, faults: ['b-scheduled-job-creator-id-token'] });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures[0]?.clause).toBe('B-SCHEMA-1');
    expect(check?.failures[0]?.received).toMatch(/\/creator\/id: must be integer/);
    expect(run.leftovers).toEqual([]);
  });

  it('passes on the simulator, the scheduled job found by its package and creator type, validated and stopped', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-schema/scheduled-job'], seed: 5, runs: 2 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/answers about a job schedule ".*" started validated/);
    expect(run.leftovers).toEqual([]);
  });

  it('finds the scheduled job whatever the case of its creator type (section 2 names no values: the fourth freedom audit\'s ff variation 2)', { timeout: 60_000 }, async () => {
    const lowerCaseCreatorType = rewriting((req, reply) => (req.method === 'GET' && /\/api\/jobs(\/\d+)?(\?|$)/.test(req.url ?? '') && reply.body.includes('"type":"Schedule"') ? { body: reply.body.replaceAll('"type":"Schedule"', '"type":"schedule"') } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-schema/scheduled-job'], seed: 5, runs: 2, front: lowerCaseCreatorType });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check?.partial ?? []).toEqual([]);
    expect(check?.notes.join('\n')).toMatch(/answers about a job schedule ".*" started validated/);
  });

  it('without the control API (alt conventions) makes no enabled schedule: skipped, and written-resources notes the job not seen', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-schema/scheduled-job', 'b-schema/written-resources'], seed: 5, runs: 2, conventions: 'alt', faults: ['b-scheduled-job-creator-id-token'] });
    const scheduled = run.checks.find((c) => c.id === 'b-schema/scheduled-job');
    const written = run.checks.find((c) => c.id === 'b-schema/written-resources');
    expect(scheduled?.verdict, describeChecks(run.checks)).toBe('skip');
    expect(written?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(written?.notes.join('\n')).toMatch(NOT_SEEN);
  });
});
