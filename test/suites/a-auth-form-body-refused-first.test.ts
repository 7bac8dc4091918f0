import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * RFC 6750 2.2's form-encoded body (`access_token=<key>`, no Authorization): a deployment may
 * refuse a write whose body is in a media type no route takes with 415 before it looks at the
 * key (the sixth freedom audit's variation 2). The spec does not order the refusals of a request
 * wrong two ways: the key was not taken, which is what the probe asks. Here a front turns the
 * simulator's 401 to such a write into a 415; what an authenticated caller gets passes through.
 */
const formRefusedFirst = rewriting((req, reply) => {
  const form = /^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '');
  if (!form || req.method === 'GET' || req.method === 'HEAD' || reply.status !== 401) return undefined;
  return { status: 415, body: JSON.stringify({ error: 'unsupported_media_type', message: 'send application/json' }) };
});

describe('a-auth/other-schemes-refused against a 415 for a form body before the key', () => {
  it('notes the refusal and still verifies A-AUTH-1 and A-AUTH-7', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-auth/other-schemes-refused'], profile: 'spec', front: formRefusedFirst, seed: 7, runs: 5 });
    const check = run.checks[0]!;
    expect([check.verdict, check.reason ?? '', check.failures.map((f) => f.message), check.partial ?? []]).toEqual(['pass', '', [], []]);
    expect(check.notes?.some((n) => /form-encoded body "access_token=<key>".*refused with another 4xx than 401.*answered 415/.test(n))).toBe(true);
  });

  it('still fails A-AUTH-1 where the key in the form body is taken', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-auth/other-schemes-refused'], profile: 'spec', front: formRefusedFirst, faults: ['a-form-body-access-token-accepted'], seed: 7, runs: 5 });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toContain('A-AUTH-1');
  });
});
