import type { CheckContext, ResolvedTarget } from './types.ts';
import { STATUSES_BEFORE_RUNNING } from './job-statuses.ts';

/**
 * How long checks wait on a job in real time, on a target without the control API: the target
 * document's `interface_b.job_start_seconds` and `job_end_seconds`, else bounds generous for the
 * real service (its runs take about 35 s). A deployment whose jobs queue or run longer gives its
 * own, so a slow job is neither a failure (B-JOB-1) nor a clause left unverified (B-JOB-3).
 */
const DEFAULT_JOB_START_MS = 60_000;
const DEFAULT_JOB_END_MS = 120_000;

/** How long a created job may answer `idle` before B-JOB-1 calls it not started. */
export function jobStartMs(target: Pick<ResolvedTarget, 'interfaceB'>): number {
  return target.interfaceB.jobStartMs ?? DEFAULT_JOB_START_MS;
}

/** How long a started job of the fixture package may take to end. */
export function jobEndMs(target: Pick<ResolvedTarget, 'interfaceB'>): number {
  return target.interfaceB.jobEndMs ?? DEFAULT_JOB_END_MS;
}

/** What a message about a slow job tells the operator to set. */
export function jobTimingHint(field: 'job_start_seconds' | 'job_end_seconds'): string {
  return `(a deployment whose jobs take longer gives its time as interface_b.${field} in the target document)`;
}

/** Steps of the control API's clock that bring any job of the fixture package to its end: the simulator's longest run is 35 s. */
export const CLOCK_STEPS_TO_JOB_END_MS: readonly number[] = [60_000, 60_000, 60_000];

/**
 * Reads a job's status (`read`: the status, undefined while none is shown, or 'unreadable') every
 * 100 ms, for as long as the target document gives a job to start (real time), until it is past
 * the statuses before running. Returns that status, 'unreadable', or undefined where the job never
 * got past them.
 */
export async function pollPastStart(t: CheckContext, read: () => Promise<string | undefined>): Promise<string | undefined> {
  return t.poll(async () => {
    const status = await read();
    return status === undefined || STATUSES_BEFORE_RUNNING.has(status) ? undefined : status;
  }, { timeoutMs: jobStartMs(t.target), intervalMs: 100 });
}
