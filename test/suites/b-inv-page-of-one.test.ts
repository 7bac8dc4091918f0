import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * B-LIM-1 at a page of one invoice: a deployment serving `limit=1` by its single-row lookup (no
 * offset) answers the newest invoice at every offset, and the property's random page sizes may
 * never draw 1. And in an order that lists as the default one (the real service's sort=updated
 * here, an extension): a page at offset 1 is asked there too, so an offset counted from 1 in that
 * order's own query is seen even where the order adds nothing to draw from.
 */
async function walkPages(fault: FaultName | undefined, conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ faults: fault ? [fault] : [], exactly: ['b-inv/walk-pages'], seed: 7, runs: 3, conventions });
  return { failed: run.failedClauses, messages: run.checks.flatMap((c) => c.failures.map((f) => f.message)).join('\n') };
}

describe('b-inv/walk-pages at a page of one and in orders listing as the default', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-LIM-1 where limit=1 ignores the offset (${conventions})`, { timeout: 30_000 }, async () => {
      const { failed, messages } = await walkPages('b-invoice-page-of-one-ignores-offset', conventions);
      expect(failed.has('B-LIM-1')).toBe(true);
      expect(messages).toMatch(/limit 1\b/);
    });
    it(`fails B-LIM-1 where sort=updated counts the offset from 1 (${conventions})`, { timeout: 30_000 }, async () => {
      const { failed, messages } = await walkPages('b-invoice-sort-updated-offset-from-one', conventions);
      expect(failed.has('B-LIM-1')).toBe(true);
      expect(messages).toMatch(/sort=updated/);
    });
    it(`fails B-LIM-1 where sort=issued counts the offset from 1 (${conventions})`, { timeout: 30_000 }, async () => {
      const { failed, messages } = await walkPages('b-invoice-sort-issued-offset-from-one', conventions);
      expect(failed.has('B-LIM-1')).toBe(true);
      expect(messages).toMatch(/sort=issued/);
    });
    it(`fails B-LIM-1 where direction=desc, named, counts the offset from 1 (${conventions})`, { timeout: 30_000 }, async () => {
      const { failed, messages } = await walkPages('b-invoice-explicit-desc-offset-from-one', conventions);
      expect(failed.has('B-LIM-1')).toBe(true);
      expect(messages).toMatch(/direction=desc/);
    });
  }
  it('passes without a fault', { timeout: 30_000 }, async () => {
    expect((await walkPages(undefined, 'standard')).failed.has('B-LIM-1')).toBe(false);
  });
});

// The offset for another user of account 1: members paged by a query of their own that counts it from 1.
describeCheckCatches('b-inv/walk-pages with member_api_key', {
  check: 'b-inv/walk-pages',
  fault: 'b-member-invoice-offset-from-one',
  clause: 'B-LIM-1',
  message: 'asked with member_api_key',
});
