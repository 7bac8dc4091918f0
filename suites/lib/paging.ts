import type { AListPaging, ResolvedTarget } from './types.ts';

/**
 * Interface B's paging parameters. The spec fixes what the invoice offset and page size mean
 * (B-LIM-1, B-LIM-2) but not what they are called (B-GAP-3): the target document names them
 * (`interface_b.paging`), the real service's `offset` and `limit` by default (docs/interface-b.md).
 */
export interface PagingNames {
  offset: string;
  pageSize: string;
}

export const REAL_SERVICE_PAGING: PagingNames = { offset: 'offset', pageSize: 'limit' };

/** The real service's list filters (its API docs: every list takes the first three; jobs, packages and others `status`; notifications `all`; connections and hooks `type`; jobs `package_id`; packages `flow_type`; the searches `q`; members `role` and `email`). */
export const REAL_SERVICE_LIST_FILTERS = ['sort', 'direction', 'since', 'status', 'all', 'type', 'package_id', 'flow_type', 'q', 'role', 'email'] as const;

export function pagingNames(target: Pick<ResolvedTarget, 'interfaceB'>): PagingNames {
  return { ...REAL_SERVICE_PAGING, ...target.interfaceB.paging };
}

/**
 * How a list is paged, as a walk of it asks: by offset (the invoice list's way, `PagingNames`), by
 * page number counted from 1, or not at all (one answer holds every item). The spec names paging
 * for the invoice list only; interface B's other lists are extensions, paged by the invoice list's
 * names unless the target document says otherwise (`interface_b.extension_paging`).
 */
export type ListPagingNames = (PagingNames | PageNumberNames | Unpaged) & ListItemsAt;
/**
 * Where a list's answers keep their items: `items`, a member name or dotted path of an envelope
 * (`$` or absent: the body is the array). Set for the extension lists (`extensionPaging`: the
 * target document's `interface_b.extension_list_items`); the invoice list is an array, as the
 * spec shows it.
 */
export interface ListItemsAt {
  items?: string;
}
export interface PageNumberNames {
  page: string;
  pageSize: string;
}
export interface Unpaged {
  unpaged: true;
}

/** How an extension list of interface B pages (`interface_b.extension_paging`, else as the invoice list: `pagingNames`), and where its answers keep their items (`interface_b.extension_list_items`, a bare array by default). */
export function extensionPaging(target: Pick<ResolvedTarget, 'interfaceB'>): ListPagingNames {
  const declared = target.interfaceB.extensionPaging;
  return { ...(declared ? schemeNames(declared) : pagingNames(target)), items: target.interfaceB.extensionListItems ?? '$' };
}

/** How the interface B list at `path` pages: the invoice list by `pagingNames`, every other by `extensionPaging`. */
export function listPagingFor(target: Pick<ResolvedTarget, 'interfaceB'>, path: string): ListPagingNames {
  return path === '/invoices' ? pagingNames(target) : extensionPaging(target);
}

/** A list paging scheme of the target document (`interface_a.list_paging`, `interface_b.extension_paging`) as a walk's names. */
export function schemeNames(scheme: AListPaging): ListPagingNames {
  if (scheme.by === 'none') return { unpaged: true };
  return scheme.by === 'page' ? { page: scheme.page, pageSize: scheme.size } : { offset: scheme.offset, pageSize: scheme.limit };
}

/** The query of the `index`th page (from 0) of a walk, which starts at item `offset`, of `size` items (left out: the target's default size). */
export function walkPageQuery(names: ListPagingNames, page: { index: number; offset: number; size?: number | undefined }): Record<string, string | number> {
  if ('unpaged' in names) return {};
  const size = page.size === undefined ? {} : { [names.pageSize]: page.size };
  return 'page' in names ? { [names.page]: page.index + 1, ...size } : { [names.offset]: page.offset, ...size };
}

/** The query asking for a page of one item (empty for an unpaged list). */
export function onePageQuery(names: ListPagingNames): Record<string, number> {
  return 'unpaged' in names ? {} : { [names.pageSize]: 1 };
}

/** The query parameters a list's paging uses, for robustness probes and messages. */
export function pagingParameters(names: ListPagingNames): string[] {
  if ('unpaged' in names) return [];
  return 'page' in names ? [names.page, names.pageSize] : [names.offset, names.pageSize];
}

/** How a list pages, in words: `offset and limit`, `page number (page) and page_size`, `no paging`. */
export function describePaging(names: ListPagingNames): string {
  if ('unpaged' in names) return 'no paging (one answer holds every item)';
  return 'page' in names ? `page number (${names.page}, from 1) and ${names.pageSize}` : `${names.offset} and ${names.pageSize}`;
}

/** The query of one page; either part may be left out. */
export function pageQuery(names: PagingNames, page: { offset?: number | string; size?: number | string }): Record<string, string | number> {
  return { ...(page.offset !== undefined ? { [names.offset]: page.offset } : {}), ...(page.size !== undefined ? { [names.pageSize]: page.size } : {}) };
}

/** How a page is written in messages: `start=20&per_page=10`. */
export function describePage(names: PagingNames, page: { offset?: number | string; size?: number | string }): string {
  return Object.entries(pageQuery(names, page)).map(([k, v]) => `${k}=${v}`).join('&');
}
