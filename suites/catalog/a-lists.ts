import type { AListPaging, CheckContext, Exchange, InterfaceClient } from '../lib/types.ts';
import { isObject, routeMissing } from '../lib/answers.ts';
import { aSend, listItemsOf } from './a-requests.ts';
import { A_CONVENTIONS } from './a-endpoints.ts';

/**
 * Reading an interface A list (the pipelines, or the keys of the simulator's key management,
 * A-GAP-4) whole, on a target whose paging the spec does not fix. The real service's convention
 * (gaps.md, docs/interface-a.md) is `page` and `page_size`, at most 100 to a page, with a
 * pagination block; its clients page until a page is short or empty. A short page proves the end
 * only where the page size is known, so the walk asks pages until the answer's
 * `pagination.has_more` (or `next_page`) says there are no more, or a page comes back empty. A
 * page that holds only items of earlier pages means the target does not page so: what lies past
 * the first page cannot be read, and the walk says so. A target document may say the lists page
 * by offset and limit, or not at all (`interface_a.list_paging`).
 */

const PAGE_SIZE = 100;

/** The query asking for the page after `read` items (page `page`), in the target's paging. */
function pageQuery(paging: AListPaging, page: number, read: number): Record<string, string | number> {
  if (paging.by === 'page') return { [paging.page]: page, [paging.size]: PAGE_SIZE };
  if (paging.by === 'offset') return { [paging.offset]: read, [paging.limit]: PAGE_SIZE };
  return {};
}

/** The query of a list's first page of 100 in the target's paging (`interface_a.list_paging`), no filter. */
export function firstPageQuery(t: Pick<CheckContext, 'target'>): Record<string, string | number> {
  return pageQuery(t.target.interfaceA.listPaging ?? A_CONVENTIONS.listPaging, 1, 0);
}

/**
 * The query of a list's second page of one item (the item after the first) in the target's
 * paging: a page past the first, which a deployment may serve otherwise than the first (a
 * replica, a cursor service). Undefined for a list that does not page.
 */
export function laterPageQuery(t: Pick<CheckContext, 'target'>): Record<string, number> | undefined {
  const paging = t.target.interfaceA.listPaging ?? A_CONVENTIONS.listPaging;
  if (paging.by === 'page') return { [paging.page]: 2, [paging.size]: 1 };
  if (paging.by === 'offset') return { [paging.offset]: 1, [paging.limit]: 1 };
  return undefined;
}

export interface AListWalk {
  items: unknown[];
  /** The walk reached the end the target's answers state or show: nothing was left out. */
  complete: boolean;
  /** Why the walk is not complete. */
  incomplete?: string;
  /** What the walk could not ask for (its filter refused): worth a note, no gap in the walk. */
  caveat?: string;
  exchanges: Exchange[];
}

const LISTS = {
  'pipelines.list': { kind: 'pipelines', filter: { include_archived: 'true' } },
  'keys.list': { kind: 'keys', filter: {} },
} as const;

/**
 * The filter the list under `operation` is read with besides its paging (the pipeline list's
 * `include_archived=true`; none for the key list), or undefined where it has none. A deployment
 * may serve a filtered list from another store than the plain one (an archive, a search index),
 * authenticated apart.
 */
export function listFilter(operation: keyof typeof LISTS): Record<string, string> | undefined {
  const filter: Record<string, string> = { ...LISTS[operation].filter };
  return Object.keys(filter).length > 0 ? filter : undefined;
}

/**
 * Every item `client`'s account lists under `operation`; the pipeline list with archived ones too
 * where the target takes `include_archived=true` (a target that refuses that parameter with a 4xx
 * other than a missing route has no such filter, and is walked without it). `refused` with the
 * answer when a page gives no items where the target document says.
 */
