import type { Sim } from '../../context.ts';
import type { BRouteTable } from './types.ts';
import { HOOK_EVENT_LIST } from '../../domains/hooks/events.ts';
import { SERVICE_TIME_ZONE_LIST } from '../../domains/users/service-time-zones.ts';

/**
 * The real service's reads outside `/{account_id}/api` (its API docs give them at the API's root:
 * `GET /timezones`, `GET /hook_events`), which any valid key may call: the lists its clients choose
 * a user's time zone and a hook's events from. Static, so served as bytes made once.
 */
export function registerAccountlessRoutes(router: BRouteTable, _sim: Sim): void {
  const timezones = Buffer.from(JSON.stringify(SERVICE_TIME_ZONE_LIST));
  router.get('/timezones', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = timezones;
  });
  const hookEvents = Buffer.from(JSON.stringify(HOOK_EVENT_LIST));
  router.get('/hook_events', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = hookEvents;
  });
}
