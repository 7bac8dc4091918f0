import type { Links, Sim } from '../../context.ts';
import { accountOwner, type AccountState } from '../../store.ts';
import { linksAt } from '../../http/links.ts';
import type { Invoice } from './types.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { readInvoicePage, setPageLinks } from '../../http/paging.ts';
import { findInvoice, INVOICE_SORTS, invoicePageLimit, pageInvoices, UNCAPPED_LIMIT } from './model.ts';
import { readListOrder } from '../../http/list-query.ts';
import { invoiceJsonBytes, presentInvoice } from './present.ts';
import { recentJsonArraysBy } from '../../http/json-array.ts';
import { inOtherAccount } from '../shared/foreign.ts';

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

/** How long the fault `b-invoice-list-cache-any-account` keeps a plain invoice list: a CDN rule's 60 s. */
const PLAIN_LIST_CACHE_MS = 60_000;

/**
 * The invoice `id` of the caller's account. Under `b-invoice-read-any-account` a number the
 * account lacks is looked up in every account, as a billing provider's service-wide index of
 * invoice numbers (meant for invoices not synced yet) would find it.
 */
function invoiceForRead(sim: Sim, account: AccountState, id: string): Invoice {
  if (!sim.faults.has('b-invoice-read-any-account')) return findInvoice(account, id);
  const elsewhere = account.invoices.some((i) => i.id === id) ? undefined : inOtherAccount(sim, account, (other) => other.invoices.find((i) => i.id === id));
  return elsewhere ?? findInvoice(account, id);
}

export function registerInvoiceRoutes(router: BRouteTable, sim: Sim): void {
  // b-invoice-list-cache-any-account: the billing widget's plain GET /invoices (no query) cached
  // for 60 s by the path below the account prefix, which is the same for every account.
  const plainListCache = new Map<string, { at: number; body: Buffer }>();
  router.get('/invoices', (ctx) => {
    const { account, links } = ctx.state;
    const cacheKey = sim.faults.has('b-invoice-list-cache-any-account') && ctx.querystring === '' ? ctx.path.replace(/^\/[^/]+\/api/, '') : undefined;
    const cached = cacheKey === undefined ? undefined : plainListCache.get(cacheKey);
    if (cached && sim.clock.now() - cached.at < PLAIN_LIST_CACHE_MS) {
      ctx.type = 'application/json';
      ctx.body = cached.body;
      return;
    }
    const offset = ctx.query[sim.conventions.b.paging.offset];
    // b-invoice-asc-page-size-1000: the oldest-first order (an extension, paged by hand) reads its page size up to the export limit.
    const ascUncapped = sim.faults.has('b-invoice-asc-page-size-1000') && ctx.query.direction === 'asc';
    // b-member-invoice-page-uncapped: members (any user but the owner) are served by the billing portal's handler, bounded by its export limit.
    const portal = sim.faults.has('b-member-invoice-page-uncapped') && ctx.state.user.id !== accountOwner(account)?.id;
    let page = readInvoicePage(sim, ctx, ascUncapped || portal ? UNCAPPED_LIMIT : invoicePageLimit(sim, typeof offset === 'string' && /^0*[1-9]\d*$/.test(offset)));
    // b-lim-offset-ignored-without-limit: the offset is only wired into the query that a page size switches on; without one the default first page is served.
    if (sim.faults.has('b-lim-offset-ignored-without-limit') && ctx.query[sim.conventions.b.paging.limit] === undefined) page = { ...page, offset: 0 };
    // b-member-invoice-offset-from-one: members are paged by the billing portal's query, whose OFFSET counts from 1.
    if (sim.faults.has('b-member-invoice-offset-from-one') && page.offset > 0 && ctx.state.user.id !== accountOwner(account)?.id) page = { ...page, offset: page.offset + 1 };
    // b-invoice-page-of-one-ignores-offset: a page of one is the single-row lookup, which takes no offset.
    if (sim.faults.has('b-invoice-page-of-one-ignores-offset') && page.limit === 1) page = { ...page, offset: 0 };
    // b-invoices-no-default-page-size: no page size asked serves the whole list from the offset (the default was meant for the UI).
    if (sim.faults.has('b-invoices-no-default-page-size') && ctx.query[sim.conventions.b.paging.limit] === undefined) page = { ...page, limit: Number.MAX_SAFE_INTEGER - page.offset };
    // b-invoices-payer-only: the billing query is scoped to the caller's user as the payer, and invoices are billed to the account's owner: any other user of the account gets none.
    const payer = !sim.faults.has('b-invoices-payer-only') || ctx.state.user.id === accountOwner(account)?.id;
    const order = readListOrder(sim, ctx, INVOICE_SORTS);
    const { items, total } = payer ? pageInvoices(sim, account, page, order) : { items: [], total: 0 };
    setPageLinks(sim, ctx, page, total);
    ctx.type = 'application/json';
    // b-since-invoice-date-timestamp: the `since` filter's reporting query selects the date as a timestamp column.
    // b-plain-invoice-list-date-time: the plain list (no query) is the billing widget's handler, which renders dates with their time.
    const stamped = (sim.faults.has('b-since-invoice-date-timestamp') && order.since !== null) || (sim.faults.has('b-plain-invoice-list-date-time') && ctx.querystring === '');
    const bytesOf = (invoice: Invoice): Buffer => {
      const owned = linksOfOwner(sim, account, invoice, links);
      return stamped ? Buffer.from(JSON.stringify({ ...presentInvoice(invoice, owned, sim, account), date: `${invoice.date}T00:00:00Z` })) : invoiceJsonBytes(invoice, owned, sim, account);
    };
    const body = recentPages(account).bytes(items.map(bytesOf));
    ctx.body = body;
    if (cacheKey !== undefined) plainListCache.set(cacheKey, { at: sim.clock.now(), body });
  });

  // Extension: read one invoice (the real service has it; the spec lists only the collection).
  router.get('/invoices/:invoice_id', (ctx) => {
    const { account, links } = ctx.state;
    ctx.body = presentInvoice(invoiceForRead(sim, account, ctx.params.invoice_id ?? ''), links, sim, account);
  });
}
