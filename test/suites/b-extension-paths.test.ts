import { describe, expect, it } from 'vitest';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * A deployment serving the real service's `GET /user` at `/me` (its own path for an extension the
 * spec does not have), and nothing at `/user` but the spec's `PUT /user`.
 */
const userAtMe = answering(
  (req) => (req.method === 'GET' && /^\/[^/]+\/api\/user\/?(\?|$)/.test(req.url ?? '') ? { status: 404, body: '{"message":"Item not found."}' } : undefined),
  (req) => (req.method === 'GET' ? (req.url ?? '/').replace(/^(\/[^/]+\/api)\/me(?=\?|$)/, '$1/user') : (req.url ?? '/')),
);

describe('interface_b.extension_paths: GET /user served at /me', () => {
  const run = (retarget: (t: ResolvedTarget) => ResolvedTarget) => runSuitesAgainstSimulator({ only: ['b-user/update'], profile: 'spec', front: userAtMe, retarget, seed: 8, runs: 5 });
  const b1 = (checks: Awaited<ReturnType<typeof run>>['checks']) => clauseVerdicts(checks, { profile: 'spec' }).find((v) => v.id === 'B-USER-1')?.verdict;

  it('declared, the checks read the user there: B-USER-1 verified and passed', { timeout: 60_000 }, async () => {
    const moved = await run((t) => ({ ...withoutControl(t), interfaceB: { ...t.interfaceB, extensionPaths: { 'GET /user': '/me' } } }));
    expect(b1(moved.checks)).toBe('pass');
  });

  it('not declared, the user cannot be read back: B-USER-1 not verified, never failed', { timeout: 60_000 }, async () => {
    const unmoved = await run(withoutControl);
    expect(b1(unmoved.checks)).toBe('not-verified');
  });
});
