import type { Sim } from '../context.ts';
import type { AccountManifest } from './seed.ts';
import { isMember } from '../domains/members/model.ts';

/**
 * Manifests of a state restored from a file (`--state`): what a target document is made from.
 * Users removed from an account's members are left out (their keys no longer authenticate).
 * Interface A keys are stored as digests only, so none can be listed: the target document
 * written when they were made stays the place to read them. Pipelines that are not archived are
 * listed as fixtures (not archivable: whether the run may archive them was the seed's to say).
 */
export function restoredManifests(sim: Sim): AccountManifest[] {
  return [...sim.store.accounts.values()].map((a) => ({
    account_id: a.slug,
    numeric_id: a.id,
    users: [...a.users.values()].filter(isMember).map((u) => ({ id: u.id, name: u.name, email: u.email, api_key: u.apiKey })),
    pipeline_keys: [],
    package_ids: [...a.packages.keys()],
    failing_package_ids: [...a.packages.values()].filter((p) => p.outcome === 'failed' && p.status === 'active').map((p) => p.id),
    cluster_ids: [...a.clusters.keys()],
    connections: [...a.connections.values()].map((c) => ({ id: c.id, type: c.type, name: c.name })),
    invoice_count: a.invoices.length,
    // The first user's, as a seed's manifest names them (the target document's api_key is that user's).
    notification_ids: [...a.notifications.values()].filter((n) => n.userId === a.ownerUserId).map((n) => n.id),
    delivery_ids: [...a.deliveries.keys()],
    pipelines: [...a.pipelines.values()].filter((p) => p.archivedAt === null).map((p) => ({ id: p.id, name: p.name, deployed: p.deployedAt !== null, archivable: false })),
  }));
}
