import type { Sim } from '../../context.ts';

/**
 * Web hook retries, on the simulator's clock: a failed delivery (no answer, or an answer that is
 * not 2xx) is tried again after `RETRY_BACKOFF_MS[n]` of simulator time, up to `MAX_ATTEMPTS`
 * attempts in all. Moving the clock through the control API runs what became due at once; at
 * real time (or `--clock-speed`) a light timer looks every `PUMP_MS` while retries wait. With
 * nothing waiting there is no timer.
 */

/** Attempts in all, the first included. */
export const MAX_ATTEMPTS = 5;

/** Wait before attempt 2, 3, 4, 5: 10 s, doubling (10 s, 20 s, 40 s, 80 s). */
export function retryDelayMs(failedAttempt: number): number {
  return 10_000 * 2 ** (failedAttempt - 1);
}

const PUMP_MS = 200;

interface Retry {
  dueAt: number;
  run: () => void;
}

interface Queue {
  waiting: Retry[];
  timer: NodeJS.Timeout | null;
  /** The simulator was closed: a delivery failing after that is not tried again. */
  stopped: boolean;
}

const queues = new WeakMap<Sim, Queue>();

function queueOf(sim: Sim): Queue {
  let q = queues.get(sim);
  if (!q) queues.set(sim, (q = { waiting: [], timer: null, stopped: false }));
  return q;
}

export function scheduleRetry(sim: Sim, dueAt: number, run: () => void): void {
  const q = queueOf(sim);
  if (q.stopped) return;
  q.waiting.push({ dueAt, run });
  if (!q.timer) {
    q.timer = setInterval(() => runDueRetries(sim), PUMP_MS);
    // A waiting retry never keeps a process alive on its own.
    q.timer.unref();
  }
}

/** Runs every retry whose time has come on the simulator clock. */
export function runDueRetries(sim: Sim): void {
  const q = queueOf(sim);
  const now = sim.clock.now();
  const due = q.waiting.filter((r) => r.dueAt <= now);
  if (due.length === 0) return;
  q.waiting = q.waiting.filter((r) => r.dueAt > now);
  if (q.waiting.length === 0 && q.timer) {
    clearInterval(q.timer);
    q.timer = null;
  }
  for (const r of due) r.run();
}

export function waitingRetries(sim: Sim): number {
  return queues.get(sim)?.waiting.length ?? 0;
}

/** Drops every waiting retry (a store reset: the hooks they were for are gone). */
export function dropRetries(sim: Sim): void {
  const q = queues.get(sim);
  if (!q) return;
  q.waiting = [];
  if (q.timer) clearInterval(q.timer);
  q.timer = null;
}

/**
 * Drops every waiting retry and takes no more (the simulator was closed): a delivery still in
 * flight at close that fails is not tried again, so it cannot reach a later test's receiver.
 */
export function stopRetries(sim: Sim): void {
  dropRetries(sim);
  queueOf(sim).stopped = true;
}
