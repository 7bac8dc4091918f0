import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-FMT-1 "timestamps are ... in UTC" on what the run only reads: packages are never made through
 * the API, so times written from a Tokyo host's wall clock with Z appended (nine hours ahead, a
 * well-formed UTC date-time) showed on no create. Every read's created_at and updated_at are now
 * held to lie no later than the answer that shows them, by its Date header.
 */
async function readFormats(conventions: 'standard' | 'alt', faults: FaultName[] = []) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-schema/read-formats'], seed: 7, runs: 3, conventions, faults });
  return run.checks.find((c) => c.id === 'b-schema/read-formats')!;
}

describe('b-schema/read-formats: no time after the answer', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`package times nine hours ahead fail B-FMT-1 (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await readFormats(conventions, ['b-package-times-tokyo-labelled-utc']);
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(new Set(check.failures.map((f) => f.clause))).toEqual(new Set(['B-FMT-1']));
      expect(check.failures[0]?.message).toMatch(/^GET \/packages.*a timestamp lies after the answer that shows it/);
      expect(check.failures[0]?.received).toMatch(/created_at \S+ is 32\d\d\d s after the answer's Date/);
    });
    it(`faultless: passes (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await readFormats(conventions);
      expect(check.verdict, describeChecks([check])).toBe('pass');
    });
  }
});
