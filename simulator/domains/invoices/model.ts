import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { Page } from '../../http/paging.ts';
import { MAX_LIMIT } from '../../http/paging.ts';
import { notFound } from '../../http/errors.ts';
import type { Invoice } from './types.ts';
import { compareKeys, NATURAL_ORDER, type ListOrder, type ListSorts } from '../shared/list-order.ts';

/** What `b-limit-uncapped` lets through instead of the spec's 100 (B-LIM-2). */
export const UNCAPPED_LIMIT = 1000;

export interface InvoicePage {
  items: readonly Invoice[];
  /** Size of the whole collection, for the paging links. */
  total: number;
}

/**
 * The largest page size the invoice list accepts. `pastTheStart`: an offset above 0 was asked
 * for, where the fault `b-limit-uncapped-past-the-start` forgets the cap (a second code path for
 * "the next pages" that never had it).
 */
export function invoicePageLimit(sim: Sim, pastTheStart = false): number {
  return sim.faults.has('b-limit-uncapped') || (pastTheStart && sim.faults.has('b-limit-uncapped-past-the-start')) ? UNCAPPED_LIMIT : MAX_LIMIT;
}

/** The invoice's day as epoch ms (midnight UTC): when it was issued, created and last updated. */
function dayOf(invoice: Invoice): number {
  return Date.parse(`${invoice.date}T00:00:00Z`);
}

/**
 * The real service's sorts of the invoice list (its API docs: `created`, `updated`, `issued`,
 * `number`). An invoice here carries one date, on which it was issued, created and last updated
 * (the simulator never changes one), so the first three order alike; `number` orders by the
 * invoice's id, the one number-like field of the spec's invoice.
 */
export const INVOICE_SORTS: ListSorts<Invoice, 'updated' | 'issued' | 'number'> = {
  keys: { created: dayOf, updated: dayOf, issued: dayOf, number: (invoice) => invoice.id },
  updatedAt: dayOf,
};

/**
 * One page of the caller's invoices in `order` (newest first when it asks nothing).
 * `account.invoices` is kept newest first (by date, then id), so a page in date order, either
 * way, with or without `since`, is one slice or its mirror: O(limit) after a binary search, never
 * a copy or a sort of the whole collection. Only `sort=number` orders by another key: the
 * account's invoices sorted by id once (and again when invoices are added); with `since` too,
 * that list is filtered, the one request here that looks at every invoice.
 */
export function pageInvoices(sim: Sim, account: AccountState, page: Page, order: ListOrder<InvoiceSort> = NATURAL_ORDER): InvoicePage {
  // b-invoices-of-every-account: the query forgets its account condition.
  // b-since-invoices-of-every-account: the `since` filter (an extension) goes through the reporting
  // query, which lost its account condition (every account's invoices, newest first).
  const scoped = sim.faults.has('b-invoices-of-every-account')
    ? [...sim.store.accounts.values()].flatMap((a) => a.invoices)
    : sim.faults.has('b-since-invoices-of-every-account') && order.since !== null
      ? everyAccountsInvoicesNewestFirst(sim)
      : account.invoices;
  // b-invoice-failed-listed-twice: the list joins the payment attempts to show each invoice's
  // status, and a failed invoice has two (the charge and its retry): one row each, side by side.
  const invoices = sim.faults.has('b-invoice-failed-listed-twice') ? scoped.flatMap((invoice) => (invoice.status === 'failed' ? [invoice, invoice] : [invoice])) : scoped;
  // b-offset-off-by-one: offset is read as counting from 1, so each page after the first
  // starts one invoice late and the invoice between two pages is never listed.
  // b-since-offset-from-one: the `since` filter (an extension) goes through the reporting query,
  // whose OFFSET counts from 1, so there too each page after the first starts one invoice late.
  // b-invoice-sort-updated-offset-from-one: sort=updated goes through the reporting query too.
  // b-invoice-sort-issued-offset-from-one: sort=issued goes through the accounting export's query, alike.
  // b-invoice-explicit-desc-offset-from-one: direction=desc named is paged by hand, from 1.
  const offsetFromOne =
    sim.faults.has('b-offset-off-by-one') ||
    (sim.faults.has('b-since-offset-from-one') && order.since !== null) ||
    (sim.faults.has('b-invoice-sort-updated-offset-from-one') && order.sort === 'updated') ||
    (sim.faults.has('b-invoice-sort-issued-offset-from-one') && order.sort === 'issued') ||
    (sim.faults.has('b-invoice-explicit-desc-offset-from-one') && order.direction === 'desc');
  const start = offsetFromOne && page.offset > 0 ? page.offset + 1 : page.offset;
  const end = start + page.limit;
  const ascending = (order.direction ?? 'desc') === 'asc';
  // b-offset-off-by-one-ascending: the oldest-first order (an extension) is paged by hand from
  // the end of the list, and there the offset is counted from 1.
  const ascStart = sim.faults.has('b-offset-off-by-one-ascending') && start > 0 ? start + 1 : start;
  const ascEnd = ascStart + page.limit;
  if ((order.sort ?? 'created') !== 'number') {
    // Newest first: those updated at `since` or later are the collection's first `count`.
    const count = order.since === null ? invoices.length : countNotBefore(invoices, order.since);
    // b-invoice-last-page-one-short: the end of the page is clamped to the index of the last invoice, not one past it.
    const stop = sim.faults.has('b-invoice-last-page-one-short') && end >= count ? count - 1 : Math.min(end, count);
    // b-invoice-page-before-account-filter: the page's LIMIT/OFFSET is applied to the billing table
    // (every account's invoices, account by account) in a subquery, the account condition after it.
    if (sim.faults.has('b-invoice-page-before-account-filter') && !ascending && order.since === null) {
      const mine = new Set(account.invoices);
      return { items: [...sim.store.accounts.values()].flatMap((a) => a.invoices).slice(start, stop).filter((invoice) => mine.has(invoice)), total: count };
    }
    // b-short-invoice-list-ignores-offset: a list that fits in one page is served whole, straight from the account's row, its offset forgotten.
    if (sim.faults.has('b-short-invoice-list-ignores-offset') && !ascending && count <= page.limit) return { items: invoices.slice(0, count), total: count };
    return { items: ascending ? mirrorSlice(invoices, count, ascStart, ascEnd) : invoices.slice(start, stop), total: count };
  }
  const since = order.since;
  // b-sort-number-invoices-of-every-account: sort=number is served from a service-wide invoice-number index without the account condition.
  const numbered = sim.faults.has('b-sort-number-invoices-of-every-account') ? idOrder([...sim.store.accounts.values()].flatMap((a) => a.invoices)) : idOrder(invoices);
  const byNumber = since === null ? numbered : numbered.filter((invoice) => dayOf(invoice) >= since);
  return { items: ascending ? byNumber.slice(ascStart, ascEnd) : mirrorSlice(byNumber, byNumber.length, start, end), total: byNumber.length };
}

