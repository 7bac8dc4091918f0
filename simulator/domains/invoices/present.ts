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
 * The JSON bytes of one invoice, kept: invoices never change once made, and their wire form
 * depends only on the interface's base URL and one fault. Lists are the hot read of this domain;
 * a page is written from these bytes (http/json-array.ts).
 */
const presented = new WeakMap<Invoice, { api: string; dateFault: boolean; bytes: Buffer }>(); // invoice -> its JSON bytes

export function invoiceJsonBytes(invoice: Invoice, links: Links, sim: Sim): Buffer {
  const dateFault = sim.faults.has('b-invoice-date-with-time');
  const cached = presented.get(invoice);
  if (cached && cached.api === links.api && cached.dateFault === dateFault) return cached.bytes;
  const bytes = Buffer.from(JSON.stringify(presentInvoice(invoice, links, sim)));
  presented.set(invoice, { api: links.api, dateFault, bytes });
  return bytes;
}
