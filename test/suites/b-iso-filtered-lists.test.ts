import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * b-iso/filtered-lists-own-only: a list filter served by a code path of its own (an index holding
 * every account's items) leaks where the unfiltered list does not. Ids numbered per account must
 * not make account 1's own item of account 2's id look like a leak; and a target that refuses
 * every filter has shown nothing: the check is skipped, never passed.
 */
describe('b-iso/filtered-lists-own-only', () => {
  it('fails X-ISO-1 where the delivery status filter lists every account\'s deliveries, ids global or per account', { timeout: 60_000 }, async () => {
    for (const idNumbering of ['simulator', 'account'] as const) {
      const run = await runSuitesAgainstSimulator({ faults: ['b-delivery-status-filter-every-account'], idNumbering, only: ['b-iso/filtered-lists-own-only'], profile: 'spec' });
      const check = run.checks.find((c) => c.id === 'b-iso/filtered-lists-own-only')!;
      expect(check.verdict, idNumbering).toBe('fail');
      expect(check.failures[0]?.message, idNumbering).toMatch(/GET \/deliveries\?status=\w+ with account 1's key lists \d+ item\(s\) of account 2/);
    }
  });

  it('passes the simulator with ids numbered per account', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ idNumbering: 'account', only: ['b-iso/filtered-lists-own-only'], profile: 'spec' });
    const check = run.checks.find((c) => c.id === 'b-iso/filtered-lists-own-only')!;
    expect([check.verdict, check.failures]).toEqual(['pass', []]);
  });

  it('skips where every filter is refused, saying so', { timeout: 60_000 }, async () => {
    const refuseFilters = answering((req) => (req.method === 'GET' && /[?&](status|type|role|flow_type|sort|direction|since)=/.test(req.url ?? '') ? { status: 400, body: '{"message":"Unknown parameter."}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-iso/filtered-lists-own-only'], profile: 'spec', front: refuseFilters });
    const check = run.checks.find((c) => c.id === 'b-iso/filtered-lists-own-only')!;
    expect(check.verdict).toBe('skip');
    expect(check.notes?.join('\n')).toMatch(/filters refused/);
  });
});
