import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * b-iso/foreign-account-path sends each read as HEAD too, with account 1's key on account 2's
 * path: a HEAD has no body, so what leaks is its status and Content-Length. A 2xx where the GET is
 * refused fails B-AUTH-3 in every profile; any refusal counts, a 405 too (a proxy in front may
 * not serve HEAD at all).
 */
describe('b-iso/foreign-account-path with HEAD', () => {
  it("a guard that leaves HEAD out (account 2's path answered as account 2): B-AUTH-3 fails in the spec profile, naming HEAD", { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-head-account-path-unguarded'], only: ['b-iso/foreign-account-path'], profile: 'spec' });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-account-path')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]).toMatchObject({ clause: 'B-AUTH-3', message: expect.stringMatching(/^HEAD \/\{account\}\/api\/.* the foreign HEAD was served where the same GET was refused/) });
  });

  it('a front that answers every HEAD 405: a refusal, so the check passes', { timeout: 60_000 }, async () => {
    const noHead = answering((req) => (req.method === 'HEAD' ? { status: 405, body: '' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-iso/foreign-account-path'], profile: 'spec', front: noHead });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-account-path')!;
    expect([check.verdict, check.failures]).toEqual(['pass', []]);
  });
});
