import fc from 'fast-check';
import { check } from './lib/registry.ts';
import type { CheckContext, Exchange, InterfaceClient } from './lib/types.ts';
import { B_ACCEPT, basicAuthorization } from './lib/clients.ts';
import { oversizedLimit, validLimit } from './lib/arbitraries/resources.ts';
import { arrayBody, is2xx, isObject, listAll, sameJson, show, walkList, type ListPaging, type ListWalk } from './lib/answers.ts';
import { isCalendarDate } from './lib/dates.ts';
import { invoiceIdentity, sameInvoices } from './lib/invoices.ts';
import { describeResponse } from './lib/expect.ts';
import { describePage, pageQuery, pagingNames, REAL_SERVICE_PAGING } from './lib/paging.ts';
import { linksByRel } from './lib/link-header.ts';

/**
 * The spec fixes what the invoice offset and page size mean but not what they are called
 * (B-GAP-3): the target document names them (`interface_b.paging`, the real service's `offset`
 * and `limit` by default). Checks of their meaning run only where those names work: a page
 * asked for with a page size of 1 holds at most one invoice.
 */
async function pagingNamesWork(t: CheckContext, client: InterfaceClient): Promise<void> {
  const all = await client.get('/invoices');
  t.expect.status(all, '2xx', 'B-INV-1', `GET /invoices answered ${all.response.status}`);
  const items = arrayBody(t, all, 'B-INV-1', 'GET /invoices');
  if (items.length < 2) t.skip(`the account has ${items.length} invoice(s): paging cannot be observed with fewer than 2`);
  const names = pagingNames(t.target);
  const one = await client.get('/invoices', { query: pageQuery(names, { size: 1 }) });
  if (!is2xx(one) || !Array.isArray(one.json) || one.json.length > 1) {
    t.skip(
      `the target does not page invoices with the query parameters ${names.offset} and ${names.pageSize} (GET /invoices?${describePage(names, { size: 1 })} answered ${one.response.status}${Array.isArray(one.json) ? ` with ${one.json.length} invoices` : ''}); ` +
        'their names are a gap of the spec (B-GAP-3): set interface_b.paging in the target document',
    );
  }
}

/**
 * The whole invoice list of an account: paged by 100 when the paging names work, else the one
 * page served; `unread` says why the list was not read whole (a page size the target ignores
 * leaves its first page looking like the whole list).
 */
/** An account's invoice list as `wholeList` read it: its items, the answer that ended the read, why it was not read whole, and how it paged (where the page size was honoured). */
interface AccountList {
  items: unknown[];
  ex: Exchange;
  unread?: string;
  paging?: ListPaging;
}

async function wholeList(t: CheckContext, account: 0 | 1): Promise<AccountList> {
  const client = t.b(account);
  const names = pagingNames(t.target);
  const listed = await listAll(client, '/invoices', names);
  const last = listed?.exchanges[listed.exchanges.length - 1];
  if (listed?.pageSizeHonoured && last) {
    listed.pages.forEach((items, i) => expectEachInvoiceOnce(t, items, listed.exchanges[i] ?? last, `account ${account + 1}'s GET /invoices, page ${i + 1}`));
    expectDeclaredInvoices(t, account, listed.items, listed.complete, last);
    return { items: listed.items, ex: last, paging: listed.paging, ...(listed.complete ? {} : { unread: `account ${account + 1} has more than the ${listed.items.length} invoices read` }) };
  }
  const ex = await client.get('/invoices');
  t.expect.status(ex, '2xx', 'B-INV-1', `GET /invoices answered ${ex.response.status}`);
  const items = arrayBody(t, ex, 'B-INV-1', 'GET /invoices');
  expectEachInvoiceOnce(t, items, ex, `account ${account + 1}'s GET /invoices`);
  expectDeclaredInvoices(t, account, items, false, ex);
  return { items, ex, unread: `account ${account + 1}'s list could not be read in pages with ${names.offset} and ${names.pageSize} (${listed ? 'a page of 1 held more' : 'a page of 1 was refused'}; their names are a gap of the spec, B-GAP-3: set interface_b.paging in the target document), so only the ${items.length} invoices of its first page were read` };
}

/**
 * An account the target document says holds invoices (`fixtures.invoice_count`, which the API
 * cannot make) lists them: an empty list (of which a page served alone is the start) is not the
 * account's invoices, and a list read whole must hold at least as many (B-INV-1). Without the
 * count, an empty list reads as an account without invoices, and the checks that need some skip.
 */
function expectDeclaredInvoices(t: CheckContext, account: 0 | 1, items: readonly unknown[], whole: boolean, ex: Exchange): void {
  const declared = t.fixtures(account).invoice_count;
  if (declared === undefined) return;
  if (items.length === 0) {
    t.fail({ clause: 'B-INV-1', message: `account ${account + 1}'s GET /invoices lists no invoice, yet the target document says it holds ${declared} (fixtures.invoice_count)`, expected: `at least ${declared} invoices`, received: 'an empty list', exchange: ex });
  }
  t.expect.that(!whole || items.length >= declared, {
    clause: 'B-INV-1',
    message: `account ${account + 1}'s invoice list, read whole, holds ${items.length} invoices, yet the target document says it holds ${declared} (fixtures.invoice_count)`,
    expected: `at least ${declared} invoices`,
    received: String(items.length),
    exchange: ex,
  });
}

/**
 * A list of the account's invoices holds each invoice once (B-INV-1): a query that joins another
 * table (payment attempts, line items) lists an invoice once per joined row, and pages counted in
 * rows still concatenate, so B-LIM-1 sees nothing. Judged within one page only: between pages
 * read one after the other, an invoice issued meanwhile shifts the list and may repeat one where a
 * page begins, which is no fault of the list.
 */
function expectEachInvoiceOnce(t: CheckContext, items: readonly unknown[], ex: Exchange, what: string): void {
  const seen = new Set<unknown>();
  const repeated = new Set<unknown>();
  for (const item of items) {
    const id = idOf(item);
    if (id === undefined) continue;
    if (seen.has(id)) repeated.add(id);
    seen.add(id);
  }
  t.expect.that(repeated.size === 0, {
    clause: 'B-INV-1',
    message: `${what} lists ${repeated.size} invoice(s) more than once in the same page: a list of the account's invoices holds each once`,
    expected: 'each invoice id once',
    received: `repeated: ${show([...repeated].slice(0, 5))}`,
    exchange: ex,
  });
}

function idOf(invoice: unknown): unknown {
  return isObject(invoice) ? invoice.id : undefined;
}

/**
 * Whether `ex` refused an offset at or past the end of the list: what an out-of-range offset
 * gets is a gap of the spec (B-GAP-3), so a 4xx there is that gap's (an advisory outside the
 * simulator profile), not the must clause's failure. Then nothing more is judged of the page.
 */
