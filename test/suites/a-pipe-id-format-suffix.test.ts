import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-PIPE-3: `id` is an integer path parameter. The twenty-seventh mutation audit found no id
 * with a format suffix among those written around a live pipeline: routes that take a
 * Rails-style `.json` / `.yaml` off the id segment (`/pipelines/12.json` is pipeline 12, on
 * every operation) passed in std and alt. `12.json` is now among writtenAround's ids.
 */
describe('the A-PIPE-3 checks against routes that strip a format suffix from the id', () => {
  it('a-pipe/integer-id-reads fails A-PIPE-3 (standard)', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-pipe/integer-id-reads'], seed: 7, runs: 3, faults: ['a-id-format-suffix-stripped'] });
    const check = run.checks.find((c) => c.id === 'a-pipe/integer-id-reads')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-PIPE-3', message: expect.stringContaining('.json') }));
  });

  for (const conventions of ['standard', 'alt'] as const) {
    it(`a-pipe/integer-id-writes fails A-PIPE-3 (${conventions})`, { timeout: 90_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ exactly: ['a-pipe/integer-id-writes'], seed: 7, runs: 3, conventions, faults: ['a-id-format-suffix-stripped'] });
      const check = run.checks.find((c) => c.id === 'a-pipe/integer-id-writes')!;
      expect(check.verdict).toBe('fail');
      expect(check.failures).toContainEqual(expect.objectContaining({ clause: 'A-PIPE-3', message: expect.stringContaining('.json') }));
    });
  }

  it('without the fault: both pass', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-pipe/integer-id-reads', 'a-pipe/integer-id-writes'], seed: 7, runs: 3 });
    for (const check of run.checks) {
      expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
      expect(check.verdict).toBe('pass');
    }
  });
});
