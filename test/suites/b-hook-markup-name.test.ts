import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-HOOK-1 "creates a hook with ... name": a hook named with &, < and > keeps them. A store that
 * escapes them as HTML on the way in answers 201 with `&amp;`, `&lt;`, `&gt;`, and the property's
 * names hold none of the three (O'Neil's quote only, which such a sanitiser leaves).
 */
async function createRead(conventions: 'standard' | 'alt', faults: FaultName[] = []) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-hook/create-read'], seed: 7, runs: 3, conventions, faults });
  return run.checks.find((c) => c.id === 'b-hook/create-read')!;
}

describe('b-hook/create-read: a name holding &, < and >', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a name stored HTML-escaped fails B-HOOK-1 (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await createRead(conventions, ['b-hook-name-html-escaped']);
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(new Set(check.failures.map((f) => f.clause))).toEqual(new Set(['B-HOOK-1']));
      expect(check.failures[0]?.message).toMatch(/with a name holding &, < and >: the hook's name is not the name sent/);
      expect(check.failures[0]?.received).toMatch(/R&amp;D &lt;EU&gt;/);
    });
    it(`faultless: passes (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await createRead(conventions);
      expect(check.verdict, describeChecks([check])).toBe('pass');
    });
  }
});

// Mutation audit 29b: a hook created in account 2 (its api_key) reads back as sent too, where a
// store sharded by account keeps the first account's event subscriptions only.
describeCheckCatches('b-hook/create-read in account 2', {
  check: 'b-hook/create-read',
  fault: 'b-hook-events-first-shard-only',
  clause: 'B-HOOK-1',
  message: "POST /hooks with account 2's api_key: the hook's events is not what was sent",
});