function refusedPastTheEnd(t: CheckContext, ex: Exchange, offset: number, length: number): boolean {
  if (offset < length || ex.response.status < 400 || ex.response.status >= 500) return false;
  t.expect.status(ex, '2xx', 'B-GAP-3', `a page of invoices at offset ${offset}, at or past the end of the ${length} invoices, answered ${ex.response.status} (the simulator answers an empty page)`);
  return true;
}

/** The page `ex` is the list's invoices `offset` to `offset + limit - 1` (by id); returns its ids. */
function expectSlice(t: CheckContext, ex: Exchange, clause: string, whole: unknown[], offset: number, limit: number, how: string): unknown[] {
  if (refusedPastTheEnd(t, ex, offset, whole.length)) return [];
  t.expect.status(ex, '2xx', clause, `a page of invoices (offset ${offset}, limit ${limit}${how}) answered ${ex.response.status}`);
  const got = arrayBody(t, ex, clause, 'GET /invoices').map(idOf);
  const expected = whole.slice(offset, offset + limit);
  // A page that starts where asked but holds fewer than asked (the list goes on) stops short (a
  // page size lowered, or a page cut): the message says so rather than blame the offset.
  const lowered = got.length < expected.length && got.every((id, i) => id === expected[i]);
  t.expect.that(got.length === expected.length && got.every((id, i) => id === expected[i]), {
    clause,
    message: lowered
      ? `the page at offset ${offset} (limit ${limit}${how}) held ${got.length} invoice(s) where ${expected.length} were asked for and the list has them: it starts at the right invoice, so the page stops short (a page size lowered, or a page cut), not at a miscounted offset`
      : `the page at offset ${offset} (limit ${limit}${how}) is not the list's invoices ${offset} to ${offset + limit - 1}`,
    expected: `ids ${show(expected)}`,
    received: `ids ${show(got)}`,
    exchange: ex,
  });
  return got;
}

/**
 * B-INV-1 lists "the current account's invoices" whoever of the account asks: a deployment that
 * scopes the billing query to the caller as the payer answers any user but the owner an empty
 * list. Which roles may read invoices is not shown, so GET /invoices with member_api_key (another
 * user of account 1) is either a 4xx refusing members (noted) or the list api_key reads: the same
 * invoices by id, read whole in the same pages where account 1's was; else (pages whose order
 * another user may see otherwise) only a first page that is empty where api_key's list is not fails.
 * Where the target document gives no member key, that is noted.
 */
async function expectMemberListsAccountInvoices(t: CheckContext, own: AccountList): Promise<void> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) {
    t.note("the target document gives no member_api_key (a key of a second user of account 1): GET /invoices was read by api_key's user only");
    return;
  }
  const member = t.bWithKey(memberKey);
  const whole = own.unread === undefined && own.paging !== undefined;
  let ex: Exchange;
  let items: unknown[] | undefined;
  if (whole) {
    const walked = await walkList(member, '/invoices', pagingNames(t.target), { paging: own.paging });
    ex = 'refused' in walked ? walked.refused : (walked.exchanges.at(-1) ?? own.ex);
    items = 'refused' in walked ? undefined : walked.items;
  } else {
    ex = await member.get('/invoices');
    items = is2xx(ex) && Array.isArray(ex.json) ? ex.json : undefined;
  }
  const what = `GET /invoices with member_api_key (another user of account 1${whole ? ', read whole' : ', its first page'})`;
  if (items === undefined && ex.response.status >= 400 && ex.response.status < 500) {
    t.note(`${what} answered ${ex.response.status}: a refusal of members, the deployment's choice (which roles may read invoices is not shown)`);
    return;
  }
  if (items === undefined) {
    return t.fail({ clause: 'B-INV-1', message: `${what} answered ${ex.response.status}${is2xx(ex) ? ' without a list of invoices' : ''}`, expected: "account 1's invoices, or a 4xx refusing members", received: describeResponse(ex), exchange: ex });
  }
  const ownIds = own.items.map(idOf);
  const memberIds = items.map(idOf);
  if (!whole) {
    // Not read whole: the pages may run in another order for another user, so only an empty
    // first page, where api_key's user reads invoices, is judged (the payer-only list).
    t.expect.that(memberIds.length > 0 || ownIds.length === 0, {
      clause: 'B-INV-1',
      message: `${what} lists no invoice, where api_key's user reads ${ownIds.length} there: the account's invoices are the same whichever of its users asks`,
      expected: "account 1's invoices, or a 4xx refusing members",
      received: describeResponse(ex),
      exchange: ex,
    });
    t.note(`${what} was compared with api_key's only for being empty: api_key's list could not be read whole (${own.unread ?? 'its page size not honoured'})`);
    return;
  }
  const missing = ownIds.filter((id) => !memberIds.includes(id));
  const extra = memberIds.filter((id) => !ownIds.includes(id));
  t.expect.that(missing.length === 0 && extra.length === 0, {
    clause: 'B-INV-1',
    message: `${what} lists ${memberIds.length} invoice(s), not the ${ownIds.length} api_key's user reads there: the account's invoices are the same whichever of its users asks`,
    expected: `the invoices ${show(ownIds.slice(0, 5))}${ownIds.length > 5 ? ', ...' : ''}`,
    received: `${missing.length} missing (${show(missing.slice(0, 5))}), ${extra.length} more (${show(extra.slice(0, 5))})`,
    exchange: ex,
  });
}

check({
  id: 'b-inv/date-format',
  clauses: ['B-INV-1'],
  supports: ['B-SCHEMA-1'],
  title: "B-INV-1: GET /invoices lists invoices whose date is a real calendar date written YYYY-MM-DD, to account 1 and to the second account where the target document has one (account 1's also in the real service's other orders and filter: sort, direction, since; extensions), and at least as many as the target document says an account holds (fixtures.invoice_count); to another user of account 1 (member_api_key) the same invoices as to api_key, or a 4xx refusing members",
  needs: ['b'],
  async run(t) {
    // Reads only: the second account's list too, where there is one, since a presenter rolled out
    // account by account shows only to another key.
    const accounts: (0 | 1)[] = t.target.b[1] ? [0, 1] : [0];
    let checked = 0;
    // Whether account 1's plain GET /invoices (no query) was read: only where its pages could not be.
    let plainListRead: boolean | undefined;
    for (const account of accounts) {
      const list = await wholeList(t, account);
      const { items, ex } = list;
      if (account === 0) plainListRead = list.paging === undefined;
      if (account === 0) await expectMemberListsAccountInvoices(t, list);
      if (items.length === 0) t.note(`account ${account + 1} has no invoices`);
      for (const invoice of items) {
        const date = isObject(invoice) ? invoice.date : undefined;
        t.expect.that(typeof date === 'string' && isCalendarDate(date), {
          clause: 'B-INV-1',
          message: `invoice ${show(idOf(invoice))} of account ${account + 1} has the date ${show(date)}, not a YYYY-MM-DD calendar date`,
          expected: 'YYYY-MM-DD naming a real day',
          received: show(date),
          exchange: ex,
        });
        t.expect.schema(ex, 'invoice', 'B-SCHEMA-1', invoice);
      }
      checked += items.length;
    }
    if (checked === 0) t.skip(`${accounts.length === 1 ? 'account 1 has no invoices' : 'neither account has invoices'}, so no invoice date can be checked`);
    t.note(`${checked} invoices checked`);
    if (plainListRead === false) await expectPlainListDates(t);
    await expectDatesUnderOtherOrders(t);
  },
});

