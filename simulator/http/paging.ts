import type { Context } from 'koa';
import { invalidField } from './errors.ts';

export interface Page {
  offset: number;
  limit: number;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

const INTEGER = /^(0|[1-9][0-9]*)$/;

/**
 * Reads `offset` (integer >= 0, default 0) and `limit` (integer 1..100, default 20) from the
 * query. Anything else (negative, fractional, non-numeric, repeated, out of range) is a 422
 * naming the parameter: silently clamping would hide client bugs.
 */
export function readPage(ctx: Context, maxLimit = MAX_LIMIT): Page {
  return {
    offset: readInteger(ctx, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
    limit: readInteger(ctx, 'limit', DEFAULT_LIMIT, 1, maxLimit),
  };
}

function readInteger(ctx: Context, name: string, fallback: number, min: number, max: number): number {
  const raw = ctx.query[name];
  if (raw === undefined) return fallback;
  if (Array.isArray(raw)) throw invalidField(name, 'must be given once');
  if (!INTEGER.test(raw)) throw invalidField(name, `must be an integer from ${min} to ${max}`);
  const value = Number(raw);
  if (value < min || value > max) throw invalidField(name, `must be an integer from ${min} to ${max}`);
  return value;
}

/**
 * Slices one page and sets the RFC 8288 `Link` header with `next` / `prev` (and `first`).
 * Slicing an array is O(limit), so a page costs the same whatever the collection's size.
 */
export function pageOf<T>(ctx: Context, items: readonly T[], page: Page, skew = 0): T[] {
  const start = page.offset + skew;
  const slice = items.slice(start, start + page.limit);
  const links: string[] = [];
  const link = (offset: number, rel: string) => {
    const url = new URL(ctx.href);
    url.searchParams.set('offset', String(offset));
    url.searchParams.set('limit', String(page.limit));
    links.push(`<${url.toString()}>; rel="${rel}"`);
  };
  if (page.offset + page.limit < items.length) link(page.offset + page.limit, 'next');
  if (page.offset > 0) link(Math.max(0, page.offset - page.limit), 'prev');
  link(0, 'first');
  ctx.set('Link', links.join(', '));
  return slice;
}
