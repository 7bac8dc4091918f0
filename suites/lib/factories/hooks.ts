import type { CheckContext, Exchange, InterfaceClient, ResolvedInterfaceB } from '../types.ts';
import { idOf, is2xx } from '../answers.ts';
import { deleteOnCleanup, type Account } from './removal.ts';
import { setupFailed } from './setup.ts';

/**
 * An inactive hook: it never fires, so creating it has no effect outside the account. Hook types,
 * settings and event kinds are not in the spec: the target document's first hook
 * (`interface_b.hook`, or the first of `interface_b.hooks`) where it gives one, subscribed to its
 * first event kind; else the real service's web hook (docs/interface-b.md), addressed to a
 * reserved domain. Only B-HOOK-1 and B-HOOK-2 make a hook of every declared type.
 */
export function inactiveHookBody(b: ResolvedInterfaceB, name: string): Record<string, unknown> {
  const declared = b.hooks?.[0];
  if (declared) return { type: declared.type, name, settings: structuredClone(declared.settings), events: declared.events.slice(0, 1), active: false };
  return { type: 'web', name, settings: { url: 'https://example.invalid/disco-hook' }, events: ['job.completed'], active: false };
}

/** Registers the removal of hook `id` of `account` (DELETE /hooks/{id}, an extension). */
export function deleteHookOnCleanup(t: CheckContext, id: number, account: Account = 0): void {
  deleteOnCleanup(t, account, `delete hook ${id} of account ${account + 1}`, `/hooks/${id}`, `/hooks/${id}`);
}

/**
 * POSTs an inactive hook (`inactiveHookBody`) to `account` with `client` (its api_key's by
 * default; another user's key of the account may make it too) and registers the removal of the
 * hook made, if one was: the answer, the id made (undefined where none was) and the hook's type.
 */
export async function tryMakeHook(t: CheckContext, account: Account, base: string, client: InterfaceClient = t.b(account)): Promise<{ id: number | undefined; created: Exchange; type: string }> {
  const body = inactiveHookBody(t.target.interfaceB, t.name(base));
  const created = await client.post('/hooks', { body });
  const id = is2xx(created) ? idOf(created) : undefined;
  if (id !== undefined) deleteHookOnCleanup(t, id, account);
  return { id, created, type: String(body.type) };
}

/** Creates an inactive hook (`inactiveHookBody`) in `account` and registers its removal; a hook not made fails the setup. */
export async function makeHook(t: CheckContext, account: Account, base: string): Promise<{ id: number; created: Exchange }> {
  const { id, created, type } = await tryMakeHook(t, account, base);
  if (id === undefined) setupFailed(t, `create a ${type} hook with POST /hooks in account ${account + 1}`, created);
  return { id, created };
}
