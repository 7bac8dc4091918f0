import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-INV-1 "lists the current account's invoices": each once. A list query that joins the payment
 * attempts lists a failed invoice (a charge and its retry) twice, side by side; the paging counts
 * rows, so pages still concatenate (B-LIM-1 sees nothing), and the list is no shorter than the
 * account's invoices. Only a repeat within one page is judged.
 */
async function dateFormat(conventions: 'standard' | 'alt', faults: FaultName[] = []) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-inv/date-format'], seed: 7, runs: 3, conventions, faults });
  return run.checks.find((c) => c.id === 'b-inv/date-format')!;
}

describe('b-inv/date-format: each invoice listed once', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`failed invoices listed twice fail B-INV-1 (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await dateFormat(conventions, ['b-invoice-failed-listed-twice']);
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(new Set(check.failures.map((f) => f.clause))).toEqual(new Set(['B-INV-1']));
      expect(check.failures[0]?.message).toMatch(/more than once in the same page/);
    });
    it(`faultless: passes (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await dateFormat(conventions);
      expect(check.verdict, describeChecks([check])).toBe('pass');
    });
  }
});