/**
 * B-INV-1's `date` in the plain GET /invoices (no query: the billing widget's request, the one
 * the spec's table shows): the whole-list reads above send a page size, and a deployment may serve
 * the request without a query by a handler of its own (a widget's, rendering the date with its
 * time). Account 1's plain list is read once and every invoice's date held to YYYY-MM-DD; an
 * answer that is not a list is left to the checks of the list's shape (noted).
 */
async function expectPlainListDates(t: CheckContext): Promise<void> {
  const ex = await t.b(0).get('/invoices');
  if (!is2xx(ex) || !Array.isArray(ex.json)) {
    t.note(`account 1's GET /invoices without a query answered ${describeResponse(ex)}, not a list: its dates were not read`);
    return;
  }
  const undated = ex.json.filter((invoice) => {
    const date = isObject(invoice) ? invoice.date : undefined;
    return !(typeof date === 'string' && isCalendarDate(date));
  });
  t.expect.that(undated.length === 0, {
    clause: 'B-INV-1',
    message: `account 1's GET /invoices without a query (no page size, offset or order) lists ${undated.length} invoice(s) whose date is not a YYYY-MM-DD calendar date, where its pages asked with a page size date them so`,
    expected: 'YYYY-MM-DD naming a real day, in every list of invoices',
    received: show(undated.slice(0, 2)),
    exchange: ex,
  });
}

/**
 * B-INV-1's `date` in every list GET /invoices answers: the real service's other orders and its
 * filter (`WHOLE_LIST_ORDERS`, extensions) may each be served by a query of their own (a reporting
 * query that selects the date as a timestamp). Account 1's list is read once in each (one page of
 * 100) and every invoice's date held to YYYY-MM-DD; a target that refuses or ignores an order
 * answers its own list or a 4xx, either noted, neither failed.
 */
async function expectDatesUnderOtherOrders(t: CheckContext): Promise<void> {
  const { pages, unread, pageSize } = await otherOrderPages(t);
  for (const { what, query, ex, items } of pages) {
    expectEachInvoiceOnce(t, items, ex, `${what} (an extension)`);
    const undated = items.filter((invoice) => {
      const date = isObject(invoice) ? invoice.date : undefined;
      return !(typeof date === 'string' && isCalendarDate(date));
    });
    t.expect.that(undated.length === 0, {
      clause: 'B-INV-1',
      message: `${what} (the real service's ${query.since === undefined ? 'order' : 'filter'} parameters, an extension) lists ${undated.length} invoice(s) of account 1 whose date is not a YYYY-MM-DD calendar date`,
      expected: 'YYYY-MM-DD naming a real day, in every list of invoices',
      received: show(undated.slice(0, 2)),
      exchange: ex,
    });
  }
  if (unread.length) t.note(`account 1's invoice dates under the real service's other orders and filter (extensions) were not all read: ${unread.join('; ')}`);
  if (pages.length) t.note(`account 1's invoice dates were also read in ${pages.length} other order(s) or filter (${pageSize}=100, one page each)`);
}

check({
  id: 'b-inv/only-own',
  clauses: ['B-INV-1'],
  title: "B-INV-1: GET /invoices lists only the caller's invoices: no invoice appears, whole, in both accounts' lists, nor in account 1's list read with the real service's other orders and filter (sort, direction, since; extensions), and the two lists do not each hold every invoice of the other",
  needs: ['b', 'b2'],
  async run(t) {
    const first = await wholeList(t, 0);
    const second = await wholeList(t, 1);
    if (first.items.length === 0 || second.items.length === 0) t.skip(`account ${first.items.length === 0 ? 1 : 2} has no invoices, so no invoice could be shared`);
    // Invoice numbers may well be per account ("INV-0001" in both): only a whole invoice, every
    // field equal (amount, date, pdf_url, ...), shows one account's invoice in the other's list.
    const shared = second.items.filter((theirs) => first.items.some((mine) => sameJson(mine, theirs)));
    await expectOwnUnderOtherOrders(t, first, second);
    // A shared invoice past a page not read would go unseen: only whole lists verify "only them".
    const unread = [first.unread, second.unread].filter((u) => u !== undefined);
    if (shared.length === 0 && unread.length > 0) t.partial('B-INV-1', `${unread.join('; ')}: an invoice of one account further on in the other's list would not have been seen`);
    t.expect.that(shared.length === 0, {
      clause: 'B-INV-1',
      message: `${shared.length} invoice(s) appear, every field equal, in the lists of both accounts`,
      expected: 'no invoice of one account in the other\'s list',
      received: `shared ${show(shared.slice(0, 2))}`,
      exchange: second.ex,
    });
    // A leak drawn with the caller's links (its pdf_url under the caller's path) equals nothing of
    // the owner's list whole. By identity (the fields but the URL) a list of every account's
    // invoices shows as two lists that each hold all of the other's; but so do two accounts
    // billed alike whose ids are numbered per account (sameInvoices): not told apart, not passed.
    if (unread.length > 0 || !sameInvoices(first.items, second.items)) return;
    t.partial('B-INV-1', `accounts 1 and 2 list the same ${first.items.length} invoices by id, date, amount, currency and status, their URLs aside: either each account is shown the other's invoices, or the two accounts' invoices are alike, which the lists cannot tell apart; accounts billed differently verify the clause`);
  },
});

/**
 * B-INV-1's "only them" under the real service's other orders and its filter (`WHOLE_LIST_ORDERS`:
 * `sort`, `direction`, `since`, extensions): a sort or filter served by a query of its own (a
 * reporting query, a service-wide index) can lose the account condition the plain list keeps.
 * Account 1's list is read once in each (one page of 100), and every invoice it shows is held to
 * account 1's own (its plain list, read whole): one that is not among them and is among account
 * 2's, by identity (every field of the spec's invoice but its URL, which a deployment may draw
 * under the caller's path), is account 2's shown to account 1, and fails. (One of neither list is
 * left to B-LIM-1's walk of the orders.) A target that refuses an order or filter, or answers it
 * without a list, is noted; where account 1's list could not be read whole, nothing is judged.
 */
