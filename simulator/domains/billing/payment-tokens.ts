/**
 * The payment tokens `PUT /payment_method` takes. The real service hands `billing_payment_token`
 * to its billing provider (Stripe, its docs say), which turns a token into a card or refuses it;
 * the simulator talks to no provider, so it knows the tokens Stripe's test mode knows by name:
 * a card for each brand (the last four digits of Stripe's test number for it), and the tokens
 * whose card is declined. Any other token is one the provider would not know: refused, as an
 * unknown token is. No card number is ever held.
 */
export type TokenOutcome = { card: { brand: string; last4: string } } | { declined: true } | { unknown: true };

const CARDS: Readonly<Record<string, { brand: string; last4: string }>> = {
  tok_visa: { brand: 'Visa', last4: '4242' },
  tok_visa_debit: { brand: 'Visa', last4: '5556' },
  tok_mastercard: { brand: 'MasterCard', last4: '4444' },
  tok_mastercard_debit: { brand: 'MasterCard', last4: '8210' },
  tok_mastercard_prepaid: { brand: 'MasterCard', last4: '5100' },
  tok_amex: { brand: 'American Express', last4: '0005' },
  tok_discover: { brand: 'Discover', last4: '1117' },
  tok_diners: { brand: 'Diners Club', last4: '0004' },
  tok_jcb: { brand: 'JCB', last4: '0505' },
  tok_unionpay: { brand: 'UnionPay', last4: '0005' },
};

const DECLINED: ReadonlySet<string> = new Set([
  'tok_chargeDeclined',
  'tok_chargeDeclinedInsufficientFunds',
  'tok_chargeDeclinedFraudulent',
  'tok_chargeDeclinedIncorrectCvc',
  'tok_chargeDeclinedExpiredCard',
  'tok_chargeDeclinedProcessingError',
]);

export function readPaymentToken(token: string): TokenOutcome {
  const card = CARDS[token];
  if (card) return { card };
  return DECLINED.has(token) ? { declined: true } : { unknown: true };
}

/** The tokens that give a card, for the docs and the OpenAPI example. */
export const CARD_TOKENS: readonly string[] = Object.keys(CARDS);
