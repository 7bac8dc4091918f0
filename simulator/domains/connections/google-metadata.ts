import type { Connection } from './types.ts';

/**
 * What a Google AdWords or Google Analytics connection can see, as the real service's API docs
 * show its metadata reads (sections/get-google-adwords-customers.md,
 * get-google-analytics-accounts.md): derived from the connection id, so every connection sees its
 * own, stable customers and accounts, and another connection others. Google's ids are strings,
 * as the docs give them.
 */

export interface AdWordsCustomer {
  can_manage_clients: boolean;
  name: string;
  customer_id: string;
}

export interface AnalyticsView {
  name: string;
  id: string;
}

export interface AnalyticsProperty {
  name: string;
  id: string;
  views: AnalyticsView[];
}

export interface AnalyticsAccount {
  name: string;
  id: string;
  properties: AnalyticsProperty[];
}

/** A manager account and the two client accounts it manages; customer ids are Google's ten digits. */
export function adWordsCustomers(connection: Connection): AdWordsCustomer[] {
  return ['Manager account', 'Search campaigns', 'Display campaigns'].map((name, index) => ({
    can_manage_clients: index === 0,
    name,
    customer_id: String(1_000_000_000 + connection.id * 100 + index),
  }));
}

/** Two accounts of two web properties each, every property with its default view. */
export function analyticsAccounts(connection: Connection): AnalyticsAccount[] {
  return [1, 2].map((a) => {
    const accountId = String(10_000_000 + connection.id * 10 + a);
    return {
      name: `Account ${a}`,
      id: accountId,
      properties: [1, 2].map((p) => ({
        name: `Web Property ${p}`,
        id: `UA-${accountId}-${p}`,
        views: [{ name: 'All Web Site Data', id: String(50_000_000 + connection.id * 100 + a * 10 + p) }],
      })),
    };
  });
}
