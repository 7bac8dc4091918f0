import type { CheckContext, Exchange } from '../types.ts';
import { describeResponse } from '../expect.ts';

/**
 * Stops the check when setting up failed (making what the check needs, not what it verifies):
 * an error on the simulator, where it is a bug; a skip with the reason on other targets, which
 * may take other payloads where the spec leaves them open (hook types, definition documents).
 */
export function setupFailed(t: CheckContext, what: string, ex: Exchange): never {
  const reason = `could not ${what}: ${describeResponse(ex)}`;
  if (t.target.controlUrl !== undefined) throw new Error(reason);
  t.skip(reason);
}
