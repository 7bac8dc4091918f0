import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-4 for keys made to expire far ahead (25 days to 12 years): a-keys/expired-key-refused
 * carries them with the control clock past their expiry. The fault `a-key-expiry-ttl-wraps`
 * keeps the expiry as a 32-bit millisecond TTL, so such a key expires early or never. The spec
 * bounds no expiry, but a deployment may cap its keys' lifetimes: a front refusing the far keys'
 * create (by their names, `expiring-in-<days>d`) stands for one, which is a part not seen, not a
 * failure.
 */
const CAPPED = JSON.stringify({ error: 'validation_failed', message: 'expires_at may be at most 14 days ahead.' });
const capsLifetimes = answering((req, body) =>
  req.method === 'POST' && /^\/api\/public\/v1\/api-keys$/.test(req.url ?? '') && /expiring-in-\d+d/.test(body) ? { status: 422, body: CAPPED } : undefined,
);

describe('keys made to expire far ahead', () => {
  it('fails a-keys/expired-key-refused (A-AUTH-4) where the expiry wraps in a 32-bit millisecond TTL', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/expired-key-refused'], profile: 'simulator', faults: ['a-key-expiry-ttl-wraps'], seed: 3, runs: 2 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-4', message: expect.stringMatching(/^a key made to expire in [\d.]+ (days|years)/) }));
  });

  it('says A-AUTH-4 was seen only in part where the target refuses far expiries, and fails nothing', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/expired-key-refused'], profile: 'simulator', front: capsLifetimes, seed: 3, runs: 2 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('pass');
    expect(check.partial).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-4', reason: expect.stringMatching(/was refused \(422.*may cap key lifetimes/) }));
  });
});
