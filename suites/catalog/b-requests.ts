import type { CheckContext, RequestOptions, ResolvedInterfaceB } from '../lib/types.ts';
import type { TargetFixtures } from '../lib/target-types.ts';
import { makeHook } from '../lib/factories/hooks.ts';
import { makeJob } from '../lib/factories/jobs.ts';
import type { Account } from '../lib/factories/removal.ts';
import { makeSshKey } from '../lib/factories/ssh-keys.ts';
import { makeSchedule } from '../lib/factories/schedules.ts';
import { keyUserId } from '../lib/factories/members.ts';
import { B_ENDPOINTS, bPath } from './b-endpoints.ts';
import type { BEndpoint, BodyContext, IdParameter, ResourceKind } from './types.ts';

/**
 * Turning catalog entries into requests: which id of the caller's account fills a path, which
 * body goes with it. Families ask here instead of spelling paths, so they cover whatever the
 * catalog holds.
 */

/** What fills an endpoint's placeholders. */
export interface PathValues {
  id?: number;
  /** The connection type in `{type}`. */
  type?: string;
}

/** The request for `endpoint` with `values` in its path and its valid body, or undefined when the body needs fixtures the account lacks. */
export function requestOf(endpoint: BEndpoint, values: PathValues, c: BodyContext): { method: string; path: string; options: RequestOptions } | undefined {
  const body = endpoint.body?.(c);
  if (endpoint.body && body === undefined) return undefined;
  const options: RequestOptions = {};
  if (body !== undefined) options.body = body;
  const query = queryOf(endpoint, c.interfaceB);
  if (query) options.query = query;
  return { method: endpoint.method, path: bPath(endpoint, values), options };
}

/** The query `endpoint` is sent with: the target document's where it gives one (`declaredQuery`), else the catalog's. */
export function queryOf(endpoint: BEndpoint, b: ResolvedInterfaceB): Record<string, string> | undefined {
  const query = endpoint.declaredQuery?.(b) ?? endpoint.query;
  return query ? { ...query } : undefined;
}

/** What a body builder of `account` may use. */
export function bodyContext(t: CheckContext, account: Account = 0): BodyContext {
  return { fixtures: t.fixtures(account), interfaceB: t.target.interfaceB, name: (base) => t.name(base) };
}

/**
 * The id (and connection type) of `account`'s own thing that `param` names, from the fixtures;
 * undefined when the fixtures have none (hooks, SSH keys and jobs are made, not listed).
 */
export function fixtureValues(fixtures: TargetFixtures, param: IdParameter): PathValues | undefined {
  switch (param.kind) {
    case 'package':
      return fixtures.package_id === undefined ? undefined : { id: fixtures.package_id };
    case 'cluster':
      return fixtures.cluster_id === undefined ? undefined : { id: fixtures.cluster_id };
    case 'delivery':
      return fixtures.delivery_ids?.[0] === undefined ? undefined : { id: fixtures.delivery_ids[0] };
    case 'notification':
      return fixtures.notification_ids?.[0] === undefined ? undefined : { id: fixtures.notification_ids[0] };
    case 'connection': {
      const entries = Object.entries(fixtures.connections ?? {});
      const [type, id] = (param.connectionType ? entries.find(([t]) => t === param.connectionType) : entries[0]) ?? [];
      return type === undefined || id === undefined ? undefined : { id, type };
    }
    default:
      return undefined;
  }
}

/** Kinds of thing a check can make in an account through the API, to name in paths. */
const MAKEABLE: readonly ResourceKind[] = ['hook', 'sshKey', 'job', 'schedule'];

/**
 * The caller's own id for `param`: a fixture, a hook, SSH key, job or schedule made for the check (and
 * removed after it), or for a member the key's own user. Undefined when none is possible.
 */
export async function ownValues(t: CheckContext, account: Account, param: IdParameter, made: Map<ResourceKind, number>): Promise<PathValues | undefined> {
  const fixed = fixtureValues(t.fixtures(account), param);
  if (fixed) return fixed;
  // The key's own user is a member on any deployment: named without adding one.
  if (param.kind === 'member') {
    const id = made.get('member') ?? (await keyUserId(t, account));
    if (id !== undefined) made.set('member', id);
    return id === undefined ? undefined : { id };
  }
  if (!MAKEABLE.includes(param.kind)) return undefined;
  const known = made.get(param.kind);
  if (known !== undefined) return { id: known };
  const id =
    param.kind === 'hook'
      ? (await makeHook(t, account, 'catalog-hook')).id
      : param.kind === 'sshKey'
        ? (await makeSshKey(t, account, 'catalog-key')).id
        : param.kind === 'schedule'
          ? (await makeSchedule(t, account, 'catalog-schedule'))?.id
          : (await makeJob(t, account))?.id;
  if (id === undefined) return undefined;
  made.set(param.kind, id);
  return { id };
}

/** Catalog entries by a predicate, in catalog order. */
export function endpointsWhere(predicate: (e: BEndpoint) => boolean): BEndpoint[] {
  return B_ENDPOINTS.filter(predicate);
}

/** A connection type for a path's `{type}` when the id is absent anyway: the account's first fixture type, else `mysql`. */
export function someConnectionType(fixtures: TargetFixtures, param: IdParameter | undefined): string {
  return param?.connectionType ?? Object.keys(fixtures.connections ?? {})[0] ?? 'mysql';
}
