import { invalidField } from '../../http/errors.ts';
import type { Connection } from './types.ts';

/** Bing Ads API versions the simulated connector speaks; the newest is the default. */
export const BING_API_VERSIONS = ['11', '12', '13'] as const;

export interface BingAdsCampaign {
  id: number;
  name: string;
  status: 'Active' | 'Paused';
}

export interface BingAdsAccount {
  id: number;
  name: string;
  number: string;
  currency_code: string;
  time_zone: string;
  status: 'Active' | 'Paused';
  customer_id: number;
  /** Present only when campaigns were asked for (`accounts` or `force_fetch`). */
  campaigns?: BingAdsCampaign[];
}

export interface BingAdsColumn {
  name: string;
  display_name: string;
  type: 'string' | 'integer' | 'decimal' | 'date';
  category: 'time_period' | 'attribute' | 'performance_statistic';
}

const ACCOUNT_TEMPLATES = [
  { name: 'Search - United States', currency_code: 'USD', time_zone: 'PacificTimeUSCanadaTijuana', status: 'Active' },
  { name: 'Search - United Kingdom', currency_code: 'GBP', time_zone: 'GreenwichMeanTimeDublinEdinburghLisbonLondon', status: 'Active' },
  { name: 'Shopping - Germany', currency_code: 'EUR', time_zone: 'AmsterdamBerlinBernRomeStockholmVienna', status: 'Paused' },
] as const;

const CAMPAIGN_TEMPLATES = [
  { name: 'Brand - Exact', status: 'Active' },
  { name: 'Generic - Broad', status: 'Paused' },
] as const;

const ACCOUNT_BASE = 150_000_000;
const CAMPAIGN_BASE = 400_000_000;

export function readApiVersion(value: string | undefined): string {
  if (value === undefined) return BING_API_VERSIONS[BING_API_VERSIONS.length - 1] ?? '13';
  if (!(BING_API_VERSIONS as readonly string[]).includes(value)) throw invalidField('api_version', `must be one of ${BING_API_VERSIONS.join(', ')}`);
  return value;
}

/**
 * The ad accounts a Bing Ads connection can see: derived from the connection id, so every
 * connection sees its own, stable accounts. Campaigns come with the accounts named in
 * `campaignsOf` (ids), or with all of them when `forceFetch` is set.
 *
 * Ids are nine digits, as Bing Ads' own often are (the real service's docs show them as strings,
 * "123"): accounts from 150,000,000, campaigns from 400,000,000, each offset by the connection id.
 * Under the standard conventions (ids from 1) both stay below 10^9, out of the range a checker
 * takes for absent ids by default (10^9 to 2^31 - 1); under the alt ones (ids from 10^9 + 1)
 * they go beyond 10^10, out of the `absent_ids` the target description names (1,000 to 10^9).
 * A campaign id once was the account's times ten (1,500,000,600): inside the default range, it
 * halted a run that asked for campaigns.
 */
export function bingAdsAccounts(connection: Connection, options: { campaignsOf: string | undefined; forceFetch: boolean }): BingAdsAccount[] {
  const accounts: BingAdsAccount[] = ACCOUNT_TEMPLATES.map((template, index) => {
    const id = ACCOUNT_BASE + connection.id * 10 + index;
    return { id, number: `F${id.toString(36).toUpperCase()}`, customer_id: 25_000_000 + connection.id, ...template };
  });
  const wanted = options.campaignsOf === undefined ? null : accountIds(options.campaignsOf, accounts);
  for (const account of accounts) {
    if (options.forceFetch || wanted?.has(account.id)) {
      const first = CAMPAIGN_BASE + (account.id - ACCOUNT_BASE) * 10;
      account.campaigns = CAMPAIGN_TEMPLATES.map((template, index) => ({ id: first + index, ...template }));
    }
  }
  return accounts;
}

function accountIds(list: string, accounts: readonly BingAdsAccount[]): Set<number> {
  const ids = new Set<number>();
  for (const part of list.split(',')) {
    const id = /^[1-9][0-9]{0,15}$/.test(part) ? Number(part) : NaN;
    if (!accounts.some((account) => account.id === id)) {
      throw invalidField('accounts', 'must be a comma-separated list of ids of this connection\'s Bing Ads accounts');
    }
    ids.add(id);
  }
  return ids;
}

const column = (name: string, display_name: string, type: BingAdsColumn['type'], category: BingAdsColumn['category'] = 'attribute'): BingAdsColumn => ({ name, display_name, type, category });
const stat = (name: string, display_name: string, type: BingAdsColumn['type']) => column(name, display_name, type, 'performance_statistic');

