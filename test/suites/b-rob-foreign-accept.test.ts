import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * X-ROB-1 and B-ERR-1 on interface B under an Accept that is not the vendor type's (a browser's,
 * HTML, JSON, text, XML): a refusal is an answer to bad input, so its body is the error object,
 * not a framework's HTML page; and a 404 asked with the vendor type and HTML beside it carries
 * the not-found object. A deployment that serves such requests anyway is B-VER-1's business, not
 * this check's: it passes here, saying it saw no refusal.
 */
describe('b-rob/foreign-accept-errors', () => {
  const run = (options: Parameters<typeof runSuitesAgainstSimulator>[0]) => runSuitesAgainstSimulator({ only: ['b-rob/foreign-accept-errors'], profile: 'spec', seed: 7, runs: 5, ...options });

  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails errors rendered as an HTML page for a client that mentions HTML (b-error-page-for-browsers), ${conventions} conventions`, { timeout: 60_000 }, async () => {
      const result = await run({ faults: ['b-error-page-for-browsers'], conventions });
      const check = result.checks.find((c) => c.id === 'b-rob/foreign-accept-errors')!;
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => `${f.clause} ${f.message}`)).toContain('X-ROB-1 the error body is not the interface B error object');
    });
  }

  it('fails a 404 answered as a page when the vendor type comes first and HTML beside it', { timeout: 60_000 }, async () => {
    const page = rewriting((req, reply) => (reply.status === 404 && /text\/html;q=0\.5/.test(String(req.headers.accept)) ? { body: '<html><body>Not Found</body></html>' } : undefined));
    const check = (await run({ front: page })).checks.find((c) => c.id === 'b-rob/foreign-accept-errors')!;
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toContain('B-ERR-1');
  });

  it('passes a deployment that serves every foreign Accept (B-VER-1 judges that), with a note', { timeout: 60_000 }, async () => {
    // Every refusal turned into a 200 with the list it would have served: no error body to judge.
    const served = rewriting((req, reply) => (reply.status === 406 ? { status: 200, body: '[]' } : undefined));
    const check = (await run({ front: served })).checks.find((c) => c.id === 'b-rob/foreign-accept-errors')!;
    expect([check.verdict, check.failures], describeChecks([check])).toEqual(['pass', []]);
    expect(check.notes.join('\n')).toMatch(/served under every one of 5 foreign Accept values/);
  });
});
