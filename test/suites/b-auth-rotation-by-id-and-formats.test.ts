import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * b-auth/regenerated-key-replaces-old tries each replaced key on a read of one record by its id
 * (its probes name no id), and judges the formats of the user POST /user/tokens answers (no other
 * check sees that answer: the regeneration cannot be undone).
 */
const CHECK = 'b-auth/regenerated-key-replaces-old';

function rotation(faults: FaultName[], conventions: ConventionsName) {
  return runSuitesAgainstSimulator({ exactly: [CHECK], faults, conventions, seed: 7, runs: 3 });
}

const CASES: { fault: FaultName; clause: string; message: RegExp }[] = [
  { fault: 'b-replaced-key-reads-by-id', clause: 'B-AUTH-2', message: /still reads a record by its id: GET \/\S+ with it answered 200/ },
  { fault: 'b-token-answer-epoch-times', clause: 'B-FMT-1', message: /^POST \/user\/tokens: timestamps must be ISO 8601 date-times in UTC/ },
];

describe(CHECK, () => {
  for (const conventions of ['standard', 'alt'] as const) {
    for (const { fault, clause, message } of CASES) {
      it(`fails ${clause} under ${fault} (${conventions})`, { timeout: 120_000 }, async () => {
        const run = await rotation([fault], conventions);
        const check = run.checks.find((c) => c.id === CHECK)!;
        expect(check.verdict, describeChecks(run.checks)).toBe('fail');
        expect(check.failures.filter((f) => f.clause === clause).map((f) => f.message).join('\n')).toMatch(message);
      });
    }
    it(`faultless: passes (${conventions})`, { timeout: 120_000 }, async () => {
      const run = await rotation([], conventions);
      expect(run.checks.find((c) => c.id === CHECK)?.verdict, describeChecks(run.checks)).toBe('pass');
    });
  }
});
