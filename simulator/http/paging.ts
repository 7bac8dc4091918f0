import type { Context } from 'koa';
import type { Sim } from '../context.ts';
import { invalidField } from './errors.ts';
import { originOf } from './links.ts';
import { parametersRead } from './query.ts';

export interface Page {
  offset: number;
  limit: number;
  /** The page number asked, where the list pages by number (`extensionPaging`). */
  number?: number;
}

export const MAX_LIMIT = 100;

const INTEGER = /^(0|[1-9][0-9]*)$/;

/**
 * Reads the invoice list's offset (integer >= 0, default 0) and page size (integer 1..100,
 * default 20) from the query, under the conventions' names (`offset` and `limit` in the real
 * service). Anything else (negative, fractional, non-numeric, repeated, out of range) is a 422
 * naming the parameter: silently clamping would hide client bugs.
 */
export function readInvoicePage(sim: Sim, ctx: Context, maxLimit = MAX_LIMIT): Page {
  const names = sim.conventions.b.paging;
  // b-page-size-legacy-name-uncapped: older clients page with per_page (page_size where per_page is
  // the current name), still read where the current name is absent, straight into the page.
  const legacyName = names.limit === 'per_page' ? 'page_size' : 'per_page';
  const legacy = ctx.query[legacyName];
  if (sim.faults.has('b-page-size-legacy-name-uncapped') && ctx.query[names.limit] === undefined && typeof legacy === 'string' && INTEGER.test(legacy) && legacy !== '0') {
    return { offset: readInteger(ctx, names.offset, 0, 0, Number.MAX_SAFE_INTEGER), limit: Number(legacy) };
  }
  return {
    offset: readInteger(ctx, names.offset, 0, 0, Number.MAX_SAFE_INTEGER),
    limit: readLimit(sim, ctx, names.limit, names.defaultLimit, maxLimit),
  };
}

function readLimit(sim: Sim, ctx: Context, name: string, fallback: number, maxLimit: number): number {
  // b-limit-zero-unlimited: 0 taken as "no limit", a sentinel that never meets the 1..100 bounds.
  if (sim.faults.has('b-limit-zero-unlimited') && ctx.query[name] === '0') return Number.MAX_SAFE_INTEGER;
  // b-limit-repeated-last-wins: a page size given twice is validated on its first value (as a
  // validator reading the query with searchParams.get does) and applied with its last (as the
  // query builder reading the parsed query does).
  if (sim.faults.has('b-limit-repeated-last-wins') && Array.isArray(ctx.query[name])) {
    const given = ctx.query[name] as string[];
    const first = readInteger(ctx, name, fallback, 1, maxLimit, given[0]);
    const last = Number(given[given.length - 1]);
    return Number.isSafeInteger(last) && last > 0 ? last : first;
  }
  // b-limit-decimal-unbounded: a whole page size written with a zero fraction ("250.0", as
  // spreadsheet-built URLs send it) is read by its whole part in a lenient branch before the
  // strict reader, which alone holds the 1..100 bounds.
  const raw = ctx.query[name];
  // b-limit-bracket-array-unbounded: a qs-style parser makes `name[]` the array of `name`, which the string-only bounds never see; parseInt reads its first value.
  const bracketed = sim.faults.has('b-limit-bracket-array-unbounded') && raw === undefined ? ctx.query[`${name}[]`] : undefined;
  if (bracketed !== undefined) return Number.parseInt(String(Array.isArray(bracketed) ? bracketed[0] : bracketed), 10) || fallback;
  // b-limit-nan-passes-bounds: the bounds compare Number(raw), false either way for NaN, and the page takes parseInt's reading.
  if (sim.faults.has('b-limit-nan-passes-bounds') && typeof raw === 'string' && raw !== '' && !(Number(raw) < 1 || Number(raw) > maxLimit)) return Number.parseInt(raw, 10) || fallback;
  if (sim.faults.has('b-limit-decimal-unbounded') && typeof raw === 'string' && /^[0-9]+\.0+$/.test(raw)) return Number.parseInt(raw, 10) || fallback;
  return readInteger(ctx, name, fallback, 1, maxLimit);
}

/**
 * Reads the page of one of the other lists (extensions): as the invoice list's where the
 * conventions page them alike, else by page number (from 1) and page size (1..100, the
 * invoices' default), read as strictly.
 */
