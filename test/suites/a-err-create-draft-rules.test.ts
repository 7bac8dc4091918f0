import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ERR-2 for a create that saves a draft checked for its shape only (audit26 a): the broken
 * definition is taken (2xx). In the spec profile (alt conventions) the check took that for the
 * target's schema judging otherwise, so it passed; it now asks the target's own validation about
 * the same document, as for a replace or update: refused there 400 naming the field, the create's
 * 2xx fails.
 */

const CHECK = 'a-err/invalid-definition-400';

describe('a-err/invalid-definition-400 with a create that checks no rules', () => {
  it.each(['standard', 'alt'] as const)('fails A-ERR-2 with a-create-draft-rules-unchecked (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-create-draft-rules-unchecked'], exactly: [CHECK], conventions, seed: 7, runs: 10 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ERR-2');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/POST \S+ \(json\) with .* answered 20[01]/);
  });
});