export async function walkAList(t: Pick<CheckContext, 'target'>, client: InterfaceClient, operation: keyof typeof LISTS, maxPages = 20): Promise<AListWalk | { refused: Exchange }> {
  const { kind } = LISTS[operation];
  let extra: Record<string, string> = { ...LISTS[operation].filter };
  let caveat: string | undefined;
  const items: unknown[] = [];
  const exchanges: Exchange[] = [];
  const seen = new Set<string>();
  const paging: AListPaging = t.target.interfaceA.listPaging ?? A_CONVENTIONS.listPaging;
  for (let page = 1; page <= maxPages; page++) {
    let ex = await aSend(t, client, operation, { query: { ...extra, ...pageQuery(paging, page, items.length) } });
    if (page === 1 && Object.keys(extra).length > 0 && ex.response.status >= 400 && ex.response.status < 500 && !routeMissing(ex)) {
      caveat = `GET of the list with ${new URLSearchParams(extra).toString()} answered ${ex.response.status}, so it was read without that parameter`;
      extra = {};
      ex = await aSend(t, client, operation, { query: pageQuery(paging, page, items.length) });
    }
    exchanges.push(ex);
    const got = ex.response.status === 200 ? listItemsOf(t, kind, ex.json) : undefined;
    if (!got) return { refused: ex };
    const keys = got.map(identity);
    if (page > 1 && got.length > 0 && keys.every((k) => seen.has(k))) {
      return walk(items, exchanges, caveat, `page ${page} held only ${kind} of earlier pages: the target does not page by ${paging.by === 'page' ? paging.page : paging.by === 'offset' ? paging.offset : 'page'}=, so the list past its first page could not be read (interface_a.list_paging says how it pages)`);
    }
    items.push(...got);
    for (const k of keys) seen.add(k);
    // An unpaged list holds every item in its one answer.
    if (paging.by === 'none' || morePages(ex.json) === false || got.length === 0) return walk(items, exchanges, caveat);
  }
  return walk(items, exchanges, caveat, `the list is longer than the ${maxPages} pages of ${PAGE_SIZE} read`);
}

/** Every pipeline `client`'s account lists, archived ones too where the target takes the filter (`walkAList`). */
export function walkPipelineList(t: Pick<CheckContext, 'target'>, client: InterfaceClient, maxPages = 20): Promise<AListWalk | { refused: Exchange }> {
  return walkAList(t, client, 'pipelines.list', maxPages);
}

function walk(items: unknown[], exchanges: Exchange[], caveat: string | undefined, incomplete?: string): AListWalk {
  return { items, complete: incomplete === undefined, ...(incomplete === undefined ? {} : { incomplete }), ...(caveat === undefined ? {} : { caveat }), exchanges };
}

/** What the answer's pagination block says of further pages: true, false, or nothing. */
export function morePages(body: unknown): boolean | undefined {
  const pagination = isObject(body) ? body.pagination : undefined;
  if (!isObject(pagination)) return undefined;
  if (typeof pagination.has_more === 'boolean') return pagination.has_more;
  if ('next_page' in pagination) return pagination.next_page !== null;
  return undefined;
}

/**
 * What an answer says of further pages wherever it says it: the simulator's `pagination` block
 * (`morePages`) first, else a `has_more` (boolean), `next_page` or `next` (null: none) member at
 * the top of the answer or in one of its objects (`meta`, `links`, `page_info`: the envelope is
 * the deployment's, the spec shows none). Nothing: undefined.
 */
export function statedMorePages(body: unknown): boolean | undefined {
  const said = morePages(body);
  if (said !== undefined || !isObject(body)) return said;
  for (const node of [body, ...Object.values(body).filter(isObject)]) {
    if (typeof node.has_more === 'boolean') return node.has_more;
    for (const name of ['next_page', 'next']) if (name in node) return node[name] !== null && node[name] !== undefined && node[name] !== false && node[name] !== '';
  }
  return undefined;
}

/**
 * The query of the page of the list that holds item `last` (0-based) with room for one item more
 * after it, and the page after that one, in the target's paging (`interface_a.list_paging`): page
 * `floor(last / size) + 1` of `size` (`last + 2` items, at most 100), or offset `last` and limit 2.
 * Undefined for a list that does not page.
 */
export function pagesWithRoomAfter(t: Pick<CheckContext, 'target'>, last: number): { holding: Record<string, number>; after: Record<string, number> } | undefined {
  const paging = t.target.interfaceA.listPaging ?? A_CONVENTIONS.listPaging;
  if (paging.by === 'offset') return { holding: { [paging.offset]: last, [paging.limit]: 2 }, after: { [paging.offset]: last + 2, [paging.limit]: 2 } };
  if (paging.by !== 'page') return undefined;
  const size = Math.min(last + 2, PAGE_SIZE);
  const page = Math.floor(last / size) + 1;
  return { holding: { [paging.page]: page, [paging.size]: size }, after: { [paging.page]: page + 1, [paging.size]: size } };
}

/** An item's id where it has one, else the whole item: what tells a repeated page. */
function identity(item: unknown): string {
  return isObject(item) && item.id !== undefined ? `id:${JSON.stringify(item.id)}` : JSON.stringify(item);
}
