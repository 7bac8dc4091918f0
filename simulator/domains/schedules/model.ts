import type { Sim } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { AccountState } from '../../store.ts';
import type { User } from '../users/types.ts';
import { newestFirst } from '../shared/ordering.ts';
import type { ListSorts } from '../shared/list-order.ts';
import type { ScheduleFields } from './input.ts';
import type { Schedule } from './types.ts';

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
  };
  account.schedules.set(schedule.id, schedule);
  return schedule;
}

export function updateSchedule(sim: Sim, account: AccountState, id: number, fields: ScheduleFields): Schedule {
  const schedule = readSchedule(account, id);
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (schedule as unknown as Record<string, unknown>)[key] = value;
  schedule.updatedAt = sim.clock.now();
  return schedule;
}

export function deleteSchedule(account: AccountState, id: number): Schedule {
  const schedule = readSchedule(account, id);
  account.schedules.delete(id);
  return schedule;
}

/** `POST /schedules/{id}/clone`: the same schedule under a new id, disabled, owned by the caller. */
export function cloneSchedule(sim: Sim, account: AccountState, user: User, id: number): Schedule {
  const source = readSchedule(account, id);
  const now = sim.clock.now();
  const clone: Schedule = { ...source, id: sim.store.nextId('schedule'), name: `${source.name} (copy)`.slice(0, 255), ownerId: user.id, status: 'disabled', task: structuredClone(source.task), createdAt: now, updatedAt: now };
  account.schedules.set(clone.id, clone);
  return clone;
}
