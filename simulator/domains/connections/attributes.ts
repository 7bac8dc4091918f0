/**
 * The attributes each connection type takes when it is made (`POST /connections/{type}`), as the
 * real service's API docs give them (resources/connections/*-connection.md): which are required
 * (always, or as the docs' "Y unless code is provided" and "Y if code is provided" say), their
 * defaults, and which are secrets (written, never shown). Types the docs give no page for here
 * (rackspace, segment, softlayer) take a name only. Plain data.
 */

/** `time`: an ISO 8601 date-time with its zone, kept as epoch ms and shown as every other timestamp (UTC). */
export type AttributeKind = 'text' | 'port' | 'boolean' | 'tunnel' | 'time';

export interface AttributeSpec {
  name: string;
  kind: AttributeKind;
  required?: boolean;
  /** Required unless this other attribute is given (an OAuth token, unless the grant's `code` is). */
  requiredUnless?: string;
  /** Required when this other attribute is given (the redirect URI the `code` was made for). */
  requiredWith?: string;
  /** What a text value must begin with (Athena's `s3://` staging directory). */
  prefix?: string;
  /** The only values a text takes, where the docs list them (Salesforce's environment). */
  choices?: readonly string[];
  default?: string | number | boolean;
  /** Written, never shown, never kept by the simulator (it connects nowhere). */
  secret?: boolean;
}

const text = (name: string, required = false, secret = false): AttributeSpec => ({ name, kind: 'text', ...(required ? { required } : {}), ...(secret ? { secret } : {}) });
const port = (value: number, name = 'port'): AttributeSpec => ({ name, kind: 'port', default: value });
const ssl = (value: boolean): AttributeSpec => ({ name: 'ssl', kind: 'boolean', default: value });
const TUNNEL: AttributeSpec = { name: 'tunnel_type', kind: 'tunnel', default: 'direct' };
const DATABASE: AttributeSpec = { name: 'database', kind: 'text', default: '' };
const CREDENTIALS = [text('username', true), text('password', true, true)];

/** A relational database reached by host and port, as the docs' MySQL, PostgreSQL and kin. */
const database = (defaultPort: number, secure: boolean, extra: AttributeSpec[] = []): AttributeSpec[] => [...CREDENTIALS, DATABASE, text('host', true), port(defaultPort), TUNNEL, ssl(secure), ...extra];

/** The grant's `code` and the redirect URI it was made for, which the docs require together. */
const CODE = [text('code', false, true), { name: 'redirect_uri', kind: 'text', requiredWith: 'code' } satisfies AttributeSpec];

/**
 * A service the dashboard authorises (OAuth), as every such page of the docs gives it: the token
 * (`password`) unless the grant's `code` is sent, then with its `redirect_uri`.
 */
const OAUTH: AttributeSpec[] = [
  text('username'),
  { name: 'password', kind: 'text', requiredUnless: 'code', secret: true },
  text('refresh_token', false, true),
  text('uid'),
  { name: 'expires', kind: 'boolean' },
  { name: 'expires_at', kind: 'time' },
  ...CODE,
];

export const CONNECTION_ATTRIBUTES: Readonly<Record<string, readonly AttributeSpec[]>> = {
  mysql: database(3306, false),
  googlecloudsql: database(3306, false),
  postgres: database(5432, true),
  herokupostgres: database(5432, true),
  redshift: database(5439, false, [text('region', true)]),
  sqlserver: database(1433, false),
  mongo: [text('username'), text('password', false, true), { name: 'database', kind: 'text', required: true }, text('host', true), port(27017), TUNNEL, ssl(false), text('read_preference'), text('authentication_database')],
  s3: [...CREDENTIALS, text('region')],
  gs: [text('project_id', true)],
  sftp: [...CREDENTIALS, text('host', true), port(22), { name: 'auth_method', kind: 'text', default: 'password', choices: ['password', 'key'] }],
  hdfs: [text('username'), text('name_node_host', true), { name: 'name_node_port', kind: 'port' }, text('httpfs_host', true), { name: 'httpfs_port', kind: 'port', default: 14000 }],
  bigquery: [{ name: 'database', kind: 'text' }, text('host', true), text('region', true)],
  salesforce: [...OAUTH, { name: 'environment', kind: 'text', required: true, choices: ['production', 'sandbox'] }],
  bingads: OAUTH,
  adwords: OAUTH,
  analytics: OAUTH,
  oracle: database(1521, true),
  googlecloudpostgres: [...CREDENTIALS, DATABASE, text('host', true), port(5432), TUNNEL],
  googlecloudspanner: [...CREDENTIALS, { name: 'database', kind: 'text', required: true }, text('host', true), text('instance_id', true), ...CODE],
  netsuite: [...CREDENTIALS, { name: 'database', kind: 'text', default: 'NetSuite.com' }, text('host', true), port(1708), text('net_suite_account_id', true), text('role_id')],
  snowflake: [text('account_name', true), ...CREDENTIALS, { name: 'database', kind: 'text', required: true }, text('warehouse', true), text('region', true), TUNNEL],
  athena: [...CREDENTIALS, DATABASE, { name: 's3_staging_dir', kind: 'text', required: true, prefix: 's3://' }, text('region', true), TUNNEL],
  azureblobstorage: CREDENTIALS,
  hubspot: [text('username'), text('password', true, true), { name: 'tunnel_type', kind: 'tunnel' }, port(46126, 'local_port')],
  facebookadsinsights: OAUTH,
  googlesheets: OAUTH,
  instagram: OAUTH,
  intercom: OAUTH,
  linkedin: OAUTH,
  pinterest: OAUTH,
  shopify: OAUTH,
  xero: OAUTH,
  youtube: OAUTH,
};

/** The attributes of `type` (a name only for a type the docs give no page for). */
export function attributesOf(type: string): readonly AttributeSpec[] {
  return CONNECTION_ATTRIBUTES[type] ?? [];
}

/** Attributes naming a host the simulator "connects" to when a connection is tested. */
export const HOST_ATTRIBUTES: readonly string[] = ['host', 'name_node_host', 'httpfs_host'];
