import type { Context } from 'koa';
import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import type { User } from '../users/types.ts';
import { invalidField } from '../../http/errors.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { carryParameter, queryValue } from '../../http/query.ts';
import type { Direction } from './list-order.ts';
import { parseSearchQuery, searchItems, type SearchSpec } from './search.ts';

/** What a searchable collection offers its search route. */
export interface Searchable<T extends { id: number }> {
  /** What the caller may find: the account's, or for keys its user's. */
  items(account: AccountState, user: User): Iterable<T>;
  spec(sim: Sim, account: AccountState): SearchSpec<T>;
  /**
   * The `sort` values the docs give this search besides `relevance`, each with its key (`created`
   * too), as things stand now: the list's own sort keys (its `ListSorts`) and what the search adds.
   */
  sorts(sim: Sim): Readonly<Record<string, (item: T) => number | string>> & { created: (item: T) => number | string };
  /** The docs' default direction for this search. */
  direction: Direction;
  present(sim: Sim, account: AccountState, item: T, links: Links): unknown;
}

/**
 * `GET {path}` (`/jobs/search`, ...), the real service's search (shared/search.ts): `q`
 * required, `sort` (relevance by default, and "if the specified parameter is wrong", as the docs
 * say), `direction`; from the query string or, as the docs' curl examples send them, a JSON body.
 * Paged with offset and limit as the lists are. Register it before `{collection}/:id`, which would
 * take `search` for an id.
 */
export function registerSearchRoute<T extends { id: number }>(router: BRouteTable, sim: Sim, path: string, searchable: Searchable<T>): void {
  router.get(path, async (ctx) => {
    const { account, user, links } = ctx.state;
    const body = await readJsonObject(ctx, sim.options.bodyLimitBytes);
    const q = parameter(ctx, body, 'q');
    if (q === undefined || q.trim() === '') throw invalidField('q', 'is required: the search terms');
    const sort = parameter(ctx, body, 'sort');
    const direction = parameter(ctx, body, 'direction');
    if (direction !== undefined && direction !== 'asc' && direction !== 'desc') throw invalidField('direction', 'must be asc or desc');
    const spec = searchable.spec(sim, account);
    const terms = parseSearchQuery(q, spec);
    const page = readPage(sim, ctx);
    const keys = searchable.sorts(sim);
    const known = sort !== undefined && Object.hasOwn(keys, sort);
    // A sort the search does not know is relevance, as no sort is: the links leave it out.
    if (!known) carryParameter(ctx, 'sort', undefined);
    const found = searchItems(searchable.items(account, user), terms, spec, {
      sort: known ? sort : null,
      direction: direction ?? searchable.direction,
      keys,
    });
    ctx.body = pageOf(sim, ctx, found, page).map((item) => searchable.present(sim, account, item, links));
  });
}

/**
 * A search parameter from the query string (given once), else from the body (a string). The
 * paging links carry a body's value in their query, so that following one searches the same.
 */
function parameter(ctx: Context, body: Record<string, unknown>, name: string): string | undefined {
  const fromQuery = queryValue(ctx, name);
  if (fromQuery !== undefined) return fromQuery;
  const fromBody = body[name];
  if (fromBody === undefined || fromBody === null) return undefined;
  if (typeof fromBody !== 'string') throw invalidField(name, 'must be a string');
  carryParameter(ctx, name, fromBody);
  return fromBody;
}
