import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

const ID = 'b-iso/same-ssh-key-spares-other-account';

/**
 * X-ISO-1 for one public key in two accounts: account 1 adding the key account 2's user has may be
 * created or refused (a deployment may hold a public key to one user service-wide), but account
 * 2's key must stay. A refusal is noted, not judged; a takeover fails.
 */
describe(ID, () => {
  it('passes a deployment that refuses a public key some user already has, noting the refusal', { timeout: 120_000 }, async () => {
    const seen = new Set<string>();
    const uniqueServiceWide = answering((req, body) => {
      if (req.method !== 'POST' || !/^\/[^/]+\/api\/user\/keys$/.test(req.url ?? '')) return undefined;
      const key = String((JSON.parse(body || '{}') as { public_key?: unknown }).public_key ?? '');
      if (seen.has(key)) return { status: 422, body: '{"message":"Public key has already been taken."}' };
      seen.add(key);
      return undefined;
    });
    const run = await runSuitesAgainstSimulator({ only: [ID], profile: 'spec', front: uniqueServiceWide, retarget: withoutControl, seed: 5, runs: 3 });
    const check = run.checks.find((c) => c.id === ID)!;
    expect([check.verdict, check.reason, check.partial ?? []]).toEqual(['pass', undefined, []]);
    expect(check.notes.join(' ')).toMatch(/account 1's POST \/user\/keys of the public key account 2's user has answered 422/);
  });

  it("fails a deployment where account 1's key takes account 2's over", { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [ID], faults: ['b-ssh-key-fingerprint-taken-over'], seed: 5, runs: 3 });
    expect([...run.failedClauses]).toEqual(['X-ISO-1']);
  });
});
