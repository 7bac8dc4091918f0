import type { Sim } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { AccountState } from '../../store.ts';
import type { User } from '../users/types.ts';
import { newestFirst } from '../shared/ordering.ts';
import type { ListSorts } from '../shared/list-order.ts';
import type { ScheduleFields } from './input.ts';
import { SCHEDULE_DEFAULTS, type Schedule } from './types.ts';
import { notify } from '../notifications/model.ts';
import { invalidField } from '../../http/errors.ts';
import { nextRunAt } from './timing.ts';
import { trackSchedule } from './due.ts';

/** The real service's sorts of the schedule list. */
export const SCHEDULE_SORTS: ListSorts<Schedule, 'updated'> = {
  keys: { created: (s) => s.createdAt, updated: (s) => s.updatedAt },
  updatedAt: (s) => s.updatedAt,
};

export function schedulesNewestFirst(account: AccountState): Schedule[] {
  return newestFirst(account.schedules.values());
}

export function readSchedule(account: AccountState, id: number): Schedule {
  const schedule = account.schedules.get(id);
  if (!schedule) throw notFound();
  return schedule;
}

/** What a schedule made by `user` at `now` starts with: no run yet, no slot planned, its maker watching. */
function neverRun(user: User, now: number): Pick<Schedule, 'nextRunAt' | 'executionCount' | 'lastRunAt' | 'lastRunJobIds' | 'createdAt' | 'updatedAt' | 'watcherIds'> {
  return { nextRunAt: null, executionCount: 0, lastRunAt: null, lastRunJobIds: [], createdAt: now, updatedAt: now, watcherIds: new Set([user.id]) };
}

/** `POST /schedules`: what the body leaves out takes the real docs' defaults (disabled, hourly, reuse any cluster, 2 nodes). */
export function createSchedule(sim: Sim, account: AccountState, user: User, fields: ScheduleFields): Schedule {
  const now = sim.clock.now();
  const schedule: Schedule = {
    id: sim.store.nextId('schedule', account),
    name: fields.name ?? SCHEDULE_DEFAULTS.name,
    description: fields.description ?? '',
    ownerId: user.id,
    status: fields.status ?? SCHEDULE_DEFAULTS.status,
    startAt: fields.startAt ?? now,
    intervalAmount: fields.intervalAmount ?? SCHEDULE_DEFAULTS.intervalAmount,
    intervalUnit: fields.intervalUnit ?? SCHEDULE_DEFAULTS.intervalUnit,
    task: {
      nodes: fields.task?.nodes ?? SCHEDULE_DEFAULTS.nodes,
      terminate_on_idle: fields.task?.terminate_on_idle ?? SCHEDULE_DEFAULTS.terminateOnIdle,
      time_to_idle: fields.task?.time_to_idle ?? SCHEDULE_DEFAULTS.timeToIdleSeconds,
      packages: fields.task?.packages ?? [],
    },
    reuseClusterStrategy: fields.reuseClusterStrategy ?? SCHEDULE_DEFAULTS.reuseClusterStrategy,
    overlap: fields.overlap ?? SCHEDULE_DEFAULTS.overlap,
    autoRetry: fields.autoRetry ?? SCHEDULE_DEFAULTS.autoRetry,
    autoRetryAttempts: fields.autoRetryAttempts ?? SCHEDULE_DEFAULTS.autoRetryAttempts,
    ...neverRun(user, now),
  };
  account.schedules.set(schedule.id, schedule);
  planNextRun(sim, account, schedule, now);
  return schedule;
}

/**
 * `PUT /schedules/{id}`: the task's fields left out keep their value. As the real docs say, the
 * start cannot change once the schedule has run (422 naming `start_at`). A change of status
 * tells the schedule's watchers (a notification when it is enabled or disabled); a change of
 * status, start or interval plans the next slot again, from now.
 */
export function updateSchedule(sim: Sim, account: AccountState, id: number, fields: ScheduleFields): Schedule {
  const schedule = readSchedule(account, id);
  if (fields.startAt !== undefined && fields.startAt !== schedule.startAt && (schedule.executionCount ?? 0) > 0) {
    throw invalidField('start_at', 'cannot change once the schedule has run (execution_count is above 0)');
  }
  const before = { status: schedule.status, startAt: schedule.startAt, amount: schedule.intervalAmount, unit: schedule.intervalUnit };
  const { task, ...rest } = fields;
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) (schedule as unknown as Record<string, unknown>)[key] = value;
  if (task) schedule.task = { ...schedule.task, ...Object.fromEntries(Object.entries(task).filter(([, v]) => v !== undefined)) };
  const now = sim.clock.now();
  schedule.updatedAt = now;
  if (schedule.status !== before.status || schedule.startAt !== before.startAt || schedule.intervalAmount !== before.amount || schedule.intervalUnit !== before.unit) planNextRun(sim, account, schedule, now);
  if (schedule.status !== before.status) {
    const message = `Schedule ${schedule.name} was ${schedule.status}.`;
    for (const user of scheduleWatchers(account, schedule)) notify(sim, account, user.id, `schedule.${schedule.status}`, message, null);
  }
  return schedule;
}

/** Its next slot from `now` (none while disabled), queued to run when it comes (runs.ts). */
function planNextRun(sim: Sim, account: AccountState, schedule: Schedule, now: number): void {
  schedule.nextRunAt = nextRunAt(schedule, now);
  sim.eventQueued?.(trackSchedule(account, schedule, now));
}

/** The schedule's watchers (users of the account), in subscription order. */
export function scheduleWatchers(account: AccountState, schedule: Schedule): User[] {
  return [...(schedule.watcherIds ?? [])].map((id) => account.users.get(id)).filter((u): u is User => u !== undefined);
}

/** `POST /schedules/{id}/watchers`: the user watches it; watching twice is watching once. */
export function watchSchedule(account: AccountState, user: User, id: number): Schedule {
  const schedule = readSchedule(account, id);
  (schedule.watcherIds ??= new Set()).add(user.id);
  return schedule;
}

/** `DELETE /schedules/{id}/watchers`: the user stops watching (not watching is no error). */
export function unwatchSchedule(account: AccountState, user: User, id: number): Schedule {
  const schedule = readSchedule(account, id);
  schedule.watcherIds?.delete(user.id);
  return schedule;
}

export function deleteSchedule(account: AccountState, id: number): Schedule {
  const schedule = readSchedule(account, id);
  account.schedules.delete(id);
  return schedule;
}

/** `POST /schedules/{id}/clone`: the same schedule under a new id, disabled and never run, owned and watched by the caller. */
export function cloneSchedule(sim: Sim, account: AccountState, user: User, id: number): Schedule {
  const source = readSchedule(account, id);
  const now = sim.clock.now();
  const clone: Schedule = {
    ...source,
    id: sim.store.nextId('schedule', account),
    name: `${source.name} (copy)`.slice(0, 255),
    ownerId: user.id,
    status: 'disabled',
    task: structuredClone(source.task),
    ...neverRun(user, now),
  };
  account.schedules.set(clone.id, clone);
  return clone;
}
