import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The output preview (GET /jobs/{id}/outputs/{output_id}/preview) takes two ids, which the
 * endpoint catalog cannot name, so b-iso/foreign-job-output-preview asks for account 2's with
 * account 1's key itself. It is an extension: a target without it is noted, not failed or skipped.
 */
describe('b-iso/foreign-job-output-preview', () => {
  it("a preview looked up in every account: account 2's job output read with account 1's key fails B-AUTH-3", { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-foreign-job-output-preview'], only: ['b-iso/foreign-job-output-preview'], profile: 'spec' });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-job-output-preview')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]).toMatchObject({ clause: 'B-AUTH-3', message: expect.stringMatching(/^GET \/jobs\/\{id\}\/outputs\/\{output_id\}\/preview with account 2's job \d+ and its output \d+.*the foreign request was not refused/) });
  });

  it('a target without the preview: noted, and the check passes', { timeout: 60_000 }, async () => {
    const noPreview = answering((req) => (/\/outputs\/[^/]+\/preview\/?(\?|$)/.test(req.url ?? '') ? { status: 404, body: '{"message":"Not found."}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-iso/foreign-job-output-preview'], profile: 'spec', front: noPreview });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-job-output-preview')!;
    expect([check.verdict, check.partial ?? []]).toEqual(['pass', []]);
    expect(check.notes.join('\n')).toMatch(/account 2's own GET \/jobs\/\d+\/outputs\/\d+\/preview answered 404/);
  });
});