export function readPage(sim: Sim, ctx: Context, maxLimit = MAX_LIMIT): Page {
  const page = readExtensionPage(sim, ctx, maxLimit);
  // Conventions that answer these lists in an envelope: the gate wraps the page's items (enveloped).
  if (sim.conventions.b.extensionListItems !== '$') ctx.state.extensionPage = page;
  // b-extension-lists-unversioned: the list controllers' shared serializer labels the answer without the version (the gate reads the mark).
  if (sim.faults.has('b-extension-lists-unversioned') && ctx.method === 'GET') ctx.state.unversionedList = true;
  return page;
}

function readExtensionPage(sim: Sim, ctx: Context, maxLimit: number): Page {
  const scheme = sim.conventions.b.extensionPaging;
  if (scheme === 'as-invoices') return readInvoicePage(sim, ctx, maxLimit);
  const limit = readInteger(ctx, scheme.pageSize, sim.conventions.b.paging.defaultLimit, 1, maxLimit);
  const number = readInteger(ctx, scheme.page, 1, 1, Math.floor(Number.MAX_SAFE_INTEGER / limit));
  return { offset: (number - 1) * limit, limit, number };
}

/**
 * A page of an extension list (`readPage`) in the conventions' envelope (`extensionListItems`):
 * the items under their member, beside `meta` (the page, counting from 1, and its size). The
 * body as it is when it is no array (an array's bytes, as the job list writes them, are wrapped
 * as bytes).
 */
export function enveloped(body: unknown, member: string, page: Page): unknown {
  const meta = { page: page.number ?? Math.floor(page.offset / page.limit) + 1, page_size: page.limit };
  if (Array.isArray(body)) return { [member]: body, meta };
  if (Buffer.isBuffer(body) && body[0] === 0x5b) return Buffer.concat([Buffer.from(`{${JSON.stringify(member)}:`), body, Buffer.from(`,"meta":${JSON.stringify(meta)}}`)]);
  return body;
}

function readInteger(ctx: Context, name: string, fallback: number, min: number, max: number, raw: string | string[] | undefined = ctx.query[name]): number {
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
export function pageOf<T>(sim: Sim, ctx: Context, items: readonly T[], page: Page, skew = 0): T[] {
  // b-int32-offset-500: the offset bound into a 32-bit query parameter, which overflows past 2^31-1.
  if (page.offset > 2_147_483_647 && sim.faults.has('b-int32-offset-500')) throw new RangeError(`OFFSET ${page.offset} is out of range for type integer`);
  const start = page.offset + skew;
  const slice = items.slice(start, start + page.limit);
  setPageLinks(sim, ctx, page, items.length);
  return slice;
}

/**
 * Sets the `Link` header of the page `page` of a collection of `total` items, for callers that
 * slice the page themselves: each link the list's own parameters (query.ts) with its window.
 * `next` starts where this page ends; `prev` is the window that ends exactly where this page
 * starts (its `limit` shrinks near the start), so walking either way never repeats or skips an
 * item.
 */
export function setPageLinks(sim: Sim, ctx: Context, page: Page, total: number): void {
  const names = sim.conventions.b.paging;
  // Conventions without Link headers leave the client to count (B-GAP-3).
  if (!names.linkHeader) return;
  const links: string[] = [];
  const base = `${originOf(ctx)}${ctx.path}`;
  // Links by offset only: the one convention paging its other lists by number (alt) sets no links.
  if (page.number !== undefined) return;
  // The list's own parameters (its filters and order) as it understood them, wherever it took
  // them from; not the ones it ignored.
  const carried = [...parametersRead(ctx)].filter(([name]) => name !== names.offset && name !== names.limit);
  const link = (offset: number, limit: number, rel: string) => {
    const query = new URLSearchParams(carried);
    query.set(names.offset, String(offset));
    query.set(names.limit, String(limit));
    links.push(`<${base}?${query.toString()}>; rel="${rel}"`);
  };
  if (page.offset + page.limit < total) link(page.offset + page.limit, page.limit, 'next');
  if (page.offset > 0) link(Math.max(0, page.offset - page.limit), Math.min(page.limit, page.offset), 'prev');
  link(0, page.limit, 'first');
  ctx.set('Link', links.join(', '));
}
