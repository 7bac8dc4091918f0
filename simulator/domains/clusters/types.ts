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
  /** Users watching the cluster (`/clusters/{id}/watchers`). */
  watcherIds?: Set<number>;
  createdAt: number;
  updatedAt: number;
}
