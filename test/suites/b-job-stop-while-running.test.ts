import { describe, expect, it } from 'vitest';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { frontServer } from '../support/front-server.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/** Described as a real deployment is, without the simulator's control API (which moves its clock). */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * b-job/lifecycle-poll stops one job once it is seen running (B-JOB-4 for a run cut short). A turn
 * of its poll reads every job of the check and the job list, and a turn can outlast a short run: a
 * loaded machine (the fault proofs missed b-job-stopped-run-progress-percent so), or, here, a
 * target that answers the reads of the run's first job 4 s late while the simulator's runs last
 * 3.5 s. The job to stop is read at once after its creation, until it runs with a progress above
 * 0.01 (at most 2 s; below that a percent report is still in range), so the stop lands while it runs.
 */
const SLOW_READ_MS = 4_000;

const slowFirstJob: Front = (upstream) => {
  let first: string | undefined;
  return frontServer(upstream, (req, _body, res, forward) => {
    forward(req.url ?? '/', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (first === undefined && req.method === 'POST' && /^\/[^/]+\/api\/jobs$/.test(path) && (answer.statusCode ?? 500) < 300) {
          const made = JSON.parse(body.toString('utf8')) as { id?: unknown };
          first = String(made.id);
        }
        const send = () => res.writeHead(answer.statusCode ?? 502, answer.headers).end(body);
        if (first !== undefined && req.method === 'GET' && path.endsWith(`/api/jobs/${first}`)) setTimeout(send, SLOW_READ_MS);
        else send();
      });
    });
  });
};

describe('b-job/lifecycle-poll stops a job while it runs, however long a turn of its poll takes', () => {
  it('fails B-JOB-4 where a run stopped while it ran reports progress in percent, behind slow reads of another job', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-poll'], profile: 'spec', retarget: withoutControl, seed: 3, faults: ['b-job-stopped-run-progress-percent'], front: slowFirstJob });
    const check = run.checks.find((c) => c.id === 'b-job/lifecycle-poll')!;
    expect(check.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toContain('B-JOB-4');
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/reports progress \d+(\.\d+)?, outside 0 to 1/);
  });
});
