import type { ParsedUrlQuery } from 'node:querystring';
import { badValue } from '../../http/a-errors.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** A page of an interface A list (the pipelines, the keys): which, and how many to a page. */
export interface ListPage {
  page: number;
  pageSize: number;
}

export interface PipelineListQuery extends ListPage {
  includeArchived: boolean;
}

const POSITIVE = /^[1-9][0-9]*$/;

/**
 * `page` (integer >= 1, default 1) and `page_size` (integer >= 1, default 50 or the conventions'; larger values are
 * capped to 100, as the real service does): every interface A list pages so (gaps.md, "List:").
 * Anything else (zero, negative, fractional, non-numeric, repeated) is a 400 naming the parameter.
 */
export function readPageQuery(query: ParsedUrlQuery, defaultPageSize = DEFAULT_PAGE_SIZE): ListPage {
  const page = single(query, 'page');
  const size = single(query, 'page_size');
  if (page !== undefined && (!POSITIVE.test(page) || !Number.isSafeInteger(Number(page)))) throw badValue([{ field: 'page', message: 'must be an integer of 1 or more' }]);
  if (size !== undefined && !POSITIVE.test(size)) throw badValue([{ field: 'page_size', message: `must be an integer from 1 to ${MAX_PAGE_SIZE} (larger values are capped)` }]);
  return {
    page: page === undefined ? 1 : Number(page),
    pageSize: size === undefined ? defaultPageSize : Math.min(MAX_PAGE_SIZE, Number(size)),
  };
}

/** The pipeline list's: a page (`readPageQuery`), and `include_archived` (`true` | `false`, default false; anything else a 400 naming it). */
export function readListQuery(query: ParsedUrlQuery, defaultPageSize = DEFAULT_PAGE_SIZE): PipelineListQuery {
  const page = readPageQuery(query, defaultPageSize);
  const archived = single(query, 'include_archived');
  if (archived !== undefined && archived !== 'true' && archived !== 'false') throw badValue([{ field: 'include_archived', message: 'must be true or false' }]);
  return { ...page, includeArchived: archived === 'true' };
}

/**
 * One page of `all` (in the list's order) with the paging facts of the answer: `pagination`
 * (`meta` in `alt`, presentList) says the page, its size, and whether another follows. No total:
 * clients page until `has_more` is false.
 */
export function pageOfList<T>(all: readonly T[], page: ListPage, offsetIn32Bits = false): { items: T[]; hasMore: boolean; facts: Record<string, unknown> } {
  const start = listOffset(page, offsetIn32Bits);
  const items = all.slice(start, start + page.pageSize);
  const hasMore = start + page.pageSize < all.length;
  return { items, hasMore, facts: pagingFacts(page, hasMore) };
}

/**
 * Where `page` starts in its list. `offsetIn32Bits` is the fault `a-list-offset-32-bit`: the
 * offset goes to a 32-bit query parameter, so a page past 2^31-1 items throws (a 500).
 */
export function listOffset(page: ListPage, offsetIn32Bits = false): number {
  const start = (page.page - 1) * page.pageSize;
  if (offsetIn32Bits && start > 2_147_483_647) throw new RangeError(`value ${start} is out of range for type integer`);
  return start;
}

/** The paging block of a list answer. */
export function pagingFacts(page: ListPage, hasMore: boolean): Record<string, unknown> {
  return { page: page.page, page_size: page.pageSize, has_more: hasMore, next_page: hasMore ? page.page + 1 : null };
}

function single(query: ParsedUrlQuery, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw badValue([{ field: name, message: 'must be given once' }]);
  return value;
}
