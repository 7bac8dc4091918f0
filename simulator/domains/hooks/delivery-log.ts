import type { AccountState } from '../../store.ts';
import { isoTime } from '../../clock.ts';

/**
 * Every webhook delivery attempt of an account, newest last, bounded to the last
 * `DELIVERY_LOG_LIMIT`. Kept beside the account (not inside it) so that a store reset, which
 * drops the AccountState objects, drops their logs too. Records hold no salt, signature, body
 * or credentials: the control API shows them as they are.
 */
export const DELIVERY_LOG_LIMIT = 100;

export type DeliveryOutcome =
  /** The POST is in flight. */
  | 'pending'
  /** The target answered; `status` holds the HTTP status, whatever it was. */
  | 'response'
  /** No answer: connection refused, DNS failure, TLS failure, timeout. */
  | 'error'
  /** Nothing was sent; `error` says why. */
  | 'not_delivered';

export interface DeliveryAttempt {
  hookId: number;
  hookType: string;
  event: string;
  url: string | null;
  /** 1 for the first try, then each retry. */
  attempt: number;
  outcome: DeliveryOutcome;
  status: number | null;
  error: string | null;
  at: number;
  /** Wall-clock milliseconds until the answer or the failure. */
  latencyMs: number | null;
  /** When the next attempt is due (simulator time), after a failure with attempts left. */
  nextAttemptAt: number | null;
}

const logs = new WeakMap<AccountState, DeliveryAttempt[]>(); // account -> attempts, oldest first
const inFlight = new WeakMap<AccountState, Set<Promise<void>>>(); // account -> POSTs not yet finished

export function recordAttempt(account: AccountState, attempt: DeliveryAttempt): DeliveryAttempt {
  let log = logs.get(account);
  if (!log) logs.set(account, (log = []));
  log.push(attempt);
  if (log.length > DELIVERY_LOG_LIMIT) log.splice(0, log.length - DELIVERY_LOG_LIMIT);
  return attempt;
}

export function deliveryLog(account: AccountState): readonly DeliveryAttempt[] {
  return logs.get(account) ?? [];
}

/** Tracks a POST so that `deliveriesSettled` can wait for it. */
export function trackDelivery(account: AccountState, delivery: Promise<void>): void {
  let pending = inFlight.get(account);
  if (!pending) inFlight.set(account, (pending = new Set()));
  const set = pending;
  set.add(delivery);
  void delivery.finally(() => set.delete(delivery));
}

/** Resolves once every POST started so far for the account has finished (for tests and tools). */
export async function deliveriesSettled(account: AccountState): Promise<void> {
  await Promise.allSettled([...(inFlight.get(account) ?? [])]);
}

/** POSTs of the account still waiting for an answer. */
export function inFlightCount(account: AccountState): number {
  return inFlight.get(account)?.size ?? 0;
}

/** The log as the control API returns it, oldest first. */
export function presentDeliveryLog(account: AccountState): Record<string, unknown>[] {
  return deliveryLog(account).map((a) => ({
    hook_id: a.hookId,
    hook_type: a.hookType,
    event: a.event,
    url: a.url,
    attempt: a.attempt,
    outcome: a.outcome,
    status: a.status,
    error: a.error,
    at: isoTime(a.at),
    latency_ms: a.latencyMs,
    next_attempt_at: a.nextAttemptAt === null ? null : isoTime(a.nextAttemptAt),
  }));
}
