import Router from '@koa/router';
import type { AState, Sim } from '../../context.ts';

export const INTERFACE_A_PREFIX = '/api/public/v1';

// SCAFFOLD: replaced by interface A.
export function interfaceARouter(_sim: Sim): Router<AState> {
  return new Router<AState>({ prefix: INTERFACE_A_PREFIX });
}
