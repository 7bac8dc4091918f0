/**
 * An account's settings beside its name, as the real service's `PUT /accounts/{account_id}` takes
 * them (its API docs, sections/update-account.md). An address left undefined is the owner's.
 */
export interface AccountProfile {
  region?: string;
  location?: string | null;
  billingEmail?: string | null;
  gravatarEmail?: string | null;
}
