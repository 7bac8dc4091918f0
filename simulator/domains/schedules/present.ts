import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { presentOptionalTime, presentTime } from '../../http/time.ts';
import { nextRunAt } from './timing.ts';
import { lastRunStatus } from './runs.ts';
import { SCHEDULE_DEFAULTS, type Schedule } from './types.ts';

export function scheduleUrl(links: Links, id: number): string {
  return `${links.api}/schedules/${id}`;
}

/** The fields of the real service's schedule resource (its API docs, resources/schedule.md). */
export function presentSchedule(sim: Sim, account: AccountState, schedule: Schedule, links: Links): Record<string, unknown> {
  const now = sim.clock.now();
  // A schedule from a state saved before schedules ran shows the slot it will be given (due.ts).
  const next = schedule.nextRunAt === undefined ? nextRunAt(schedule, now) : schedule.nextRunAt;
  return {
    id: schedule.id,
    name: schedule.name,
    description: schedule.description,
    owner_id: schedule.ownerId,
    status: schedule.status,
    start_at: presentTime(sim, schedule.startAt),
    next_run_at: presentOptionalTime(sim, next),
    interval_amount: schedule.intervalAmount,
    interval_unit: schedule.intervalUnit,
    task: {
      nodes: schedule.task.nodes,
      terminate_on_idle: schedule.task.terminate_on_idle ?? SCHEDULE_DEFAULTS.terminateOnIdle,
      time_to_idle: schedule.task.time_to_idle ?? SCHEDULE_DEFAULTS.timeToIdleSeconds,
      packages: schedule.task.packages,
    },
    reuse_cluster_strategy: schedule.reuseClusterStrategy,
    overlap: schedule.overlap ?? SCHEDULE_DEFAULTS.overlap,
    auto_retry: schedule.autoRetry ?? SCHEDULE_DEFAULTS.autoRetry,
    auto_retry_attempts: schedule.autoRetryAttempts ?? SCHEDULE_DEFAULTS.autoRetryAttempts,
    last_run_at: presentOptionalTime(sim, schedule.lastRunAt ?? null),
    last_run_status: lastRunStatus(account, schedule, now),
    execution_count: schedule.executionCount ?? 0,
    created_at: presentTime(sim, schedule.createdAt),
    updated_at: presentTime(sim, schedule.updatedAt),
    url: scheduleUrl(links, schedule.id),
    html_url: `${links.html}/schedules/${schedule.id}`,
  };
}
