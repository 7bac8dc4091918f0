import type { CheckContext, Exchange, InterfaceClient } from '../types.ts';
import { idOf } from '../answers.ts';
import { generateOpenSshKey } from '../arbitraries/ssh-keys.ts';
import { deleteOnCleanup, type Account } from './removal.ts';
import { setupFailed } from './setup.ts';

/**
 * Registers the removal of SSH key `id` of `account`'s user (DELETE /user/keys/{id}, an
 * extension); of another user's, `whose`, with that user's `client` (its keys are its own).
 */
export function deleteSshKeyOnCleanup(t: CheckContext, id: number, account: Account = 0, other?: { client: InterfaceClient; whose: string }): void {
  const label = other ? `delete SSH key ${id} of ${other.whose}` : `delete SSH key ${id} of account ${account + 1}`;
  deleteOnCleanup(t, account, label, `/user/keys/${id}`, `/user/keys/${id}`, other?.client);
}

/** The body of POST /user/keys for a fresh Ed25519 key named `name`. */
export function sshKeyBody(name: string): Record<string, unknown> {
  return { name, public_key: generateOpenSshKey('ed25519', name).line };
}

/** Adds an SSH key to the user of `account` and registers its removal. */
export async function makeSshKey(t: CheckContext, account: Account, base: string): Promise<{ id: number; created: Exchange }> {
  const created = await t.b(account).post('/user/keys', { body: sshKeyBody(t.name(base)) });
  const id = idOf(created);
  if (created.response.status >= 300 || id === undefined) setupFailed(t, `add an SSH key with POST /user/keys in account ${account + 1}`, created);
  deleteSshKeyOnCleanup(t, id, account);
  return { id, created };
}
