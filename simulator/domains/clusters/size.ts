import type { Cluster } from './types.ts';

/**
 * The real docs' rule on a cluster's size (sections/create-cluster.md, update-cluster.md): `nodes`
 * runs "between 2 and your account's maximum", and "the sandbox cluster must be created with 1
 * node". One place for it: `POST`/`PUT /clusters`, a schedule's run and a seed all keep it.
 */

/** The most nodes a cluster may ask for here (the real service's plans go higher; this is a fake). */
export const MAX_NODES = 64;

type ClusterType = Cluster['type'];

/** Why `nodes` does not fit a cluster of `type`, or undefined when it does. */
export function nodesProblem(type: ClusterType, nodes: number): string | undefined {
  if (type === 'sandbox' && nodes !== 1) return 'must be 1 for a sandbox cluster';
  if (type === 'production' && nodes < 2) return `must be from 2 to ${MAX_NODES} for a production cluster (a sandbox cluster has 1)`;
  return undefined;
}

/** How many nodes a cluster given no count gets: the least its type takes. */
export function defaultNodes(type: ClusterType): number {
  return type === 'sandbox' ? 1 : 2;
}

/** The type a cluster given only its count is: a sandbox for one node, the only one-node cluster the docs allow. */
export function typeForNodes(nodes: number): ClusterType {
  return nodes === 1 ? 'sandbox' : 'production';
}