async function expectOwnUnderOtherOrders(t: CheckContext, mine: AccountList, theirs: AccountList): Promise<void> {
  if (mine.unread !== undefined) {
    t.note(`account 1's invoices were not read in the real service's other orders and filter (extensions): ${mine.unread}, so an invoice they show could not be held to its own`);
    return;
  }
  const own = new Set(mine.items.map(invoiceIdentity));
  const others = new Set(theirs.items.map(invoiceIdentity));
  const { pages, unread, pageSize } = await otherOrderPages(t);
  for (const { what, query, ex, items } of pages) {
    const foreign = items.filter((invoice) => !own.has(invoiceIdentity(invoice)) && others.has(invoiceIdentity(invoice)));
    t.expect.that(foreign.length === 0, {
      clause: 'B-INV-1',
      message: `${what} (the real service's ${query.since === undefined ? 'order' : 'filter'} parameters, an extension) shows account 1 ${foreign.length} invoice(s) of account 2's that account 1's own list does not hold (alike in id, date, amount, currency and status)`,
      expected: `only account 1's ${mine.items.length} invoices`,
      received: `account 2's ${show(foreign.slice(0, 2))}`,
      exchange: ex,
    });
  }
  if (unread.length) t.note(`account 1's invoices under the real service's other orders and filter (extensions) were not all read: ${unread.join('; ')}`);
  if (pages.length) t.note(`account 1's invoice list read in ${pages.length} other order(s) or filter (${pageSize}=100, one page each) shows no invoice of account 2's`);
}

/**
 * Account 1's invoice list read once in each of the real service's other orders and its filter
 * (`WHOLE_LIST_ORDERS`, extensions; one page of 100 each): the pages answered as a list, and why
 * the others were not (a target may refuse an order: a 4xx, noted by the caller, never failed).
 */
async function otherOrderPages(t: CheckContext): Promise<{ pages: { what: string; query: Readonly<Record<string, string>>; ex: Exchange; items: unknown[] }[]; unread: string[]; pageSize: string }> {
  const names = pagingNames(t.target);
  const pages: { what: string; query: Readonly<Record<string, string>>; ex: Exchange; items: unknown[] }[] = [];
  const unread: string[] = [];
  for (const { query } of WHOLE_LIST_ORDERS) {
    const ex = await t.b(0).get('/invoices', { query: { ...query, [names.pageSize]: '100' } });
    const what = `GET /invoices?${Object.entries(query).map(([k, v]) => `${k}=${v}`).join('&')}`;
    if (is2xx(ex) && Array.isArray(ex.json)) pages.push({ what, query, ex, items: ex.json });
    else unread.push(`${what} answered ${ex.response.status}${is2xx(ex) ? ' without a list' : ''}`);
  }
  return { pages, unread, pageSize: names.pageSize };
}

/** `Link` header targets by relation (RFC 8288). */
function links(ex: Exchange): Map<string, string> {
  return linksByRel(ex.response.headers.link, ex.request.url);
}

/** The list in another order, as paging walks it: its ids, the query asking for it, and how a message names it. */
interface InvoiceOrder {
  whole: unknown[];
  query: Readonly<Record<string, string>>;
  how: string;
}

/**
 * The real service's other orders of the whole invoice list (its API docs: `direction`, `sort`;
 * extensions): each lists every invoice of the account, in another order. And its `since` filter
 * (`REAL_SERVICE_LIST_FILTERS`, an extension: those updated at that time or later), at a time
 * before any invoice is likely to be: a filter may go through a query of its own, whose offset is
 * counted otherwise. What a filter keeps is the deployment's, so its list is not held to the
 * default one (`filter`).
 */
const WHOLE_LIST_ORDERS: readonly { query: Readonly<Record<string, string>>; how: string; filter?: true }[] = [
  { query: { direction: 'asc' }, how: ', direction=asc' },
  // The default order asked for by name: a deployment may page it by another code path.
  { query: { direction: 'desc' }, how: ', direction=desc' },
  { query: { sort: 'number' }, how: ', sort=number' },
  { query: { sort: 'number', direction: 'asc' }, how: ', sort=number&direction=asc' },
  { query: { sort: 'updated' }, how: ', sort=updated' },
  { query: { sort: 'created' }, how: ', sort=created' },
  { query: { sort: 'issued' }, how: ', sort=issued' },
  { query: { since: '2000-01-01T00:00:00Z' }, how: ', since=2000-01-01T00:00:00Z', filter: true },
];

/**
 * The invoice list in the other orders and filters the target serves (`WHOLE_LIST_ORDERS`): the
 * offset is the index into whatever list is asked for, and an implementation that pages a reversed
 * or re-sorted list by hand, or a filtered one by a query of its own, can count it otherwise
 * there. Each is walked in pages of 100; an order must hold each invoice of the default list once.
 * Whatever it lists, it lists the account's invoices (B-INV-1), so an invoice it holds that no page
 * of the default order does shows the default order's pages not joining into the whole list (a
 * page that reaches the end stopping short agrees with every other page of its order, and is seen
 * only so): B-LIM-1 fails, whether the target honours the order or not. A target that refuses or
 * ignores an order is walked in its default order alone there. A filter's list may keep fewer
 * invoices than the default one, so its walk is held to no invoice repeated, and its own first
 * page (offset 0, whatever the offset counts from) to the page at offset 1, asked once: an offset
 * counted from 1 leaves pages of 100 agreeing with each other, each an invoice late. A filter the
 * target refuses is left out (no failure); one that lists the default list (it keeps every
 * invoice, or is ignored: nothing tells the two apart) is asked that one page, not drawn from.
 */
