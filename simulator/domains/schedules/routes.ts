import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { expectNoBody } from '../../http/body.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { readChoice, readListOrder } from '../../http/list-query.ts';
import { SCHEDULE_STATUSES } from './types.ts';
import { inListOrder } from '../shared/list-order.ts';
import { pathId } from '../../http/path-id.ts';
import { parseScheduleFields } from './input.ts';
import { SCHEDULE_SORTS, cloneSchedule, createSchedule, deleteSchedule, readSchedule, scheduleWatchers, schedulesNewestFirst, unwatchSchedule, updateSchedule, watchSchedule } from './model.ts';
import { registerWatcherRoutes } from '../shared/watcher-routes.ts';
import { presentSchedule, scheduleUrl } from './present.ts';
import { runScheduleNow } from './runs.ts';
import { registerSearchRoute } from '../shared/search-routes.ts';
import { SCHEDULE_SEARCH } from './search.ts';
import { inOtherAccount } from '../shared/foreign.ts';

/** Extensions (docs/interface-b.md): schedules as the real service's clients use them. */
export function registerScheduleRoutes(router: BRouteTable, sim: Sim): void {
  router.get('/schedules', (ctx) => {
    const { account, links } = ctx.state;
    // status (or all), sort (updated, created), direction and since as the real service's.
    const order = readListOrder(sim, ctx, SCHEDULE_SORTS);
    const status = readChoice(ctx, 'status', SCHEDULE_STATUSES, { all: true });
    const schedules = schedulesNewestFirst(account).filter((s) => status === undefined || s.status === status);
    ctx.body = pageOf(sim, ctx, inListOrder(schedules, order, SCHEDULE_SORTS), readPage(sim, ctx)).map((s) => presentSchedule(sim, account, s, links));
  });

  router.post('/schedules', async (ctx) => {
    const { account, user, links } = ctx.state;
    const fields = parseScheduleFields(await readJsonObject(ctx, sim.options.bodyLimitBytes), account, true);
    ctx.status = sim.conventions.b.createdStatus;
    ctx.body = presentSchedule(sim, account, createSchedule(sim, account, user, fields), links);
  });

  // The real service's search (shared/search.ts); before /schedules/:id, which would take `search` for an id.
  registerSearchRoute(router, sim, '/schedules/search', SCHEDULE_SEARCH);

  router.get('/schedules/:id', (ctx) => {
    const { account, links } = ctx.state;
    const id = pathId(ctx.params.id);
    // b-schedule-read-any-account: the detail read goes to a scheduler service that keys schedules by id alone.
    const owner = sim.faults.has('b-schedule-read-any-account') && !account.schedules.has(id) ? (inOtherAccount(sim, account, (other) => (other.schedules.has(id) ? other : undefined)) ?? account) : account;
    ctx.body = presentSchedule(sim, owner, readSchedule(owner, id), links);
  });

  router.put('/schedules/:id', async (ctx) => {
    const { account, links } = ctx.state;
    const id = pathId(ctx.params.id);
    readSchedule(account, id);
    const fields = parseScheduleFields(await readJsonObject(ctx, sim.options.bodyLimitBytes), account, false);
    ctx.body = presentSchedule(sim, account, updateSchedule(sim, account, id, fields), links);
  });

  router.delete('/schedules/:id', (ctx) => {
    const { account, links } = ctx.state;
    ctx.body = presentSchedule(sim, account, deleteSchedule(account, pathId(ctx.params.id)), links);
  });

  registerWatcherRoutes(router, sim, '/schedules', {
    kind: 'schedule',
    url: scheduleUrl,
    watch: watchSchedule,
    unwatch: unwatchSchedule,
    watchers: (account, id) => scheduleWatchers(account, readSchedule(account, id)),
  });

  // The real service's "run schedule": its task now, whatever its status; 200 and the schedule.
  router.post('/schedules/:id/run', async (ctx) => {
    await expectNoBody(ctx, sim.options.bodyLimitBytes);
    const { account, links } = ctx.state;
    ctx.body = presentSchedule(sim, account, runScheduleNow(sim, account, readSchedule(account, pathId(ctx.params.id))), links);
  });

  router.post('/schedules/:id/clone', async (ctx) => {
    await expectNoBody(ctx, sim.options.bodyLimitBytes);
    const { account, user, links } = ctx.state;
    ctx.status = sim.conventions.b.createdStatus;
    ctx.body = presentSchedule(sim, account, cloneSchedule(sim, account, user, pathId(ctx.params.id)), links);
  });
}
