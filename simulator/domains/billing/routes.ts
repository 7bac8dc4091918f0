import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { parseBillingChange } from './input.ts';
import { changeBilling, readPaymentMethod, readSubscription } from './model.ts';
import { PLANS } from './plans.ts';
import { presentPaymentMethod, presentPlan, presentSubscription } from './present.ts';

/**
 * Extensions (docs/interface-b.md): the account's plans, subscription and payment method, as the
 * real service's API docs and its Java client give them. Not paged: the docs' plan list is short
 * and takes no parameters.
 */
export function registerBillingRoutes(router: BRouteTable, sim: Sim): void {
  router.get('/plans', (ctx) => {
    ctx.body = PLANS.map((plan) => presentPlan(sim, plan));
  });

  router.get('/subscription', (ctx) => {
    const { account, user, links } = ctx.state;
    ctx.body = presentSubscription(sim, readSubscription(sim, account, user), links);
  });

  router.get('/payment_method', (ctx) => {
    const { account, user, links } = ctx.state;
    ctx.body = presentPaymentMethod(readPaymentMethod(account, user), links);
  });

  router.put('/payment_method', async (ctx) => {
    const { account, user, links } = ctx.state;
    const change = parseBillingChange(await readJsonObject(ctx, sim.options.bodyLimitBytes));
    ctx.body = presentPaymentMethod(changeBilling(sim, account, user, change), links);
  });
}
