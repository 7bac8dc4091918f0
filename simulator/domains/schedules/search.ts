import type { Searchable } from '../shared/search-routes.ts';
import type { Schedule } from './types.ts';
import { presentSchedule } from './present.ts';
import { SCHEDULE_SORTS } from './model.ts';

/** `GET /schedules/search`: the attributes of the real docs (sections/search-schedules.md). */
export const SCHEDULE_SEARCH: Searchable<Schedule> = {
  items: (account) => account.schedules.values(),
  spec: (_sim, account) => ({
    fields: {
      id: { kind: 'number', value: (s) => s.id },
      name: { kind: 'text', values: (s) => [s.name] },
      description: { kind: 'text', values: (s) => [s.description] },
      status: { kind: 'text', exact: true, values: (s) => [s.status] },
      package: { kind: 'text', values: (s) => s.task.packages.flatMap((p) => [p.package_id, account.packages.get(p.package_id)?.name]) },
    },
    freeText: (s) => [s.name, s.description],
  }),
  sorts: () => ({ ...SCHEDULE_SORTS.keys, id: (s) => s.id, name: (s) => s.name }),
  direction: 'asc',
  present: presentSchedule,
};
