import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { readPage, setPageLinks } from '../../http/paging.ts';
import { findInvoice, INVOICE_SORTS, invoicePageLimit, pageInvoices } from './model.ts';
import { readListOrder } from '../../http/list-query.ts';
import { invoiceJsonBytes, presentInvoice } from './present.ts';
import { recentJsonArraysBy } from '../../http/json-array.ts';

const recentPages = recentJsonArraysBy<AccountState>();

export function registerInvoiceRoutes(router: BRouteTable, sim: Sim): void {
  router.get('/invoices', (ctx) => {
    const { account, links } = ctx.state;
    const page = readPage(sim, ctx, invoicePageLimit(sim));
    const { items, total } = pageInvoices(sim, account, page, readListOrder(sim, ctx, INVOICE_SORTS));
    setPageLinks(sim, ctx, page, total);
    ctx.type = 'application/json';
    ctx.body = recentPages(account).bytes(items.map((invoice) => invoiceJsonBytes(invoice, links, sim)));
  });

  // Extension: read one invoice (the real service has it; the spec lists only the collection).
  router.get('/invoices/:invoice_id', (ctx) => {
    const { account, links } = ctx.state;
    ctx.body = presentInvoice(findInvoice(account, ctx.params.invoice_id ?? ''), links, sim);
  });
}
