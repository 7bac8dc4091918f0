import type { ResolvedTarget } from './types.ts';

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

/** The query of one page; either part may be left out. */
export function pageQuery(names: PagingNames, page: { offset?: number | string; size?: number | string }): Record<string, string | number> {
  return { ...(page.offset !== undefined ? { [names.offset]: page.offset } : {}), ...(page.size !== undefined ? { [names.pageSize]: page.size } : {}) };
}

/** How a page is written in messages: `start=20&per_page=10`. */
export function describePage(names: PagingNames, page: { offset?: number | string; size?: number | string }): string {
  return Object.entries(pageQuery(names, page)).map(([k, v]) => `${k}=${v}`).join('&');
}
