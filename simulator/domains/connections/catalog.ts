/**
 * The connection types the simulator knows: the ids of the real service (gaps.md's twenty and those
 * its API docs give a page to, resources/connections/*-connection.md), in alphabetical order.
 * Plain data: `GET /connections/types` serves it, and the group rules read `groups` from it.
 */
export type ConnectionTypeGroup = 'database' | 'analytical' | 'cloud_storage' | 'services';

export interface ConnectionType {
  type: string;
  name: string;
  description: string;
  groups: readonly ConnectionTypeGroup[];
}

/**
 * Groups whose connections may join a connection group. The spec allows "database and
 * cloud-storage connections": analytical databases (warehouses) count as databases, and SaaS
 * sources (`services`) are refused.
 */
export const GROUPABLE_GROUPS: readonly ConnectionTypeGroup[] = ['database', 'analytical', 'cloud_storage'];

export const CONNECTION_TYPES: readonly ConnectionType[] = [
  { type: 'adwords', name: 'Google AdWords', description: 'Google pay-per-click advertising: campaign, ad group and keyword reports', groups: ['services'] },
  { type: 'analytics', name: 'Google Analytics', description: 'Google web analytics and reporting service', groups: ['services'] },
  { type: 'athena', name: 'Amazon Athena', description: 'Serverless SQL queries over data in Amazon S3', groups: ['analytical'] },
  { type: 'azureblobstorage', name: 'Azure Blob Storage', description: 'Object storage on Microsoft Azure', groups: ['cloud_storage'] },
  { type: 'bigquery', name: 'Google BigQuery', description: 'Serverless data warehouse for analytics at scale, provided by Google', groups: ['analytical'] },
  { type: 'bingads', name: 'Bing Ads', description: 'Microsoft search advertising: account, campaign and keyword performance reports', groups: ['services'] },
  { type: 'facebookadsinsights', name: 'Facebook Ads Insights', description: 'Performance statistics of Facebook ad accounts, campaigns and ads', groups: ['services'] },
  { type: 'googlecloudpostgres', name: 'Google Cloud SQL for PostgreSQL', description: 'Managed PostgreSQL databases on Google Cloud', groups: ['database'] },
  { type: 'googlecloudspanner', name: 'Google Cloud Spanner', description: 'Globally distributed relational database on Google Cloud', groups: ['database'] },
  { type: 'googlecloudsql', name: 'Google Cloud SQL', description: 'Managed MySQL and PostgreSQL databases on Google Cloud', groups: ['database'] },
  { type: 'googlesheets', name: 'Google Sheets', description: 'Spreadsheets in Google Drive', groups: ['services'] },
  { type: 'gs', name: 'Google Cloud Storage', description: 'Object storage on Google Cloud', groups: ['cloud_storage'] },
  { type: 'hdfs', name: 'HDFS', description: 'Hadoop Distributed File System', groups: ['cloud_storage'] },
  { type: 'herokupostgres', name: 'Heroku Postgres', description: 'PostgreSQL as a service on Heroku', groups: ['database'] },
  { type: 'hubspot', name: 'HubSpot', description: 'Marketing, sales and service CRM records', groups: ['services'] },
  { type: 'instagram', name: 'Instagram', description: 'Insights of Instagram business accounts and their media', groups: ['services'] },
  { type: 'intercom', name: 'Intercom', description: 'Customer messaging: contacts, companies and conversations', groups: ['services'] },
  { type: 'linkedin', name: 'LinkedIn', description: 'LinkedIn ad accounts, campaigns and company page statistics', groups: ['services'] },
  { type: 'mongo', name: 'MongoDB', description: 'Document-oriented NoSQL database', groups: ['database'] },
  { type: 'mysql', name: 'MySQL', description: 'Open-source relational database', groups: ['database'] },
  { type: 'netsuite', name: 'NetSuite', description: 'Oracle NetSuite ERP records through SuiteAnalytics Connect', groups: ['database'] },
  { type: 'oracle', name: 'Oracle Database', description: 'Relational database by Oracle', groups: ['database'] },
  { type: 'pinterest', name: 'Pinterest', description: 'Pinterest ad accounts, campaigns and pin analytics', groups: ['services'] },
  { type: 'postgres', name: 'PostgreSQL', description: 'Open-source object-relational database', groups: ['database'] },
  { type: 'rackspace', name: 'Rackspace Cloud Files', description: 'Object storage on Rackspace Cloud', groups: ['cloud_storage'] },
  { type: 'redshift', name: 'Amazon Redshift', description: 'Petabyte-scale columnar data warehouse on AWS', groups: ['analytical'] },
  { type: 's3', name: 'Amazon S3', description: 'Object storage on Amazon Web Services', groups: ['cloud_storage'] },
  { type: 'salesforce', name: 'Salesforce', description: 'Salesforce CRM objects through the Salesforce API', groups: ['services'] },
  { type: 'segment', name: 'Segment SQL', description: 'Event data collected by Segment, loaded into a SQL warehouse', groups: ['analytical'] },
  { type: 'sftp', name: 'SFTP', description: 'Files on a server reachable over SSH File Transfer Protocol', groups: ['cloud_storage'] },
  { type: 'shopify', name: 'Shopify', description: 'Orders, products and customers of a Shopify shop', groups: ['services'] },
  { type: 'snowflake', name: 'Snowflake', description: 'Cloud data warehouse', groups: ['analytical'] },
  { type: 'softlayer', name: 'SoftLayer Object Storage', description: 'Object storage on IBM SoftLayer', groups: ['cloud_storage'] },
  { type: 'sqlserver', name: 'Microsoft SQL Server', description: 'Relational database by Microsoft, on premises or on Azure', groups: ['database'] },
  { type: 'swift', name: 'OpenStack Swift', description: 'OpenStack Object Storage', groups: ['cloud_storage'] },
  { type: 'xero', name: 'Xero', description: 'Accounting records of a Xero organisation', groups: ['services'] },
  { type: 'youtube', name: 'YouTube', description: 'YouTube channel and video analytics', groups: ['services'] },
];

const byId = new Map(CONNECTION_TYPES.map((t) => [t.type, t])); // type id -> ConnectionType

/** The type names of the catalog: what the connection list's `type` filter takes. */
export const CONNECTION_TYPE_NAMES: readonly string[] = CONNECTION_TYPES.map((t) => t.type);

export function connectionType(type: string): ConnectionType | undefined {
  return byId.get(type);
}

export function isGroupable(type: ConnectionType): boolean {
  return type.groups.some((group) => GROUPABLE_GROUPS.includes(group));
}

/** Icons live outside the simulator, on a reserved domain, as avatars do. */
export function iconUrl(type: ConnectionType): string {
  return `https://assets.example.invalid/connection-types/${type.type}.png`;
}
