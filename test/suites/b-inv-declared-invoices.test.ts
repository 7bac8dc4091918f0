import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-INV-1: "GET /invoices lists this account's invoices". An empty list reads as an account without
 * invoices, whose checks skip, unless the target document says how many the account holds
 * (fixtures.invoice_count; the provisioned simulator's says 12 for account 2).
 */
describe('b-inv against a deployment whose second account lists no invoice', () => {
  const emptySecondList = answering((req) => (/^\/disco-two\/api\/invoices(\?|$)/.test(req.url ?? '') && req.method === 'GET' ? { status: 200, body: '[]' } : undefined));

  it('fails B-INV-1 in b-inv/date-format and b-inv/only-own, naming the declared count', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['b-inv/date-format', 'b-inv/only-own'], front: emptySecondList });
    for (const check of run.checks) {
      expect(check.verdict, check.id).toBe('fail');
      expect(check.failures[0], check.id).toMatchObject({ clause: 'B-INV-1', message: expect.stringMatching(/^account 2's GET \/invoices lists no invoice, yet the target document says it holds 12/) });
    }
  });

  it('passes where the target document declares no count (the empty list is an account without invoices)', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({
      exactly: ['b-inv/date-format', 'b-inv/only-own'],
      front: emptySecondList,
      retarget: (target) => ({ ...target, b: target.b.map((b) => ({ ...b, fixtures: { ...b.fixtures, invoice_count: undefined } })) }),
    });
    expect(run.checks.map((c) => c.failures)).toEqual([[], []]);
  });
});
