import type Router from '@koa/router';
import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { PipelineApiKey } from '../../domains/apikeys/types.ts';

/**
 * What interface A's domains need to register routes, and nothing more: this module imports no
 * domain behaviour, so domains can depend on it without an import cycle.
 */

/** `ctx.state` on interface A routes once the gate has authenticated the key. */
export interface AState {
  account: AccountState;
  apiKey: PipelineApiKey;
  origin: string;
}

export type ARouter = Router<AState>;

/** What every interface A route registration gets: the router, the simulator, the path prefix it is served under. */
export type RegisterARoutes = (router: ARouter, sim: Sim, prefix: string) => void;
