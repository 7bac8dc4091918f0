import type { CheckContext, Exchange } from '../types.ts';
import { idOf } from '../answers.ts';
import { deleteOnCleanup, type Account } from './removal.ts';
import { setupFailed } from './setup.ts';

/**
 * An inactive web hook addressed to a reserved domain: it never fires, so creating it has no
 * effect outside the account. Hook types and settings are not in the spec; these are the real
 * service's (docs/interface-b.md).
 */
export function inactiveWebHookBody(name: string): Record<string, unknown> {
  return { type: 'web', name, settings: { url: 'https://example.invalid/disco-hook' }, events: ['job.completed'], active: false };
}

/** Registers the removal of hook `id` of `account` (DELETE /hooks/{id}, an extension). */
export function deleteHookOnCleanup(t: CheckContext, id: number, account: Account = 0): void {
  deleteOnCleanup(t, account, `delete hook ${id} of account ${account + 1}`, `/hooks/${id}`, `/hooks/${id}`);
}

/** Creates an inactive web hook in `account` and registers its removal. */
export async function makeHook(t: CheckContext, account: Account, base: string): Promise<{ id: number; created: Exchange }> {
  const created = await t.b(account).post('/hooks', { body: inactiveWebHookBody(t.name(base)) });
  const id = idOf(created);
  if (created.response.status >= 300 || id === undefined) setupFailed(t, `create a web hook with POST /hooks in account ${account + 1}`, created);
  deleteHookOnCleanup(t, id, account);
  return { id, created };
}
