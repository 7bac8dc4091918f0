import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { closeServer, localTarget } from '../support/local-target.ts';
import { runOneCheck } from '../support/run-suites.ts';

/**
 * B-LIM-1 in the real service's oldest-first order (`direction=asc`, an extension): the offset is
 * the index into the list as asked for, in any order. A target paging that order by hand with the
 * offset counted from 1 fails, whether its list fits on one page of 100 (the property's pages show
 * it) or not (the walk in pages of 100 misses an invoice); one that ignores or refuses the
 * parameter is walked in its default order alone, saying so. A default order whose page reaching
 * the end of the list stops one short agrees with itself page by page; the oldest-first order
 * listing the invoice it never holds fails it.
 */
type Asc = 'right' | 'off-by-one' | 'ignored' | 'refused' | 'default-end-short';
/** How the server takes the real service's `since` filter (an extension): kept every invoice (as ignored), counted the offset from 1, refused. */
type Since = 'all' | 'off-by-one' | 'refused';

function invoiceServer(count: number, asc: Asc, since: Since = 'all'): http.Server {
  const newestFirst = Array.from({ length: count }, (_, i) => ({ id: count - i, number: `INV-${String(count - i).padStart(4, '0')}`, date: '2026-01-01', amount: 10, currency: 'USD', status: 'successful', pdf_url: 'https://invoices.example/x.pdf' }));
  const oldestFirst = [...newestFirst].reverse();
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const found = url.pathname === '/acme/api/invoices';
    const ascending = url.searchParams.get('direction') === 'asc';
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 20));
    const filtered = url.searchParams.has('since');
    const start = ((ascending && asc === 'off-by-one') || (filtered && since === 'off-by-one')) && offset > 0 ? offset + 1 : offset;
    const refused = (ascending && asc === 'refused') || (filtered && since === 'refused');
    const list = ascending && asc !== 'ignored' ? oldestFirst : newestFirst;
    // The default order's page that reaches the end of the list ends at the last index, not past it.
    const end = !ascending && asc === 'default-end-short' && start + limit >= count ? count - 1 : start + limit;
    res.writeHead(!found ? 404 : refused ? 400 : 200, { 'content-type': 'application/vnd.service+json; version=2' });
    res.end(JSON.stringify(!found ? { message: 'Item not found.' } : refused ? { message: 'Unknown parameter direction.' } : list.slice(start, end)));
  });
}

async function walkPages(count: number, asc: Asc, since?: Since) {
  const server = invoiceServer(count, asc, since);
  try {
    return await runOneCheck(await localTarget(server), 'b-inv/walk-pages', 'B-LIM-1', { readOnly: true, runs: 30, seed: 5 });
  } finally {
    await closeServer(server);
  }
}

describe('b-inv/walk-pages in the oldest-first order', () => {
  it('fails B-LIM-1 where that order counts the offset from 1, on a list of one page and on a longer one', { timeout: 60_000 }, async () => {
    for (const count of [40, 230]) {
      const { check, verdict } = await walkPages(count, 'off-by-one');
      expect(verdict?.verdict, `${count} invoices`).toBe('fail');
      expect(check.failures.map((f) => f.message).join('\n'), `${count} invoices`).toMatch(/direction=asc/);
    }
  });

  it('fails B-LIM-1 where the default order never lists the oldest invoice that the oldest-first order does', { timeout: 60_000 }, async () => {
    for (const count of [40, 230]) {
      const { check, verdict } = await walkPages(count, 'default-end-short');
      expect(verdict?.verdict, `${count} invoices`).toBe('fail');
      expect(check.failures.map((f) => f.message).join('\n'), `${count} invoices`).toMatch(/direction=asc.*no page of the default order holds/);
    }
  });

  it('passes where both orders page right, and walks the default order alone, saying so, where the parameter is ignored or refused', { timeout: 60_000 }, async () => {
    const right = await walkPages(40, 'right');
    expect(right.check.failures).toEqual([]);
    expect(right.verdict?.verdict).toBe('pass');
    for (const asc of ['ignored', 'refused'] as const) {
      const { check, verdict } = await walkPages(40, asc);
      expect(check.failures, asc).toEqual([]);
      expect(verdict?.verdict, asc).toBe('pass');
      expect(check.notes?.join('\n'), asc).toMatch(/offsets were walked in the default order only/);
    }
  });
});

describe('b-inv/walk-pages with the since filter', () => {
  it('fails B-LIM-1 where the filtered list counts the offset from 1, on a list of one page and on a longer one, and passes where the filter is refused', { timeout: 60_000 }, async () => {
    for (const count of [40, 230]) {
      const { check, verdict } = await walkPages(count, 'right', 'off-by-one');
      expect(verdict?.verdict, `${count} invoices`).toBe('fail');
      expect(check.failures.map((f) => f.message).join('\n'), `${count} invoices`).toMatch(/offset 1 .*since=/);
    }
    const refused = await walkPages(40, 'right', 'refused');
    expect(refused.check.failures).toEqual([]);
    expect(refused.verdict?.verdict).toBe('pass');
    expect(refused.check.notes?.join('\n')).toMatch(/since=2000-01-01T00:00:00Z answered 400/);
  });
});
