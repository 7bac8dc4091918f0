import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { rewriting } from '../support/rewriting-front.ts';

/**
 * b-auth/unknown-keys-refused sends its pattern keys (LIKE, glob, the key with a NUL after it)
 * to reads the valid key is served: a read refused to the key's role whatever the key (which
 * roles may call what on interface B is not shown) refuses a key a careless lookup matched too,
 * and shows nothing.
 */
function unknownKeys(faults: FaultName[], conventions: ConventionsName, refused: RegExp) {
  return runSuitesAgainstSimulator({
    exactly: ['b-auth/unknown-keys-refused'],
    faults,
    conventions,
    seed: 7,
    runs: 3,
    front: rewriting((req) => (req.method === 'GET' && refused.test(req.url ?? '') ? { status: 403, body: '{"message":"your role may not read this"}' } : undefined)),
  });
}

describe('b-auth/unknown-keys-refused beside reads refused to the role', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails b-key-cut-at-nul where the types list and package reads are refused to the role (${conventions})`, { timeout: 60_000 }, async () => {
      const run = await unknownKeys(['b-key-cut-at-nul'], conventions, /\/(connections\/types|packages\/)/);
      const check = run.checks.find((c) => c.id === 'b-auth/unknown-keys-refused')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check.failures.map((f) => f.clause)).toContain('B-AUTH-1');
      expect(check.failures.map((f) => f.message).join('\n')).toMatch(/NUL/);
    });
    it(`notes the patterns unjudged where the valid key is served none of the reads (${conventions})`, { timeout: 60_000 }, async () => {
      const run = await unknownKeys([], conventions, /\/(connections\/types|packages\/|invoices)/);
      const check = run.checks.find((c) => c.id === 'b-auth/unknown-keys-refused')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('pass');
      expect(check.notes.join('\n')).toMatch(/patterns .* not judged/);
    });
  }
});
