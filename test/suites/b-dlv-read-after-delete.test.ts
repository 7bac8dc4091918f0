import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/**
 * B-DLV-1 where GET /deliveries/{id} (an extension) is served from a read cache the DELETE does
 * not reach: the list no longer shows the delivery, the read by id still does. b-dlv/delete reads
 * the fixture's delivery by id before its DELETE and judges the read after it.
 */
async function deleteRun(conventions: 'standard' | 'alt', options: { faults?: FaultName[]; front?: Front } = {}) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-dlv/delete'], seed: 7, runs: 3, conventions, ...options });
  return run.checks.find((c) => c.id === 'b-dlv/delete')!;
}

describe('b-dlv/delete reads the deleted delivery by id', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-DLV-1 where a read cache keeps answering a deleted delivery (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await deleteRun(conventions, { faults: ['b-delivery-read-cache-keeps-deleted'] });
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-DLV-1', expect.stringMatching(/^delivery \d+ is still read by GET \/deliveries\/\d+ .*as it was read before it$/)]]);
    });
    it(`faultless: passes (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await deleteRun(conventions);
      expect(check.verdict, describeChecks([check])).toBe('pass');
      expect(check.partial ?? []).toEqual([]);
    });
  }
});

/**
 * B-DLV-1 in account 2: the fixtures' deliveries are account 1's. With leave to make deliveries,
 * b-dlv/delete makes one in account 2 and deletes it with its own key, so a deletion that only
 * unschedules past the first account (answered 204, the blueprint kept) fails.
 */
describe('b-dlv/delete deletes a delivery of account 2 too', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-DLV-1 where a later account's delete only unschedules (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await deleteRun(conventions, { faults: ['b-delivery-delete-later-account-unscheduled'] });
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-DLV-1', expect.stringMatching(/^delivery \d+ of account 2 is still read by GET \/deliveries\/\d+ with its api_key /)]]);
    });
  }
});
