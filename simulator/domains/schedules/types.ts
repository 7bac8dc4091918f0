export type ScheduleStatus = 'enabled' | 'disabled';

export const SCHEDULE_STATUSES: readonly ScheduleStatus[] = ['enabled', 'disabled'];

export type IntervalUnit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';
export const INTERVAL_UNITS: readonly IntervalUnit[] = ['minutes', 'hours', 'days', 'weeks', 'months', 'years'];

export type ReuseClusterStrategy = 'none' | 'self' | 'any';
export const REUSE_CLUSTER_STRATEGIES: readonly ReuseClusterStrategy[] = ['none', 'self', 'any'];

/** A schedule, with the fields of the real service's public API docs (resources/schedule.md). */
export interface Schedule {
  id: number;
  name: string;
  description: string;
  ownerId: number;
  status: ScheduleStatus;
  startAt: number;
  intervalAmount: number;
  intervalUnit: IntervalUnit;
  task: { nodes: number; packages: { package_id: number; variables: Record<string, string> }[] };
  reuseClusterStrategy: ReuseClusterStrategy;
  createdAt: number;
  updatedAt: number;
  /** Users watching the schedule (`/schedules/{id}/watchers`); absent in a state saved before: none. */
  watcherIds?: Set<number>;
}
