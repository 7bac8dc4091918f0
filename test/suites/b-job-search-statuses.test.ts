import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-3: a job's status is always one of the nine, in every view that shows a job. The job list
 * reads (JobListReads) also ask the real service's job search (GET /jobs/search, an extension):
 * hits in a search index's own words fail; a target that does not serve the search is noted.
 */
const CHECK = 'b-job/ended-long-ago';

describe(`${CHECK} and the job search`, () => {
  it('fails where search hits carry the index\'s status words (succeeded, in_progress)', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], faults: ['b-job-search-index-status-words'] });
    const check = run.checks[0]!;
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-JOB-3');
    expect(check.failures[0]?.message).toMatch(/^the job search \(GET \/jobs\/search\?q=id:>0, the real service's extension\) shows job \d+ with the status "(succeeded|in_progress)", not one of the nine$/);
  });

  it('passes, noting it, where GET /jobs/search is not served', { timeout: 60_000 }, async () => {
    const noSearch = answering((req) => (req.method === 'GET' && /\/api\/jobs\/search(\?|$)/.test(req.url ?? '') ? { status: 404, body: '{"message":"Item not found."}' } : undefined));
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], front: noSearch });
    const check = run.checks[0]!;
    expect(check.verdict, describeChecks([check])).toBe('pass');
    expect(check.notes.some((n) => n.includes('refused or answered without a list /jobs/search?q=id:>0 (404), not judged'))).toBe(true);
  });
});
