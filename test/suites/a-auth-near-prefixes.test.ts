import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * A-AUTH-2: a value without the prefix and its `_` never authenticates. The seventeenth mutation
 * audit's m04 and m05 found a-auth/prefix-required passing, under the alt conventions (which read
 * only `Bearer` as written), a gate that takes the prefix in any letter case (`FDK_<secret>`) or a
 * legacy separator (`fdk-<secret>`): only its property drew such values, among many and mostly
 * under a scheme in a random letter case that alt refuses before the key is read. The check now
 * sends them on purpose, with `Bearer` as written.
 */
describe('a-auth/prefix-required against a gate that misreads the prefix (alt conventions)', () => {
  const run = (faults: FaultName[]) => runSuitesAgainstSimulator({ only: ['a-auth/prefix-required'], conventions: 'alt', profile: 'spec', seed: 7, runs: 3, faults });

  it('the prefix compared without regard to case (FDK_<secret> authenticates): fails A-AUTH-2', { timeout: 90_000 }, async () => {
    const check = (await run(['a-key-prefix-case-insensitive'])).checks.find((c) => c.id === 'a-auth/prefix-required')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toEqual(['A-AUTH-2']);
  });

  it('a legacy separator read as the prefix\'s _ (fdk-<secret> authenticates): fails A-AUTH-2', { timeout: 90_000 }, async () => {
    const check = (await run(['a-key-legacy-dash-separator'])).checks.find((c) => c.id === 'a-auth/prefix-required')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toEqual(['A-AUTH-2']);
  });

  it('without a fault: passes', { timeout: 90_000 }, async () => {
    const check = (await run([])).checks.find((c) => c.id === 'a-auth/prefix-required')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});
