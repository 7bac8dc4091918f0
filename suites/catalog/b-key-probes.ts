import type { Exchange, InterfaceClient, ResolvedTarget } from '../lib/types.ts';
import { listPagingFor, onePageQuery } from '../lib/paging.ts';
import { userPutBody } from '../lib/factories/user.ts';
import { B_ENDPOINTS, bEndpoint } from './b-endpoints.ts';
import type { BEndpoint, BodyContext } from './types.ts';

/**
 * Requests that prove whether a key authenticates: each succeeds with a live key and is harmless
 * then, so a 4xx with the old key can only be the key's refusal. Every read of the spec's endpoint
 * table that names no id (a page of one, under the target's paging names), and the regeneration
 * itself (with a dead key it must not regenerate anything). Not a request a live key also gets a
 * 4xx for (marking a notification that does not exist is a not-found either way).
 */
export type KeyProbe = { label: string; send: (client: InterfaceClient) => Promise<Exchange> };
export function keyProbes(target: Pick<ResolvedTarget, 'interfaceB'>): KeyProbe[] {
  return [
    ...B_ENDPOINTS.filter((e) => e.source === 'spec' && e.method === 'GET' && !e.id).map((e): KeyProbe => ({ label: e.key, send: (c) => c.get(e.path, e.answer.paged ? { query: onePageQuery(listPagingFor(target, e.path)) } : {}) })),
    { label: 'POST /user/tokens', send: (c) => c.post('/user/tokens') },
  ];
}


/**
 * Writes that prove whether a replaced key still writes: an authorizer or gateway may cache a
 * key's grant for the write routes apart from the reads, so a key the reads refuse can go on
 * writing. Each is harmless if it is taken: `PUT /user` with the user's own fields (as the
 * regeneration answered them: `user`; not sent without them), `POST /hooks` of an inactive hook
 * (`remove`: the path that deletes what it made, an extension, sent with the live key). What each
 * could change is the catalog's `touches`.
 */
export interface KeyWriteProbe {
  endpoint: BEndpoint;
  send: (client: InterfaceClient) => Promise<Exchange>;
  remove?: (id: number) => string;
}
export function keyWriteProbes(c: BodyContext, user: Record<string, unknown> | undefined): KeyWriteProbe[] {
  const out: KeyWriteProbe[] = [];
  const putUser = bEndpoint('PUT /user');
  if (user) out.push({ endpoint: putUser, send: (client) => client.put(putUser.path, { body: userPutBody(user) }) });
  const postHook = bEndpoint('POST /hooks');
  out.push({ endpoint: postHook, send: (client) => client.post(postHook.path, { body: postHook.body?.(c) }), remove: (id) => `/hooks/${id}` });
  return out;
}
