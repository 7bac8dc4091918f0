import { invalidField } from '../../http/errors.ts';
import type { Connection } from './types.ts';

/**
 * What a Facebook Ads Insights connection can see, as the real service's API docs show its two
 * metadata reads (sections/get-facebook-ads-insights-accounts.md, -fields.md): its ad accounts,
 * derived from the connection id (stable per connection, another connection's differ), with
 * Facebook's ids as strings, and the Insights fields a report may take, in the docs' shape.
 */

export interface FacebookAdAccount {
  account_id: string;
  id: string;
  name: string;
}

export interface FacebookInsightsField {
  category: 'Dimension' | 'Metric';
  data_type: 'string' | 'integer' | 'float';
  default_alias: string;
  friendly_name: string;
  id: string;
  is_mandatory: string;
  pig_data_type: 'CHARARRAY' | 'LONG' | 'FLOAT';
  request: Record<string, string>;
  response: string;
}

/** The Graph API version the docs default to, and the form of any other (`v2.9`, `v19.0`; the `v` may be left out). */
export const DEFAULT_GRAPH_API_VERSION = 'v2.9';
const GRAPH_API_VERSION = /^v?\d{1,2}\.\d{1,2}$/;

export function readGraphApiVersion(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_GRAPH_API_VERSION;
  if (!GRAPH_API_VERSION.test(value)) throw invalidField('api_version', 'must be a Graph API version such as v2.9');
  return value.startsWith('v') ? value : `v${value}`;
}

/** Three ad accounts; Facebook's account ids are fifteen digits, the `id` the same with `act_`. */
export function facebookAdAccounts(connection: Connection): FacebookAdAccount[] {
  return ['First', 'Second', 'Third'].map((ordinal, index) => {
    const accountId = String(100_000_000_000_000 + connection.id * 10 + index + 1);
    return { account_id: accountId, id: `act_${accountId}`, name: `${ordinal} Ad Account` };
  });
}

const PIG_TYPE = { string: 'CHARARRAY', integer: 'LONG', float: 'FLOAT' } as const;

function insightsField(category: FacebookInsightsField['category'], id: string, friendlyName: string, dataType: FacebookInsightsField['data_type'], request: Record<string, string> = { fields: id }, response = `$.${id}`): FacebookInsightsField {
  return { category, data_type: dataType, default_alias: id, friendly_name: friendlyName, id, is_mandatory: '', pig_data_type: PIG_TYPE[dataType], request, response };
}

const ATTRIBUTION_WINDOWS = ['1d_click', '7d_click', '28d_click', '1d_view', '7d_view', '28d_view'];

/** A metric Facebook reports per action type, one field per attribution window, as the docs' video watches at 95%. */
function actionFields(field: string, actionType: string, label: string): FacebookInsightsField[] {
  return ATTRIBUTION_WINDOWS.map((window) =>
    insightsField('Metric', `${field}_${window}`, `${label}: ${window}`, 'float', { action_attribution_windows: window, fields: field }, `$.${field}[?(@.action_type=='${actionType}')].${window}`),
  );
}

const FIELDS: readonly FacebookInsightsField[] = [
  insightsField('Dimension', 'account_id', 'Account ID', 'string'),
  insightsField('Dimension', 'account_name', 'Account Name', 'string'),
  insightsField('Dimension', 'campaign_id', 'Campaign ID', 'string'),
  insightsField('Dimension', 'campaign_name', 'Campaign Name', 'string'),
  insightsField('Dimension', 'adset_id', 'Ad Set ID', 'string'),
  insightsField('Dimension', 'adset_name', 'Ad Set Name', 'string'),
  insightsField('Dimension', 'ad_id', 'Ad ID', 'string'),
  insightsField('Dimension', 'ad_name', 'Ad Name', 'string'),
  insightsField('Dimension', 'date_start', 'Reporting Starts', 'string'),
  insightsField('Dimension', 'date_stop', 'Reporting Ends', 'string'),
  insightsField('Metric', 'impressions', 'Impressions', 'integer'),
  insightsField('Metric', 'reach', 'Reach', 'integer'),
  insightsField('Metric', 'clicks', 'Clicks (All)', 'integer'),
  insightsField('Metric', 'frequency', 'Frequency', 'float'),
  insightsField('Metric', 'spend', 'Amount Spent', 'float'),
  insightsField('Metric', 'cpc', 'CPC (All)', 'float'),
  insightsField('Metric', 'cpm', 'CPM (Cost per 1,000 Impressions)', 'float'),
  insightsField('Metric', 'ctr', 'CTR (All)', 'float'),
  ...[25, 50, 75, 95, 100].flatMap((percent) => actionFields(`video_p${percent}_watched_actions`, 'video_view', `Video Watches at ${percent}%`)),
];

/** The Insights fields a report may take (the same for every connection and version here). */
export function facebookInsightsFields(): readonly FacebookInsightsField[] {
  return FIELDS;
}
