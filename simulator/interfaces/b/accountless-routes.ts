import type { Sim } from '../../context.ts';
import type { BRouteTable } from './types.ts';
import { registerAccountRoutes } from '../../domains/accounts/routes.ts';
import { HOOK_EVENT_LIST } from '../../domains/hooks/events.ts';
import { SERVICE_TIME_ZONE_LIST } from '../../domains/users/service-time-zones.ts';

/**
 * The real service's calls outside `/{account_id}/api` (its API docs give them at the API's root),
 * which any valid key may make: `GET /timezones`, `GET /hook_events`, the lists its clients choose
 * a user's time zone and a hook's events from (static, so served as bytes made once), and the
 * key's own account at `/accounts` (domains/accounts).
 */
export function registerAccountlessRoutes(router: BRouteTable, sim: Sim): void {
  registerAccountRoutes(router, sim);
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
