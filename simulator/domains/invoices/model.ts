import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { Page } from '../../http/paging.ts';
import { MAX_LIMIT } from '../../http/paging.ts';
import { notFound } from '../../http/errors.ts';
import type { Invoice } from './types.ts';

/** What `b-limit-uncapped` lets through instead of the spec's 100 (B-LIM-2). */
export const UNCAPPED_LIMIT = 1000;

export interface InvoicePage {
  items: readonly Invoice[];
  /** Size of the whole collection, for the paging links. */
  total: number;
}

/** The largest page size the invoice list accepts. */
export function invoicePageLimit(sim: Sim): number {
  return sim.faults.has('b-limit-uncapped') ? UNCAPPED_LIMIT : MAX_LIMIT;
}

/**
 * One page of the caller's invoices, newest first. `account.invoices` is kept in that order,
 * so a page is one slice: O(limit), never a copy or a sort of the whole collection.
 */
export function pageInvoices(sim: Sim, account: AccountState, page: Page): InvoicePage {
  // b-invoices-of-every-account: the query forgets its account condition.
  const invoices = sim.faults.has('b-invoices-of-every-account') ? [...sim.store.accounts.values()].flatMap((a) => a.invoices) : account.invoices;
  // b-offset-off-by-one: offset is read as counting from 1, so each page after the first
  // starts one invoice late and the invoice between two pages is never listed.
  const start = sim.faults.has('b-offset-off-by-one') && page.offset > 0 ? page.offset + 1 : page.offset;
  return { items: invoices.slice(start, start + page.limit), total: invoices.length };
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
