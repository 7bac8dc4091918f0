import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { Invoice } from './types.ts';

/**
 * Whether dates go out with a time: the fault `b-invoice-date-with-time` for every caller,
 * `b-later-accounts-invoice-date-time` for every account but the first made (a presenter rolled
 * out by account).
 */
function dateWithTime(sim: Sim, caller: AccountState): boolean {
  if (sim.faults.has('b-later-accounts-invoice-date-time') && caller !== sim.store.firstAccount()) return true;
  return sim.faults.has('b-invoice-date-with-time');
}

/** Wire JSON of an invoice (spec section 2), as `caller` is shown it. */
export function presentInvoice(invoice: Invoice, links: Links, sim: Sim, caller: AccountState): Record<string, unknown> {
  return {
    id: invoice.id,
    // The faults: the date goes out as a full timestamp instead of YYYY-MM-DD.
    date: dateWithTime(sim, caller) ? `${invoice.date}T00:00:00Z` : invoice.date,
    // b-invoice-old-amount-text: the old billing system's CSV import kept amounts as text.
    amount: sim.faults.has('b-invoice-old-amount-text') && invoice.date < '2020-01-01' ? invoice.amount.toFixed(2) : invoice.amount,
    currency: invoice.currency,
    // b-invoice-old-status-paid: invoices of the old billing system (before 2020) keep the status it wrote.
    status: sim.faults.has('b-invoice-old-status-paid') && invoice.date < '2020-01-01' && invoice.status === 'successful' ? 'paid' : sim.conventions.b.invoiceStatusNames[invoice.status],
    pdf_url: `${links.api}/invoices/${encodeURIComponent(invoice.id)}.pdf`,
  };
}

/**
 * The JSON bytes of one invoice, kept: invoices never change once made, and their wire form
 * depends only on the interface's base URL and whether a fault writes dates with a time. Lists are the hot read of this domain;
 * a page is written from these bytes (http/json-array.ts).
 */
const presented = new WeakMap<Invoice, { api: string; dateFault: boolean; bytes: Buffer }>(); // invoice -> its JSON bytes

export function invoiceJsonBytes(invoice: Invoice, links: Links, sim: Sim, caller: AccountState): Buffer {
  // b-invoice-old-status-paid: its bytes are made afresh, never kept, for faults may be switched during a run.
  if (sim.faults.has('b-invoice-old-status-paid') || sim.faults.has('b-invoice-old-amount-text')) return Buffer.from(JSON.stringify(presentInvoice(invoice, links, sim, caller)));
  const dateFault = dateWithTime(sim, caller);
  const cached = presented.get(invoice);
  if (cached && cached.api === links.api && cached.dateFault === dateFault) return cached.bytes;
  const bytes = Buffer.from(JSON.stringify(presentInvoice(invoice, links, sim, caller)));
  presented.set(invoice, { api: links.api, dateFault, bytes });
  return bytes;
}
