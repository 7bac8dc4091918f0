import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-INV-1's "only them" binds the list however it is asked for: a `since` filter or `sort=number`
 * (the real service's, extensions) served by a query of its own (a reporting query, a service-wide
 * index) that lost the account condition shows account 1 account 2's invoices, drawn with account
 * 1's links, while the plain list stays its own. b-inv/only-own reads account 1's list once in each
 * other order and filter and holds every invoice it shows to account 1's own.
 */
async function onlyOwn(faults: FaultName[], conventions: 'standard' | 'alt' = 'standard') {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-inv/only-own'], profile: 'spec', seed: 7, runs: 3, faults, conventions });
  const check = run.checks.find((c) => c.id === 'b-inv/only-own');
  if (!check) throw new Error('b-inv/only-own did not run');
  return check;
}

describe('b-inv/only-own reads account 1\'s invoices in the other orders and filter', () => {
  it.each([
    ['b-since-invoices-of-every-account', /^GET \/invoices\?since=2000-01-01T00:00:00Z \(the real service's filter parameters, an extension\) shows account 1 12 invoice\(s\) of account 2's/],
    ['b-sort-number-invoices-of-every-account', /^GET \/invoices\?sort=number \(the real service's order parameters, an extension\) shows account 1 12 invoice\(s\) of account 2's/],
  ] as const)('a list that shows every account\'s invoices under %s fails B-INV-1', async (fault, message) => {
    for (const conventions of ['standard', 'alt'] as const) {
      const check = await onlyOwn([fault], conventions);
      expect(check.verdict).toBe('fail');
      expect(check.failures[0]?.clause).toBe('B-INV-1');
      expect(check.failures[0]?.message).toMatch(message);
    }
  });

  it('faultless, every order and filter shows account 1 its own invoices: it passes, saying so', async () => {
    const check = await onlyOwn([]);
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/account 1's invoice list read in 8 other order\(s\) or filter \(limit=100, one page each\) shows no invoice of account 2's/);
  });
});
