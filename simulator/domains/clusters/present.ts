import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import type { Cluster } from './types.ts';
import { clusterStateAt } from './lifecycle.ts';

export function clusterUrl(links: Links, id: number): string {
  return `${links.api}/clusters/${id}`;
}

/**
 * The simulator's own cluster shape (the spec shows no cluster fields), as it stands `at` (now,
 * unless a hook event shows it at the moment of the event).
 */
export function presentCluster(sim: Sim, cluster: Cluster, links: Links, at: number = sim.clock.now()): Record<string, unknown> {
  const state = clusterStateAt(cluster, at);
  return {
    id: cluster.id,
    name: cluster.name,
    description: cluster.description ?? '',
    status: state.status,
    nodes: cluster.nodes,
    type: cluster.type,
    owner_id: cluster.ownerId ?? null,
    plan_id: cluster.planId ?? null,
    terminate_on_idle: cluster.terminateOnIdle ?? false,
    time_to_idle: cluster.timeToIdle ?? 3600,
    idle_since: state.status === 'idle' && typeof cluster.idleSince === 'number' ? presentTime(sim, cluster.idleSince) : null,
    terminated_on_idle: cluster.terminatedOnIdle === true && state.status === 'terminated',
    created_at: presentTime(sim, cluster.createdAt),
    updated_at: presentTime(sim, cluster.updatedAt),
    available_since: state.availableSince === null ? null : presentTime(sim, state.availableSince),
    terminated_at: state.terminatedAt === null ? null : presentTime(sim, state.terminatedAt),
    url: clusterUrl(links, cluster.id),
    html_url: `${links.html}/clusters/${cluster.id}`,
  };
}
