import type Router from '@koa/router';
import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { User } from '../../domains/users/types.ts';

/**
 * What interface B's domains need to register routes, and nothing more: this module imports no
 * domain behaviour, so domains can depend on it without an import cycle.
 */

/** `ctx.state` on interface B routes once the gate has let the request through. */
export interface BState {
  account: AccountState;
  user: User;
  links: Links;
}

export type BRouter = Router<BState>;

/** Each interface B domain exports one of these; `routes.ts` lists them. */
export type RegisterBRoutes = (router: BRouter, sim: Sim) => void;
