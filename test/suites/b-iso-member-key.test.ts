import { describe, expect, it } from 'vitest';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * b-iso/foreign-account-path sends member_api_key on account 2's path too, once it is seen to
 * read account 1's own path (GET /connections/types): a gate that holds only the owner's key to
 * its account serves a member's anywhere. Where that control is refused, the member key's
 * refusal on account 2's path would show nothing: B-AUTH-3 is covered in part, never passed.
 */
describe("b-iso/foreign-account-path with account 1's member_api_key", () => {
  it('a gate that serves a member key on any account path fails B-AUTH-3 naming member_api_key', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-member-key-any-account-path'], only: ['b-iso/foreign-account-path'], profile: 'spec' });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-account-path')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]).toMatchObject({ clause: 'B-AUTH-3', message: expect.stringMatching(/with account 1's member_api_key, on account 2/) });
  });

  it("where the member key's control read is refused, B-AUTH-3 is covered in part, saying why", { timeout: 60_000 }, async () => {
    const noTypesOnOne = answering((req) => (req.method === 'GET' && /^\/disco-one\/api\/connections\/types\/?(\?|$)/.test(req.url ?? '') ? { status: 403, body: '{"message":"Forbidden."}' } : undefined));
    const run = await runSuitesAgainstSimulator({ faults: ['b-member-key-any-account-path'], only: ['b-iso/foreign-account-path'], profile: 'spec', front: noTypesOnOne });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-account-path')!;
    expect(check.partial?.find((p) => p.clause === 'B-AUTH-3')?.reason).toMatch(/member_api_key was refused on account 1's own path \(GET \/connections\/types answered 403\)/);
    expect(clauseVerdicts(run.checks, { profile: 'spec' }).find((v) => v.id === 'B-AUTH-3')?.verdict).not.toBe('pass');
  });
});

// b-iso/foreign-ids-read-as-absent reads account 2's things with member_api_key too, once per
// kind: a lookup may find a record by id in any account for members alone (a team view).
describeCheckCatches('b-iso/foreign-ids-read-as-absent with member_api_key', {
  check: 'b-iso/foreign-ids-read-as-absent',
  fault: 'b-member-job-read-any-account',
  clause: 'B-AUTH-3',
  message: /^GET \/jobs\/\{id\} with member_api_key \(another user of account 1\) and account 2's id \d+, and with the absent id \d+: the foreign request was not refused/,
});
