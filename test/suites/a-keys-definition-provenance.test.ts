import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-3: no later read returns a key's full value. The twenty-seventh mutation audit found the
 * definition of a pipeline a key made never read back for it: a store that stamps the document
 * with its provenance (the credentials as presented) passed in std and alt, its metadata clean.
 * a-keys/value-shown-once now reads that definition once, right after the create (before the
 * writes replace the document): 1 request.
 */
describe('a-keys/value-shown-once against a deployment whose definitions carry the creating key', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails A-AUTH-3 (${conventions})`, { timeout: 90_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/value-shown-once'], seed: 7, runs: 3, conventions, faults: ['a-definition-provenance-key'] });
      const check = run.checks.find((c) => c.id === 'a-keys/value-shown-once')!;
      expect(check.verdict).toBe('fail');
      expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-AUTH-3', message: expect.stringContaining('/definition') }));
    });
  }

  it('without the fault: passes', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/value-shown-once'], seed: 7, runs: 3 });
    const check = run.checks.find((c) => c.id === 'a-keys/value-shown-once')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});
