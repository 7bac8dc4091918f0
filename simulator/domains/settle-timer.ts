import type { Sim } from '../context.ts';
import { nextEventDueAt, settleAccount } from './settle.ts';

/**
 * Settles jobs and clusters when their events come (a job submitted, started or ended, a cluster
 * requested, available or terminated), without waiting for a request: the real service fires a
 * hook when the thing happens, so a client that starts a job and waits for the web hook (polling
 * nothing) must get it. Requests still settle their account first (settle.ts), so what a request
 * reads is always settled up to its moment; this timer only does the same earlier.
 *
 * It also keeps that work off the requests: jobs that end while no request comes are settled in
 * slices of `SLICE` per turn of the event loop, instead of all by the next request (206,000 jobs
 * that ended during 40 s without a request held the event loop 1.3 s when the next request
 * settled them; ARCHITECTURE.md, Time).
 *
 * One timer per simulator, armed for the earliest queued event on the simulator clock converted to
 * wall time (a frozen clock arms none: moving it through the control API settles at once, see
 * `settleDueNow`), never sooner than `MIN_GAP_MS` after the last run (jobs ending close together
 * are settled together), and never later than `MAX_WAIT_MS` (a clock moved by code rather than the
 * control API is noticed). Unref'd: it never keeps a process alive.
 */

/** Jobs settled per account per turn of the event loop (about 1.5 ms of work). */
const SLICE = 256;
/** Wall milliseconds between two runs at least: a job's hook fires at most this late. */
const MIN_GAP_MS = 50;
/** Wall milliseconds the timer waits at most before looking again. */
const MAX_WAIT_MS = 60_000;

interface SettleTimer {
  timeout: NodeJS.Timeout | null;
  /** Wall time (Date.now()) the armed timeout fires. */
  firesAt: number;
  /** A chain of slices is under way: it arms the timer again when done. */
  running: boolean;
  lastRun: number;
  /** The simulator was closed: nothing is settled without a request any more. */
  stopped: boolean;
}

const timers = new WeakMap<Sim, SettleTimer>();

function timerOf(sim: Sim): SettleTimer {
  let t = timers.get(sim);
  if (!t) timers.set(sim, (t = { timeout: null, firesAt: Number.POSITIVE_INFINITY, running: false, lastRun: Number.NEGATIVE_INFINITY, stopped: false }));
  return t;
}

/** Wall milliseconds until the simulator clock reaches `due` (Infinity on a frozen clock). */
function wallWait(sim: Sim, due: number): number {
  if (due === Number.POSITIVE_INFINITY || sim.clock.frozen) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.ceil((due - sim.clock.now()) / (sim.clock.speed ?? 1)));
}

function earliestDue(sim: Sim): number {
  let due = Number.POSITIVE_INFINITY;
  const now = sim.clock.now();
  for (const account of sim.store.accounts.values()) due = Math.min(due, nextEventDueAt(account, now));
  return due;
}

/**
 * Makes sure the timer fires by the time an event due at `due` (simulator time) comes; without
 * `due`, by the earliest event queued in any account. Cheap when the timer already fires earlier.
 */
export function settleSoon(sim: Sim, due: number = earliestDue(sim)): void {
  const t = timerOf(sim);
  if (t.running || t.stopped) return;
  const wait = wallWait(sim, due);
  if (wait === Number.POSITIVE_INFINITY) return;
  const firesAt = Math.max(Date.now() + Math.min(wait, MAX_WAIT_MS), t.lastRun + MIN_GAP_MS);
  if (t.timeout && t.firesAt <= firesAt) return;
  if (t.timeout) clearTimeout(t.timeout);
  t.firesAt = firesAt;
  t.timeout = setTimeout(() => {
    t.timeout = null;
    t.firesAt = Number.POSITIVE_INFINITY;
    runSlices(sim);
  }, firesAt - Date.now());
  t.timeout.unref();
}

/**
 * Stops the timer for good (the simulator was closed): a job still running then ends without its
 * hook event, which could otherwise reach a later test's receiver.
 */
export function stopSettling(sim: Sim): void {
  const t = timerOf(sim);
  t.stopped = true;
  if (t.timeout) clearTimeout(t.timeout);
  t.timeout = null;
}

/** Settles every event that has come, in every account, now (the clock was moved). */
export function settleDueNow(sim: Sim): void {
  for (const account of sim.store.accounts.values()) settleAccount(sim, account);
  settleSoon(sim);
}

/** One slice per account; then another turn if any has more due, else the timer for the next event. */
function runSlices(sim: Sim): void {
  const t = timerOf(sim);
  if (t.stopped) return;
  t.running = true;
  t.lastRun = Date.now();
  let more = false;
  for (const account of sim.store.accounts.values()) {
    try {
      if (settleAccount(sim, account, undefined, SLICE)) more = true;
    } catch {
      // Settling never throws in practice (hook deliveries catch their own failures); if it did,
      // a timer must not take the server down. The next request settles the account again and
      // answers with the interface's error object.
    }
  }
  if (more) {
    setImmediate(() => runSlices(sim)).unref();
    return;
  }
  t.running = false;
  // With `--state FILE`: what was settled goes to disk now, not with the next request (which may
  // never come; a crash in between would end the jobs, and send their hooks, a second time).
  // Never rejects: a failed write leaves the accounts for the next request's record.
  if (sim.touched?.size) void sim.saveTouched?.();
  settleSoon(sim);
}
