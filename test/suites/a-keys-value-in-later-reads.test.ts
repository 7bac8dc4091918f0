import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * A-AUTH-3: the full key is shown once, at its create; no later answer shows it. The seventeenth
 * mutation audit found a-keys/value-shown-once passing deployments that show it later all the same:
 * m06, a key preview showing the whole secret after the prefix (`fdk_…<secret>`: the check looked
 * only for the key written whole); m07, a new key's record showing its full value until the key's
 * first use (the check used each key before it read it back).
 */
describe('a-keys/value-shown-once against a deployment that shows a key\'s value in later answers', () => {
  const run = (faults: FaultName[]) => runSuitesAgainstSimulator({ only: ['a-keys/value-shown-once'], profile: 'spec', seed: 7, runs: 3, faults });

  it('a preview showing the secret split from its prefix (fdk_…<secret>): fails A-AUTH-3', { timeout: 90_000 }, async () => {
    const check = (await run(['a-key-preview-shows-secret'])).checks.find((c) => c.id === 'a-keys/value-shown-once')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toEqual(['A-AUTH-3']);
  });

  it('a new key shown whole in its record until its first use: fails A-AUTH-3', { timeout: 90_000 }, async () => {
    const check = (await run(['a-new-key-shown-until-first-use'])).checks.find((c) => c.id === 'a-keys/value-shown-once')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toEqual(['A-AUTH-3']);
  });

  it('without a fault: passes', { timeout: 90_000 }, async () => {
    const check = (await run([])).checks.find((c) => c.id === 'a-keys/value-shown-once')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});