async function otherOrders(t: CheckContext, names: ReturnType<typeof pagingNames>, listed: ListWalk): Promise<InvoiceOrder[]> {
  if (!listed.complete) return [];
  const whole = listed.items.map(idOf);
  const inDefault = new Set(whole);
  const out: InvoiceOrder[] = [];
  const unused: string[] = [];
  let ordersWalked = false;
  for (const { query, how, filter } of WHOLE_LIST_ORDERS) {
    const what = `GET /invoices?${Object.entries(query).map(([k, v]) => `${k}=${v}`).join('&')}`;
    const walked = await walkList(t.b(), '/invoices', names, { query, pageSizeHonoured: listed.pageSizeHonoured });
    if ('refused' in walked || !walked.complete) {
      unused.push(`${what} ${'refused' in walked ? `answered ${walked.refused.response.status}` : 'could not be walked to its end in pages of 100'}`);
      continue;
    }
    const ids = walked.items.map(idOf);
    const extra = [...new Set(ids.filter((id) => !inDefault.has(id)))];
    t.expect.that(extra.length === 0, {
      clause: 'B-LIM-1',
      message: `${what} (the real service's ${filter ? 'filter' : 'order'} parameters, an extension) lists ${extra.length} invoice(s) that no page of the default order holds: the default order's pages of 100 (offsets 0, 100, ...) do not join into the account's whole list`,
      expected: `only the ${whole.length} invoices the default order's pages hold`,
      received: `also ${show(extra.slice(0, 5))}`,
      exchange: walked.exchanges.find((ex) => Array.isArray(ex.json) && ex.json.some((i) => !inDefault.has(idOf(i)))) ?? walked.exchanges[walked.exchanges.length - 1],
    });
    if (extra.length > 0) continue;
    const asDefault = ids.length === whole.length && ids.every((id, i) => id === whole[i]);
    if (asDefault && !filter) {
      // Its own query may still count the offset otherwise (an invoice late at every page after
      // the first, which pages of 100 over a list of at most 100 never show): its page at offset
      // 1 is asked once, as a filter's is below.
      if (ids.length >= 2) expectSlice(t, await t.b().get('/invoices', { query: { ...query, ...pageQuery(names, { offset: 1, size: 10 }) } }), 'B-LIM-1', ids, 1, 10, how);
      unused.push(`${what} listed the invoices in the default order: only its page at offset 1 was asked`);
      continue;
    }
    const seen = new Set<unknown>();
    const repeated = ids.filter((id) => seen.has(id) || !seen.add(id));
    const missing = filter ? [] : whole.filter((id) => !seen.has(id));
    t.expect.that(missing.length === 0 && repeated.length === 0, {
      clause: 'B-LIM-1',
      message: filter
        ? `pages of 100 of the filtered list (${what}, at offsets 0, 100, ...) repeat ${repeated.length} invoice(s)`
        : `pages of 100 of the list in another order (${what}, at offsets 0, 100, ...) do not join into the list: ${missing.length} invoice(s) missing, ${repeated.length} repeated`,
      expected: filter ? 'each invoice the filter keeps once' : `each of the ${whole.length} invoices of the default order once`,
      received: `${filter ? '' : `missing ${show(missing.slice(0, 5))}, `}repeated ${show(repeated.slice(0, 5))}`,
      exchange: walked.exchanges[walked.exchanges.length - 1],
    });
    if (filter && ids.length >= 2) {
      // Asked once, not drawn: a run of few cases may draw no offset inside the filter's first page.
      const ex = await t.b().get('/invoices', { query: { ...query, ...pageQuery(names, { offset: 1, size: 10 }) } });
      expectSlice(t, ex, 'B-LIM-1', ids, 1, 10, how);
    }
    // A filter that lists the default list (it keeps every invoice, or is ignored) adds nothing to draw from.
    if (asDefault) {
      unused.push(`${what} listed the default order's invoices (a filter keeping every invoice, or ignored): only its page at offset 1 was asked`);
      continue;
    }
    if (!filter) ordersWalked = true;
    out.push({ whole: ids, query, how });
  }
  if (unused.length) t.note(`${unused.join('; ')} (the real service's order and filter parameters, extensions): ${!ordersWalked ? 'offsets were walked in the default order only, and a page that reaches the end of the list stopping short would agree with every other page of that order, so it was not looked for' : 'offsets were not walked in those orders'}`);
  return out;
}

check({
  id: 'b-inv/walk-pages',
  clauses: ['B-LIM-1'],
  title: "B-LIM-1: offset is the index of the first invoice, from 0: consecutive pages by offset concatenate to the list without gaps or repeats, in account 1's list (also as another user of account 1 reads it, member_api_key) and in the second account's where the target document has one",
  needs: ['b'],
  async run(t) {
    await pagingNamesWork(t, t.b());
    const names = pagingNames(t.target);
    const listed = await listAll(t.b(), '/invoices', names);
    if (!listed) return t.fail({ clause: 'B-LIM-1', message: 'the invoice list could not be read in pages of 100', expected: '2xx arrays' });
    const orders = [{ whole: listed.items.map(idOf), query: {}, how: '' }, ...(await otherOrders(t, names, listed))];
    const input = fc.record({
      order: fc.constantFrom(...orders),
      offset: fc.oneof(fc.integer({ min: 0, max: Math.max(0, orders[0]!.whole.length + 2) }), fc.constant(0)),
      limit: fc.oneof(fc.integer({ min: 1, max: 10 }), validLimit),
      pages: fc.integer({ min: 1, max: 4 }),
    });
    await t.property('pages are consecutive slices of the list', input, async ({ order, offset, limit, pages }) => {
      for (let page = 0, at = offset; page < pages; page++, at += limit) {
        const ex = await t.b().get('/invoices', { query: { ...order.query, ...pageQuery(names, { offset: at, size: limit }) } });
        const got = expectSlice(t, ex, 'B-LIM-1', order.whole, at, limit, order.how);
        if (got.length < limit) break;
      }
    });
    // An offset means the same without a page size: the page, of the target's own default size,
    // starts at that invoice, and pages by offset alone follow on from each other.
    const alone = fc.record({ order: fc.constantFrom(...orders), offset: fc.integer({ min: 0, max: orders[0]!.whole.length + 1 }), pages: fc.integer({ min: 1, max: 3 }) });
    await t.property('an offset without a page size starts the page there', alone, async ({ order, offset, pages }) => {
      const whole = order.whole;
      for (let page = 0, at = offset; page < pages; page++) {
        const ex = await t.b().get('/invoices', { query: { ...order.query, ...pageQuery(names, { offset: at }) } });
        if (refusedPastTheEnd(t, ex, at, whole.length)) return;
        t.expect.status(ex, '2xx', 'B-LIM-1', `GET /invoices?${describePage(names, { offset: at })}${order.how} (no page size) answered ${ex.response.status}`);
        const got = arrayBody(t, ex, 'B-LIM-1', 'GET /invoices').map(idOf);
        const expected = whole.slice(at, at + Math.max(got.length, 1));
        t.expect.that(got.length === expected.length && got.every((id, i) => id === expected[i]), {
          clause: 'B-LIM-1',
          message: `the page at offset ${at}${order.how}, asked for without a page size, is not the list's invoices from ${at} on`,
          expected: at < whole.length ? `ids starting ${show(expected.slice(0, 3))}` : `no invoices (the list has ${whole.length})`,
          received: `ids ${show(got)}`,
          exchange: ex,
        });
        if (got.length === 0) return;
        at += got.length;
      }
    });
    await pageOfOne(t, names, orders[0]!.whole);
    await walkMemberPages(t, names);
    await walkSecondAccount(t, names);
  },
});

/**
 * The offset means the same whoever of the account asks: another user of account 1
 * (member_api_key) may be paged by a handler of its own (a billing portal for members) with an
 * offset counted otherwise. Which roles may read invoices is not shown, and another user may see
 * the list in another order, so the member's own list is the measure: its page at offset
 * MEMBER_PAGE (of that size) must be the second half of its page of twice that size at offset 0.
 * Two requests; a 4xx refusing members is noted, as is a member list too short to hold two pages,
 * or a target document without a member key.
 */
async function walkMemberPages(t: CheckContext, names: ReturnType<typeof pagingNames>): Promise<void> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) return t.note('the target document gives no member_api_key (a key of a second user of account 1): invoice pages were walked with api_key only');
  const member = t.bWithKey(memberKey);
  const how = ', asked with member_api_key: another user of account 1';
  const first = await member.get('/invoices', { query: pageQuery(names, { offset: 0, size: 2 * MEMBER_PAGE }) });
  if (first.response.status >= 400 && first.response.status < 500) return t.note(`GET /invoices?${describePage(names, { offset: 0, size: 2 * MEMBER_PAGE })} with member_api_key answered ${first.response.status}: a refusal of members (which roles may read invoices is not shown), so a member's pages were not walked`);
  t.expect.status(first, '2xx', 'B-LIM-1', `GET /invoices?${describePage(names, { offset: 0, size: 2 * MEMBER_PAGE })}${how} answered ${first.response.status}`);
  const whole = arrayBody(t, first, 'B-LIM-1', 'GET /invoices').map(idOf);
  if (whole.length <= MEMBER_PAGE) return t.note(`a member's first page of ${2 * MEMBER_PAGE} holds ${whole.length} invoice(s): a member's second page could not be held to it`);
  expectSlice(t, await member.get('/invoices', { query: pageQuery(names, { offset: MEMBER_PAGE, size: MEMBER_PAGE }) }), 'B-LIM-1', whole, MEMBER_PAGE, MEMBER_PAGE, how);
}

