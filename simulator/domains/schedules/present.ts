import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import { nextRunAt } from './timing.ts';
import type { Schedule } from './types.ts';

/** The fields of the real service's schedule resource; the simulator never runs a task, so there is no last run. */
export function presentSchedule(sim: Sim, schedule: Schedule, links: Links): Record<string, unknown> {
  const next = nextRunAt(schedule, sim.clock.now());
  return {
    id: schedule.id,
    name: schedule.name,
    description: schedule.description,
    owner_id: schedule.ownerId,
    status: schedule.status,
    start_at: presentTime(sim, schedule.startAt),
    next_run_at: next === null ? null : presentTime(sim, next),
    interval_amount: schedule.intervalAmount,
    interval_unit: schedule.intervalUnit,
    task: schedule.task,
    reuse_cluster_strategy: schedule.reuseClusterStrategy,
    last_run_at: null,
    last_run_status: null,
    execution_count: 0,
    created_at: presentTime(sim, schedule.createdAt),
    updated_at: presentTime(sim, schedule.updatedAt),
    url: `${links.api}/schedules/${schedule.id}`,
    html_url: `${links.html}/schedules/${schedule.id}`,
  };
}
