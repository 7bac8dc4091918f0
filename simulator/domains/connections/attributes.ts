/**
 * The attributes each connection type takes when it is made (`POST /connections/{type}`), as the
 * real service's API docs give them (resources/connections/*-connection.md): which are required,
 * their defaults, and which are secrets (written, never shown). Types the docs give no page for
 * here (rackspace, segment, softlayer) take a name only. Plain data.
 */

export type AttributeKind = 'text' | 'port' | 'boolean' | 'tunnel';

export interface AttributeSpec {
  name: string;
  kind: AttributeKind;
  required?: boolean;
  default?: string | number | boolean;
  /** Written, never shown, never kept by the simulator (it connects nowhere). */
  secret?: boolean;
}

const text = (name: string, required = false, secret = false): AttributeSpec => ({ name, kind: 'text', ...(required ? { required } : {}), ...(secret ? { secret } : {}) });
const port = (value: number): AttributeSpec => ({ name: 'port', kind: 'port', default: value });
const ssl = (value: boolean): AttributeSpec => ({ name: 'ssl', kind: 'boolean', default: value });
const TUNNEL: AttributeSpec = { name: 'tunnel_type', kind: 'tunnel', default: 'direct' };
const DATABASE: AttributeSpec = { name: 'database', kind: 'text', default: '' };
const CREDENTIALS = [text('username', true), text('password', true, true)];

/** A relational database reached by host and port, as the docs' MySQL, PostgreSQL and kin. */
const database = (defaultPort: number, secure: boolean, extra: AttributeSpec[] = []): AttributeSpec[] => [...CREDENTIALS, DATABASE, text('host', true), port(defaultPort), TUNNEL, ssl(secure), ...extra];

/** A service the dashboard authorises (OAuth): the API takes the grant's fields, none required. */
const OAUTH = [text('username'), text('password', false, true), text('refresh_token', false, true), text('uid'), text('code', false, true), text('redirect_uri')];

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
  sftp: [...CREDENTIALS, text('host', true), port(22), { name: 'auth_method', kind: 'text', default: 'password' }],
  hdfs: [text('username'), text('name_node_host', true), { name: 'name_node_port', kind: 'port' }, text('httpfs_host', true), { name: 'httpfs_port', kind: 'port', default: 14000 }],
  bigquery: [{ name: 'database', kind: 'text' }, text('host', true), text('region', true)],
  salesforce: [...OAUTH, { name: 'environment', kind: 'text', required: true }],
  bingads: OAUTH,
  adwords: OAUTH,
  analytics: OAUTH,
};

/** The attributes of `type` (a name only for a type the docs give no page for). */
export function attributesOf(type: string): readonly AttributeSpec[] {
  return CONNECTION_ATTRIBUTES[type] ?? [];
}

/** Attributes naming a host the simulator "connects" to when a connection is tested. */
export const HOST_ATTRIBUTES: readonly string[] = ['host', 'name_node_host', 'httpfs_host'];
