import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../app.ts';
import { AdjustableClock } from '../../clock.ts';
import type { Sim, Links } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { FaultName } from '../../faults.ts';
import { invoicePageLimit, pageInvoices, UNCAPPED_LIMIT } from './model.ts';
import { presentInvoice } from './present.ts';
import type { Invoice } from './types.ts';

const links: Links = { origin: 'http://sim.test', api: 'http://sim.test/big/api', html: 'http://sim.test/big' };

function accountWith(count: number, faults: FaultName[] = []): { sim: Sim; account: AccountState } {
  const { sim } = createSimulator({ clock: new AdjustableClock({ frozen: true }), faults });
  const account = sim.store.createAccount('big', 'Big');
  account.invoices = Array.from({ length: count }, (_, i): Invoice => ({
    id: `in_${String(count - i).padStart(8, '0')}`,
    date: '2026-11-01',
    amount: 199 + (i % 100),
    currency: 'USD',
    status: 'successful',
  }));
  return { sim, account };
}

describe('pageInvoices', () => {
  it('slices the kept newest-first order', () => {
    const { sim, account } = accountWith(30);
    const { items, total } = pageInvoices(sim, account, { offset: 10, limit: 5 });
    expect(total).toBe(30);
    expect(items).toEqual(account.invoices.slice(10, 15));
  });

  it('starts each page after the first one invoice late under b-offset-off-by-one', () => {
    const { sim, account } = accountWith(30, ['b-offset-off-by-one']);
    expect(pageInvoices(sim, account, { offset: 0, limit: 5 }).items).toEqual(account.invoices.slice(0, 5));
    expect(pageInvoices(sim, account, { offset: 5, limit: 5 }).items).toEqual(account.invoices.slice(6, 11));
  });

  it('caps the page size at 100, or at the uncapped limit under b-limit-uncapped', () => {
    expect(invoicePageLimit(accountWith(0).sim)).toBe(100);
    expect(invoicePageLimit(accountWith(0, ['b-limit-uncapped']).sim)).toBe(UNCAPPED_LIMIT);
  });

  it('costs about the same for a 100,000-invoice account as for a 100-invoice one', () => {
    // Best of several rounds of a few hundred pages each: robust to a busy machine, and an
    // O(n) page (a copy or a sort of the collection) would be hundreds of times slower.
    const cost = (count: number): number => {
      const { sim, account } = accountWith(count);
      const page = { offset: count - 100, limit: 100 };
      let best = Infinity;
      for (let round = 0; round < 7; round++) {
        const start = performance.now();
        for (let i = 0; i < 300; i++) pageInvoices(sim, account, page).items.map((invoice) => presentInvoice(invoice, links, sim));
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    cost(100); // warm-up
    const small = cost(100);
    const big = cost(100_000);
    expect(big / small).toBeLessThan(5);
  });
});
