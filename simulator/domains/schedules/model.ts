import type { Sim } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { AccountState } from '../../store.ts';
import type { User } from '../users/types.ts';
import { newestFirst } from '../shared/ordering.ts';
import type { ListSorts } from '../shared/list-order.ts';
import type { ScheduleFields } from './input.ts';
import type { Schedule } from './types.ts';
import { notify } from '../notifications/model.ts';

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

export function createSchedule(sim: Sim, account: AccountState, user: User, fields: ScheduleFields): Schedule {
  const now = sim.clock.now();
  const schedule: Schedule = {
    id: sim.store.nextId('schedule'),
    name: fields.name ?? 'schedule',
    description: fields.description ?? '',
    ownerId: user.id,
    status: fields.status ?? 'enabled',
    startAt: fields.startAt ?? now,
    intervalAmount: fields.intervalAmount ?? 1,
    intervalUnit: fields.intervalUnit ?? 'days',
    task: fields.task ?? { nodes: 1, packages: [] },
    reuseClusterStrategy: fields.reuseClusterStrategy ?? 'none',
    createdAt: now,
    updatedAt: now,
    watcherIds: new Set([user.id]),
  };
  account.schedules.set(schedule.id, schedule);
  return schedule;
}

/**
 * `PUT /schedules/{id}`. A change of status tells the schedule's watchers, as the real service's
 * docs say (a notification when it is enabled or disabled).
 */
export function updateSchedule(sim: Sim, account: AccountState, id: number, fields: ScheduleFields): Schedule {
  const schedule = readSchedule(account, id);
  const before = schedule.status;
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (schedule as unknown as Record<string, unknown>)[key] = value;
  schedule.updatedAt = sim.clock.now();
  if (schedule.status !== before) {
    const message = `Schedule ${schedule.name} was ${schedule.status}.`;
    for (const user of scheduleWatchers(account, schedule)) notify(sim, account, user.id, `schedule.${schedule.status}`, message, null);
  }
  return schedule;
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

/** `POST /schedules/{id}/clone`: the same schedule under a new id, disabled, owned and watched by the caller. */
export function cloneSchedule(sim: Sim, account: AccountState, user: User, id: number): Schedule {
  const source = readSchedule(account, id);
  const now = sim.clock.now();
  const clone: Schedule = { ...source, id: sim.store.nextId('schedule'), name: `${source.name} (copy)`.slice(0, 255), ownerId: user.id, status: 'disabled', task: structuredClone(source.task), createdAt: now, updatedAt: now, watcherIds: new Set([user.id]) };
  account.schedules.set(clone.id, clone);
  return clone;
}
