import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-VER-2: a successful answer uses the versioned media type whatever other ranges the client
 * also takes. A negotiation that serves the serializer's first type (plain JSON) to a client
 * listing the any-type range at full weight beside the vendor type mislabels the answer; the drawn
 * spellings list that range at a low weight only.
 */
async function successMediaType(conventions: 'standard' | 'alt', faults: FaultName[] = []) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-ver/success-media-type'], seed: 7, runs: 3, conventions, faults });
  return run.checks.find((c) => c.id === 'b-ver/success-media-type')!;
}

describe('b-ver/success-media-type: the any-type range beside the vendor type', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`plain JSON for a client taking */* fails B-VER-2 (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await successMediaType(conventions, ['b-wildcard-accept-plain-json']);
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(new Set(check.failures.map((f) => f.clause))).toEqual(new Set(['B-VER-2']));
      expect(check.failures[0]?.message).toMatch(/with Accept "application\/vnd\.service\+json; version=2, \*\/\*": Content-Type is "application\/json/);
    });
    it(`faultless: passes (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await successMediaType(conventions);
      expect(check.verdict, describeChecks([check])).toBe('pass');
    });
  }
});

// Mutation audit 29b: nor the invoice list asked in another order (the real service's sort and
// direction), which a deployment may serve through a reporting query's serializer of its own.
describeCheckCatches('b-ver/success-media-type on the invoice list in another order', {
  check: 'b-ver/success-media-type',
  fault: 'b-sorted-invoices-plain-json',
  clause: 'B-VER-2',
  message: 'GET /invoices?sort=number&direction=asc',
});
