import type { Links } from '../../context.ts';
import type { Cluster } from './types.ts';
import { clusterStateAt } from './lifecycle.ts';
import { clusterUrl } from './present.ts';
import { isSpotInstance, placementOf } from './placement.ts';

/**
 * `GET /clusters/{id}/instances`: the machines of a cluster, in the real service's shape (its API
 * docs, resources/cluster-instance.md). A cluster of n nodes has n instances, the first its
 * master; none while it is still provisioning; all `terminated` once it is. Their zone, types and
 * spot share are the cluster's (placement.ts); their ids and names are made up from the cluster's
 * id, the same at every read (the simulator runs no machines).
 */
export function presentClusterInstances(cluster: Cluster, links: Links, now: number): Record<string, unknown>[] {
  const status = clusterStateAt(cluster, now).status;
  if (status === 'pending' || status === 'creating') return [];
  const gone = status === 'terminated';
  const placement = placementOf(cluster);
  return Array.from({ length: cluster.nodes }, (_, i) => {
    // Multiplying by an odd constant is one-to-one on 32 bits: distinct ids for up to 64 nodes a cluster.
    const instanceId = `i-${(Math.imul(cluster.id * 64 + i, 2_654_435_761) >>> 0).toString(16).padStart(8, '0')}`;
    const a = (cluster.id * 37 + i * 11) % 250;
    const b = (cluster.id * 13 + i * 29) % 250;
    return {
      instance_id: instanceId,
      private_dns: `ip-10-${a}-${b}-${i + 10}.ec2.internal`,
      public_dns: `ec2-54-${a}-${b}-${i + 10}.compute-1.amazonaws.com`,
      status: gone ? 'terminated' : 'available',
      master: i === 0,
      spot: isSpotInstance(placement, cluster.nodes, i),
      vpc: true,
      zone: placement.zone,
      instance_type: i === 0 ? placement.masterInstanceType : placement.slaveInstanceType,
      url: `${clusterUrl(links, cluster.id)}/instances/${instanceId}`,
    };
  });
}
