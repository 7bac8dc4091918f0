import type { Searchable } from '../shared/search-routes.ts';
import type { Cluster } from './types.ts';
import { clusterStateAt } from './lifecycle.ts';
import { presentCluster } from './present.ts';
import { CLUSTER_SORTS } from './model.ts';

/** `GET /clusters/search`: the attributes of the real docs (sections/search-clusters.md), where the clusters stand now. */
export const CLUSTER_SEARCH: Searchable<Cluster> = {
  items: (account) => account.clusters.values(),
  spec(sim) {
    const now = sim.clock.now();
    return {
      fields: {
        id: { kind: 'number', value: (c) => c.id },
        name: { kind: 'text', values: (c) => [c.name] },
        nodes: { kind: 'number', value: (c) => c.nodes },
        status: { kind: 'text', exact: true, values: (c) => [clusterStateAt(c, now).status] },
        created: { kind: 'date', value: (c) => c.createdAt },
        terminated: { kind: 'date', value: (c) => clusterStateAt(c, now).terminatedAt },
      },
      freeText: (c) => [c.id, c.name],
    };
  },
  // The docs: `modified` sorts by terminated_at (a cluster not terminated sorts first ascending).
  sorts(sim) {
    const now = sim.clock.now();
    return { modified: (c) => clusterStateAt(c, now).terminatedAt ?? 0, created: CLUSTER_SORTS.keys.created };
  },
  direction: 'desc',
  present: (sim, account, cluster, links) => presentCluster(sim, account, cluster, links),
};
