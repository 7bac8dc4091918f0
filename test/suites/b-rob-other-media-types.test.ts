import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * X-ROB-1 on interface B: a body in another media type than JSON, no valid body in any, is bad
 * input: a 4xx with the error object, whichever 4xx. b-rob/other-media-types fails a 415 answered
 * as an HTML page (b-415-html-page), in both conventions; a deployment that reads a form and
 * refuses what it says (422 with the error object) passes: the check does not assume a 415.
 */
describe('b-rob/other-media-types', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails a 415 answered as an HTML page (b-415-html-page), ${conventions} conventions`, { timeout: 60_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ only: ['b-rob/other-media-types'], profile: 'spec', faults: ['b-415-html-page'], conventions, seed: 7, runs: 5 });
      const check = run.checks.find((c) => c.id === 'b-rob/other-media-types')!;
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => `${f.clause} ${f.message}`)).toContain('X-ROB-1 the error body is not the interface B error object');
      expect(JSON.stringify(check.failures)).toMatch(/415 text\/html/);
    });
  }

  it('passes a deployment that refuses another media type with 422 and the error object', { timeout: 60_000 }, async () => {
    const as422 = rewriting((_req, reply) => (reply.status === 415 ? { status: 422, body: '{"message":"Validation failed: name can\'t be blank"}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-rob/other-media-types'], profile: 'spec', front: as422, seed: 7, runs: 5 });
    const check = run.checks.find((c) => c.id === 'b-rob/other-media-types')!;
    expect([check.verdict, check.failures], describeChecks([check])).toEqual(['pass', []]);
  });
});
