/** Statuses of the real service's clusters (its public API docs and clients). */
export type ClusterStatus = 'pending' | 'creating' | 'available' | 'idle' | 'pending_terminate' | 'terminating' | 'terminated' | 'error';

export const CLUSTER_STATUSES: readonly ClusterStatus[] = ['pending', 'creating', 'available', 'idle', 'pending_terminate', 'terminating', 'terminated', 'error'];

export interface Cluster {
  id: number;
  name: string;
  description?: string;
  nodes: number;
  type: 'sandbox' | 'production';
  /** A seeded cluster's status; one created through the API derives it from its timestamps. */
  status: ClusterStatus;
  terminateOnIdle?: boolean;
  /** Seconds idle before an idle cluster is terminated, when `terminateOnIdle`. */
  timeToIdle?: number;
  ownerId?: number;
  /** The plan given at creation (GET /cluster_plans), recorded, not priced. */
  planId?: number | null;
  /** Set for clusters created through `POST /clusters`: they provision on the clock. */
  requestedAt?: number;
  /** `DELETE /clusters/{id}`: when termination was asked for. */
  terminateRequestedAt?: number | null;
  /**
   * The moment up to which the cluster's events (lifecycle.ts, `clusterEvents`) have been
   * announced to hooks and watchers; null: none yet. Absent on a seeded cluster until its
   * termination is asked for (it announces nothing before), and on one from a state file written
   * before the simulator announced cluster events.
   */
  announcedUntil?: number | null;
  /** The schedule whose run made the cluster (schedules/runs.ts); absent for any other. */
  scheduleId?: number;
  /** On a cluster a schedule made: the jobs put on it not yet seen ended, to tell when it is idle. */
  jobIds?: number[];
  /** Since when it is idle, with its termination planned `timeToIdle` later (a schedule's cluster with `terminateOnIdle`); absent or null: not idle. */
  idleSince?: number | null;
  /** Its termination was planned because it is idle. */
  terminatedOnIdle?: boolean;
  /** Where and on what it runs, as asked at creation (placement.ts); absent in a state saved before: the defaults. */
  placement?: ClusterPlacement;
  /** Users watching the cluster (`/clusters/{id}/watchers`). */
  watcherIds?: Set<number>;
  createdAt: number;
  updatedAt: number;
}

/** The real docs' placement fields of a cluster: region, zone, instance types, spot bids, stack, bootstrap actions. */
export interface ClusterPlacement {
  region: string;
  zone: string;
  masterInstanceType: string;
  slaveInstanceType: string;
  /** The highest bid in USD for spot instances; null: on-demand. */
  masterSpotPrice: number | null;
  slaveSpotPrice: number | null;
  /** The share of instances asked as spot, 0 to 1; null: none. */
  masterSpotPercentage: number | null;
  slaveSpotPercentage: number | null;
  /** On-demand instances stand in for spot requests not met. */
  allowFallback: boolean;
  stack: string;
  bootstrapActions: BootstrapAction[];
}

export interface BootstrapAction {
  script_path: string;
  args?: string[];
}
