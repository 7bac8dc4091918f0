import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * X-ROB-1 at the integer widths' edges (fifth mutation audit #33, #34): a deployment whose id
 * columns are 32-bit answered a path id of 2^31 with a 500, and no run sent one (the absent ids
 * stay in one range, and nonIdSegment jumps from 2^53+1 to 10^22). The integer-width checks send
 * a fixed list of ids at those edges every run; the writes only with ids a read just refused,
 * since any of them may be live on a deployment with 64-bit ids.
 */

const CHECKS = ['a-rob/integer-width-id-reads', 'a-rob/integer-width-id-writes', 'b-rob/integer-width-id-reads', 'b-rob/integer-width-id-writes'];
const CASES: [FaultName, string][] = [
  ['a-int32-pipeline-id-500', 'a-rob/'],
  ['b-int32-path-id-500', 'b-rob/'],
];

describe('path ids at the integer widths\' edges', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    for (const [fault, family] of CASES) {
      it(`${fault} fails the reads and the writes, ${conventions} conventions`, { timeout: 60_000 }, async () => {
        const only = CHECKS.filter((id) => id.startsWith(family));
        const run = await runSuitesAgainstSimulator({ only, profile: 'spec', faults: [fault], conventions, seed: 7, runs: 5 });
        for (const id of only) {
          const check = run.checks.find((c) => c.id === id)!;
          expect(check.verdict, describeChecks([check])).toBe('fail');
          expect(new Set(check.failures.map((f) => f.clause))).toEqual(new Set(['X-ROB-1']));
          expect(check.failures[0]?.message).toMatch(/2147483648/);
        }
      });
    }
  }

  it('passes without a fault, and writes no id that its read served', { timeout: 60_000 }, async () => {
    // A deployment with 64-bit ids whose every kind has a record 2^31: reads of it are served.
    const live = '2147483648';
    const writes: string[] = [];
    const front = answering((req) => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (req.method !== 'GET') writes.push(`${req.method} ${path}`);
      return req.method === 'GET' && path.split('/').includes(live) ? { status: 200, body: '{}' } : undefined;
    });
    const run = await runSuitesAgainstSimulator({ only: CHECKS, profile: 'spec', conventions: 'alt', seed: 7, runs: 5, front });
    for (const id of CHECKS) {
      const check = run.checks.find((c) => c.id === id)!;
      expect([check.verdict, check.failures], describeChecks([check])).toEqual(['pass', []]);
    }
    expect(writes.filter((w) => w.split('/').includes(live))).toEqual([]);
    expect(writes.filter((w) => w.split('/').includes('4294967296')).length).toBeGreaterThan(20);
  });
});
