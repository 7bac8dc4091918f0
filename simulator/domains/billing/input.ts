import { invalidFields, type FieldProblem } from '../../http/errors.ts';
import { PLANS, planById } from './plans.ts';
import { readPaymentToken } from './payment-tokens.ts';

/** What `PUT /payment_method` asks for: a card from a payment token, another plan, or both. */
export interface BillingChange {
  card?: { brand: string; last4: string };
  planId?: string;
}

/**
 * Reads the body of `PUT /payment_method` (flat, as the docs' example and the vendor's Java
 * client send it; the client sends both keys, null where it has no value, so null is "not
 * given"). At least one must be given. A token the billing provider would refuse (a declined
 * card, a token it does not know) and a plan `GET /plans` does not list are 422s naming the
 * field; the message never repeats the token. Unknown keys are ignored.
 */
export function parseBillingChange(body: Record<string, unknown>): BillingChange {
  const problems: FieldProblem[] = [];
  const change: BillingChange = {};
  const token = body.billing_payment_token ?? undefined;
  const planId = body.plan_id ?? undefined;
  if (token === undefined && planId === undefined) {
    throw invalidFields([{ field: 'billing_payment_token', message: 'or plan_id is required: the call changes the payment method, the plan or both' }]);
  }
  if (token !== undefined) {
    if (typeof token !== 'string' || token.trim() === '') problems.push({ field: 'billing_payment_token', message: 'must be a payment token from the billing provider' });
    else {
      const outcome = readPaymentToken(token);
      if ('card' in outcome) change.card = outcome.card;
      else problems.push({ field: 'billing_payment_token', message: 'declined' in outcome ? 'was refused by the billing provider: the card was declined' : 'is not a payment token the billing provider knows' });
    }
  }
  if (planId !== undefined) {
    if (typeof planId === 'string' && planById(planId)) change.planId = planId;
    else problems.push({ field: 'plan_id', message: `must be the id of a plan GET /plans lists: ${PLANS.map((p) => p.id).join(', ')}` });
  }
  if (problems.length) throw invalidFields(problems);
  return change;
}
