import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * b-auth/unknown-keys-refused sends keys a careless lookup matches though they are not the key:
 * LIKE or glob patterns (`%`, `_`, `*`), and the key with a NUL byte and more after it (a
 * comparison that stops at the NUL). A random key is almost never one of them.
 */
function unknownKeys(faults: FaultName[], conventions: ConventionsName) {
  return runSuitesAgainstSimulator({ exactly: ['b-auth/unknown-keys-refused'], faults, conventions, seed: 7, runs: 3 });
}

const CASES: { fault: FaultName; message: RegExp }[] = [
  { fault: 'b-key-lookup-like-pattern', message: /the key "%"|pattern/ },
  { fault: 'b-key-cut-at-nul', message: /NUL/ },
];

describe('b-auth/unknown-keys-refused', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    for (const { fault, message } of CASES) {
      it(`fails B-AUTH-1 under ${fault} (${conventions})`, { timeout: 60_000 }, async () => {
        const run = await unknownKeys([fault], conventions);
        const check = run.checks.find((c) => c.id === 'b-auth/unknown-keys-refused')!;
        expect(check.verdict, describeChecks(run.checks)).toBe('fail');
        expect(check.failures.map((f) => f.clause)).toContain('B-AUTH-1');
        expect(check.failures.map((f) => f.message).join('\n')).toMatch(message);
      });
    }
    it(`faultless: passes (${conventions})`, { timeout: 60_000 }, async () => {
      const run = await unknownKeys([], conventions);
      expect(run.checks.find((c) => c.id === 'b-auth/unknown-keys-refused')?.verdict, describeChecks(run.checks)).toBe('pass');
    });
  }
});
