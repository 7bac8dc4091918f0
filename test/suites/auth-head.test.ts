import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-AUTH-7 and B-AUTH-1 by HEAD: a HEAD has no body and a front may answer it itself, so only
 * its status is judged. A 401 for a live pipeline beside a 404 for an absent one, without a key,
 * tells which ids exist (a refusal in form, an enumeration in fact); a front that answers every
 * HEAD 405 itself serves nothing and is no false alarm.
 */
const PIPELINE = /^\/api\/public\/v1\/pipelines\/(\d+)$/;

describe('HEAD without credentials', () => {
  it('a-auth/head-without-key-refused fails where a keyless HEAD of an absent pipeline is 404 and a live one 401', { timeout: 60_000 }, async () => {
    const absentIs404 = answering((req) => {
      const id = PIPELINE.exec(req.url ?? '')?.[1];
      return req.method === 'HEAD' && req.headers.authorization === undefined && id !== undefined && id !== '1' ? { status: 404, body: '' } : undefined;
    });
    const run = await runSuitesAgainstSimulator({ only: ['a-auth/head-without-key-refused'], profile: 'spec', front: absentIs404, seed: 3, runs: 4 });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['A-AUTH-7', expect.stringMatching(/answered 401 and HEAD \/api\/public\/v1\/pipelines\/\d+ \(an absent id\) 404: without a key the answer tells which ids exist$/)]]);
  });

  it('a front that answers every HEAD 405 itself passes both interfaces\' checks', { timeout: 60_000 }, async () => {
    const headRefused = answering((req) => (req.method === 'HEAD' ? { status: 405, body: '' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['a-auth/head-without-key-refused', 'b-auth/malformed-authorization-refused', 'b-auth/unknown-keys-refused'], profile: 'spec', front: headRefused, seed: 3, runs: 4 });
    expect(run.checks.map((c) => [c.id, c.verdict, c.reason]).sort()).toEqual([
      ['a-auth/head-without-key-refused', 'pass', undefined],
      ['b-auth/malformed-authorization-refused', 'pass', undefined],
      ['b-auth/unknown-keys-refused', 'pass', undefined],
    ]);
    expect(run.checks.find((c) => c.id === 'a-auth/head-without-key-refused')?.notes).toContain("no HEAD was served with the key either (none answered 2xx): the refusals above may be the front's own");
  });
});
