import type { ParsedUrlQuery } from 'node:querystring';
import { badValue } from '../../http/a-errors.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export interface PipelineListQuery {
  page: number;
  pageSize: number;
  includeArchived: boolean;
}

const POSITIVE = /^[1-9][0-9]*$/;

/**
 * `page` (integer >= 1, default 1), `page_size` (integer >= 1, default 50 or the conventions'; larger values are
 * capped to 100, as the real service does), `include_archived` (`true` | `false`, default false).
 * Anything else (zero, negative, fractional, non-numeric, repeated) is a 400 naming the parameter.
 */
export function readListQuery(query: ParsedUrlQuery, defaultPageSize = DEFAULT_PAGE_SIZE): PipelineListQuery {
  const page = single(query, 'page');
  const size = single(query, 'page_size');
  const archived = single(query, 'include_archived');
  if (page !== undefined && (!POSITIVE.test(page) || !Number.isSafeInteger(Number(page)))) throw badValue([{ field: 'page', message: 'must be an integer of 1 or more' }]);
  if (size !== undefined && !POSITIVE.test(size)) throw badValue([{ field: 'page_size', message: `must be an integer from 1 to ${MAX_PAGE_SIZE} (larger values are capped)` }]);
  if (archived !== undefined && archived !== 'true' && archived !== 'false') throw badValue([{ field: 'include_archived', message: 'must be true or false' }]);
  return {
    page: page === undefined ? 1 : Number(page),
    pageSize: size === undefined ? defaultPageSize : Math.min(MAX_PAGE_SIZE, Number(size)),
    includeArchived: archived === 'true',
  };
}

function single(query: ParsedUrlQuery, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw badValue([{ field: name, message: 'must be given once' }]);
  return value;
}
