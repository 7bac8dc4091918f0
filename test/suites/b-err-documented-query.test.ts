import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-ERR-1: "a 404 carries the fixed not-found text, the same for every 404". b-err's read sweep
 * also reads absent ids with the query parameters the real service documents for the read
 * (include=log_summary, force_fetch): a 404 there with a text of its own fails; a refusal of a
 * parameter the deployment does not know (a 400 of its own body) is no not-found condition and passes.
 */
const absentRead = (path: RegExp) => (url: string | undefined) => {
  const id = path.exec(url ?? '')?.[1];
  return id !== undefined && Number(id) >= 1_000_000_000;
};

describe('b-err/404-same-message-reads against deployments that answer a documented query otherwise', () => {
  it("a job read with include=log_summary answered with the ORM's own 404 text: fails B-ERR-1", { timeout: 60_000 }, async () => {
    const jobWithInclude = absentRead(/^\/[^/]+\/api\/jobs\/(\d+)\?(?:.*&)?include=/);
    const front = answering((req) => (req.method === 'GET' && jobWithInclude(req.url) ? { status: 404, body: JSON.stringify({ message: `Couldn't find Job with 'id'=${/jobs\/(\d+)/.exec(req.url ?? '')?.[1]}` }) } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-err/404-same-message-reads'], profile: 'spec', front });
    expect(run.checks[0]?.verdict).toBe('fail');
    expect(run.checks[0]?.failures.map((f) => f.message)).toContain('GET /jobs/{absent}?include=log_summary: this 404 carries another text than the 404 of an absent package');
  });

  it('include and force_fetch refused with a 400 of its own body (parameters the deployment does not know): passes', { timeout: 60_000 }, async () => {
    const front = answering((req) => (req.method === 'GET' && /[?&](include|force_fetch)=/.test(req.url ?? '') ? { status: 400, body: '{"error":"unknown query parameter"}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-err/404-same-message-reads'], profile: 'spec', front });
    expect(run.checks[0]?.failures.map((f) => f.message)).toEqual([]);
    expect(run.checks[0]?.verdict).toBe('pass');
  });
});
