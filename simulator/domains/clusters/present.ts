import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import type { Cluster } from './types.ts';

export function clusterUrl(links: Links, id: number): string {
  return `${links.api}/clusters/${id}`;
}

/** The simulator's own cluster shape (the spec shows no cluster fields). */
export function presentCluster(sim: Sim, cluster: Cluster, links: Links): Record<string, unknown> {
  return {
    id: cluster.id,
    name: cluster.name,
    status: cluster.status,
    nodes: cluster.nodes,
    type: cluster.type,
    created_at: presentTime(sim, cluster.createdAt),
    updated_at: presentTime(sim, cluster.updatedAt),
    url: clusterUrl(links, cluster.id),
    html_url: `${links.html}/clusters/${cluster.id}`,
  };
}
