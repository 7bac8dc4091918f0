/**
 * The target document: everything the suites know about the system under test. `disco serve
 * --write-target` writes it for the simulator; for a real deployment people write it by hand
 * (JSON or YAML). Secrets may stay out of the file: any `<field>_env: NAME` reads the field from
 * the environment variable NAME, and `${NAME}` inside a string is replaced the same way.
 */
export interface TargetDocument {
  /** A human name for reports ("staging", "disco simulator"). */
  name?: string;
  /** Interface B root is `{base_url}/{account_id}/api`. */
  base_url?: string;
  /** Interface A root is `{cdc_base_url}/api/public/v1`. */
  cdc_base_url?: string;
  /** Interface A key prefix without the underscore (the real service's is `fdk`). */
  key_prefix?: string;
  /** The simulator's control API; present only for simulator targets. */
  control_url?: string;
  /** Two accounts: the second one is "another account" for isolation and enumeration checks. */
  accounts?: TargetAccount[];
}

export interface TargetAccount {
  /** The `{account_id}` path segment of interface B. */
  account_id?: string;
  /** Interface B API key of a user of this account (secret). */
  api_key?: string;
  /** Interface A key with admin rights (secret). */
  pipeline_admin_key?: string;
  /** Interface A key without admin rights (secret). */
  pipeline_key?: string;
  /** Ids of things the public API cannot create. */
  fixtures?: TargetFixtures;
}

export interface TargetFixtures {
  package_id?: number;
  cluster_id?: number;
  /** Connection ids by type: `{mysql: 12, salesforce: 13, bingads: 14, sftp: 15}`. */
  connections?: Record<string, number>;
  /** Deliveries the run may delete (DELETE is destructive: list only disposable ones). */
  delivery_ids?: number[];
  /** Notifications of the key's user; the run marks them read. */
  notification_ids?: number[];
}
