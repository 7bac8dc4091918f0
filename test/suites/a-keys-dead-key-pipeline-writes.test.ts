import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-6, A-AUTH-4: a revoked or expired key is refused on the pipeline writes and on HEAD too,
 * and on the DELETE of a live pipeline of its account (not only of an absent id).
 * The dead key's writes go to a pipeline the check makes, each followed by the same write with
 * the live admin key: the control that the target serves it. Here a front refuses the dead
 * key's create itself (401 with the error object), so what is left to fail is a change of the
 * check's pipeline; and a front that serves no PATCH there (405 to every key) is not failed for
 * the dead key's 405, which the check notes as not judged.
 */
const REFUSED = JSON.stringify({ error: 'unauthorized', message: 'Unauthorized: send a valid API key.' });
const createRefused = answering((req, body) => (req.method === 'POST' && /^\/api\/public\/v1\/pipelines$/.test(req.url ?? '') && body.includes('by-dead-key') ? { status: 401, body: REFUSED } : undefined));
const noPatch = answering((req) =>
  req.method === 'PATCH' && /^\/api\/public\/v1\/pipelines\/\d+$/.test(req.url ?? '') ? { status: 405, body: JSON.stringify({ error: 'method_not_allowed', message: 'Method not allowed.' }) } : undefined,
);

describe('a dead key on the pipeline writes and on HEAD', () => {
  it('fails a-keys/revocation-final (A-AUTH-6) where a revoked key still changes a pipeline', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/revocation-final'], profile: 'spec', faults: ['a-revoked-key-writes-pipelines'], front: createRefused, seed: 3, runs: 2 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-6', message: expect.stringMatching(/^the revoked key on PATCH \/api\/public\/v1\/pipelines\/\d+ \(pipelines\.update of a pipeline of the check's own\) authenticated: /) }));
  });

  it('fails a-keys/expiry-in-real-time (A-AUTH-4) where an expired key still changes a pipeline', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/expiry-in-real-time'], profile: 'spec', faults: ['a-expired-key-writes-pipelines'], seed: 3, runs: 2 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-4', message: expect.stringMatching(/past its expiry \(target time\) on PATCH .* authenticated: /) }));
  });

  it('fails a-keys/revocation-final (A-AUTH-6) where a revoked key archives a live pipeline of its account, its DELETE of an absent id refused', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/revocation-final'], profile: 'spec', faults: ['a-revoked-key-archives-own'], seed: 3, runs: 2 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-6', message: expect.stringMatching(/^the revoked key on DELETE \S+ \(the DELETE of a live pipeline of the key's account\) archived it: /) }));
  });

  it('fails a-keys/expiry-in-real-time (A-AUTH-4) where an expired key archives a live pipeline of its account', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/expiry-in-real-time'], profile: 'spec', faults: ['a-expired-key-archives-own'], seed: 3, runs: 2 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-4', message: expect.stringMatching(/past its expiry \(target time\) on DELETE \S+ \(the DELETE of a live pipeline of the key's account\) archived it: /) }));
  });

  it('fails a-keys/revocation-final (A-AUTH-6) where a revoked key is served HEAD of a pipeline', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/revocation-final'], profile: 'spec', faults: ['a-dead-key-head-served'], seed: 3, runs: 2 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-6', message: expect.stringMatching(/^the revoked key on HEAD \/pipelines\/\{id\} authenticated: HEAD \S+ answered 200/) }));
  });

  it('passes where the target serves no PATCH of a pipeline to any key, saying the dead key\'s answer there was not judged', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/revocation-final'], profile: 'spec', front: noPatch, seed: 3, runs: 2 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('pass');
    expect(check.notes).toContainEqual(expect.stringMatching(/^PATCH \S+ \(pipelines\.update of a pipeline of the check's own\) was not served to the live admin key either \(405/));
  });
});
