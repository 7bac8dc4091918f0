import type { Sim } from '../context.ts';
import type { AccountState } from '../store.ts';
import { isoTime } from '../clock.ts';
import { isMember, ownerIdOf, roleOf } from '../domains/members/model.ts';

/**
 * The state of one account for the control API, secrets redacted: keys and salts never leave
 * the simulator through inspection (a test that needs a key got it when it was created).
 */
export function accountSnapshot(sim: Sim, account: AccountState): Record<string, unknown> {
  const redact = (value: string) => (value ? `[redacted ${value.length} chars]` : value);
  return {
    account_id: account.slug,
    numeric_id: account.id,
    name: account.name,
    now: isoTime(sim.clock.now()),
    // Members only: a removed member keeps its record (members/model.ts), not its place in the account.
    users: [...account.users.values()].filter(isMember).map((u) => ({ id: u.id, name: u.name, email: u.email, role: roleOf(account, u), owner: u.id === ownerIdOf(account), api_key: redact(u.apiKey) })),
    pipeline_keys: [...account.pipelineKeys.values()].map((k) => ({
      id: k.id,
      name: k.name,
      admin: k.admin,
      preview: k.preview,
      expires_at: k.expiresAt === null ? null : isoTime(k.expiresAt),
      revoked_at: k.revokedAt === null ? null : isoTime(k.revokedAt),
    })),
    counts: {
      ssh_keys: account.sshKeys.size,
      packages: account.packages.size,
      clusters: account.clusters.size,
      jobs: account.jobs.size,
      hooks: account.hooks.size,
      invoices: account.invoices.length,
      connections: account.connections.size,
      connection_groups: account.connectionGroups.size,
      deliveries: account.deliveries.size,
      notifications: account.notifications.size,
      pipelines: account.pipelines.size,
    },
    package_ids: [...account.packages.keys()],
    cluster_ids: [...account.clusters.keys()],
    job_ids: [...account.jobs.keys()],
    hook_ids: [...account.hooks.keys()],
    connections: [...account.connections.values()].map((c) => ({ id: c.id, type: c.type, name: c.name, connection_group_id: c.connectionGroupId })),
    delivery_ids: [...account.deliveries.keys()],
    notifications: [...account.notifications.values()].map((n) => ({ id: n.id, user_id: n.userId, kind: n.kind, read: n.read })),
    pipeline_ids: [...account.pipelines.keys()],
  };
}
