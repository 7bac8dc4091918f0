import type { CheckContext } from '../types.ts';
import { is2xx, isObject } from '../answers.ts';
import { listCatalog } from '../../catalog/b-lists.ts';
import type { Account } from './removal.ts';

/**
 * The one cleanup rule for connections, which a check may only rename: put the name back. It
 * registers `PUT /connections/{type}/{id}` with the name read from GET /connections (an
 * extension, walked with the target's paging names, up to 20 pages) and returns true; false when
 * the name cannot be read, and the caller then leaves the connection alone rather than risk
 * renaming it for good.
 */
export async function restoreConnectionAfter(t: CheckContext, type: string, id: number, account: Account = 0): Promise<boolean> {
  const list = await listCatalog(t.b(account), t.target, '/connections', 20);
  const found = list?.items.find((c) => isObject(c) && c.id === id);
  const name = isObject(found) ? found.name : undefined;
  if (typeof name !== 'string') return false;
  t.cleanup(`restore the name of ${type} connection ${id} of account ${account + 1}`, async () => {
    const ex = await t.b(account).put(`/connections/${type}/${id}`, { body: { name } });
    if (!is2xx(ex)) throw new Error(`PUT /connections/${type}/${id} answered ${ex.response.status}`);
  });
  return true;
}

