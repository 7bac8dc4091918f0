import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveTarget } from '../../suites/lib/target.ts';
import { jsonServer, localServers } from '../support/local-target.ts';
import { runOneCheck } from '../support/run-suites.ts';

/**
 * B-INV-1's "and only them" is judged on whole lists: two accounts' invoice lists are compared
 * for an invoice in both. Where a list cannot be read in pages (its paging parameters are not the
 * ones the target document names), only its first page is seen, and a leak further on would go
 * unseen: the clause is not verified then, where it passed on the first page before.
 */

const invoicesOf = (account: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `${account}-${i + 1}`, date: '2026-01-01', amount: 10 + i, currency: 'USD', status: 'successful', pdf_url: `https://invoices.example/${account}/${i + 1}.pdf` }));

/** Two accounts of 60 invoices each; `paged`: by offset and limit, else always the first 20. */
function invoiceTarget(paged: boolean): http.Server {
  const lists: Record<string, unknown[]> = { acme: invoicesOf('acme', 60), globex: invoicesOf('globex', 60) };
  return jsonServer(({ path, query }) => {
    const list = lists[/^\/(\w+)\/api\/invoices$/.exec(path)?.[1] ?? ''];
    if (!list) return { status: 404, body: { message: 'Item not found.' } };
    const offset = paged ? Number(query.get('offset') ?? 0) : 0;
    const limit = paged ? Math.min(100, Number(query.get('limit') ?? 20)) : 20;
    return { status: 200, body: list.slice(offset, offset + limit) };
  });
}

const servers = localServers();
afterEach(() => servers.closeAll());

async function onlyOwn(paged: boolean) {
  const url = await servers.listen(invoiceTarget(paged));
  const target = resolveTarget({ base_url: url, accounts: [{ account_id: 'acme', api_key: 'a'.repeat(40) }, { account_id: 'globex', api_key: 'g'.repeat(40) }] }, {});
  return runOneCheck(target, 'b-inv/only-own', 'B-INV-1', { readOnly: true });
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
