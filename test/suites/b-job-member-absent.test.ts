import { describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../suites/lib/clients.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-2 holds whoever posts the job: b-job/absent-cluster-or-package also posts the absent
 * cluster and package with member_api_key. A job made for a member fails; which roles may run jobs
 * is not shown, so a 4xx refusing members (a status other than api_key's to the same request)
 * fails nothing, but leaves B-JOB-2 covered in part: such a refusal hides what a member's job
 * would do (noted where its body is its own); a target document without a member key is noted.
 */
const CHECK = 'b-job/absent-cluster-or-package';

describe(`${CHECK} and another user of the account`, () => {
  it("fails where a member's job runs on the default cluster whatever cluster_id says", { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], faults: ['b-member-job-default-cluster'] });
    const check = run.checks[0]!;
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-JOB-2');
    expect(check.failures[0]?.message).toMatch(/^POST \/jobs with member_api_key \(another user of the account\) naming an absent cluster \(\d+\) answered 201 instead of the not-found error$/);
  });

  it('passes, noting it, where members are refused POST /jobs with a 403 of its own body', { timeout: 60_000 }, async () => {
    let memberAuthorization: string | undefined;
    const seeMember = (target: ResolvedTarget): ResolvedTarget => {
      const key = target.b[0]?.memberApiKey;
      memberAuthorization = key === undefined ? undefined : basicAuthorization(key);
      return target;
    };
    const refuseMembers = answering((req) => (req.method === 'POST' && /\/api\/jobs$/.test(req.url ?? '') && memberAuthorization !== undefined && req.headers.authorization === memberAuthorization ? { status: 403, body: '{"error":"members may not run jobs"}' } : undefined));
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], front: refuseMembers, retarget: seeMember });
    const check = run.checks[0]!;
    expect(memberAuthorization).toBeDefined();
    expect(check.verdict, describeChecks([check])).toBe('pass');
    expect(check.notes.some((n) => n.startsWith('POST /jobs with member_api_key was refused without the error object (an absent cluster: 403; an absent package: 403)'))).toBe(true);
    expect(check.partial?.map((p) => p.reason).join('\n')).toMatch(/POST \/jobs with member_api_key \(another user of the account\) naming an absent cluster \(\d+\) answered 403 where account 1's api_key got 404 for the same request: a refusal of members/);
  });

  it('does not pass verified where members are refused with a 403 carrying the error object, the fault a member\'s job would show hidden behind it', { timeout: 60_000 }, async () => {
    let memberAuthorization: string | undefined;
    const seeMember = (target: ResolvedTarget): ResolvedTarget => {
      const key = target.b[0]?.memberApiKey;
      memberAuthorization = key === undefined ? undefined : basicAuthorization(key);
      return target;
    };
    const refuseMembers = answering((req) => (req.method === 'POST' && /\/api\/jobs$/.test(req.url ?? '') && memberAuthorization !== undefined && req.headers.authorization === memberAuthorization ? { status: 403, body: '{"message":"Members may not run jobs."}' } : undefined));
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], faults: ['b-member-job-default-cluster'], front: refuseMembers, retarget: seeMember });
    const check = run.checks[0]!;
    expect(check.failures, describeChecks([check])).toEqual([]);
    expect(check.partial?.map((p) => p.clause)).toContain('B-JOB-2');
  });

  it('notes that only api_key posted where the target document gives no member key', { timeout: 60_000 }, async () => {
    const withoutMember = (target: ResolvedTarget): ResolvedTarget => ({ ...target, b: target.b.map(({ memberApiKey: _dropped, ...account }) => account) });
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], retarget: withoutMember });
    const check = run.checks[0]!;
    expect(check.verdict, describeChecks([check])).toBe('pass');
    expect(check.notes.some((n) => n.includes('gives no member_api_key'))).toBe(true);
  });
});
