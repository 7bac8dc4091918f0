import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-FMT-1 "timestamps are ... in UTC": an update's updated_at written by a database session in
 * Asia/Tokyo and read back as UTC lies nine hours after the answer that shows it, still a
 * well-formed `...Z`. Only resources just made were set against the answer's Date header; an
 * update's (or a read's) times are now held to lie no later than the answer.
 */
async function writtenFormats(conventions: 'standard' | 'alt', faults: FaultName[] = []) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-schema/written-formats'], seed: 7, runs: 3, conventions, faults });
  return run.checks.find((c) => c.id === 'b-schema/written-formats')!;
}

describe('b-schema/written-formats: no time after the answer', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a rename's updated_at nine hours ahead fails B-FMT-1 (${conventions})`, { timeout: 90_000 }, async () => {
      const check = await writtenFormats(conventions, ['b-rename-updated-at-db-local-time']);
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(new Set(check.failures.map((f) => f.clause))).toEqual(new Set(['B-FMT-1']));
      expect(check.failures[0]?.message).toMatch(/^PUT \/connections\/.*a timestamp lies after the answer that shows it/);
      expect(check.failures[0]?.received).toMatch(/updated_at \S+ is 324\d\d s after the answer's Date/);
    });
    it(`faultless: passes (${conventions})`, { timeout: 90_000 }, async () => {
      const check = await writtenFormats(conventions);
      expect(check.verdict, describeChecks([check])).toBe('pass');
    });
  }
});

// An update's updated_at written by a database session in America/Los_Angeles and read back as
// UTC lies eight hours in the past, where no clock check of times to come looks: before the
// record's created_at (the simulator's user is made when it starts).
describeCheckCatches('b-schema/written-formats: no updated_at before created_at', {
  check: 'b-schema/written-formats',
  fault: 'b-user-update-db-west-local-time',
  clause: 'B-FMT-1',
  message: /^PUT \/user: updated_at lies before created_at/,
});
