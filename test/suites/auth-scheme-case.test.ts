import { describe, expect, it } from 'vitest';
import type http from 'node:http';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import type { CheckResult } from '../../suites/lib/types.ts';

/*
 * The valid credentials under the scheme in another letter case (`basic`, `BEARER`, ...): RFC
 * 9110 section 11.1 makes the scheme case-insensitive, the spec writes it `Basic` and `Bearer`.
 * The lead's decision on the audits' b13 #18 and fk v12: neither B-AUTH-1 nor A-AUTH-1 fails
 * either way; a refusal is noted with the RFC, and held to the interface's rule for credentials it
 * does not read (A-AUTH-7's 401 with the error object, B-AUTH-1's 4xx); a 5xx is X-ROB-1's
 * failure, as for any request.
 * The standard simulator takes any case, the alt one only the scheme as written
 * (simulator/conventions.ts, `schemeCase`); a front in front of the standard one refuses or
 * crashes on the other spellings the way another deployment could.
 */

const CHECKS = ['b-auth/basic-key-authenticates', 'a-auth/bearer-key-authenticates'];

/** The note of a refusal, as noteSchemeCaseRefusals words it (suites/lib/refusals.ts). */
const NOTED = /^the valid credentials under the scheme in another letter case were refused on .*RFC 9110 section 11\.1 makes the scheme case-insensitive.*so this is not failed$/;

/** An Authorization value whose scheme is Basic or Bearer in another letter case than the spec's. */
function otherCase(req: http.IncomingMessage): boolean {
  const header = req.headers.authorization ?? '';
  return /^(basic|bearer) /i.test(header) && !/^(Basic|Bearer) /.test(header);
}

function notesOf(checks: readonly CheckResult[], id: string): string[] {
  return (checks.find((c) => c.id === id)?.notes ?? []).filter((n) => n.includes('letter case'));
}

async function run(options: { conventions?: 'standard' | 'alt'; front?: Front }) {
  return runSuitesAgainstSimulator({ exactly: CHECKS, profile: 'spec', seed: 7, runs: 3, ...options });
}

describe('the valid credentials under the scheme in another letter case', () => {
  it('on a deployment that takes them (the standard simulator): both checks pass, nothing is noted', { timeout: 60_000 }, async () => {
    const out = await run({});
    expect(out.checks.map((c) => [c.id, c.verdict]).sort(), describeChecks(out.checks)).toEqual(CHECKS.map((id) => [id, 'pass']).sort());
    for (const id of CHECKS) expect(notesOf(out.checks, id)).toEqual([]);
  });

  it('on one that matches the scheme as written (the alt simulator): both checks pass, and each notes the refusal of lower, upper and mixed case with the RFC', { timeout: 60_000 }, async () => {
    const out = await run({ conventions: 'alt' });
    expect(out.checks.map((c) => [c.id, c.verdict]).sort(), describeChecks(out.checks)).toEqual(CHECKS.map((id) => [id, 'pass']).sort());
    const [b] = notesOf(out.checks, 'b-auth/basic-key-authenticates');
    expect(b).toMatch(NOTED);
    // Alt's unknown-key status on interface B is 403; the scheme as the spec writes it in the note.
    for (const spelt of ['basic', 'BASIC', 'bAsIc']) expect(b).toContain(`"${spelt} base64(<key>:)" answered 403`);
    expect(b).toContain('the spec writes it `Basic`');
    const [a] = notesOf(out.checks, 'a-auth/bearer-key-authenticates');
    expect(a).toMatch(NOTED);
    for (const spelt of ['bearer', 'BEARER', 'bEaReR']) expect(a).toContain(`"${spelt} <key>" answered 401`);
    expect(a).toContain('the spec writes it `Bearer`');
  });

  it('behind a front that refuses them 401 with the error object: noted, never failed', { timeout: 60_000 }, async () => {
    const out = await run({ front: answering((req) => (otherCase(req) ? { status: 401, body: '{"message":"Unauthorized","error":"Unauthorized"}' } : undefined)) });
    expect(out.checks.map((c) => c.verdict), describeChecks(out.checks)).toEqual(['pass', 'pass']);
    for (const id of CHECKS) expect(notesOf(out.checks, id)).toEqual([expect.stringMatching(NOTED)]);
  });

  // A refusal is still held to the interface's rule for credentials it does not read (audit
  // free15 v20, v21): interface A's 401 with the error object (A-AUTH-7), interface B's 4xx.
  it('behind a front that answers them 403: A-AUTH-7 fails on interface A (not its 401), interface B takes the 4xx and notes it', { timeout: 60_000 }, async () => {
    const out = await run({ front: answering((req) => (otherCase(req) ? { status: 403, body: '{"message":"Forbidden","error":"Forbidden"}' } : undefined)) });
    expect(Object.fromEntries(out.checks.map((c) => [c.id, c.verdict])), describeChecks(out.checks)).toEqual({ 'a-auth/bearer-key-authenticates': 'fail', 'b-auth/basic-key-authenticates': 'pass' });
    expect([...out.failedClauses]).toEqual(['A-AUTH-7']);
    expect(notesOf(out.checks, 'b-auth/basic-key-authenticates')).toEqual([expect.stringMatching(NOTED)]);
  });

  it('behind a front that redirects them to a login page: A-AUTH-7 and B-AUTH-1 fail (no refusal the spec allows)', { timeout: 60_000 }, async () => {
    const out = await run({ front: answering((req) => (otherCase(req) ? { status: 302, body: '' } : undefined)) });
    expect(out.checks.map((c) => c.verdict), describeChecks(out.checks)).toEqual(['fail', 'fail']);
    expect([...out.failedClauses].sort()).toEqual(['A-AUTH-7', 'B-AUTH-1']);
  });

  it('behind a front that answers them 500: X-ROB-1 fails, A-AUTH-1 and B-AUTH-1 do not, and no refusal is noted', { timeout: 60_000 }, async () => {
    const out = await run({ front: answering((req) => (otherCase(req) ? { status: 500, body: '{"message":"boom"}' } : undefined)) });
    expect(out.checks.map((c) => c.verdict), describeChecks(out.checks)).toEqual(['fail', 'fail']);
    expect([...out.failedClauses]).toEqual(['X-ROB-1']);
    for (const c of out.checks) expect(c.failures.map((f) => f.message)).toEqual(expect.arrayContaining([expect.stringMatching(/the scheme in another letter case\) answered 500/)]));
    for (const id of CHECKS) expect(notesOf(out.checks, id)).toEqual([]);
  });
});
