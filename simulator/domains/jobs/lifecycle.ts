import type { Job, JobStatus } from './types.ts';

/**
 * The job lifecycle (docs/interface-b.md), derived on read from the job's timestamps and the simulator's
 * clock: no timers. A started job spends fixed times in each phase:
 *
 *   pending 2 s -> queued 3 s -> running 30 s -> completed
 *                                running 18 s -> failed     (package outcome `failed`)
 *
 * A stop request (`DELETE /jobs/{id}`) at any non-terminal moment cuts the run there:
 *
 *   pending_stoppage 2 s -> stopping 3 s -> stopped
 *
 * `completed`, `failed` and `stopped` are terminal. `idle` is a job that was never started.
 */
export const PHASE_MS = {
  pending: 2_000,
  queued: 3_000,
  running: 30_000,
  pending_stoppage: 2_000,
  stopping: 3_000,
} as const;

/** A failing package fails this far into its run; progress freezes there. */
export const FAILURE_POINT = 0.6;

/** Every move a job can make. Each lists the statuses that may directly follow it. */
export const TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  idle: ['pending', 'pending_stoppage'],
  pending: ['queued', 'pending_stoppage'],
  queued: ['running', 'pending_stoppage'],
  running: ['completed', 'failed', 'pending_stoppage'],
  pending_stoppage: ['stopping'],
  stopping: ['stopped'],
  completed: [],
  failed: [],
  stopped: [],
};

export const TERMINAL_STATUSES: ReadonlySet<JobStatus> = new Set<JobStatus>(['completed', 'failed', 'stopped']);

export function isTerminal(status: JobStatus): boolean {
  return TERMINAL_STATUSES.has(status);
}

/**
 * The part of a job the lifecycle reads. `pace` scales every phase (1: the real service's times
 * above; 0.1: ten times faster); a job keeps the pace it was created with.
 */
export type LifecycleInput = Pick<Job, 'createdAt' | 'submittedAt' | 'outcome' | 'stopRequestedAt'> & { pace?: number };

/** A phase's length at the job's pace. */
function phaseMs(job: LifecycleInput, phase: keyof typeof PHASE_MS): number {
  return Math.round(PHASE_MS[phase] * (job.pace ?? 1));
}

export interface TimelineEntry {
  status: JobStatus;
  /** Epoch ms at which the job entered `status`. */
  at: number;
}

/** Where a job stands at one moment. Times are epoch ms, null until they happen. */
export interface JobState {
  status: JobStatus;
  /** 0..1; never decreases; exactly 1 when completed; frozen when failed or stopped. */
  progress: number;
  startedAt: number | null;
  completedAt: number | null;
  failedAt: number | null;
  stoppedAt: number | null;
  /** When the job last changed status. */
  updatedAt: number;
  /** Whole seconds spent running (0 before running). */
  runtimeSeconds: number;
}

/**
 * Every status the job enters, oldest first, with the moment it enters it, including those
 * still in the future. Entries may share a moment (a stop requested the instant a phase began).
 */
export function jobTimeline(job: LifecycleInput): TimelineEntry[] {
  const run = runTimeline(job);
  const stopAt = job.stopRequestedAt;
  if (stopAt === null) return run;
  const before = run.filter((e) => e.at <= stopAt);
  const last = before[before.length - 1];
  // A stop that comes after the end of the run changes nothing: the model never records one.
  if (last && isTerminal(last.status)) return run;
  return [
    ...before,
    { status: 'pending_stoppage', at: stopAt },
    { status: 'stopping', at: stopAt + phaseMs(job, 'pending_stoppage') },
    { status: 'stopped', at: stopAt + phaseMs(job, 'pending_stoppage') + phaseMs(job, 'stopping') },
  ];
}

/** The hook events a job announces before its end. */
export type JobEventBeforeEnd = 'job.submitted' | 'job.started';

/**
 * The events of a job's run before its end, with their moments, oldest first, from its timeline
 * (`jobTimeline`): `job.submitted` when it is started (it enters `pending`), `job.started` when it
 * begins running (a job stopped before that never announces it). Its end (`job.completed`,
 * `job.failed`, `job.stopped`) is the timeline's last entry.
 */
export function jobEventsBeforeEnd(timeline: readonly TimelineEntry[]): { event: JobEventBeforeEnd; at: number }[] {
  const events: { event: JobEventBeforeEnd; at: number }[] = [];
  for (const entry of timeline) {
    if (entry.status === 'pending') events.push({ event: 'job.submitted', at: entry.at });
    if (entry.status === 'running') events.push({ event: 'job.started', at: entry.at });
  }
  return events;
}

/** When the job ended (completed, failed or stopped) as `state` shows it; null while it has not. */
export function endedAt(state: JobState): number | null {
  return state.completedAt ?? state.failedAt ?? state.stoppedAt;
}

/** When the timeline's job becomes terminal, if nothing changes it; Infinity for a job never started. */
export function endOf(timeline: readonly TimelineEntry[]): number {
  const last = timeline.at(-1);
  return last && isTerminal(last.status) ? last.at : Number.POSITIVE_INFINITY;
}

function runTimeline(job: LifecycleInput): TimelineEntry[] {
  if (job.submittedAt === null) return [{ status: 'idle', at: job.createdAt }];
  const pending = job.submittedAt;
  const queued = pending + phaseMs(job, 'pending');
  const running = queued + phaseMs(job, 'queued');
  const end = running + runDurationMs(job);
  return [
    { status: 'pending', at: pending },
    { status: 'queued', at: queued },
    { status: 'running', at: running },
    { status: job.outcome, at: end },
  ];
}

function runDurationMs(job: LifecycleInput): number {
  const running = phaseMs(job, 'running');
  return job.outcome === 'completed' ? running : Math.round(running * FAILURE_POINT);
}

/** The job's status, progress and timestamps at `now`: a pure function of its data. */
export function jobStatusAt(job: LifecycleInput, now: number, timeline: readonly TimelineEntry[] = jobTimeline(job)): JobState {
  const reached = timeline.filter((e) => e.at <= now);
  const current = reached[reached.length - 1] ?? timeline[0] ?? { status: 'idle', at: job.createdAt };
  const when = (status: JobStatus) => reached.find((e) => e.status === status)?.at ?? null;

  const startedAt = when('running');
  // Running stops at the end of the run or at the stop request, whichever came first.
  const runEndCandidates = [when('completed'), when('failed'), when('pending_stoppage'), now].filter((t): t is number => t !== null);
  const runEnd = Math.min(...runEndCandidates);
  const ranMs = startedAt === null ? 0 : Math.max(0, runEnd - startedAt);

  return {
    status: current.status,
    progress: current.status === 'completed' ? 1 : Math.min(1, Math.floor((ranMs / phaseMs(job, 'running')) * 1000) / 1000),
    startedAt,
    completedAt: when('completed'),
    failedAt: when('failed'),
    stoppedAt: when('stopped'),
    updatedAt: Math.max(current.at, job.createdAt),
    runtimeSeconds: Math.floor(ranMs / 1000),
  };
}
