import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * b-ver/write-responses-media-type reads back what the run's writes made (GET /hooks/{id}) to see
 * its media type. A read that fails there is a setup read the run could not make, whose verdict
 * is the resource's clause's (B-HOOK-1): B-VER-2 has no successful answer to judge, so it is
 * covered in part, never failed (the twelfth freedom audit's fh variation 5, a hook read lagging
 * its create, charged 'GET /hooks/{id} should succeed to check its media type' to B-VER-2).
 */

/** GET /hooks/{id} is not found, whatever was made; the simulator answers the rest. */
const hookReadsMissing = answering((req) =>
  req.method === 'GET' && /^\/[^/]+\/api\/hooks\/\d+(\?|$)/.test(req.url ?? '') ? { status: 404, body: '{"error":"Not found.","code":"not_found"}' } : undefined,
);

describe('b-ver/write-responses-media-type and a failed read-back', () => {
  it('says B-VER-2 was covered in part, not failed, where GET /hooks/{id} of the hook just made answers 404', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ver/write-responses-media-type'], profile: 'spec', front: hookReadsMissing });
    const check = run.checks.find((c) => c.id === 'b-ver/write-responses-media-type')!;
    expect(check.verdict, describeChecks([check])).not.toBe('fail');
    expect(check.partial?.some((p) => p.clause === 'B-VER-2' && /GET \/hooks\/\{id\}.* answered 404, so its media type was not seen/.test(p.reason))).toBe(true);
  });
});
