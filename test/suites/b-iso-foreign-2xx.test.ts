import { describe, expect, it } from 'vitest';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * Account 1's key reading an id of account 2 with a 2xx is a leak, or account 1's own thing of
 * the same id (ids may be numbered per account). Where nothing tells which (no list of them, an
 * extension; no mark of the run; both keys read the same thing), the id cannot be judged either
 * way, and the clause is not verified: never passed on the benefit of the doubt.
 */
describe('b-iso/foreign-ids-read-as-absent where account 1 cannot list its packages', () => {
  const noPackageList = answering((req) => (req.method === 'GET' && /^\/[^/]+\/api\/packages\/?(\?|$)/.test(req.url ?? '') ? { status: 404, body: '{"message":"Item not found."}' } : undefined));

  it('a deployment that lets any key read any package by id: B-AUTH-3 not verified, saying which id could not be told', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-foreign-package-readable'], only: ['b-iso/foreign-ids-read-as-absent'], profile: 'spec', front: noPackageList });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-ids-read-as-absent')!;
    expect(check.partial?.find((p) => p.clause === 'B-AUTH-3')?.reason).toMatch(/account 1's key read account 2's package \d+ \(2xx\), and whether as a thing of account 1's own with the same id or as account 2's could not be told/);
    expect(clauseVerdicts(run.checks, { profile: 'spec' }).find((v) => v.id === 'B-AUTH-3')?.verdict).not.toBe('pass');
  });

  it('a conformant one: the package refused as absent, B-AUTH-3 passes', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-iso/foreign-ids-read-as-absent'], profile: 'spec', front: noPackageList });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-ids-read-as-absent')!;
    expect([check.verdict, check.partial ?? []]).toEqual(['pass', []]);
  });
});

/**
 * Account 1's key on account 2's path: a 2xx is no access only where an account that does not
 * exist gets the same 2xx. A deployment that serves a path's account without asking whose key it
 * is, and answers an unknown account an empty list, shows account 2's invoices in the difference.
 */
describe('b-iso/foreign-account-path where an unknown account gets an empty list', () => {
  const accountOf = (url: string | undefined) => /^\/([^/]+)\/api\/invoices\/?(\?|$)/.exec(url ?? '')?.[1];
  const leaksByPath = answering((req) => {
    const account = accountOf(req.url);
    if (req.method !== 'GET' || account === undefined || account === 'disco-one') return undefined;
    return { status: 200, body: account.startsWith('disco-absent-') ? '[]' : '[{"id":"INV-2-0001","date":"2026-01-01","amount":10,"currency":"USD","status":"paid","pdf_url":"https://example.com/2.pdf"}]' };
  });

  it('fails B-AUTH-3 in the spec profile too: both answered 2xx, the foreign one with more', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-iso/foreign-account-path'], profile: 'spec', front: leaksByPath });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-account-path')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]).toMatchObject({ clause: 'B-AUTH-3', message: expect.stringMatching(/GET \/\{account\}\/api\/invoices.* both succeeded, and the foreign read answered with another body than the absent one's/) });
  });
});
