import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * The spec says "SSH public key", not which algorithms. A deployment that takes Ed25519 and RSA
 * keys and refuses ECDSA ones (as EC2's key import does) is conformant.
 */
describe('b-user/ssh-key against a deployment refusing ECDSA keys', () => {
  const noEcdsa = answering((req, body) =>
    req.method === 'POST' && /^\/[^/]+\/api\/user\/keys$/.test(req.url ?? '') && body.includes('"public_key":"ecdsa-') ? { status: 422, body: '{"message":"Unsupported key type."}' } : undefined,
  );

  it('notes the refusals and judges the other keys: B-KEY-1 passes in the spec profile', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-user/ssh-key'], profile: 'spec', front: noEcdsa, retarget: withoutControl, seed: 5, runs: 12 });
    const check = run.checks.find((c) => c.id === 'b-user/ssh-key')!;
    expect([check.verdict, check.reason, check.partial ?? []]).toEqual(['pass', undefined, []]);
    expect(check.notes.join(' ')).toMatch(/refused with a 4xx, as a deployment may: ecdsa-p\d+/);
  });

  it('holds the simulator to every key type in its own profile', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-user/ssh-key'], profile: 'simulator', front: noEcdsa, seed: 5, runs: 12 });
    expect([...run.failedClauses]).toContain('B-KEY-1');
  });
});
