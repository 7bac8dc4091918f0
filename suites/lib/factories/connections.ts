import type { CheckContext, Exchange } from '../types.ts';
import { is2xx, isObject, pageListing, serves, type JsonObject } from '../answers.ts';
import { listCatalog } from '../../catalog/b-lists.ts';
import type { Account } from './removal.ts';

/**
 * Whether a GET /connections item is the connection `ref`: its id, and its type where the item
 * gives one (ids may be numbered per type), in any letter case (the spec fixes no spelling of the
 * list's, an extension's, answer).
 */
function isConnection(item: unknown, ref: { type: string; id: number }): boolean {
  return isObject(item) && item.id === ref.id && (item.type === undefined || (typeof item.type === 'string' && item.type.toLowerCase() === ref.type.toLowerCase()));
}

/**
 * The one cleanup rule for connections, which a check may only rename: put the name back. It
 * registers `PUT /connections/{type}/{id}` with the name read from GET /connections (an
 * extension, walked with the target's paging names, up to 20 pages) and returns true; false when
 * the name cannot be read (or told: the id twice in a list without types), and the caller then
 * leaves the connection alone rather than risk renaming it for good.
 */
export async function restoreConnectionAfter(t: CheckContext, type: string, id: number, account: Account = 0): Promise<boolean> {
  const list = await listCatalog(t.b(account), t.target, '/connections', 20);
  // Ids may be numbered per type (mysql 1 and sftp 1): the type must match too, and where the
  // list names no types and shows the id twice, whose name it is cannot be told.
  const found = list?.items.filter((c) => isConnection(c, { type, id })) ?? [];
  const name = found.length === 1 && isObject(found[0]) ? found[0].name : undefined;
  if (typeof name !== 'string') return false;
  t.cleanup(`restore the name of ${type} connection ${id} of account ${account + 1}`, async () => {
    const ex = await t.b(account).put(`/connections/${type}/${id}`, { body: { name } });
    if (!is2xx(ex)) throw new Error(`PUT /connections/${type}/${id} answered ${ex.response.status}`);
  });
  return true;
}


/**
 * A connection as account `account` sees it now, and the answer showing it, through an extension
 * read: GET /connections/{type}/{id}, else found in the GET /connections list (of its type, where
 * the list says: ids may be numbered per type). Null where neither shows it.
 */
export async function readConnection(t: CheckContext, ref: { type: string; id: number }, account: Account = 0): Promise<{ connection: JsonObject; ex: Exchange } | null> {
  const one = await serves(t.b(account), `/connections/${ref.type}/${ref.id}`);
  if (one && isObject(one.json) && one.json.id === ref.id) return { connection: one.json, ex: one };
  const all = await listCatalog(t.b(account), t.target, '/connections', 20);
  if (!all) return null;
  const found = all.items.find((c) => isConnection(c, ref));
  const ex = pageListing(all, (c) => c === found);
  return isObject(found) && ex ? { connection: found, ex } : null;
}
