import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ERR-2 for the settings of every documented destination type (audit mut18 a): the broken
 * definitions were made from one generated definition (any destination type) or the check's own
 * (s3), so a settings rule of one type left unchecked (bigquery's, deferred to its connector) was
 * seldom sent and passed. Simulator profile only: off it the documented schema is not the
 * target's, and a 2xx to what the documented one calls invalid is the target's schema (a note).
 */

const CHECK = 'a-err/invalid-definition-400';

describe('a-err/invalid-definition-400 over every destination type\'s settings', () => {
  it('fails A-ERR-2 with a-bigquery-settings-rules-deferred', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-bigquery-settings-rules-deferred'], exactly: [CHECK], seed: 7, runs: 3 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ERR-2');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/destination\.settings\.(project_id|dataset|credentials_env) = .* \(bigquery\) answered 2\d\d, expected 400/);
  });

  it('passes the simulator without the fault', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], seed: 7, runs: 3 });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
});
