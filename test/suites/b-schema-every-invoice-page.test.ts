import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-SCHEMA-1 holds every invoice GET /invoices returns to section 2's table, not only its first
 * page: invoices of an old billing system (issued before 2020, far down a list of 250 monthly
 * invoices) whose amount is the text its export wrote fail, in both conventions.
 */
function readResources(conventions: ConventionsName, faults: FaultName[] = []) {
  return runSuitesAgainstSimulator({ exactly: ['b-schema/read-resources'], conventions, faults, seed: 7, runs: 3 });
}

describe('b-schema/read-resources walks the invoice list', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`an old invoice's amount as text fails B-SCHEMA-1 (${conventions})`, { timeout: 30_000 }, async () => {
      const run = await readResources(conventions, ['b-invoice-old-amount-text']);
      const check = run.checks.find((c) => c.id === 'b-schema/read-resources')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(new Set(check.failures.map((f) => f.clause))).toEqual(new Set(['B-SCHEMA-1']));
      expect(check.failures.some((f) => /amount/.test(`${f.message} ${f.received ?? ''}`)), describeChecks(run.checks)).toBe(true);
    });

    it(`faultless: B-SCHEMA-1 passes (${conventions})`, { timeout: 30_000 }, async () => {
      const run = await readResources(conventions);
      expect(run.checks.find((c) => c.id === 'b-schema/read-resources')?.verdict, describeChecks(run.checks)).toBe('pass');
    });
  }
});
