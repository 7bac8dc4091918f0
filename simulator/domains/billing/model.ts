import type { Sim } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { AccountState } from '../../store.ts';
import { accountCreatedAt } from '../accounts/model.ts';
import { requireAdmin } from '../members/model.ts';
import type { User } from '../users/types.ts';
import type { BillingChange } from './input.ts';
import { TRIAL_PERIOD_DAYS, TRIAL_PLAN_ID } from './plans.ts';
import type { AccountBilling, CardOnFile } from './types.ts';

/**
 * An account's plan, trial and card on file (the real docs' `GET /subscription`, `GET` and `PUT
 * /payment_method`). Billing is for admins: the docs give `viewAccountBillingInfo` and
 * `updateAccountBillingInfo` to admins only (a member's 403). The plans' limits are not enforced
 * and nothing is charged. Plain rules, no HTTP.
 */

const DAY_MS = 86_400_000;

export function billingOf(account: AccountState): AccountBilling {
  return account.billing ?? { planId: TRIAL_PLAN_ID };
}

export interface Subscription {
  planId: string;
  trialStart: number;
  trialEnd: number;
  /** On the trial plan and inside its period, on the simulator's clock. */
  trialling: boolean;
}

/** The trial starts when the account is made and lasts the docs' 14 days. */
export function readSubscription(sim: Sim, account: AccountState, caller: User): Subscription {
  requireAdmin(account, caller, "see the account's billing");
  const { planId } = billingOf(account);
  const trialStart = accountCreatedAt(account);
  const trialEnd = trialStart + TRIAL_PERIOD_DAYS * DAY_MS;
  return { planId, trialStart, trialEnd, trialling: planId === TRIAL_PLAN_ID && sim.clock.now() < trialEnd };
}

/** The card on file; none is the docs' 404 ("If there is no payment method on file"). */
export function readPaymentMethod(account: AccountState, caller: User): CardOnFile {
  requireAdmin(account, caller, "see the account's billing");
  const card = billingOf(account).card;
  if (!card) throw notFound();
  return card;
}

/**
 * `PUT /payment_method`: a new card replaces the one on file, and a plan named becomes the
 * account's. The card expires a year from now on the simulator's clock (a test token's card has
 * no date of its own the docs show). The answer is the card on file, if any.
 */
export function changeBilling(sim: Sim, account: AccountState, caller: User, change: BillingChange): CardOnFile | undefined {
  requireAdmin(account, caller, "change the account's billing");
  return applyBillingChange(sim, account, change);
}

/** The change itself, whoever asks: `PUT /payment_method` for an admin, and a seed's `billing`. */
export function applyBillingChange(sim: Sim, account: AccountState, change: BillingChange): CardOnFile | undefined {
  const billing = { ...billingOf(account) };
  if (change.planId !== undefined) billing.planId = change.planId;
  if (change.card) {
    const now = new Date(sim.clock.now());
    billing.card = { ...change.card, expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() + 1 };
  }
  account.billing = billing;
  return billing.card;
}
