import type { Effect, Method, ResourceKind, StatePart } from './types.ts';

/**
 * The real service's calls at the API's root (`{base_url}`, outside every `/{account_id}/api`),
 * as docs/interface-b.md's "Outside the account path" gives them: extensions a target may not
 * serve, sent with `bRootClient`. They are kept apart from `B_ENDPOINTS`, whose paths are under
 * the account's (and which every cross-cutting family sends with the account client); the
 * families that walk this list (isolation: `b-iso/root-routes-own-only`; robustness:
 * `b-rob/non-integer-ids-near-live`) read what each entry says of itself, so a root route added
 * here is covered by them without further edits.
 */
export interface BRootEndpoint {
  /** `METHOD /path` as the docs' "Outside the account path" table writes it. */
  key: string;
  method: Method;
  /** The path under `{base_url}`, with an `{id}` placeholder where it names one. */
  path: string;
  effect: Effect;
  /**
   * What the `{id}` of the path names, and the root read that lists live ones (their `id`s): a
   * robustness walk sends ids that are not integers around a live one.
   */
  id?: { what: string; liveFrom: string };
  /** Ids the body names, of the caller's account's resources: an isolation walk sends another account's. */
  bodyIds?: readonly { field: string; kind: ResourceKind }[];
  /** What a success may change in the caller's account (read back in account 2 by `b-state.ts`'s readers). */
  touches?: readonly StatePart[];
  /**
   * A list of the caller's own accounts (`GET /accounts`): every item must be an account the
   * caller's key reads as its own, never another's; with the filters the docs give it.
   */
  ownAccounts?: { filters: readonly Readonly<Record<string, string>>[] };
}

export const B_ROOT_ENDPOINTS: readonly BRootEndpoint[] = [
  { key: 'GET /user', method: 'GET', path: '/user', effect: 'read' },
  { key: 'GET /user/notifications', method: 'GET', path: '/user/notifications', effect: 'read' },
  // Marks the caller's notifications read (harmless to repeat, as on the account path).
  { key: 'POST /user/notifications/mark', method: 'POST', path: '/user/notifications/mark', effect: 'write', bodyIds: [{ field: 'id', kind: 'notification' }], touches: ['notifications'] },
  // The docs' `role` filter (admin, member, all): the caller's role in each account listed.
  { key: 'GET /accounts', method: 'GET', path: '/accounts', effect: 'read', ownAccounts: { filters: [{}, { role: 'admin' }, { role: 'member' }, { role: 'all' }] } },
  { key: 'GET /product_updates', method: 'GET', path: '/product_updates', effect: 'read' },
  // A like cannot be taken back (the docs give no way): sent only with ids that must be refused.
  { key: 'POST /product_updates/{id}/like', method: 'POST', path: '/product_updates/{id}/like', effect: 'destructive', id: { what: 'product update', liveFrom: '/product_updates' } },
];