/** The page size of a member's second page (`walkMemberPages`), its first asked twice as large. */
const MEMBER_PAGE = 3;

/**
 * A page of one invoice at offset 1, in the default order, asked once: the smallest page size is
 * one a deployment may serve by a single-row lookup that takes no offset (the newest invoice at
 * every offset), and the property's random sizes may not draw it.
 */
async function pageOfOne(t: CheckContext, names: ReturnType<typeof pagingNames>, whole: unknown[]): Promise<void> {
  if (whole.length < 2) return;
  expectSlice(t, await t.b().get('/invoices', { query: pageQuery(names, { offset: 1, size: 1 }) }), 'B-LIM-1', whole, 1, 1, '');
}

/**
 * Account 2's list, paged as account 1's: a short list (one that fits in a page) is where an
 * implementation may serve the list whole from its start, its offset forgotten, which account 1's
 * long list never shows. The whole list is read in pages of 10 (smaller than any page asked
 * below but one), then pages at offsets inside it and at its end, of a size larger than the list
 * and of a small one, each followed by the next two, and one offset without a page size, must be
 * its slices. Reads only; a target document with one account, or an account 2 without invoices
 * or whose list could not be read whole, is noted.
 */
async function walkSecondAccount(t: CheckContext, names: ReturnType<typeof pagingNames>): Promise<void> {
  if (!t.target.b[1]) return t.note("the target document names one account, so account 2's invoice list was not paged");
  const walked = await walkList(t.b(1), '/invoices', names, { paging: { pageSizeHonoured: true, size: 10, holds: 0 }, maxPages: 3 });
  if ('refused' in walked) return t.note(`account 2's GET /invoices answered ${walked.refused.response.status}, so its list was not paged`);
  if (!walked.complete) return t.note(`account 2's invoice list could not be read whole in pages of 10 (${walked.items.length} invoices read), so it was not paged`);
  const whole = walked.items.map(idOf);
  if (whole.length < 2) return t.note(`account 2 has ${whole.length} invoice(s): its list was not paged`);
  const n = whole.length;
  const cases: { offset: number; limit: number }[] = [
    { offset: 1, limit: 100 },
    { offset: Math.floor(n / 2), limit: 100 },
    { offset: n - 1, limit: 100 },
    { offset: n, limit: 100 },
    { offset: Math.floor(n / 2), limit: n },
    { offset: 1, limit: 2 },
  ];
  const how = ", account 2's list";
  for (const { offset, limit } of cases) {
    for (let page = 0, at = offset; page < 3; page++, at += limit) {
      const ex = await t.b(1).get('/invoices', { query: pageQuery(names, { offset: at, size: limit }) });
      const got = expectSlice(t, ex, 'B-LIM-1', whole, at, limit, how);
      if (got.length < limit) break;
    }
  }
  const at = Math.floor(n / 2);
  const ex = await t.b(1).get('/invoices', { query: pageQuery(names, { offset: at }) });
  if (refusedPastTheEnd(t, ex, at, n)) return;
  t.expect.status(ex, '2xx', 'B-LIM-1', `GET /invoices?${describePage(names, { offset: at })} of account 2 (no page size) answered ${ex.response.status}`);
  const got = arrayBody(t, ex, 'B-LIM-1', 'GET /invoices').map(idOf);
  const expected = whole.slice(at, at + Math.max(got.length, 1));
  t.expect.that(got.length === expected.length && got.every((id, i) => id === expected[i]), {
    clause: 'B-LIM-1',
    message: `account 2's page at offset ${at}, asked for without a page size, is not its list's invoices from ${at} on`,
    expected: `ids starting ${show(expected.slice(0, 3))}`,
    received: `ids ${show(got)}`,
    exchange: ex,
  });
  t.note(`account 2's list of ${n} invoices was paged too`);
}

/**
 * The real service's other orders and filters of the invoice list (its API docs, gaps.md's list
 * filters: `sort` created/updated/issued/number, `direction`, `since`): extensions, each sent as is.
 */
const OTHER_INVOICE_ORDERS: readonly Readonly<Record<string, string>>[] = [
  { direction: 'asc' },
  { direction: 'desc' },
  { sort: 'number' },
  { sort: 'number', direction: 'asc' },
  { sort: 'updated' },
  { sort: 'issued', direction: 'asc' },
  { since: '2000-01-01T00:00:00Z' },
  { since: '2000-01-01T00:00:00Z', direction: 'asc' },
];

/**
 * Names other APIs and older clients give the page size: the real service's `limit`, and
 * `per_page`, `page_size`, `size`, `count`. The target's own are the target document's (B-GAP-3).
 */
const COMMON_PAGE_SIZE_NAMES = ['limit', 'per_page', 'page_size', 'size', 'count'] as const;

/** Sent above the maximum under the other names: more than twice it, so a page honouring it shows. */
const ABOVE_MAXIMUM_UNDER_ANOTHER_NAME = '250';

/**
 * "No page ever holds more than 100" binds every request, not only those that name the page size
 * as the target document does: a deployment may still read an older name (v1 clients' per_page)
 * beside the current one, on a path of its own that skips the 1..100 bounds. Each common name the
 * target's paging does not use is sent once, at 250, without the target's own page size. A
 * deployment that ignores the name answers its default page, one that refuses it a 4xx: either
 * keeps the clause. A page (an array) of more than 100 invoices fails; a 2xx that is no array is
 * noted (the name may mean something else there, which the spec does not cover).
 */
async function expectOtherSizeNamesCapped(t: CheckContext, names: ReturnType<typeof pagingNames>): Promise<void> {
  const others = COMMON_PAGE_SIZE_NAMES.filter((name) => name !== names.pageSize && name !== names.offset);
  const noArray: string[] = [];
  for (const name of others) {
    const asked = `GET /invoices?${name}=${ABOVE_MAXIMUM_UNDER_ANOTHER_NAME}`;
    const ex = await t.b().get('/invoices', { query: { [name]: ABOVE_MAXIMUM_UNDER_ANOTHER_NAME } });
    if (!is2xx(ex)) continue;
    if (!Array.isArray(ex.json)) {
      noArray.push(`${asked} (${ex.response.status})`);
      continue;
    }
    t.expect.that(ex.json.length <= 100, {
      clause: 'B-LIM-2',
      message: `${asked} (a page-size name other than the target's ${names.pageSize}) answered a page of ${ex.json.length} invoices`,
      expected: 'a 4xx, or a page of at most 100 invoices (a name the target ignores gives its default page)',
      received: describeResponse(ex),
      exchange: ex,
    });
  }
  if (noArray.length) t.note(`answered 2xx without a list of invoices, so not judged: ${noArray.join('; ')}`);
}

