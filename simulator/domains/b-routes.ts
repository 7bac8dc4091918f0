import type { Sim } from '../context.ts';
import type { BRouter } from '../interface-b.ts';
import { registerUserRoutes } from './users/routes.ts';
import { registerPackageRoutes } from './packages/routes.ts';
import { registerClusterRoutes } from './clusters/routes.ts';
import { registerJobRoutes } from './jobs/routes.ts';
import { registerHookRoutes } from './hooks/routes.ts';
import { registerInvoiceRoutes } from './invoices/routes.ts';
import { registerConnectionRoutes } from './connections/routes.ts';
import { registerDeliveryRoutes } from './deliveries/routes.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';

/** Every interface B domain adds its routes here. */
export const bDomainRoutes: ((router: BRouter, sim: Sim) => void)[] = [
  registerUserRoutes,
  registerPackageRoutes,
  registerClusterRoutes,
  registerJobRoutes,
  registerHookRoutes,
  registerInvoiceRoutes,
  registerConnectionRoutes,
  registerDeliveryRoutes,
  registerNotificationRoutes,
];
