import { walkList, type ListWalk, type WalkOptions } from '../lib/answers.ts';
import { listPagingFor } from '../lib/paging.ts';
import type { Exchange, InterfaceClient, ResolvedTarget } from '../lib/types.ts';
import { B_ENDPOINTS } from './b-endpoints.ts';

/**
 * Walks an interface B list of the catalog to its end as the target pages it (`listPagingFor`), asking for
 * every item where the real service's list leaves some out by default (`everyItemQuery`: its
 * notification list shows only the unread ones unless asked `all=true`, so a notification marked
 * read would vanish from a walk that must find it). A target that refuses that parameter with a
 * 4xx other than 404 (404: the list is not served at all) is walked without it.
 */
export async function walkCatalogList(client: InterfaceClient, target: Pick<ResolvedTarget, 'interfaceB'>, path: string, options: Omit<WalkOptions, 'query'> = {}): Promise<ListWalk | { refused: Exchange }> {
  const names = listPagingFor(target, path);
  const everyItem = B_ENDPOINTS.find((e) => e.method === 'GET' && e.path === path)?.everyItemQuery;
  if (!everyItem) return walkList(client, path, names, options);
  const walked = await walkList(client, path, names, { ...options, query: everyItem });
  if (!('refused' in walked)) return walked;
  const status = walked.refused.response.status;
  return status >= 400 && status < 500 && status !== 404 ? walkList(client, path, names, options) : walked;
}

/** `walkCatalogList` as `listAll` answers: null when the list is not served. */
export async function listCatalog(client: InterfaceClient, target: Pick<ResolvedTarget, 'interfaceB'>, path: string, maxPages?: number): Promise<ListWalk | null> {
  const walked = await walkCatalogList(client, target, path, maxPages === undefined ? {} : { maxPages });
  return 'refused' in walked ? null : walked;
}
