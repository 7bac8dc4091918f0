import type { CheckContext } from './types.ts';
import { describeResponse } from './expect.ts';
import { aRoute, aSend, listItemsOf } from '../catalog/a-requests.ts';
import { listFilter, pagesWithRoomAfter, statedMorePages, walkAList } from '../catalog/a-lists.ts';

/** Interface A's lists of an account's own records, and what each holds, as a note words it. */
const OWN_LISTS = {
  'pipelines.list': { what: 'pipeline', kind: 'pipelines' },
  'keys.list': { what: 'key', kind: 'keys' },
} as const;

/**
 * X-ISO-1 on what account 2's list (its pipelines, its keys) says of further pages: a fact of
 * account 2's records alone. A list whose page query filters by account while the count behind
 * its "more" (has_more, next_page) is taken over every account tells account 2 that others have
 * records: its page holding its last one says there are more, and the page after it holds none.
 * Account 2's list is read whole (walkAList: archived pipelines too where the target takes the
 * filter), N items; then, with the same filter and in the target's paging
 * (`interface_a.list_paging`, the names the target document gives), the page holding its last one
 * with room for one more (`pagesWithRoomAfter`: page 1 of N + 1 up to 100, or offset N - 1 and
 * limit 2). That page may say there are more only where the page after it holds something. With
 * room to spare, a list that is off by one at the exact end of a page is no tell. Where the answer
 * says nothing of more pages (`statedMorePages`: the envelope is the target's), the list does not
 * page, or account 2 has no key or no record, noted (`when` says at which point of the check): the
 * check's other parts verify the clause. 2 or 3 requests beyond the walk (1 page).
 */
export async function expectOwnPagingOwnOnly(t: CheckContext, operation: keyof typeof OWN_LISTS, when = ''): Promise<void> {
  if (aRoute(t, operation) === null || t.target.a[1]?.adminKey === undefined) return;
  const { what, kind } = OWN_LISTS[operation];
  const unseen = (why: string) => t.note(`whether account 2's ${what} list counts only its own ${what}s in what it says of further pages was not seen${when}: ${why}`);
  const walked = await walkAList(t, t.a(1), operation);
  if ('refused' in walked) return unseen(`its list answered ${describeResponse(walked.refused)}`);
  if (!walked.complete) return unseen(`its list was not read whole (${walked.incomplete})`);
  if (walked.items.length === 0) return unseen(`account 2 lists no ${what}`);
  const pages = pagesWithRoomAfter(t, walked.items.length - 1);
  if (pages === undefined) return unseen('the target document says the list does not page (interface_a.list_paging)');
  // The walk's own filter (listFilter: archived pipelines too), unless the target refused it there.
  const filter: Record<string, string> = walked.caveat === undefined ? (listFilter(operation) ?? {}) : {};
  const query = { ...filter, ...pages.holding };
  const holding = await aSend(t, t.a(1), operation, { query });
  const shown = holding.response.status === 200 ? listItemsOf(t, kind, holding.json) : undefined;
  if (shown === undefined) return unseen(`the page holding its last ${what} answered ${describeResponse(holding)}`);
  const more = statedMorePages(holding.json);
  if (more === undefined) return unseen(`the page holding its last ${what} says nothing of further pages (no has_more or next_page in its answer)`);
  if (!more) return;
  const after = await aSend(t, t.a(1), operation, { query: { ...filter, ...pages.after } });
  const next = after.response.status === 200 ? listItemsOf(t, kind, after.json) : undefined;
  if (next === undefined) return unseen(`its page holding its last ${what} says there are more, and the page after it answered ${describeResponse(after)}`);
  const where = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  t.expect.that(next.length > 0, {
    clause: 'X-ISO-1',
    message: `account 2's ${what} list${when}, read whole, holds ${walked.items.length} ${what}(s); its page ?${where} (${shown.length} of them, room for one more) says there are more pages, and the page after it holds none: what the list says of further pages counts ${what}s that are not account 2's (another account's)`,
    expected: `no further pages stated beyond account 2's own ${what}s`,
    received: describeResponse(holding),
    exchange: holding,
  });
}
