import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveTarget } from '../../suites/lib/target.ts';
import { jsonServer, localServers } from '../support/local-target.ts';
import { runOneCheck } from '../support/run-suites.ts';

/**
 * B-INV-1's "and only them" is judged on whole lists: two accounts' invoice lists are compared
 * for an invoice in both. Where a list cannot be read in pages (its paging parameters are not the
 * ones the target document names), only its first page is seen, and a leak further on would go
 * unseen: the clause is not verified then, where it passed on the first page before. A list of
 * every account's invoices drawn with the caller's links is not verified (two accounts billed
 * alike, ids numbered per account, show the same); invoices numbered per account, some alike in
 * every field but the URL, pass.
 */

type Numbering = 'own-prefix' | 'per-account';

/** `per-account`: each account numbers its invoices from 1, so its first ones are alike in both but for the URL. */
const invoicesOf = (account: string, count: number, numbering: Numbering = 'own-prefix') =>
  Array.from({ length: count }, (_, i) => ({ id: numbering === 'per-account' ? `INV-${i + 1}` : `${account}-${i + 1}`, date: '2026-01-01', amount: 10 + i, currency: 'USD', status: 'successful', pdf_url: `https://invoices.example/${account}/${i + 1}.pdf` }));

/** A leaked invoice drawn as the caller's: its pdf_url under the caller's path. */
const drawnFor = (account: string, invoice: { id: string }) => ({ ...invoice, pdf_url: `https://invoices.example/${account}/${invoice.id}.pdf` });

/**
 * Two accounts of invoices (60 and 60, or 60 and 30 numbered per account); `paged`: by offset and
 * limit, else always the first 20; `everyAccount`: each list holds every account's invoices.
 */
function invoiceTarget(paged: boolean, options: { numbering?: Numbering; everyAccount?: boolean } = {}): http.Server {
  const own: Record<string, { id: string }[]> = { acme: invoicesOf('acme', 60, options.numbering), globex: invoicesOf('globex', options.numbering === 'per-account' ? 30 : 60, options.numbering) };
  const all = [...(own.acme ?? []), ...(own.globex ?? [])];
  return jsonServer(({ path, query }) => {
    const account = /^\/(\w+)\/api\/invoices$/.exec(path)?.[1] ?? '';
    const list = options.everyAccount && own[account] ? all.map((invoice) => drawnFor(account, invoice)) : own[account];
    if (!list) return { status: 404, body: { message: 'Item not found.' } };
    const offset = paged ? Number(query.get('offset') ?? 0) : 0;
    const limit = paged ? Math.min(100, Number(query.get('limit') ?? 20)) : 20;
    return { status: 200, body: list.slice(offset, offset + limit) };
  });
}

const servers = localServers();
afterEach(() => servers.closeAll());

async function onlyOwn(paged: boolean, options: Parameters<typeof invoiceTarget>[1] = {}, check = 'b-inv/only-own', clause = 'B-INV-1') {
  const url = await servers.listen(invoiceTarget(paged, options));
  const target = resolveTarget({ base_url: url, accounts: [{ account_id: 'acme', api_key: 'a'.repeat(40) }, { account_id: 'globex', api_key: 'g'.repeat(40) }] }, {});
  return runOneCheck(target, check, clause, { readOnly: true });
}

describe('b-inv/only-own', () => {
  it('verifies B-INV-1 where both lists are read whole', async () => {
    const { check, verdict } = await onlyOwn(true);
    expect(check.partial ?? []).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });

  it('leaves B-INV-1 not verified where the lists cannot be paged, naming why', async () => {
    const { check, verdict } = await onlyOwn(false);
    expect(check.verdict).toBe('pass');
    expect(verdict?.verdict).toBe('not-verified');
    expect(verdict?.reasons.join('\n')).toMatch(/could not be read in pages with offset and limit \(a page of 1 held more.*only the 20 invoices of its first page were read/);
  });
});

describe('invoices of another account drawn with the caller\'s links', () => {
  it.each([
    ['b-inv/only-own', 'B-INV-1'],
    ['b-iso/foreign-invoices-not-listed', 'B-AUTH-3'],
  ])('%s leaves %s not verified, never passed, where each list holds every account\'s invoices: accounts billed alike would show the same', async (check, clause) => {
    const { verdict, check: result } = await onlyOwn(true, { everyAccount: true }, check, clause);
    expect(result.failures).toEqual([]);
    expect(verdict?.verdict).toBe('not-verified');
    expect(verdict?.reasons.join(' ')).toMatch(/accounts 1 and 2 list the same 120 invoices .*cannot tell apart/);
  });

  it.each([
    ['b-inv/only-own', 'B-INV-1'],
    ['b-iso/foreign-invoices-not-listed', 'B-AUTH-3'],
  ])('%s passes %s where invoices numbered per account are alike in every field but the URL', async (check, clause) => {
    const { verdict, check: result } = await onlyOwn(true, { numbering: 'per-account' }, check, clause);
    expect(result.failures.map((f) => f.message)).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });
});

