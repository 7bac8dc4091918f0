import { isObject } from './answers.ts';

/**
 * What identifies an invoice whoever lists it: the fields of the spec's invoice (section 2) but
 * its URL. A deployment draws `pdf_url` as it likes, under the caller's own path too, so an
 * invoice of one account listed to another need not equal its owner's copy whole. Key order and
 * extra fields do not count either.
 */
export function invoiceIdentity(invoice: unknown): string {
  const fields = isObject(invoice) ? invoice : {};
  return JSON.stringify([fields.id, fields.date, fields.amount, fields.currency, fields.status]);
}

/**
 * Whether two invoice lists hold the same invoices by identity, each as many times, in any order.
 * The spec makes no invoice id unique across accounts ("INV-0001" in both, alike in amount and
 * day), so one invoice alike in two accounts' lists proves nothing; two lists that each hold
 * every invoice of the other is what a list of every account's invoices shows, and for two
 * accounts of their own it would take every invoice of one to have its double in the other.
 */
export function sameInvoices(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  const left = a.map(invoiceIdentity).sort();
  const right = b.map(invoiceIdentity).sort();
  return left.every((identity, i) => identity === right[i]);
}
