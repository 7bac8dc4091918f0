import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../app.ts';
import { AdjustableClock } from '../../clock.ts';
import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { FaultName } from '../../faults.ts';
import { invoicePageLimit, pageInvoices, UNCAPPED_LIMIT } from './model.ts';
import type { Invoice } from './types.ts';

function accountWith(count: number, faults: FaultName[] = []): { sim: Sim; account: AccountState } {
  const { sim } = createSimulator({ clock: new AdjustableClock({ frozen: true }), faults });
  const account = sim.store.createAccount('big', 'Big', 0);
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

  it('reads only the page\'s invoices, however large the account (no copy or sort of the whole)', () => {
    // Counting element reads instead of timing: deterministic, and a copy, sort or scan of the
    // collection would read all 100,000 invoices.
    const { sim, account } = accountWith(100_000);
    let reads = 0;
    account.invoices = new Proxy(account.invoices, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^[0-9]+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const { items, total } = pageInvoices(sim, account, { offset: 99_900, limit: 100 });
    expect(total).toBe(100_000);
    expect(items.map((invoice) => invoice.id)).toEqual(Array.from({ length: 100 }, (_, i) => `in_${String(100 - i).padStart(8, '0')}`));
    expect(reads).toBeLessThanOrEqual(2 * 100);
  });

  it('reads only the page and a binary search\'s worth when asked oldest first, since a moment, in date order', () => {
    const { sim, account } = accountWith(100_000);
    // One invoice a day, newest first, as the list keeps them.
    account.invoices.forEach((invoice, i) => (invoice.date = new Date(Date.UTC(2026, 10, 1) - i * 86_400_000).toISOString().slice(0, 10)));
    let reads = 0;
    account.invoices = new Proxy(account.invoices, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^[0-9]+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const since = Date.parse(`${account.invoices[50_000]!.date}T00:00:00Z`);
    reads = 0;
    const { items, total } = pageInvoices(sim, account, { offset: 10, limit: 100 }, { sort: 'issued', direction: 'asc', since });
    expect(total).toBe(50_001);
    expect(items[0]?.id).toBe(account.invoices[50_000 - 10]?.id);
    expect(reads).toBeLessThanOrEqual(100 + 2 * 17);
  });
});
