import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-INV-1's `date` is YYYY-MM-DD in every list GET /invoices answers, not only the plain one: the
 * real service's `since` filter and other orders (extensions) may go through a query of their own
 * (a reporting query selecting the date as a timestamp).
 */
async function dateFormat(fault: FaultName | undefined, conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ faults: fault ? [fault] : [], exactly: ['b-inv/date-format'], seed: 7, runs: 3, conventions });
  return { failed: run.failedClauses, messages: run.checks.flatMap((c) => c.failures.map((f) => f.message)).join('\n') };
}

describe('b-inv/date-format under the real service\'s other orders and filter', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-INV-1 where the since filter dates invoices with a time (${conventions})`, { timeout: 30_000 }, async () => {
      const { failed, messages } = await dateFormat('b-since-invoice-date-timestamp', conventions);
      expect(failed.has('B-INV-1')).toBe(true);
      expect(messages).toMatch(/since=2000-01-01T00:00:00Z/);
    });
    it(`passes without a fault (${conventions})`, { timeout: 30_000 }, async () => {
      expect((await dateFormat(undefined, conventions)).failed.size).toBe(0);
    });
  }
});

// The plain GET /invoices (no query) may be a handler of its own (a billing widget's): the check's
// whole-list reads all send a page size, so the plain list is read once too.
describeCheckCatches('b-inv/date-format on the plain GET /invoices', {
  check: 'b-inv/date-format',
  fault: 'b-plain-invoice-list-date-time',
  clause: 'B-INV-1',
  message: "GET /invoices without a query (no page size, offset or order) lists",
});
