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
    status: invoice.status,
    pdf_url: `${links.api}/invoices/${encodeURIComponent(invoice.id)}.pdf`,
  };
}
