import { describe, expect, it } from 'vitest';
import type { ConventionsName } from '../../simulator/conventions.ts';
import type { FaultName } from '../../simulator/faults.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { forwardWhole, frontServer, sendText } from '../support/front-server.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { Front } from '../support/run-suites.ts';

/*
 * B-JOB-1 in b-job/create-starts (freedom audit 27): a job another user made (member_api_key) that
 * answered idle is watched with its maker's key until it starts. What a member is shown is the
 * deployment's (roles not shown; b-job/lifecycle-poll takes a member's view without a status as
 * such): a read without a status was taken for a job no longer idle, so a member's job that never
 * started passed (a false pass). The job is now read with api_key where its maker's view shows no
 * status, and a job neither view shows started stays not seen, said so.
 */

let memberAuthorization: string | undefined;
const knowingMember = (t: ResolvedTarget): ResolvedTarget => {
  const key = t.b[0]?.memberApiKey;
  memberAuthorization = key === undefined ? undefined : `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  return t;
};

/** Before the simulator: a member's read of one job shows it without its status (a narrower view of its own). */
const memberViewWithoutStatus: Front = (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const narrow = req.method === 'GET' && /\/api\/jobs\/\d+$/.test(path) && memberAuthorization !== undefined && req.headers.authorization === memberAuthorization;
    forwardWhole(forward, req.url ?? '/', (reply) => {
      if (!narrow || reply.status !== 200) return sendText(res, reply.status, reply.headers, reply.body);
      const job = JSON.parse(reply.body) as Record<string, unknown>;
      delete job.status;
      sendText(res, reply.status, reply.headers, JSON.stringify(job));
    });
  });

function createStarts(conventions: ConventionsName, faults: FaultName[] = []) {
  return runSuitesAgainstSimulator({ exactly: ['b-job/create-starts'], conventions, faults, seed: 7, runs: 3, front: memberViewWithoutStatus, retarget: knowingMember });
}

describe("b-job/create-starts where a member's view of a job shows no status", () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a member's job left idle still fails B-JOB-1 (${conventions})`, { timeout: 60_000 }, async () => {
      const run = await createStarts(conventions, ['b-job-member-not-started']);
      const check = run.checks.find((c) => c.id === 'b-job/create-starts')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check.failures.map((f) => `${f.clause} ${f.message}`).join('\n')).toMatch(/B-JOB-1 job \d+, posted with member_api_key .*, was created but not started/);
    });
    it(`passes without a fault (${conventions})`, { timeout: 60_000 }, async () => {
      const run = await createStarts(conventions);
      expect(run.failedClauses.has('B-JOB-1'), describeChecks(run.checks)).toBe(false);
    });
  }
});
