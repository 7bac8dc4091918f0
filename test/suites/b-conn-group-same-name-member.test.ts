import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-CG-1 "creates a group", whoever of the account sends it and whatever it is named: a
 * find-or-create by name gives an existing group back (its description, its id) for a name the
 * account has (the run's names are unique, so only a name given twice on purpose shows it), and
 * a service that keeps moving connections to admins by skipping the move answers a member's group
 * listing the connections, which stay where they were.
 */
async function groupCreate(conventions: 'standard' | 'alt', options: { faults?: FaultName[]; front?: Front } = {}) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-conn/group-create'], seed: 7, runs: 3, conventions, ...options });
  return run.checks.find((c) => c.id === 'b-conn/group-create')!;
}

describe('b-conn/group-create: a name given twice, and a group made by a member', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a find-or-create by name fails B-CG-1 (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await groupCreate(conventions, { faults: ['b-cg-same-name-reuses-group'] });
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => f.clause)).toEqual(['B-CG-1']);
      expect(check.failures[0]?.expected).toMatch(/description "disco: a second group named like the first"/);
    });
    it(`a member's group whose connections are not moved fails B-CG-1 (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await groupCreate(conventions, { faults: ['b-cg-member-connections-not-assigned'] });
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-CG-1', expect.stringMatching(/^[a-z0-9]+ connection \d+, named in group \d+ that member_api_key's user made, is not in it when read back$/)]]);
    });
    it(`faultless: passes (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await groupCreate(conventions);
      expect(check.verdict, describeChecks([check])).toBe('pass');
      expect(check.partial ?? []).toEqual([]);
    });
  }
});

// A group made without connections (none named, or an empty array) answered 201 and not kept:
// account 1's GET /connection_groups (an extension) does not list it.
describeCheckCatches('b-conn/group-create: groups made without connections are kept, not only answered', {
  check: 'b-conn/group-create',
  fault: 'b-cg-empty-group-not-kept',
  clause: 'B-CG-1',
  message: /^group \d+ \("[^"]*group-bare"\), created \(201\) without connections, is not in account 1's GET \/connection_groups/,
});
