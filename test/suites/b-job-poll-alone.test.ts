import { describe, expect, it } from 'vitest';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * A job that runs its whole course between two reads of b-job/lifecycle-poll (on a loaded
 * machine a turn, which also starts and reads the other jobs, can outlast a short run) is shown
 * here by hiding `running` from the first job's answers (`queued` instead), or from every job's.
 * The check then polls one more job alone before it says B-JOB-4's progress during a run was not
 * observed.
 */
function hidingRunning(which: 'first job' | 'every job') {
  let first: number | undefined;
  return rewriting((req, reply) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'POST' && /\/api\/jobs$/.test(path) && first === undefined) {
      const made = JSON.parse(reply.body) as { id?: unknown };
      if (typeof made.id === 'number') first = made.id;
      return undefined;
    }
    const read = /\/api\/jobs\/(\d+)$/.exec(path);
    if (req.method !== 'GET' || !read || (which === 'first job' && Number(read[1]) !== first)) return undefined;
    return { body: reply.body.replace(/"status":"running"/g, '"status":"queued"') };
  });
}

async function lifecyclePoll(which: 'first job' | 'every job') {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-job/lifecycle-poll'], profile: 'spec', retarget: withoutControl, seed: 7, runs: 3, front: hidingRunning(which) });
  const check = run.checks.find((c) => c.id === 'b-job/lifecycle-poll');
  if (!check) throw new Error('b-job/lifecycle-poll did not run');
  return check;
}

describe.concurrent('b-job/lifecycle-poll polls one more job alone where its job was never seen running', () => {
  it('the second job, polled alone, is seen running: B-JOB-4 is not left unverified, and a note says so', { timeout: 90_000 }, async () => {
    const check = await lifecyclePoll('first job');
    expect(check.failures, describeChecks([check])).toEqual([]);
    expect((check.partial ?? []).filter((p) => p.clause === 'B-JOB-4')).toEqual([]);
    expect(check.notes.join('\n')).toMatch(/^job \d+ was never seen running in \d+ reads .*read beside the other jobs; job \d+, polled alone, was: \d+ reads saw .*running/m);
  });

  it('no job is ever seen running: B-JOB-4 is covered in part, naming both jobs', { timeout: 90_000 }, async () => {
    const check = await lifecyclePoll('every job');
    expect(check.failures, describeChecks([check])).toEqual([]);
    expect(check.partial?.find((p) => p.clause === 'B-JOB-4')?.reason).toMatch(/^job \d+ was never seen running in \d+ reads \(.*\), nor job \d+, polled alone, in \d+ \(.*\): progress during a run was not observed/);
  });
});
