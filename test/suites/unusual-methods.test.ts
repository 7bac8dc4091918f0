import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * a-rob/unusual-methods and b-rob/unusual-methods (X-ROB-1): methods beyond the seven the
 * interfaces are made of. A 501 is RFC 9110 9.1's answer to a method a server does not implement,
 * where X-ROB-1 says no 5xx: noted, never failed; any other 5xx fails. Each run goes through a
 * front on node:http, whose parser answers a method it does not know (a made-up token, TRACK)
 * with a bare 400 before the simulator sees it: outside the simulator profile that is no failure.
 */

const CHECKS = ['a-rob/unusual-methods', 'b-rob/unusual-methods'];
const USUAL = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const unusual = (req: http.IncomingMessage): boolean => !USUAL.has(req.method ?? 'GET');

/** Whether a path is a pipeline's or a job's of the catalog (with its id), where a front below answers. */
const onePath = (req: http.IncomingMessage): boolean => /\/(pipelines|jobs)\/\d+$/.test((req.url ?? '').split('?')[0] ?? '');

describe('methods beyond GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS', () => {
  it('a deployment answering 501 to each passes, the 501s noted with the RFC that asks for them', { timeout: 60_000 }, async () => {
    const front = answering((req) => (unusual(req) ? { status: 501, body: '{"message": "Not implemented."}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: CHECKS, conventions: 'alt', profile: 'spec', seed: 7, runs: 5, front });
    for (const id of CHECKS) {
      const check = run.checks.find((c) => c.id === id)!;
      expect([check.verdict, check.failures], describeChecks([check])).toEqual(['pass', []]);
      const notes = check.notes.join('\n');
      expect(notes).toMatch(/answered 501 Not Implemented, not failed: .*PROPFIND \(\d+\).*RFC 9110 9\.1/);
      // The front's own parser refused the made-up tokens: a bare 400, no failure outside the simulator profile.
      expect(notes).toMatch(/refused with 400 without the interface's error object, held to no 5xx and no stack trace only .*TRACK/);
    }
  });

  // Audit free15 v1: stock nginx answers TRACE itself, 405 with its own page, and passes it on never.
  it("a front server's own refusal page (nginx's 405 to TRACE) is noted outside the simulator profile", { timeout: 60_000 }, async () => {
    const front = answering((req) => (req.method === 'TRACE' ? { status: 405, body: '<html><head><title>405 Not Allowed</title></head><body><center><h1>405 Not Allowed</h1></center><hr><center>nginx</center></body></html>' } : undefined));
    const spec = await runSuitesAgainstSimulator({ only: CHECKS, conventions: 'alt', profile: 'spec', seed: 7, runs: 5, front });
    for (const id of CHECKS) {
      const check = spec.checks.find((c) => c.id === id)!;
      expect([check.verdict, check.failures], describeChecks([check])).toEqual(['pass', []]);
      expect(check.notes.join('\n')).toMatch(/refused with (400, )?405 without the interface's error object, .*TRACE \(\d+\)/);
    }
    // In the simulator profile a refusal without the error object fails (the test below, with the front's bare 400).
  });

  it('another 5xx fails X-ROB-1, even with the error object', { timeout: 60_000 }, async () => {
    const front = answering((req) => (unusual(req) && onePath(req) ? { status: 503, body: '{"message": "Unavailable.", "error": "Unavailable."}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: CHECKS, conventions: 'alt', profile: 'spec', seed: 7, runs: 5, front });
    for (const id of CHECKS) {
      const check = run.checks.find((c) => c.id === id)!;
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(new Set(check.failures.map((f) => f.clause))).toEqual(new Set(['X-ROB-1']));
      expect(check.failures[0]?.message).toMatch(/answered 503/);
    }
  });

  it("a 2xx to TRACE is the deployment's outside the simulator profile (noted); in it, a front's bare 400 fails", { timeout: 60_000 }, async () => {
    const front = answering((req) => (req.method === 'TRACE' ? { status: 200, body: '{}' } : undefined));
    const spec = await runSuitesAgainstSimulator({ only: CHECKS, conventions: 'alt', profile: 'spec', seed: 7, runs: 5, front });
    for (const id of CHECKS) {
      const check = spec.checks.find((c) => c.id === id)!;
      expect([check.verdict, check.failures], describeChecks([check])).toEqual(['pass', []]);
      expect(check.notes.join('\n')).toMatch(/answered below 400 .*TRACE 200/);
    }
    // The simulator answers its own parser's refusals with the error object: there a bare 400 is a failure.
    const simulator = await runSuitesAgainstSimulator({ only: CHECKS, conventions: 'standard', profile: 'simulator', seed: 7, runs: 5, front });
    for (const id of CHECKS) {
      const check = simulator.checks.find((c) => c.id === id)!;
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures[0]?.message).toMatch(/not the interface (A|B) error object/);
      expect(check.failures[0]?.received).toMatch(/^400\b/);
    }
  });
});
