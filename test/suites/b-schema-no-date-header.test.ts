import { describe, expect, it } from 'vitest';
import { forwardWhole, frontServer, sendText } from '../support/front-server.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/*
 * B-FMT-1 (freedom audit 28): audit 27 holds the created_at and updated_at of what b-schema reads
 * and changes to lie no later than the answer's Date header. HTTP lets a server without a clock
 * send no Date: there nothing can be set against the target's clock, and that part went
 * unjudged in silence on read-formats (and on written-formats' updates and reads), a part passed
 * that was never tested. It is now noted, as a create's unjudged freshness was.
 */
const withoutDate: Front = (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    forwardWhole(forward, req.url ?? '/', (reply) => {
      const headers = { ...reply.headers };
      delete headers.date;
      res.sendDate = false;
      sendText(res, reply.status, headers, reply.body);
    });
  });

describe('b-schema on a deployment that sends no Date header', () => {
  it.each(['standard', 'alt'] as const)('passes, noting the times not set against its clock (%s conventions)', { timeout: 90_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: ['b-schema/read-formats', 'b-schema/written-formats'], conventions, seed: 7, runs: 3, front: withoutDate });
    expect(run.checks.map((c) => [c.id, c.verdict]), describeChecks(run.checks)).toEqual([
      ['b-schema/read-formats', 'pass'],
      ['b-schema/written-formats', 'pass'],
    ]);
    for (const check of run.checks) expect(check.notes.join('\n'), check.id).toMatch(/read or changed had created_at or updated_at but no Date header to set them against/);
  });
});
