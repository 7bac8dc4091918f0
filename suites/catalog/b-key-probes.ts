import type { Exchange, InterfaceClient, ResolvedTarget } from '../lib/types.ts';
import { pageQuery, pagingNames } from '../lib/paging.ts';
import { B_ENDPOINTS } from './b-endpoints.ts';

/**
 * Requests that prove whether a key authenticates: each succeeds with a live key and is harmless
 * then, so a 4xx with the old key can only be the key's refusal. Every read of the spec's endpoint
 * table that names no id (a page of one, under the target's paging names), and the regeneration
 * itself (with a dead key it must not regenerate anything). Not a request a live key also gets a
 * 4xx for (marking a notification that does not exist is a not-found either way).
 */
export type KeyProbe = { label: string; send: (client: InterfaceClient) => Promise<Exchange> };
export function keyProbes(target: Pick<ResolvedTarget, 'interfaceB'>): KeyProbe[] {
  const names = pagingNames(target);
  return [
    ...B_ENDPOINTS.filter((e) => e.source === 'spec' && e.method === 'GET' && !e.id).map((e): KeyProbe => ({ label: e.key, send: (c) => c.get(e.path, e.answer.paged ? { query: pageQuery(names, { size: 1 }) } : {}) })),
    { label: 'POST /user/tokens', send: (c) => c.post('/user/tokens') },
  ];
}