const TIME = [column('TimePeriod', 'Time period', 'date', 'time_period')];
const ACCOUNT = [
  column('AccountId', 'Account ID', 'integer'),
  column('AccountName', 'Account name', 'string'),
  column('AccountNumber', 'Account number', 'string'),
  column('AccountStatus', 'Account status', 'string'),
  column('CurrencyCode', 'Currency code', 'string'),
];
const CAMPAIGN = [column('CampaignId', 'Campaign ID', 'integer'), column('CampaignName', 'Campaign name', 'string'), column('CampaignStatus', 'Campaign status', 'string')];
const AD_GROUP = [column('AdGroupId', 'Ad group ID', 'integer'), column('AdGroupName', 'Ad group name', 'string'), column('AdGroupStatus', 'Ad group status', 'string')];
const KEYWORD = [
  column('KeywordId', 'Keyword ID', 'integer'),
  column('Keyword', 'Keyword', 'string'),
  column('KeywordStatus', 'Keyword status', 'string'),
  column('BidMatchType', 'Bid match type', 'string'),
  column('DeliveredMatchType', 'Delivered match type', 'string'),
  column('CurrentMaxCpc', 'Current max. CPC', 'decimal'),
  column('QualityScore', 'Quality score', 'integer'),
];
const AD = [column('AdId', 'Ad ID', 'integer'), column('AdTitle', 'Ad title', 'string'), column('AdType', 'Ad type', 'string'), column('AdStatus', 'Ad status', 'string'), column('FinalUrl', 'Final URL', 'string')];
const SEARCH_QUERY = [column('SearchQuery', 'Search term', 'string'), column('KeywordId', 'Keyword ID', 'integer'), column('Keyword', 'Keyword', 'string')];
const SEGMENTS = [column('DeviceType', 'Device type', 'string'), column('Network', 'Network', 'string')];
const STATISTICS = [
  stat('Impressions', 'Impressions', 'integer'),
  stat('Clicks', 'Clicks', 'integer'),
  stat('Ctr', 'CTR', 'decimal'),
  stat('AverageCpc', 'Avg. CPC', 'decimal'),
  stat('Spend', 'Spend', 'decimal'),
  stat('Conversions', 'Conversions', 'integer'),
  stat('ConversionRate', 'Conv. rate', 'decimal'),
  stat('CostPerConversion', 'Cost per conv.', 'decimal'),
  stat('Revenue', 'Revenue', 'decimal'),
  stat('ReturnOnAdSpend', 'Return on ad spend', 'decimal'),
];

/** Columns of each report type, in Bing Ads' own column names. */
const REPORT_COLUMNS: Record<string, readonly BingAdsColumn[]> = {
  AccountPerformanceReport: [...TIME, ...ACCOUNT, ...SEGMENTS, ...STATISTICS],
  CampaignPerformanceReport: [...TIME, ...ACCOUNT, ...CAMPAIGN, ...SEGMENTS, ...STATISTICS],
  AdGroupPerformanceReport: [...TIME, ...ACCOUNT, ...CAMPAIGN, ...AD_GROUP, ...SEGMENTS, ...STATISTICS],
  KeywordPerformanceReport: [...TIME, ...ACCOUNT, ...CAMPAIGN, ...AD_GROUP, ...KEYWORD, ...SEGMENTS, ...STATISTICS],
  AdPerformanceReport: [...TIME, ...ACCOUNT, ...CAMPAIGN, ...AD_GROUP, ...AD, ...SEGMENTS, ...STATISTICS],
  SearchQueryPerformanceReport: [...TIME, ...ACCOUNT, ...CAMPAIGN, ...AD_GROUP, ...SEARCH_QUERY, ...SEGMENTS, ...STATISTICS],
};

/** The real service's default report type. */
export const DEFAULT_REPORT_TYPE = 'KeywordPerformanceReport';
export const REPORT_TYPES = Object.keys(REPORT_COLUMNS);

export function bingAdsColumns(reportType: string | undefined): BingAdsColumn[] {
  const columns = Object.hasOwn(REPORT_COLUMNS, reportType ?? DEFAULT_REPORT_TYPE) ? REPORT_COLUMNS[reportType ?? DEFAULT_REPORT_TYPE] : undefined;
  if (!columns) throw invalidField('report_type', `must be one of ${REPORT_TYPES.join(', ')}`);
  return columns.map((c) => ({ ...c }));
}
