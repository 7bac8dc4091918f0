import type { Sim } from '../../context.ts';
import type { BRouteTable } from './types.ts';
import { registerAccountRoutes } from '../../domains/accounts/routes.ts';
import { REGION_RESOURCE_TYPES, SERVICE_REGIONS, regionsFor } from '../../domains/clusters/service-regions.ts';
import { notFound } from '../../http/errors.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { parsePasswordResetInput } from '../../domains/users/password-reset.ts';
import { hookEventList } from '../../domains/hooks/events.ts';
import { SYSTEM_VARIABLES } from '../../domains/jobs/system-variables.ts';
import { SERVICE_TIME_ZONE_LIST } from '../../domains/users/service-time-zones.ts';
import { likeProductUpdate, listProductUpdates } from '../../domains/product-updates/model.ts';
import { presentProductUpdate } from '../../domains/product-updates/present.ts';
import { registerRootNotificationRoutes } from '../../domains/notifications/routes.ts';
import { registerRootUserRoutes } from '../../domains/users/routes.ts';

/**
 * The real service's calls outside `/{account_id}/api` (its API docs give them at the API's root),
 * which any valid key may make: `GET /timezones`, `GET /hook_events`, `GET /variables`, `GET
 * /regions` (and `/regions/{type}`), the lists its clients choose a user's time zone, a hook's
 * events and a resource's region from and the system variables a package may use (static, so
 * served as bytes made once), the key's own account at `/accounts` (domains/accounts), a
 * password reset request (`POST /user_password`, which changes nothing here), the service's
 * product updates, which a user may like (domains/product-updates), and the key's user, its SSH
 * keys and notifications (`/user`, `/user/keys`, `/user/notifications`, domains/users and
 * domains/notifications).
 */
export function registerAccountlessRoutes(router: BRouteTable, sim: Sim): void {
  registerAccountRoutes(router, sim);
  registerRootNotificationRoutes(router, sim);
  registerRootUserRoutes(router, sim);
  const serveStatic = (path: string, value: unknown): void => {
    const bytes = Buffer.from(JSON.stringify(value));
    router.get(path, (ctx) => {
      ctx.type = 'application/json';
      ctx.body = bytes;
    });
  };
  serveStatic('/timezones', SERVICE_TIME_ZONE_LIST);
  serveStatic('/hook_events', hookEventList(sim.conventions.b.hooks));
  serveStatic('/variables', SYSTEM_VARIABLES);
  serveStatic('/regions', SERVICE_REGIONS);
  const byType = new Map(REGION_RESOURCE_TYPES.map((type) => [type as string, Buffer.from(JSON.stringify(regionsFor(type)))]));
  router.post('/user_password', async (ctx) => {
    parsePasswordResetInput(await readJsonObject(ctx, sim.options.bodyLimitBytes));
    // The docs' answer: 201 and nothing else (an empty body; Koa would write the status text).
    ctx.status = 201;
    ctx.body = '';
  });
  router.get('/product_updates', (ctx) => {
    ctx.body = listProductUpdates(sim, ctx.state.user).map((view) => presentProductUpdate(sim, view));
  });
  router.post('/product_updates/:id/like', (ctx) => {
    ctx.status = 201;
    ctx.body = presentProductUpdate(sim, likeProductUpdate(sim, ctx.state.user, ctx.params.id ?? ''));
  });
  router.get('/regions/:type', (ctx) => {
    const bytes = byType.get(ctx.params.type ?? '');
    if (!bytes) throw notFound();
    ctx.type = 'application/json';
    ctx.body = bytes;
  });
}
