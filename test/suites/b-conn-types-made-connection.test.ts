import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/**
 * B-CONN-1: the types list is the catalog of the types a connection may have. A list of the
 * account's types in use, or one without the warehouses (which no fixture account holds), lists
 * every type of the account's own connections, which is all b-conn/types looks for; a connection
 * the run makes of a type the account holds none of shows what it leaves out.
 */
async function typesRun(conventions: 'standard' | 'alt', options: { faults?: FaultName[]; front?: Front } = {}) {
  return runSuitesAgainstSimulator({ only: ['B-CONN-1'], seed: 7, runs: 3, conventions, ...options });
}

describe('B-CONN-1 for a type the account held no connection of', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    for (const fault of ['b-connection-types-in-use-only', 'b-connection-types-omits-warehouses'] as const) {
      it(`${fault} fails B-CONN-1 (${conventions})`, { timeout: 60_000 }, async () => {
        const run = await typesRun(conventions, { faults: [fault] });
        expect(run.failedClauses.has('B-CONN-1'), describeChecks(run.checks)).toBe(true);
        const check = run.checks.find((c) => c.id === 'b-conn/types-of-made-connections')!;
        expect(check.failures.map((f) => [f.clause, f.message])).toEqual([['B-CONN-1', expect.stringMatching(/^GET \/connections\/types does not list "redshift", yet a connection of that type was made/)]]);
      });
    }
    it(`faultless: passes, the made type found in the list (${conventions})`, { timeout: 60_000 }, async () => {
      const run = await typesRun(conventions);
      const check = run.checks.find((c) => c.id === 'b-conn/types-of-made-connections')!;
      expect(check.verdict, describeChecks([check])).toBe('pass');
      expect(check.partial ?? []).toEqual([]);
      expect(check.notes.join('\n')).toMatch(/GET \/connections\/types lists "redshift", a type account 1 held no connection of until the run made one/);
    });
  }

  it('a deployment that refuses to make the type (402, say) leaves B-CONN-1 not verified there, never failed', { timeout: 60_000 }, async () => {
    const refusing = answering((req) => (req.method === 'POST' && /\/api\/connections\/[a-z0-9]+$/.test(req.url ?? '') ? { status: 402, body: '{"message":"Upgrade your plan"}' } : undefined));
    const run = await typesRun('standard', { front: refusing });
    const check = run.checks.find((c) => c.id === 'b-conn/types-of-made-connections')!;
    expect(check.verdict, describeChecks([check])).toBe('pass');
    // In each account: account 2 makes one too, with its own key; neither seen, the clause is covered in part, saying why for each.
    expect(check.partial?.map((p) => p.reason)).toEqual([expect.stringMatching(/^no connection of a type account 1 holds none of could be made \(an extension: POST \/connections\/redshift answered 402.*; no connection of a type account 2 holds none of could be made \(an extension: POST \/connections\/redshift answered 402/)]);
  });
});
