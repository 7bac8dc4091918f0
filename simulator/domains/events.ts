import type { Sim } from '../context.ts';
import type { AccountState } from '../store.ts';

/**
 * Emits an account event (e.g. `job.completed`) to the account's active hooks that subscribe to
 * it. `resource` is the wire JSON of the resource, as the API would return it.
 */
// SCAFFOLD: replaced by the hooks domain (webhook delivery).
export function emitEvent(_sim: Sim, _account: AccountState, _event: string, _resource: Record<string, unknown>): void {}
