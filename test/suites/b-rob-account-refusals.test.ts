import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * A gateway in front of the accounts refuses a key on another account's path itself, 403 with
 * its own body. The spec gives interface B's error object for not-found conditions only: that
 * refusal is fitting (B-ERR-1 says so of an unknown account), and no breach of X-ROB-1.
 */
describe('b-rob odd account segments refused by a gateway with a body of its own', () => {
  const known = new Set<string>();
  const gateway = answering((req) => {
    const account = /^\/([^/]+)\/api\//.exec(req.url ?? '')?.[1];
    if (account === undefined || known.has(account)) return undefined;
    return { status: 403, body: '{"error":"forbidden","detail":"this key has no access to that account"}' };
  });
  const remember = (target: ResolvedTarget): ResolvedTarget => {
    for (const b of target.b) known.add(encodeURIComponent(b.accountId));
    return withoutControl(target);
  };

  it('passes X-ROB-1 in the spec profile', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-rob/odd-paths'], profile: 'spec', front: gateway, retarget: remember, seed: 9, runs: 25 });
    const check = run.checks[0]!;
    expect(check.id).toBe('b-rob/odd-paths');
    expect(check.verdict, `${check.reason ?? ''} ${JSON.stringify(check.failures[0]?.message ?? '')}`).toBe('pass');
  });
});
