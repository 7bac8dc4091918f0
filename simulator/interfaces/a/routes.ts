import type { RegisterARoutes } from './types.ts';
import { registerPipelineRoutes } from '../../domains/pipelines/routes.ts';
import { registerApiKeyRoutes } from '../../domains/apikeys/routes.ts';

/** Every interface A domain's routes; a new domain adds its registration here. */
export const aRouteRegistrations: readonly RegisterARoutes[] = [registerPipelineRoutes, registerApiKeyRoutes];
