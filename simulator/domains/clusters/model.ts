import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { User } from '../users/types.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import type { ClusterFields } from './input.ts';
import { defaultNodes, nodesProblem } from './size.ts';
import { clusterStateAt, idleTerminationAhead, isTerminatingOrGone } from './lifecycle.ts';
import { trackCluster } from './unannounced.ts';
import type { Cluster } from './types.ts';
import { newestFirst } from '../shared/ordering.ts';
import type { ListSorts } from '../shared/list-order.ts';
import { resolvePlacement } from './placement.ts';
import { regionOf } from '../accounts/model.ts';

/** The real service's sorts of the cluster list. */
export const CLUSTER_SORTS: ListSorts<Cluster, 'updated'> = {
  keys: { created: (c) => c.createdAt, updated: (c) => c.updatedAt },
  updatedAt: (c) => c.updatedAt,
};

/** Newest first (then highest id first): the order `GET /clusters` serves and pages over. */
export function clustersNewestFirst(account: AccountState): Cluster[] {
  return newestFirst(account.clusters.values());
}

/** The caller's cluster with this id, or null when it is absent or another account's. */
export function readCluster(account: AccountState, id: number): Cluster | null {
  return account.clusters.get(id) ?? null;
}

/** The docs' size rule (size.ts), as a 422 naming `nodes`. */
function checkNodes(type: Cluster['type'], nodes: number): void {
  const problem = nodesProblem(type, nodes);
  if (problem) throw invalidField('nodes', problem);
}

/**
 * `POST /clusters`: a cluster that provisions on the clock (lifecycle.ts); its creator watches it.
 * A schedule's run makes one the same way, at the slot it runs at and marked as the schedule's.
 */
export function createCluster(sim: Sim, account: AccountState, user: Pick<User, 'id'>, fields: ClusterFields, made: { at?: number; scheduleId?: number } = {}): Cluster {
  const now = made.at ?? sim.clock.now();
  const type = fields.type ?? 'production';
  const nodes = fields.nodes ?? defaultNodes(type);
  checkNodes(type, nodes);
  const id = sim.store.nextId('cluster', account);
  const cluster: Cluster = {
    id,
    name: fields.name ?? `cluster-${id}`,
    description: fields.description ?? '',
    nodes,
    type,
    status: 'pending',
    terminateOnIdle: fields.terminateOnIdle ?? false,
    timeToIdle: fields.timeToIdle ?? 3600,
    ownerId: user.id,
    planId: fields.planId ?? null,
    placement: resolvePlacement(fields.placement, regionOf(account)),
    requestedAt: now,
    terminateRequestedAt: null,
    announcedUntil: null,
    watcherIds: new Set([user.id]),
    createdAt: now,
    updatedAt: now,
    ...(made.scheduleId !== undefined ? { scheduleId: made.scheduleId, jobIds: [] } : {}),
  };
  account.clusters.set(id, cluster);
  sim.eventQueued?.(trackCluster(account, id));
  return cluster;
}

/** `PUT /clusters/{id}`: a terminating or terminated cluster cannot change (422 naming `status`). */
export function updateCluster(sim: Sim, account: AccountState, id: number, fields: ClusterFields): Cluster {
  const cluster = account.clusters.get(id);
  if (!cluster) throw notFound();
  if (isTerminatingOrGone(clusterStateAt(cluster, sim.clock.now()).status)) throw invalidField('status', 'is terminating or terminated: the cluster cannot change');
  if (fields.nodes !== undefined) checkNodes(cluster.type, fields.nodes);
  Object.assign(cluster, {
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(fields.nodes !== undefined ? { nodes: fields.nodes } : {}),
    ...(fields.terminateOnIdle !== undefined ? { terminateOnIdle: fields.terminateOnIdle } : {}),
    ...(fields.timeToIdle !== undefined ? { timeToIdle: fields.timeToIdle } : {}),
    updatedAt: sim.clock.now(),
  });
  return cluster;
}

/** `DELETE /clusters/{id}`: starts termination; asking again changes nothing. */
export function terminateCluster(sim: Sim, account: AccountState, id: number): Cluster {
  const cluster = account.clusters.get(id);
  if (!cluster) throw notFound();
  const now = sim.clock.now();
  // A termination planned for when it has been idle long enough (a schedule's cluster) is brought forward.
  const idlePlanned = idleTerminationAhead(cluster, now);
  if (cluster.terminateRequestedAt === undefined || cluster.terminateRequestedAt === null || idlePlanned) {
    if (idlePlanned) cluster.terminatedOnIdle = false;
    cluster.terminateRequestedAt = now;
    cluster.updatedAt = now;
    // A seeded cluster has announced nothing and has nothing before this to announce: from now on,
    // its termination is announced when it is done.
    if (cluster.announcedUntil === undefined) cluster.announcedUntil = now;
    sim.eventQueued?.(trackCluster(account, id));
  }
  return cluster;
}

/** The cluster's watchers (users of the account), in subscription order. */
export function clusterWatchers(account: AccountState, cluster: Cluster): User[] {
  return [...(cluster.watcherIds ?? [])].map((id) => account.users.get(id)).filter((u): u is User => u !== undefined);
}

export function watchCluster(account: AccountState, user: User, id: number): Cluster {
  const cluster = account.clusters.get(id);
  if (!cluster) throw notFound();
  (cluster.watcherIds ??= new Set()).add(user.id);
  return cluster;
}

export function unwatchCluster(account: AccountState, user: User, id: number): Cluster {
  const cluster = account.clusters.get(id);
  if (!cluster) throw notFound();
  cluster.watcherIds?.delete(user.id);
  return cluster;
}
