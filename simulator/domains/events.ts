import type { Sim } from '../context.ts';
import type { AccountState } from '../store.ts';
import { deliver } from './hooks/delivery.ts';
import { subscribesTo } from './hooks/events.ts';

/**
 * Emits an account event (e.g. `job.completed`) to the account's active hooks that subscribe to
 * it, directly or through its family (`job`, `cluster`). `resource` is the wire JSON of the
 * resource, as the API would return it; web hooks receive it as the POST body. Called from the
 * request path (settling on read), so it never throws and never waits for a delivery.
 */
export function emitEvent(sim: Sim, account: AccountState, event: string, resource: Record<string, unknown>): void {
  for (const hook of account.hooks.values()) {
    if (!hook.active || !subscribesTo(hook.events, event)) continue;
    try {
      deliver(sim, account, hook, event, resource);
    } catch {
      // A hook that cannot be delivered to must not fail the request that caused the event.
    }
  }
}
