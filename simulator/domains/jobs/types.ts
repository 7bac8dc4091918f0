export type JobStatus =
  | 'idle'
  | 'pending'
  | 'queued'
  | 'running'
  | 'completed'
  | 'failed'
  | 'pending_stoppage'
  | 'stopping'
  | 'stopped';

export const JOB_STATUSES: readonly JobStatus[] = [
  'idle',
  'pending',
  'queued',
  'running',
  'completed',
  'failed',
  'pending_stoppage',
  'stopping',
  'stopped',
];

export interface Job {
  id: number;
  ownerId: number;
  clusterId: number;
  packageId: number;
  variables: Record<string, string>;
  dynamicVariables: Record<string, string>;
  createdAt: number;
  /**
   * When the job was started (it enters `pending` then), or null for a job that exists but was
   * never started: it stays `idle` (only the `b-job-not-started` fault makes such jobs).
   */
  submittedAt: number | null;
  /** How the run ends if nobody stops it. */
  outcome: 'completed' | 'failed';
  /** Its phases' lengths as a fraction of the real service's (the simulator's `jobPace` when it was created). */
  pace: number;
  /** When `DELETE /jobs/{id}` asked the job to stop, or null. */
  stopRequestedAt: number | null;
  /** User ids subscribed to the job's notifications. The creator watches by default. */
  watcherIds: Set<number>;
  /**
   * Watchers listed but not notified: written only by the `b-watch-listed-not-notified` fault (a
   * watch whose notify flag is off). Absent on every other job.
   */
  silentWatcherIds?: Set<number>;
  /**
   * Whom the run notifies at its end, taken along from the watchers when it started running:
   * written only by the `b-watch-while-running-not-notified` fault. Absent on every other job.
   */
  runRecipientIds?: Set<number>;
  /** Set once the job's terminal status has been observed and its watchers notified. */
  settled: boolean;
  /**
   * The moment up to which the job's events before its end (`job.submitted`, `job.started`) have
   * been announced to hooks; null: none yet. Absent on a job from a state file written before the
   * simulator announced them: such a job announces only its end, never a start twice.
   */
  announcedUntil?: number | null;
  /**
   * Set on a job a schedule's run started (schedules/runs.ts): which schedule, which attempt (0
   * the first, then each automatic retry of a failure) and how many retries the schedule allows
   * (null: none). Absent on a job started through `POST /jobs`.
   */
  createdBy?: { scheduleId: number; attempt: number; maxAttempts: number | null };
}

/**
 * What `GET /jobs/{id}` may be asked to `include`: the real docs' `log_summary`, and the vendor's
 * Java client's `cluster` and `package`, which every job here carries anyway.
 */
export const JOB_INCLUDES = ['log_summary', 'cluster', 'package'] as const;
