import type Router from '@koa/router';
import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { User } from '../../domains/users/types.ts';
import type { RateLimitState } from '../../http/rate-limit.ts';
import type { Page } from '../../http/paging.ts';

/**
 * What interface B's domains need to register routes, and nothing more: this module imports no
 * domain behaviour, so domains can depend on it without an import cycle.
 */

/** `ctx.state` on interface B routes once the gate has let the request through. */
export interface BState {
  account: AccountState;
  user: User;
  links: Links;
  /** The caller's rate-limit window after this request; absent when limits are off. */
  quota?: RateLimitState;
  /** The lenient profile: bodies may also come as the vendor media types real clients send. */
  lenientBodies?: boolean;
  /** The fault b-body-chunk-decoding: each 64 KiB buffer of the body decoded on its own. */
  bodyDecodedByBuffer?: boolean;
  /** The fault b-hdr-charset-spelling-latin1: a charset not spelled exactly `charset=utf-8` read as Latin-1. */
  charsetBySpelling?: boolean;
  /** The fault b-connection-rename-latin1-without-charset: this handler reads a body labelled without a charset as Latin-1. */
  latin1WithoutCharset?: boolean;
  /** The page an extension list answers, where the conventions put such lists in an envelope (`readPage`). */
  extensionPage?: Page;
  /** The fault `b-extension-lists-unversioned`: an extension list the shared pager read, labelled without the version parameter. */
  unversionedList?: boolean;
}

export type BRouter = Router<BState>;

/** Where a domain declares its routes: @koa/router's methods, path first (router.ts files them by first segment). */
export type BRouteTable = Pick<BRouter, 'get' | 'post' | 'put' | 'delete' | 'patch'>;

/** Each interface B domain exports one of these; `routes.ts` lists them. */
export type RegisterBRoutes = (router: BRouteTable, sim: Sim) => void;
