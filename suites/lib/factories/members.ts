import type { CheckContext } from '../types.ts';
import { idOf, is2xx, userIn } from '../answers.ts';
import { deleteOnCleanup, type Account } from './removal.ts';

/**
 * A member to add, at an address of the reserved `.invalid` domain (RFC 2606): a real deployment
 * sends an invitation that no mail system delivers. Adding a member sends that invitation and
 * cannot be taken back, so the catalog marks `POST /members` destructive: the run sends it only
 * where it must be refused.
 */
export function invitedMemberBody(name: string): Record<string, unknown> {
  return { email: `${name}@disco.invalid`, name, role: 'member' };
}

/** A member is removed by `DELETE /members/{id}` (an extension); the user itself stays, as the real docs say. */
export function removeMemberOnCleanup(t: CheckContext, id: number, account: Account = 0): void {
  deleteOnCleanup(t, account, `remove member ${id} of account ${account + 1}`, `/members/${id}`, `/members/${id}`);
}

/**
 * The id of `account`'s key user (`GET /user`, an extension): a member of the account on any
 * deployment, so a path naming a member can name it without adding one. Undefined when the read
 * is refused or has no integer id.
 */
export async function keyUserId(t: Pick<CheckContext, 'b'>, account: Account): Promise<number | undefined> {
  const ex = await t.b(account).get('/user');
  const id = userIn(ex)?.id;
  return typeof id === 'number' ? id : is2xx(ex) ? idOf(ex) : undefined;
}
