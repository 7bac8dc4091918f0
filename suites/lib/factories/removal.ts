import type { CheckContext, InterfaceClient } from '../types.ts';
import { is2xx } from '../answers.ts';

export type Account = 0 | 1;

/**
 * The one cleanup rule for things a check made that the API can delete (hooks and SSH keys,
 * both through extensions): `DELETE deletePath` must answer 2xx; a 404 counts as "already
 * gone" only when `readPath` (a read the spec lists) answers 404 too (410 Gone, which a
 * deployment may answer for what was deleted, counts as 404 in both). Anything else throws, so
 * the run lists the thing as left behind instead of passing it unnoticed (a target without the
 * DELETE extension lists it too). `client`: the one to delete with, where the thing is another
 * user's than `account`'s key's (member_api_key's SSH key, say); `t.b(account)` unless given.
 */
export function deleteOnCleanup(t: CheckContext, account: Account, label: string, deletePath: string, readPath: string, client?: InterfaceClient): void {
  t.cleanup(label, async () => {
    const by = client ?? t.b(account);
    const ex = await by.delete(deletePath);
    if (is2xx(ex)) return;
    const gone = (status: number) => status === 404 || status === 410;
    if (gone(ex.response.status) && gone((await by.get(readPath)).response.status)) return;
    throw new Error(`DELETE ${deletePath} answered ${ex.response.status}; it is still there`);
  });
}
