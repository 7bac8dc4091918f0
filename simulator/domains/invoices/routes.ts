import type { Sim } from '../../context.ts';
import type { BRouter } from '../../interfaces/b/types.ts';
import { readPage, setPageLinks } from '../../http/paging.ts';
import { findInvoice, invoicePageLimit, pageInvoices } from './model.ts';
import { invoiceJson, presentInvoice } from './present.ts';

export function registerInvoiceRoutes(router: BRouter, sim: Sim): void {
  router.get('/invoices', (ctx) => {
    const { account, links } = ctx.state;
    const page = readPage(ctx, invoicePageLimit(sim));
    const { items, total } = pageInvoices(sim, account, page);
    setPageLinks(ctx, page, total);
    ctx.type = 'application/json';
    ctx.body = `[${items.map((invoice) => invoiceJson(invoice, links, sim)).join(',')}]`;
  });

  // Extension: read one invoice (the real service has it; the spec lists only the collection).
  router.get('/invoices/:invoice_id', (ctx) => {
    const { account, links } = ctx.state;
    ctx.body = presentInvoice(findInvoice(account, ctx.params.invoice_id ?? ''), links, sim);
  });
}
