import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import type { Subscription } from './model.ts';
import { TRIAL_PERIOD_DAYS, type Plan } from './plans.ts';
import type { CardOnFile } from './types.ts';

/** A plan as the docs list it, its times in the running conventions. */
export function presentPlan(sim: Sim, plan: Plan): Record<string, unknown> {
  return { ...plan, created_at: presentTime(sim, Date.parse(plan.created_at)), updated_at: presentTime(sim, Date.parse(plan.updated_at)) };
}

/** The docs' subscription (resources/subscription.md); `plan_id` is the id `GET /plans` lists. */
export function presentSubscription(sim: Sim, subscription: Subscription, links: Links): Record<string, unknown> {
  return {
    trial_period_days: TRIAL_PERIOD_DAYS,
    plan_id: subscription.planId,
    trial_start: presentTime(sim, subscription.trialStart),
    trial_end: presentTime(sim, subscription.trialEnd),
    trialling: subscription.trialling,
    url: `${links.api}/subscription`,
  };
}

/**
 * The card on file as the docs show it: the last four digits (a string, as the docs' example),
 * the number hidden but for them, `MM/YYYY`, the brand. After a `PUT` that changed only the plan
 * of an account with no card on file, the card's fields are null.
 */
export function presentPaymentMethod(card: CardOnFile | undefined, links: Links): Record<string, unknown> {
  const shown = card
    ? { card_last_4: card.last4, card_number: `xxxx-xxxx-xxxx-${card.last4}`, expiration_date: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`, card_type: card.brand }
    : { card_last_4: null, card_number: null, expiration_date: null, card_type: null };
  return { ...shown, url: `${links.api}/payment_method` };
}
