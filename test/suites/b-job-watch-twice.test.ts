import { describe, expect, it } from 'vitest';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-5: POST /jobs/{id}/watchers subscribes the caller, 200. A deployment that refuses to
 * subscribe a caller who watches already (409) is conformant: the spec does not cover it. The
 * front answers 409 to a POST while the caller watches; the check unwatches first (an extension
 * the simulator serves), so the subscription itself is still seen and the clause passes.
 */
describe('b-job/watch against a deployment that refuses a second subscription', () => {
  const watching = new Set<string>();
  const conflictsOnRepeat = rewriting((req, reply) => {
    const job = /^\/[^/]+\/api\/jobs\/(\d+)\/watchers$/.exec(req.url ?? '')?.[1];
    if (job === undefined) return undefined;
    // Each user's watch of each job (the run watches with two users' keys).
    const watch = `${job} ${req.headers.authorization ?? ''}`;
    if (req.method === 'DELETE') watching.delete(watch);
    if (req.method !== 'POST') return undefined;
    if (watching.has(watch)) return { status: 409, body: '{"message":"already watching"}' };
    if (reply.status === 200) watching.add(watch);
    return undefined;
  });

  it('no false alarm, and the subscription is still seen: B-JOB-5 passes', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/watch'], profile: 'spec', front: conflictsOnRepeat });
    const check = run.checks.find((c) => c.id === 'b-job/watch')!;
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.notes.join(' ')).toMatch(/answered 409 to a caller that may watch the job already/);
    expect(clauseVerdicts(run.checks, { profile: 'spec' }).find((v) => v.id === 'B-JOB-5')?.verdict).toBe('pass');
  });
});