function describeQuery(query: Readonly<Record<string, string | number>>): string {
  return Object.entries(query).map(([k, v]) => `${k}=${v}`).join('&');
}

check({
  id: 'b-inv/page-size',
  clauses: ['B-LIM-2'],
  title: 'B-LIM-2: a page holds at most the page size asked for (1 to 100) and never more than 100 invoices, whatever size is asked (above 100, below 1, not a number or digits followed by text, given twice, written as an array: a 4xx or a page of at most 100) or none, whatever name asks it (250 under the common page-size names the target does not use: limit, per_page, page_size, size, count), and whoever of the account asks (another user, member_api_key)',
  needs: ['b'],
  async run(t) {
    await pagingNamesWork(t, t.b());
    const names = pagingNames(t.target);
    const listed = await listAll(t.b(), '/invoices', names, 2);
    const total = listed?.items.length ?? 0;
    // A page size above 100 honoured shows only on a list longer than 100.
    if (total <= 100) t.partial('B-LIM-2', `account 1 has ${total} invoices: a page size above 100 cannot show more than 100 here, so "no page ever holds more than 100" was not seen; an account with more than 100 invoices lets it be`);
    // No page size asked at all: the spec states no default, but "no page ever holds more than
    // 100" has no exception for it (a default left to a UI serves the whole list). Asked once.
    const unsized = await t.b().get('/invoices');
    t.expect.status(unsized, '2xx', 'B-LIM-2', `GET /invoices without a page size answered ${unsized.response.status}`);
    const unsizedItems = arrayBody(t, unsized, 'B-LIM-2', 'GET /invoices');
    t.expect.that(unsizedItems.length <= 100, {
      clause: 'B-LIM-2',
      message: `GET /invoices without a page size answered a page of ${unsizedItems.length} invoices`,
      expected: 'a page of at most 100 invoices (whatever the default page size)',
      received: String(unsizedItems.length),
      exchange: unsized,
    });
    await t.property('valid page sizes are honoured as a maximum', fc.record({ limit: validLimit, offset: fc.integer({ min: 0, max: total }) }), async ({ limit, offset }) => {
      const ex = await t.b().get('/invoices', { query: pageQuery(names, { offset, size: limit }) });
      if (refusedPastTheEnd(t, ex, offset, total)) return;
      t.expect.status(ex, '2xx', 'B-LIM-2', `GET /invoices with the valid page size ${limit} answered ${ex.response.status}`);
      const items = arrayBody(t, ex, 'B-LIM-2', 'GET /invoices');
      t.expect.that(items.length <= limit, { clause: 'B-LIM-2', message: `a page of size ${limit} holds ${items.length} invoices`, expected: `at most ${limit}`, received: String(items.length), exchange: ex });
    });
    // Just above the maximum first: a target that honours 150 may still refuse 10 000. From the
    // start and past it: a cap kept only on the first page still lets a later one hold more.
    const aboveMaximum = fc.oneof(fc.constantFrom('101', '150', '250', '1000'), oversizedLimit);
    const from = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: Math.max(1, total - 101) }));
    await t.property('page sizes above 100 are refused or capped, from the start and past it', fc.tuple(aboveMaximum, from), async ([limit, offset]) => {
      const ex = await t.b().get('/invoices', { query: pageQuery(names, { ...(offset > 0 ? { offset } : {}), size: limit }) });
      expectRefusedOrCapped(t, ex, `GET /invoices?${describePage(names, { ...(offset > 0 ? { offset } : {}), size: limit })}`);
    });
    // A page size given twice: which value counts, or whether the repetition is refused, is the
    // deployment's; but whichever it takes, no page holds more than 100. Both orders, each asked
    // once: a validator and a query builder that each read another of the two values let one
    // above 100 through after one within the bounds (the client's query option holds one value a
    // name, so the repetition is written into the path).
    const size = encodeURIComponent(names.pageSize);
    for (const [first, second] of [['50', '250'], ['250', '50']] as const) {
      const query = `${size}=${first}&${size}=${second}`;
      const ex = await t.b().get(`/invoices?${query}`);
      expectRefusedOrCapped(t, ex, `GET /invoices?${query} (the page size given twice)`, ' (whichever value is taken)');
    }
    // The page size written as an array (`limit[]=250`, as qs-style clients send lists): what it
    // means is the deployment's (a qs-style parser reads the page size, another reads an unknown
    // name), but whichever, no page holds more than 100. A reader whose bounds hold only a page
    // size given as a string lets the array through. Asked once.
    const bracketed = `${size}%5B%5D=250`;
    expectRefusedOrCapped(t, await t.b().get(`/invoices?${bracketed}`), `GET /invoices?${names.pageSize}[]=250 (the page size written as an array)`);
    // A page size above 100 written with a fraction ("101.0", as spreadsheet-built URLs send
    // whole numbers) is no integer from 1 to 100 either: refused, or capped as 101 is. A lenient
    // reader that takes its whole part ahead of the strict one skips the bounds the strict one
    // holds. Each asked once, not drawn (a run with few cases would otherwise miss one).
    for (const limit of ['101.0', '250.0']) {
      const ex = await t.b().get('/invoices', { query: pageQuery(names, { size: limit }) });
      expectRefusedOrCapped(t, ex, `GET /invoices?${describePage(names, { size: limit })} (a page size above 100 written with a fraction)`);
    }
    // "No page ever holds more than 100" has no exception for the list's other orders: an
    // implementation may page a reversed or re-sorted list by a code path of its own, with a cap
    // of its own. The real service's order and filter parameters (an extension): a target that
    // does not know one ignores or refuses it, either of which keeps the clause, so each is sent
    // blind, just above the maximum and far above it, each asked once (not drawn).
    const served: string[] = [];
    for (const order of OTHER_INVOICE_ORDERS) {
      for (const limit of ['101', '1000']) {
        const query = { ...order, ...pageQuery(names, { size: limit }) };
        const ex = await t.b().get('/invoices', { query });
        if (is2xx(ex) && limit === '101') served.push(describeQuery(order));
        expectRefusedOrCapped(t, ex, `GET /invoices?${describeQuery(query)} (the list in another order)`);
      }
    }
    t.note(`page sizes above 100 were also asked with ${served.length ? served.join('; ') : 'no order parameter the target answered'} (the real service's order parameters, an extension)`);
    await expectOtherSizeNamesCapped(t, names);
    // Below 1 and not a number: outside "an integer from 1 to 100" too, so a 4xx or a page of at
    // most 100, and never more (a 0 read as "no limit" answers the whole list). Each asked once,
    // not drawn: a run with few cases, as without the control API, would otherwise miss one. What
    // the answer is beyond that (422 naming the parameter) is the real service's convention,
    // B-GAP-3's advisory check, not this clause.
    // And digits above 100 followed by text ("250abc"): no integer either, but a bound written
    // `Number(v) < 1 || Number(v) > 100` is false for NaN, and a parseInt reading after it takes 250.
    for (const limit of ['0', '-5', 'x', '', '250abc']) {
      const ex = await t.b().get('/invoices', { query: pageQuery(names, { size: limit }) });
      expectRefusedOrCapped(t, ex, `GET /invoices?${describePage(names, { size: limit })} (a page size outside 1 to 100)`);
    }
    await expectMemberPagesCapped(t, names);
  },
});

