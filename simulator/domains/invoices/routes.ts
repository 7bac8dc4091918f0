import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { linksAt } from '../../http/links.ts';
import type { Invoice } from './types.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { readInvoicePage, setPageLinks } from '../../http/paging.ts';
import { findInvoice, INVOICE_SORTS, invoicePageLimit, pageInvoices, UNCAPPED_LIMIT } from './model.ts';
import { readListOrder } from '../../http/list-query.ts';
import { invoiceJsonBytes, presentInvoice } from './present.ts';
import { recentJsonArraysBy } from '../../http/json-array.ts';

/**
 * The links an invoice is shown with: the caller's. Only the fault `b-invoices-of-every-account`
 * lists other accounts' invoices, and a shared page cache would show them as their owner's.
 */
function linksOfOwner(sim: Sim, caller: AccountState, invoice: Invoice, links: Links): Links {
  if (!sim.faults.has('b-invoices-of-every-account') || caller.invoices.includes(invoice)) return links;
  const owner = [...sim.store.accounts.values()].find((a) => a.invoices.includes(invoice));
  return owner ? linksAt(links.origin, owner.slug) : links;
}

const recentPages = recentJsonArraysBy<AccountState>();

export function registerInvoiceRoutes(router: BRouteTable, sim: Sim): void {
  router.get('/invoices', (ctx) => {
    const { account, links } = ctx.state;
    const offset = ctx.query[sim.conventions.b.paging.offset];
    // b-invoice-asc-page-size-1000: the oldest-first order (an extension, paged by hand) reads its page size up to the export limit.
    const ascUncapped = sim.faults.has('b-invoice-asc-page-size-1000') && ctx.query.direction === 'asc';
    let page = readInvoicePage(sim, ctx, ascUncapped ? UNCAPPED_LIMIT : invoicePageLimit(sim, typeof offset === 'string' && /^0*[1-9]\d*$/.test(offset)));
    // b-lim-offset-ignored-without-limit: the offset is only wired into the query that a page size switches on; without one the default first page is served.
    if (sim.faults.has('b-lim-offset-ignored-without-limit') && ctx.query[sim.conventions.b.paging.limit] === undefined) page = { ...page, offset: 0 };
    // b-invoices-no-default-page-size: no page size asked serves the whole list from the offset (the default was meant for the UI).
    if (sim.faults.has('b-invoices-no-default-page-size') && ctx.query[sim.conventions.b.paging.limit] === undefined) page = { ...page, limit: Number.MAX_SAFE_INTEGER - page.offset };
    const { items, total } = pageInvoices(sim, account, page, readListOrder(sim, ctx, INVOICE_SORTS));
    setPageLinks(sim, ctx, page, total);
    ctx.type = 'application/json';
    ctx.body = recentPages(account).bytes(items.map((invoice) => invoiceJsonBytes(invoice, linksOfOwner(sim, account, invoice, links), sim, account)));
  });

  // Extension: read one invoice (the real service has it; the spec lists only the collection).
  router.get('/invoices/:invoice_id', (ctx) => {
    const { account, links } = ctx.state;
    ctx.body = presentInvoice(findInvoice(account, ctx.params.invoice_id ?? ''), links, sim, account);
  });
}
