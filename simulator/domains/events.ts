import type { Sim } from '../context.ts';
import type { AccountState } from '../store.ts';
import { deliver } from './hooks/delivery.ts';
import { subscribesTo } from './hooks/events.ts';

/**
 * Emits an account event (e.g. `job.completed`) to the account's active hooks that subscribe to
 * it, directly or through its family (`job`, `cluster`). `resource` gives the wire JSON of the
 * resource, as the API would return it (made only when some hook hears the event: most jobs start
 * and end with nobody listening); web hooks receive it as the POST body. Called from the request
 * path (settling on read), so it never throws and never waits for a delivery.
 */
export function emitEvent(sim: Sim, account: AccountState, event: string, resource: () => Record<string, unknown>): void {
  let body: Record<string, unknown> | undefined;
  // b-hook-dispatch-every-account: the dispatcher's query of subscribed hooks lost its account
  // condition, so every account's active subscribed hooks hear this account's event.
  const holders = sim.faults.has('b-hook-dispatch-every-account') ? [...sim.store.accounts.values()] : [account];
  for (const holder of holders) for (const hook of holder.hooks.values()) {
    if (!hook.active || !subscribesTo(hook.events, event)) continue;
    try {
      body ??= resource();
      deliver(sim, holder, hook, event, body);
    } catch {
      // A hook that cannot be delivered to must not fail the request that caused the event.
    }
  }
}
