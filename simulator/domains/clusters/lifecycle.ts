import type { Cluster, ClusterStatus } from './types.ts';

/**
 * A cluster's status at a moment, derived from its timestamps (no timers, like jobs): one
 * created through the API is `pending` for 5 s, `creating` for 30 s, then `available`; after
 * `DELETE /clusters/{id}` it is `pending_terminate` for 2 s, `terminating` for 8 s, then
 * `terminated`. A cluster a schedule made is `idle` from when its last job ended (schedules/runs.ts)
 * until its planned termination. A seeded cluster keeps its seeded status until terminated.
 */
export const CLUSTER_PHASES_MS = { pending: 5_000, creating: 30_000, pendingTerminate: 2_000, terminating: 8_000 } as const;

export interface ClusterState {
  status: ClusterStatus;
  availableSince: number | null;
  terminatedAt: number | null;
}

export function clusterStateAt(cluster: Cluster, now: number): ClusterState {
  const requested = cluster.requestedAt;
  const availableAt = requested === undefined ? cluster.createdAt : requested + CLUSTER_PHASES_MS.pending + CLUSTER_PHASES_MS.creating;
  const terminate = cluster.terminateRequestedAt ?? null;
  if (terminate !== null && now >= terminate) {
    const terminatedAt = terminate + CLUSTER_PHASES_MS.pendingTerminate + CLUSTER_PHASES_MS.terminating;
    if (now >= terminatedAt) return { status: 'terminated', availableSince: null, terminatedAt };
    return { status: now < terminate + CLUSTER_PHASES_MS.pendingTerminate ? 'pending_terminate' : 'terminating', availableSince: null, terminatedAt: null };
  }
  if (requested === undefined) return { status: cluster.status, availableSince: cluster.status === 'available' ? cluster.createdAt : null, terminatedAt: null };
  if (now < requested + CLUSTER_PHASES_MS.pending) return { status: 'pending', availableSince: null, terminatedAt: null };
  if (now < availableAt) return { status: 'creating', availableSince: null, terminatedAt: null };
  const idle = cluster.idleSince ?? null;
  if (idle !== null && now >= idle) return { status: 'idle', availableSince: availableAt, terminatedAt: null };
  return { status: 'available', availableSince: availableAt, terminatedAt: null };
}

/** The hook events a cluster announces. */
export type ClusterEvent = 'cluster.requested' | 'cluster.available' | 'cluster.idled' | 'cluster.terminated';

/**
 * A cluster's events with their moments, oldest first, as its timestamps give them: one created
 * through the API is `cluster.requested` at once and `cluster.available` when it is (unless its
 * termination was asked for before); any cluster whose termination was asked for is
 * `cluster.terminated` when it is; one a schedule made is `cluster.idled` when its last job has
 * ended (schedules/runs.ts). (`cluster.error` never happens here: no cluster breaks.)
 */
export function clusterEvents(cluster: Cluster): { event: ClusterEvent; at: number }[] {
  const events: { event: ClusterEvent; at: number }[] = [];
  const terminate = cluster.terminateRequestedAt ?? null;
  const requested = cluster.requestedAt;
  if (requested !== undefined) {
    events.push({ event: 'cluster.requested', at: requested });
    const availableAt = requested + CLUSTER_PHASES_MS.pending + CLUSTER_PHASES_MS.creating;
    // clusterStateAt: a termination asked for by then comes first, and it is never available.
    if (terminate === null || terminate > availableAt) events.push({ event: 'cluster.available', at: availableAt });
    const idle = cluster.idleSince ?? null;
    if (idle !== null && (terminate === null || terminate > idle)) events.push({ event: 'cluster.idled', at: idle });
  }
  if (terminate !== null) events.push({ event: 'cluster.terminated', at: terminate + CLUSTER_PHASES_MS.pendingTerminate + CLUSTER_PHASES_MS.terminating });
  return events;
}

/** Whether the cluster's termination was planned because it is idle, and has not come by `at` (a run or a DELETE may still change it). */
export function idleTerminationAhead(cluster: Cluster, at: number): boolean {
  return cluster.terminatedOnIdle === true && (cluster.terminateRequestedAt ?? Number.NEGATIVE_INFINITY) > at;
}

export function isTerminatingOrGone(status: ClusterStatus): boolean {
  return status === 'pending_terminate' || status === 'terminating' || status === 'terminated';
}