/**
 * "No page ever holds more than 100" whoever of the account asks: another user of account 1
 * (member_api_key) may be served by a handler of its own (a billing portal for members), with
 * bounds of its own. Just above the maximum and far above it, each asked once; a 4xx (members
 * refused the invoices, or the size) or a page of at most 100 keeps the clause. Where the target
 * document gives no member key, nothing is sent.
 */
async function expectMemberPagesCapped(t: CheckContext, names: ReturnType<typeof pagingNames>): Promise<void> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) return;
  const member = t.bWithKey(memberKey);
  const refused: string[] = [];
  for (const limit of ['101', '1000']) {
    const ex = await member.get('/invoices', { query: pageQuery(names, { size: limit }) });
    expectRefusedOrCapped(t, ex, `GET /invoices?${describePage(names, { size: limit })} with member_api_key (another user of account 1)`);
    if (!is2xx(ex)) refused.push(`${limit}: ${ex.response.status}`);
  }
  // Both refused keeps the clause, but shows no member's page: a refusal of the size or of members alike.
  if (refused.length === 2) t.note(`page sizes above 100 asked with member_api_key were refused (${refused.join(', ')}): a refusal of the size, or of members (the deployment's choice), so no page a member is served was seen`);
}

/** Pages reached through `Link: rel="next"` are the consecutive slices of the list (B-GAP-3: the Link header is the real service's, docs/interface-b.md). */
async function followNextLinks(t: CheckContext, whole: unknown[]): Promise<void> {
  const key = t.target.b[0]?.apiKey ?? '';
  const input = fc.record({ offset: fc.integer({ min: 0, max: Math.max(0, whole.length - 2) }), limit: fc.integer({ min: 1, max: 10 }), pages: fc.integer({ min: 2, max: 4 }) });
  await t.property('Link next leads to the following page', input, async ({ offset, limit, pages }) => {
    let ex = await t.b().get('/invoices', { query: { offset, limit } });
    for (let page = 0, at = offset; page < pages; page++, at += limit) {
      const got = expectSlice(t, ex, 'B-GAP-3', whole, at, limit, page === 0 ? '' : ', reached through Link next');
      if (got.length < limit || at + limit >= whole.length) break;
      const next = links(ex).get('next');
      if (!next) return t.fail({ clause: 'B-GAP-3', message: `the page at offset ${at} has more invoices after it but no Link rel="next"`, expected: 'Link: <...>; rel="next"', received: ex.response.headers.link ?? '(no Link header)', exchange: ex });
      ex = await t.http.request('GET', next, { headers: { accept: B_ACCEPT, authorization: basicAuthorization(key) } });
    }
  }, { runs: 5 });
}

const badOffset = fc.constantFrom('-1', '-100', '1.5', '0.5', 'abc', '', '1e2', ' 1', '0x10');
/**
 * B-LIM-2 for a page asked with a size outside 1 to 100 (`asked`: the request as messages show
 * it): a 4xx, or a page of at most 100 invoices; never more. `more`: what the expectation adds.
 */
function expectRefusedOrCapped(t: CheckContext, ex: Exchange, asked: string, more = ''): void {
  const refused = ex.response.status >= 400 && ex.response.status < 500;
  const capped = is2xx(ex) && Array.isArray(ex.json) && ex.json.length <= 100;
  t.expect.that(refused || capped, {
    clause: 'B-LIM-2',
    message: `${asked} ${is2xx(ex) ? `answered a page of ${Array.isArray(ex.json) ? ex.json.length : 'non-array'} invoices` : `answered ${ex.response.status}`}`,
    expected: `a 4xx, or a page of at most 100 invoices${more}`,
    received: describeResponse(ex),
    exchange: ex,
  });
}

const badLimit = fc.constantFrom('0', '101', '150', '1000', '-5', '2.5', 'x', '', '1e2');

check({
  id: 'b-inv/paging-conventions',
  clauses: ['B-GAP-3'],
  title: 'B-GAP-3 (simulator convention): invoice paging is offset/limit with a default of 20 and Link next/prev headers whose next URL leads to the following page; an out-of-range or malformed value gets 422 naming the parameter',
  needs: ['b'],
  async run(t) {
    const first = await t.b().get('/invoices');
    t.expect.status(first, 200, 'B-GAP-3');
    // The real service's names, whatever the target document says: this is its convention.
    const whole = (await listAll(t.b(), '/invoices', REAL_SERVICE_PAGING))?.items.map(idOf) ?? [];
    const total = whole.length;
    const items = arrayBody(t, first, 'B-GAP-3', 'GET /invoices');
    t.expect.that(items.length === Math.min(20, total), { clause: 'B-GAP-3', message: 'the default page size is not 20', expected: String(Math.min(20, total)), received: String(items.length), exchange: first });
    if (total > 20) {
      t.expect.that(links(first).has('next'), { clause: 'B-GAP-3', message: 'the first of several pages has no Link rel="next"', expected: 'Link: <...>; rel="next"', received: first.response.headers.link ?? '(no Link header)', exchange: first });
      const second = await t.b().get('/invoices', { query: { offset: 20, limit: 20 } });
      t.expect.that(links(second).has('prev'), { clause: 'B-GAP-3', message: 'a page after the first has no Link rel="prev"', expected: 'Link: <...>; rel="prev"', received: second.response.headers.link ?? '(no Link header)', exchange: second });
      await followNextLinks(t, whole);
    }
    const input = fc.oneof(badOffset.map((value) => ({ name: 'offset', value })), badLimit.map((value) => ({ name: 'limit', value })));
    await t.property('malformed or out-of-range paging values get 422 naming the parameter', input, async ({ name, value }) => {
      const ex = await t.b().get('/invoices', { query: { [name]: value } });
      t.expect.status(ex, 422, 'B-GAP-3', `GET /invoices?${name}=${JSON.stringify(value)} answered ${ex.response.status}, expected 422`);
      t.expect.errorObjectB(ex, 'B-GAP-3');
      const message = isObject(ex.json) ? String(ex.json.message) : '';
      t.expect.that(message.includes(name), { clause: 'B-GAP-3', message: `the 422 does not name the parameter ${name}`, expected: `a message naming ${name}`, received: show(message), exchange: ex });
    });
  },
});
