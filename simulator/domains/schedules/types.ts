export type ScheduleStatus = 'enabled' | 'disabled';

export const SCHEDULE_STATUSES: readonly ScheduleStatus[] = ['enabled', 'disabled'];

export type IntervalUnit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';
export const INTERVAL_UNITS: readonly IntervalUnit[] = ['minutes', 'hours', 'days', 'weeks', 'months', 'years'];

export type ReuseClusterStrategy = 'none' | 'self' | 'any';
export const REUSE_CLUSTER_STRATEGIES: readonly ReuseClusterStrategy[] = ['none', 'self', 'any'];

/** A schedule's task, kept in the real service's field names (it is shown as kept). */
export interface ScheduleTask {
  nodes: number;
  /** Whether a cluster the schedule makes is terminated once idle; absent in a state saved before: true. */
  terminate_on_idle?: boolean;
  /** Seconds a cluster the schedule made stays idle before it is terminated; absent: 60. */
  time_to_idle?: number;
  packages: { package_id: number; variables: Record<string, string> }[];
}

/**
 * A schedule, with the fields of the real service's public API docs (resources/schedule.md).
 * Fields marked "absent in a state saved before" are read with the docs' defaults.
 */
export interface Schedule {
  id: number;
  name: string;
  description: string;
  ownerId: number;
  status: ScheduleStatus;
  startAt: number;
  intervalAmount: number;
  intervalUnit: IntervalUnit;
  task: ScheduleTask;
  reuseClusterStrategy: ReuseClusterStrategy;
  /** Whether a run may start while the last one's jobs still run; absent: true. */
  overlap?: boolean;
  /** Whether a job of a run that fails is run again; absent: false. */
  autoRetry?: boolean;
  /** How many times at most a failed job of a run is run again (1 to 5); absent: 3. */
  autoRetryAttempts?: number;
  /**
   * The slot the schedule runs at next (runs.ts), or null when it is disabled. Absent in a state
   * saved before schedules ran: worked out from the moment it is first looked at.
   */
  nextRunAt?: number | null;
  /** Runs so far (slots run and `POST /schedules/{id}/run`); absent: 0. */
  executionCount?: number;
  lastRunAt?: number | null;
  /** The jobs the last run started, which give `last_run_status`. */
  lastRunJobIds?: number[];
  createdAt: number;
  updatedAt: number;
  /** Users watching the schedule (`/schedules/{id}/watchers`); absent in a state saved before: none. */
  watcherIds?: Set<number>;
}

/** The real service's defaults for what a schedule may leave out (its API docs). */
export const SCHEDULE_DEFAULTS = {
  name: 'Untitled',
  status: 'disabled',
  intervalAmount: 1,
  intervalUnit: 'hours',
  reuseClusterStrategy: 'any',
  overlap: true,
  autoRetry: false,
  autoRetryAttempts: 3,
  nodes: 2,
  terminateOnIdle: true,
  timeToIdleSeconds: 60,
} as const;
