import type { CheckContext } from './types.ts';

/**
 * How long an extension list (GET /deliveries, GET /notifications, ...) may take to show the run's
 * own write: a deployment may serve it from an index that lags the store, and the spec does not
 * say a list shows a write at once. The target document's `interface_b.list_lag_seconds`, else
 * this.
 */
const DEFAULT_LIST_LAG_MS = 5_000;
/** The first wait between two reads; each later one as long as the time waited so far. */
const FIRST_WAIT_MS = 250;

/** How long the target's lists may lag a write: its document's `list_lag_seconds`, else 5 s. */
export function listLagMs(t: CheckContext): number {
  return t.target.interfaceB.listLagMs ?? DEFAULT_LIST_LAG_MS;
}

/** Where a target document says its lists show a write at once, in a message's words. */
export const LISTS_CURRENT_SAID = '(the target document says its lists are current: interface_b.list_lag_seconds 0)';

/**
 * `read` until `done` holds of what it read, for up to the list's lag (`listLagMs`), read again
 * after 250 ms, each wait as long as the time waited so far: a list that is current ends it at
 * its first read. The last read, and whether `done` held of it.
 */
export async function readWithinListLag<T>(t: CheckContext, read: () => Promise<T>, done: (value: T) => boolean): Promise<{ last: T | undefined; held: boolean }> {
  const lagMs = listLagMs(t);
  let last: T | undefined;
  const held = await t.poll(
    async () => {
      last = await read();
      return done(last) ? true : undefined;
    },
    { timeoutMs: lagMs, intervalMs: (elapsed) => Math.min(Math.max(FIRST_WAIT_MS, elapsed), Math.max(lagMs - elapsed, 0)) },
  );
  return { last, held: held === true };
}
