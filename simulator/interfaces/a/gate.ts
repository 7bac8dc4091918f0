import type { Context } from 'koa';
import type { Sim } from '../../context.ts';
import { originOf } from '../../http/links.ts';
import { authenticatePipelineKey } from '../../domains/apikeys/authenticate.ts';
import type { AState } from './types.ts';

/**
 * What runs before every interface A route: the Bearer key (401, A-AUTH-1..7). It fills the
 * request state the routes read. Unknown paths and wrong methods are answered before it (the
 * router), so they never depend on a key.
 */
export function aGate(sim: Sim, ctx: Context): void {
  const { account, key } = authenticatePipelineKey(sim, ctx.get('authorization') || undefined);
  const state = ctx.state as AState;
  state.account = account;
  state.apiKey = key;
  state.origin = originOf(ctx);
}
