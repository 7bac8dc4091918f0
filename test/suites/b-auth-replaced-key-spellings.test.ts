import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * Mutation audit 17 m16 (B-AUTH-2): an authorizer cache keyed by the raw Authorization header,
 * which POST /user/tokens clears only for the header it was sent with. The rotation check used
 * and retired every key as `Basic base64(<key>:)` alone, so the replaced key, still served under
 * `basic ...` (RFC 9110: the scheme is case-insensitive) where a client had used it so, passed.
 */
const CHECK = 'b-auth/regenerated-key-replaces-old';

describe('b-auth: a replaced key under other spellings of the credentials', () => {
  it('still served under a spelling used before the regeneration (b-replaced-key-other-spellings-cached): the rotation check fails B-AUTH-2', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [CHECK], faults: ['b-replaced-key-other-spellings-cached'], profile: 'spec', seed: 7, runs: 3 });
    const check = run.checks.find((c) => c.id === CHECK)!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => [f.clause, f.message])).toContainEqual(['B-AUTH-2', expect.stringMatching(/is refused as "Basic base64\(<key>:\)" but still authenticated as "basic base64\(<key>:\)" .* a replaced key is refused however the credentials are spelt$/)]);
  });

  it('refused under every spelling (the simulator as it is, which reads them all for a live key): the rotation check passes', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [CHECK], profile: 'spec', seed: 7, runs: 3 });
    expect(run.checks.map((c) => [c.id, c.verdict])).toEqual([[CHECK, 'pass']]);
    expect(run.checks[0]?.notes.join('\n')).not.toMatch(/the live key was refused under/);
  });

  it('refused under every other spelling for the live key too (a front that reads `Basic ` and one space only): the rotation check passes and notes that those refusals showed nothing', { timeout: 60_000 }, async () => {
    const onlyAsWritten = answering((req) => {
      const header = req.headers.authorization;
      return header !== undefined && !/^Basic [^ ]/.test(header) ? { status: 401, body: '{"message":"unauthorized"}' } : undefined;
    });
    const run = await runSuitesAgainstSimulator({ only: [CHECK], profile: 'spec', seed: 7, runs: 3, front: onlyAsWritten });
    const check = run.checks.find((c) => c.id === CHECK)!;
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/the live key was refused under every other spelling of the credentials too .*"basic base64\(<key>:\)".*: their refusal after the regeneration verified nothing/);
  });
});
