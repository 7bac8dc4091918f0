import type Router from '@koa/router';
import type { AState, Sim } from '../../context.ts';

export type ARouter = Router<AState>;

/** What every interface A route registration gets: the router, the simulator, the path prefix it is served under. */
export type RegisterARoutes = (router: ARouter, sim: Sim, prefix: string) => void;
