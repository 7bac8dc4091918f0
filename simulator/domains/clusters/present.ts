import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import type { Cluster } from './types.ts';
import { clusterStateAt } from './lifecycle.ts';
import { placementOf } from './placement.ts';
import type { AccountState } from '../../store.ts';
import { runningJobCount } from '../jobs/unsettled.ts';
import { presentCreator } from '../shared/creator.ts';

export function clusterUrl(links: Links, id: number): string {
  return `${links.api}/clusters/${id}`;
}

/**
 * The simulator's own cluster shape (the spec shows no cluster fields), as it stands `at` (now,
 * unless a hook event shows it at the moment of the event).
 */
export function presentCluster(sim: Sim, account: AccountState, cluster: Cluster, links: Links, at: number = sim.clock.now()): Record<string, unknown> {
  const state = clusterStateAt(cluster, at);
  const placement = placementOf(cluster);
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
    // Jobs on it not yet ended, as of the request's settle (a hook event's payload shows the count of its delivery's moment).
    running_jobs_count: runningJobCount(account, cluster.id),
    region: placement.region,
    zone: placement.zone,
    master_instance_type: placement.masterInstanceType,
    slave_instance_type: placement.slaveInstanceType,
    master_spot_price: placement.masterSpotPrice,
    slave_spot_price: placement.slaveSpotPrice,
    master_spot_percentage: placement.masterSpotPercentage,
    slave_spot_percentage: placement.slaveSpotPercentage,
    allow_fallback: placement.allowFallback,
    stack: placement.stack,
    bootstrap_actions: placement.bootstrapActions.map((a) => ({ ...a, ...(a.args ? { args: [...a.args] } : {}) })),
    creator: presentCreator(account, links, { scheduleId: cluster.scheduleId, userId: cluster.ownerId }),
    url: clusterUrl(links, cluster.id),
    html_url: `${links.html}/clusters/${cluster.id}`,
  };
}
