import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-4, A-AUTH-6: a revoked or expired admin key is refused on key management too. The
 * faults `a-revoked-key-manages-keys` and `a-expired-key-manages-keys` let the dead key both
 * create a key and revoke one; the proofs see the create first. Here a front refuses the dead
 * key's create itself (401 with the error object, as it should), so what is left to fail is the
 * revocation of another key the check made, which the key-management checks must still send.
 */
const REFUSED = JSON.stringify({ error: 'unauthorized', message: 'Unauthorized: send a valid API key.' });
const createRefused = answering((req, body) =>
  req.method === 'POST' && /^\/api\/public\/v1\/api-keys$/.test(req.url ?? '') && body.includes('by-dead-key') ? { status: 401, body: REFUSED } : undefined,
);

describe('a dead admin key on the revocation of another key', () => {
  it('fails a-keys/revocation-final (A-AUTH-6) where a revoked key still revokes', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/revocation-final'], profile: 'spec', faults: ['a-revoked-key-manages-keys'], front: createRefused, seed: 3, runs: 2 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-6', message: expect.stringMatching(/^the revoked admin key on the revocation of another key authenticated: /) }));
  });

  it('fails a-keys/expired-key-refused (A-AUTH-4) where an expired key still revokes', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/expired-key-refused'], profile: 'simulator', faults: ['a-expired-key-manages-keys'], front: createRefused, seed: 3, runs: 6 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-4', message: expect.stringMatching(/^an admin key \d+ s past its expiry on the revocation of another key authenticated: /) }));
  });

  it('passes both where the simulator refuses the dead key everywhere', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/revocation-final', 'a-keys/expired-key-refused'], profile: 'simulator', front: createRefused, seed: 3, runs: 6 });
    expect(run.checks.map((c) => `${c.id} ${c.verdict} ${c.reason ?? ''}`).sort()).toEqual(['a-keys/expired-key-refused pass ', 'a-keys/revocation-final pass ']);
  });
});
