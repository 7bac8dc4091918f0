import { ACCOUNT_REGIONS, type AccountRegion } from './placement.ts';

/**
 * `GET /regions` at the API's root: the regions the real service supports, as its docs list them
 * (sections/list-regions.md): the account's regions (`GET /{account}/api/regions`) without
 * SoftLayer's, in the same order.
 */
export const SERVICE_REGIONS: readonly AccountRegion[] = ACCOUNT_REGIONS.filter((r) => !r.id.startsWith('soft-layer::'));

/** The resource types `GET /regions/{type}` takes (the docs' list). */
export const REGION_RESOURCE_TYPES = ['redshift', 'bigquery', 's3', 'snowflake', 'athena'] as const;
export type RegionResourceType = (typeof REGION_RESOURCE_TYPES)[number];

/**
 * The regions of one resource type. The docs give one example list for every type; the simulator
 * gives each the regions of the cloud it runs in (Redshift, S3 and Athena Amazon's, BigQuery
 * Google's, Snowflake both), which is its choice (docs/interface-b.md).
 */
export function regionsFor(type: RegionResourceType): readonly AccountRegion[] {
  if (type === 'bigquery') return SERVICE_REGIONS.filter((r) => r.id.startsWith('gcloud::'));
  if (type === 'snowflake') return SERVICE_REGIONS;
  return SERVICE_REGIONS.filter((r) => r.id.startsWith('amazon-web-services::'));
}
