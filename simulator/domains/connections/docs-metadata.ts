import type { BingAdsAccount, BingAdsColumn } from './bingads.ts';

/**
 * The connector metadata in the shapes the real service's API docs show at their own paths
 * (`/connections/metadata/{connector}/{id}/...`; sections/get-bingads-accounts.md,
 * get-bingads-columns.md), made from the same simulated data the spec's paths serve in theirs.
 */

/** An account with its campaigns, ids as strings; no campaigns where none were asked for. */
export function docsBingAdsAccount(account: BingAdsAccount): Record<string, unknown> {
  return {
    account_id: String(account.id),
    account_name: account.name,
    campaigns: (account.campaigns ?? []).map((c) => ({ campaign_id: String(c.id), campaign_status: c.status, campaign_name: c.name })),
  };
}

/**
 * A report's columns as the docs list them: `{data: [], fields: [{"ACCOUNT_NAME": "string"}, ...]}`,
 * each Bing Ads column name upper-snake-cased (`AverageCpc` -> `AVERAGE_CPC`), every column typed
 * `string` as the docs show them all (the service's reports arrive as text).
 */
export function docsBingAdsColumns(columns: readonly BingAdsColumn[]): { data: unknown[]; fields: Record<string, string>[] } {
  return { data: [], fields: columns.map((c) => ({ [upperSnake(c.name)]: 'string' })) };
}

export function upperSnake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}
