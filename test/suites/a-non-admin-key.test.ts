import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * A-AUTH-5 sets only key management apart for admins, so A-PIPE-1 (a deployed pipeline's DELETE
 * stops and tears it down) and A-ERR-2 (an invalid definition's 400 names the field) hold for
 * account 1's non-admin key as for its admin key. The checks send some of their cases with it:
 * a service that does otherwise for non-admins fails, a target document without the key is
 * noted, and a key the target refuses a valid definition is noted, its 403s never judged as
 * A-ERR-2's 400.
 */
const ONLY = ['a-pipe/delete-deployed', 'a-err/invalid-definition-400'];

/** The target as its document would be without account 1's `pipeline_key`. */
const withoutNonAdminKey = (target: ResolvedTarget): ResolvedTarget => ({ ...target, a: target.a.map((a, i) => (i === 0 ? { ...a, nonAdminKey: undefined } : a)) });

describe('the non-admin key in a-pipe/delete-deployed and a-err/invalid-definition-400', () => {
  it('a non-admin DELETE that leaves the pipeline running, and a non-admin 400 naming no field, fail', { timeout: 120_000 }, async () => {
    for (const fault of ['a-non-admin-delete-keeps-running', 'a-field-details-admin-only'] as const) {
      const run = await runSuitesAgainstSimulator({ only: ONLY, faults: [fault], runs: 20 });
      expect([...run.failedClauses], fault).toEqual([fault === 'a-field-details-admin-only' ? 'A-ERR-2' : 'A-PIPE-1']);
      expect(run.checks.flatMap((c) => c.failures.map((f) => f.message)).join('\n')).toMatch(/non-admin key/);
    }
  });

  it('no non-admin key in the target document: both pass, and say the key was not seen', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ONLY, faults: ['a-non-admin-delete-keeps-running', 'a-field-details-admin-only'], runs: 20, retarget: withoutNonAdminKey });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass', 'pass']);
    // a-pipe/delete-deployed says so twice (its DELETE with that key, and a start with it), a-err once.
    expect(run.checks.flatMap((c) => c.notes).filter((n) => /no pipeline_key/.test(n))).toHaveLength(3);
    expect(run.checks.flatMap((c) => c.notes)).toContainEqual(expect.stringMatching(/^the target document gives account 1 no pipeline_key, so the DELETE of a deployed pipeline started with a non-admin key was not seen$/));
  });

  it('a non-admin key refused every pipeline write: a note, not a false alarm', { timeout: 120_000 }, async () => {
    let nonAdminKey = '';
    const refusesNonAdmin = answering((req) => {
      if (nonAdminKey === '' || req.method === 'GET' || req.headers.authorization !== `Bearer ${nonAdminKey}` || !/^\/api\/public\/v1\/pipelines/.test(req.url ?? '')) return undefined;
      return { status: 403, body: '{"error":"admins only"}' };
    });
    const run = await runSuitesAgainstSimulator({
      only: ['a-err/invalid-definition-400'],
      runs: 20,
      front: refusesNonAdmin,
      retarget: (target) => {
        nonAdminKey = target.a[0]?.nonAdminKey ?? '';
        return target;
      },
    });
    expect(nonAdminKey).not.toBe('');
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
    expect(run.checks[0]!.notes.some((n) => /non-admin key was refused a valid definition/.test(n))).toBe(true);
  });
});
