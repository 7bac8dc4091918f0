import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * The two invoice checks of b-iso only deepen others (`deepens`): where they could compare
 * nothing they skip, never pass on nothing, and leave their clauses to the checks they deepen.
 */

const NOT_FOUND = { status: 404, body: '{"message":"Resource not found."}' };

describe('the invoice checks that deepen b-iso and b-inv', () => {
  it('b-iso/foreign-invoice-read-as-absent skips where GET /invoices/{id} (an extension) is not served', { timeout: 60_000 }, async () => {
    const front = answering((req) => (req.method === 'GET' && /\/invoices\/[^/?]+(\?|$)/.test(req.url ?? '') ? NOT_FOUND : undefined));
    const run = await runSuitesAgainstSimulator({ exactly: ['b-iso/foreign-invoice-read-as-absent'], profile: 'spec', seed: 7, runs: 3, front });
    const check = run.checks[0]!;
    expect(check.verdict, describeChecks(run.checks)).toBe('skip');
    expect(check.reason).toMatch(/no invoice of account 2's was read with account 1's key/);
    expect(check.accelerator).toBe(true);
  });

  it('b-iso/plain-invoice-lists-own skips where the plain GET /invoices answers no list', { timeout: 60_000 }, async () => {
    const front = answering((req) => (req.method === 'GET' && /\/invoices$/.test(req.url ?? '') ? { status: 400, body: '{"message":"Say which page."}' } : undefined));
    const run = await runSuitesAgainstSimulator({ exactly: ['b-iso/plain-invoice-lists-own'], profile: 'spec', seed: 7, runs: 3, front });
    const check = run.checks[0]!;
    expect(check.verdict, describeChecks(run.checks)).toBe('skip');
    expect(check.reason).toMatch(/no plain GET \/invoices was answered with a list/);
  });
});
