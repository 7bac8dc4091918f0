/**
 * Where and on what a cluster runs, as the real service's API docs list them: the regions open to
 * the account (`GET /regions`, sections/list-account-regions.md) and the stacks (`GET /stacks`,
 * sections/list-stacks.md). The simulator runs no machines: a cluster records its region, zone and
 * stack, and its instances (instances.ts) show them.
 */
import type { Cluster, ClusterPlacement } from './types.ts';

export interface AccountRegion {
  id: string;
  group_name: string;
  name: string;
  short_name: string;
}

const AWS = 'Amazon Web Services';
const SOFT_LAYER = 'SoftLayer CloudLayer';
const GOOGLE = 'Google Cloud';

export const ACCOUNT_REGIONS: readonly AccountRegion[] = [
  { id: 'amazon-web-services::us-east-1', group_name: AWS, name: 'AWS - US East (N. Virginia)', short_name: 'US East (Northern Virginia)' },
  { id: 'amazon-web-services::us-west-1', group_name: AWS, name: 'AWS - US West (N. California)', short_name: 'US West (Northern California)' },
  { id: 'amazon-web-services::us-west-2', group_name: AWS, name: 'AWS - US West (Oregon)', short_name: 'US West (Oregon)' },
  { id: 'amazon-web-services::eu-west-1', group_name: AWS, name: 'AWS - EU (Ireland)', short_name: 'EU (Ireland)' },
  { id: 'soft-layer::dal05', group_name: SOFT_LAYER, name: 'SoftLayer - Dallas 5 (DAL05)', short_name: 'Dallas 5 (DAL05)' },
  { id: 'soft-layer::ams01', group_name: SOFT_LAYER, name: 'SoftLayer - Amsterdam 1 (AMS01)', short_name: 'Amsterdam 1 (AMS01)' },
  { id: 'soft-layer::sng01', group_name: SOFT_LAYER, name: 'SoftLayer - Singapore 1 (SNG01)', short_name: 'Singapore 1 (SNG01)' },
  { id: 'amazon-web-services::ap-southeast-1', group_name: AWS, name: 'AWS - Asia Pacific (Singapore)', short_name: 'Asia Pacific (Singapore)' },
  { id: 'amazon-web-services::ap-southeast-2', group_name: AWS, name: 'AWS - Asia Pacific (Sydney)', short_name: 'Asia Pacific (Sydney)' },
  { id: 'amazon-web-services::ap-northeast-1', group_name: AWS, name: 'AWS - Asia Pacific (Tokyo)', short_name: 'Asia Pacific (Tokyo)' },
  { id: 'amazon-web-services::sa-east-1', group_name: AWS, name: 'AWS - South America (São Paulo)', short_name: 'South America (São Paulo)' },
  { id: 'gcloud::asia-east1', group_name: GOOGLE, name: 'Google Cloud - East Asia', short_name: 'East Asia' },
  { id: 'gcloud::europe-west1', group_name: GOOGLE, name: 'Google Cloud - Western Europe', short_name: 'Western Europe' },
  { id: 'gcloud::us-central1', group_name: GOOGLE, name: 'Google Cloud - Central US', short_name: 'Central US' },
];

/** Whether `value` is the id of a region `GET /regions` lists: what a cluster and an account may name. */
export function isAccountRegion(value: unknown): value is string {
  return ACCOUNT_REGIONS.some((r) => r.id === value);
}

/** An account's region until `PUT /accounts/{account_id}` sets another: the first region listed. */
export const DEFAULT_REGION = 'amazon-web-services::us-east-1';

/**
 * The stacks `GET /stacks` lists: the docs' list, and `white-everest`, which the docs' cluster
 * creation gives as the default and shows in its example answer though their list leaves it out.
 */
export const STACKS: readonly { id: string; name: string }[] = [
  { id: 'mint-everest', name: 'Mint Everest' },
  { id: 'lime-everest', name: 'Lime Everest' },
  { id: 'blue-everest', name: 'Blue Everest' },
  { id: 'white-everest', name: 'White Everest' },
];

export const DEFAULT_STACK = 'white-everest';

/** The docs' example instance type, for both a cluster's master and its other nodes. */
export const DEFAULT_INSTANCE_TYPE = 'm3.xlarge';

/** A region's first zone, where a cluster asked for none runs: AWS `us-east-1a`, Google `us-central1-a`, a SoftLayer data centre itself. */
export function defaultZone(region: string): string {
  const [provider = '', place = ''] = region.split('::');
  if (provider === 'amazon-web-services') return `${place}a`;
  if (provider === 'gcloud') return `${place}-a`;
  return place;
}

/** A cluster's placement from what was asked (the rest the docs' defaults: the account's region and its first zone, on-demand, fallback allowed). */
export function resolvePlacement(asked: Partial<ClusterPlacement> = {}, accountRegion = DEFAULT_REGION): ClusterPlacement {
  const region = asked.region ?? accountRegion;
  return {
    region,
    zone: asked.zone ?? defaultZone(region),
    masterInstanceType: asked.masterInstanceType ?? DEFAULT_INSTANCE_TYPE,
    slaveInstanceType: asked.slaveInstanceType ?? DEFAULT_INSTANCE_TYPE,
    masterSpotPrice: asked.masterSpotPrice ?? null,
    slaveSpotPrice: asked.slaveSpotPrice ?? null,
    masterSpotPercentage: asked.masterSpotPercentage ?? null,
    slaveSpotPercentage: asked.slaveSpotPercentage ?? null,
    allowFallback: asked.allowFallback ?? true,
    stack: asked.stack ?? DEFAULT_STACK,
    bootstrapActions: asked.bootstrapActions ?? [],
  };
}

/** Where the cluster runs; a seeded cluster, or one from a state saved before, runs at the defaults. */
export function placementOf(cluster: Pick<Cluster, 'placement'>): ClusterPlacement {
  return cluster.placement ?? DEFAULT_PLACEMENT;
}

const DEFAULT_PLACEMENT = resolvePlacement();

/**
 * Which of a cluster's `nodes` instances are spot ones: the master when its spot percentage is at
 * least one half (one machine), and that share of the others, rounded.
 */
export function isSpotInstance(placement: ClusterPlacement, nodes: number, index: number): boolean {
  if (index === 0) return (placement.masterSpotPercentage ?? 0) >= 0.5;
  return index <= Math.round((placement.slaveSpotPercentage ?? 0) * (nodes - 1));
}
