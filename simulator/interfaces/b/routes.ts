import type { RegisterBRoutes } from './types.ts';
import { registerUserRoutes } from '../../domains/users/routes.ts';
import { registerPackageRoutes } from '../../domains/packages/routes.ts';
import { registerClusterRoutes } from '../../domains/clusters/routes.ts';
import { registerJobRoutes } from '../../domains/jobs/routes.ts';
import { registerHookRoutes } from '../../domains/hooks/routes.ts';
import { registerInvoiceRoutes } from '../../domains/invoices/routes.ts';
import { registerConnectionRoutes } from '../../domains/connections/routes.ts';
import { registerDeliveryRoutes } from '../../domains/deliveries/routes.ts';
import { registerNotificationRoutes } from '../../domains/notifications/routes.ts';
import { registerLimitRoutes } from '../../domains/limits/routes.ts';
import { registerScheduleRoutes } from '../../domains/schedules/routes.ts';
import { registerMemberRoutes } from '../../domains/members/routes.ts';
import { registerBillingRoutes } from '../../domains/billing/routes.ts';

/** Every interface B domain's routes; a new domain adds its registration here. */
export const bRouteRegistrations: readonly RegisterBRoutes[] = [
  registerUserRoutes,
  registerPackageRoutes,
  registerClusterRoutes,
  registerJobRoutes,
  registerHookRoutes,
  registerInvoiceRoutes,
  registerConnectionRoutes,
  registerDeliveryRoutes,
  registerNotificationRoutes,
  registerLimitRoutes,
  registerScheduleRoutes,
  registerMemberRoutes,
  registerBillingRoutes,
];
