import type { Links, Sim } from '../../context.ts';
import type { Invoice } from './types.ts';

/** Wire JSON of an invoice (spec section 2). */
export function presentInvoice(invoice: Invoice, links: Links, sim: Sim): Record<string, unknown> {
  return {
    id: invoice.id,
    // b-invoice-date-with-time: the date goes out as a full timestamp instead of YYYY-MM-DD.
    date: sim.faults.has('b-invoice-date-with-time') ? `${invoice.date}T00:00:00Z` : invoice.date,
    amount: invoice.amount,
    currency: invoice.currency,
    status: sim.conventions.b.invoiceStatusNames[invoice.status],
    pdf_url: `${links.api}/invoices/${encodeURIComponent(invoice.id)}.pdf`,
  };
}

/**
 * The JSON text of one invoice, cached: invoices never change once made, and their wire form
 * depends only on the interface's base URL and one fault. Lists are the hot read of this domain.
 */
const presented = new WeakMap<Invoice, { api: string; dateFault: boolean; json: string }>(); // invoice -> its JSON

export function invoiceJson(invoice: Invoice, links: Links, sim: Sim): string {
  const dateFault = sim.faults.has('b-invoice-date-with-time');
  const cached = presented.get(invoice);
  if (cached && cached.api === links.api && cached.dateFault === dateFault) return cached.json;
  const json = JSON.stringify(presentInvoice(invoice, links, sim));
  presented.set(invoice, { api: links.api, dateFault, json });
  return json;
}
