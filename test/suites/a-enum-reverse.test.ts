import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * a-enum/foreign-pipeline-same-404 also asks the other way round: account 2's key on account 1's
 * pipelines. A lookup that falls back, on a miss, on the first account's pipelines leaks to
 * account 2 only, so account 1 asking about account 2's pipelines never sees it.
 */
describe('a-enum/foreign-pipeline-same-404 the other way round', () => {
  it('fails a lookup that falls back on the first account\'s pipelines, naming account 2 as the one served', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], profile: 'spec', runs: 5, faults: ['a-legacy-pipelines-fallback'] });
    const check = run.checks[0];
    expect(check?.verdict).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ENUM-1');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/of account 1's (fixture|not deployed) pipeline succeeded for account 2/);
  });
});