export type InvoiceSort = keyof typeof INVOICE_SORTS.keys;

/** How many of `newestFirst`'s invoices are dated at `since` or later: a binary search. */
function countNotBefore(newestFirst: readonly Invoice[], since: number): number {
  let lo = 0;
  let hi = newestFirst.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dayOf(newestFirst[mid]!) >= since) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Items `start` to `end` of the first `count` of `items` read backwards. */
function mirrorSlice(items: readonly Invoice[], count: number, start: number, end: number): Invoice[] {
  const page: Invoice[] = [];
  for (let i = start; i < Math.min(end, count); i++) page.push(items[count - 1 - i]!);
  return page;
}

/** The invoices by id, ascending (case aside, as names sort), kept while no invoice is added. */
const idOrders = new WeakMap<readonly Invoice[], { length: number; sorted: Invoice[] }>(); // the account's list -> by id

/** Every account's invoices, newest first (by date, then id), as each account keeps its own: for b-since-invoices-of-every-account. */
function everyAccountsInvoicesNewestFirst(sim: Sim): Invoice[] {
  return [...sim.store.accounts.values()].flatMap((a) => a.invoices).sort((x, y) => (x.date !== y.date ? (x.date < y.date ? 1 : -1) : compareKeys(y.id, x.id)));
}

function idOrder(invoices: readonly Invoice[]): Invoice[] {
  let kept = idOrders.get(invoices);
  if (!kept || kept.length !== invoices.length) {
    const sorted = [...invoices].sort((a, b) => compareKeys(a.id, b.id));
    kept = { length: invoices.length, sorted };
    idOrders.set(invoices, kept);
  }
  return kept.sorted;
}

/** One invoice of the caller's account by its string id; anything else is not found. */
export function findInvoice(account: AccountState, id: string): Invoice {
  const invoice = invoiceIndex(account.invoices).get(id);
  if (!invoice) throw notFound();
  return invoice;
}

/**
 * Invoices by id, so that reading one costs the same among a million as among ten. Invoices are
 * only ever added (a seed, a restored state), so an index as long as the list is current.
 */
const indexes = new WeakMap<readonly Invoice[], { length: number; byId: Map<string, Invoice> }>(); // the account's list -> its index

function invoiceIndex(invoices: readonly Invoice[]): Map<string, Invoice> {
  let index = indexes.get(invoices);
  if (!index || index.length !== invoices.length) {
    const byId = new Map<string, Invoice>();
    // The first of equal ids wins, as a search from the start would find it.
    for (const invoice of invoices) if (!byId.has(invoice.id)) byId.set(invoice.id, invoice);
    index = { length: invoices.length, byId };
    indexes.set(invoices, index);
  }
  return index.byId;
}
