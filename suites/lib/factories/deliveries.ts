import type { CheckContext } from '../types.ts';
import type { TargetFixtures } from '../target-types.ts';
import { deleteOnCleanup, type Account } from './removal.ts';

/**
 * A delivery between two of the account's fixture connections, a week between runs, or undefined
 * without two connections to name. Creating one on a real deployment moves data between those
 * connections, so the catalog marks its POST destructive: the run sends it only where it must be
 * refused.
 */
export function weeklyDeliveryBody(name: string, fixtures: TargetFixtures): Record<string, unknown> | undefined {
  const [source, destination] = Object.entries(fixtures.connections ?? {});
  if (!source || !destination) return undefined;
  return {
    name,
    interval_amount: 1,
    interval_unit: 'weeks',
    source: { connection: { type: source[0], id: source[1] }, properties: {} },
    destination: { connection: { type: destination[0], id: destination[1] }, properties: {} },
  };
}

/** A delivery is removed by `DELETE /deliveries/{id}` (the spec's B-DLV-1), read back by id (an extension). */
export function deleteDeliveryOnCleanup(t: CheckContext, id: number, account: Account = 0): void {
  deleteOnCleanup(t, account, `delete delivery ${id} of account ${account + 1}`, `/deliveries/${id}`, `/deliveries/${id}`);
}
