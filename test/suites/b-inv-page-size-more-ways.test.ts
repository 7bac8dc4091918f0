import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * B-LIM-2's "no page ever holds more than 100" whoever asks and however the size is written: a
 * page size that is no number but starts with digits (`250abc`), which a bound written with
 * Number() lets through to parseInt, and the list read by another user of the account
 * (member_api_key), whom a billing portal's handler of its own may serve with its own bounds.
 */
async function pageSize(fault: FaultName | undefined, conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ faults: fault ? [fault] : [], exactly: ['b-inv/page-size'], seed: 7, runs: 3, conventions });
  return { failed: run.failedClauses, messages: run.checks.flatMap((c) => c.failures.map((f) => f.message)).join('\n') };
}

describe('b-inv/page-size with a size that starts with digits, and for another user of the account', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-LIM-2 where a size like 250abc passes the bounds (${conventions})`, { timeout: 30_000 }, async () => {
      const { failed, messages } = await pageSize('b-limit-nan-passes-bounds', conventions);
      expect(failed.has('B-LIM-2')).toBe(true);
      expect(messages).toMatch(/=250abc/);
    });
    it(`fails B-LIM-2 where members' pages are not capped (${conventions})`, { timeout: 30_000 }, async () => {
      const { failed, messages } = await pageSize('b-member-invoice-page-uncapped', conventions);
      expect(failed.has('B-LIM-2')).toBe(true);
      expect(messages).toMatch(/member_api_key/);
    });
    it(`passes without a fault (${conventions})`, { timeout: 30_000 }, async () => {
      expect((await pageSize(undefined, conventions)).failed.size).toBe(0);
    });
  }
});

// Mutation audit 29b: the page size written as an array (`limit[]=250`), which a qs-style parser
// gives the reader as an array its string-only bounds never see.
describeCheckCatches('b-inv/page-size with the page size written as an array', {
  check: 'b-inv/page-size',
  fault: 'b-limit-bracket-array-unbounded',
  clause: 'B-LIM-2',
  message: '[]=250 (the page size written as an array) answered a page of 250',
});
