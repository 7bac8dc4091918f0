/**
 * An account's billing as the real service's API docs show it (sections/get-subscription-info.md,
 * get-payment-method.md, update-payment-method.md): the plan it is on and the card on file. Kept
 * on the account (`AccountState.billing`); absent: the trial plan and no card.
 */
export interface AccountBilling {
  planId: string;
  card?: CardOnFile;
}

/** What the service keeps of a card: never its number, only what the docs show of it. */
export interface CardOnFile {
  /** The card's brand as the billing provider names it (`Visa`, `MasterCard`, ...). */
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}
