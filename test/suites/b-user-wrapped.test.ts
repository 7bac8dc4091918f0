import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * GET /user is an extension of the real service; a deployment serving it may render the user
 * under a `user` member (`{"user": {...}}`), as many frameworks render one resource. The checks
 * that read the user back (to restore it, to compare it, for its id and unread count) find it there.
 */
describe('checks reading GET /user answered as {"user": {...}}', () => {
  const wrapped = rewriting((req, reply) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    return req.method === 'GET' && reply.status === 200 && /^\/[^/]+\/api\/user$/.test(path) ? { body: JSON.stringify({ user: JSON.parse(reply.body) as unknown }) } : undefined;
  });

  it('B-USER-1 and B-NTF-1 are verified and pass', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-user/', 'b-ntf/'], profile: 'spec', front: wrapped, retarget: withoutControl, seed: 8, runs: 5 });
    expect(run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id)).toEqual([]);
    const verdicts = clauseVerdicts(run.checks, { profile: 'spec' });
    expect(['B-USER-1', 'B-NTF-1'].map((id) => verdicts.find((v) => v.id === id)?.verdict)).toEqual(['pass', 'pass']);
  });
});
