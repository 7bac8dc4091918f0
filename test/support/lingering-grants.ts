import { forwardWhole, frontServer, sendText } from './front-server.ts';
import type { Front } from './run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * A grant cache on some routes of interface B (`routes`, matched against "METHOD path"), its
 * entries kept for `lingerMs`: a key replaced by POST /user/tokens still works there for that
 * long, where the target document allows a replaced key 1 s (interface_b.replaced_key_seconds).
 * The front sends such a request on with the key that replaced it; a regeneration it lets through
 * so (POST /user/tokens among `routes`) replaces the key it was sent on with, the live one.
 * B-AUTH-2's freedom tests (audits 28 and 29) build their deployments with it.
 */
export function lingeringGrants(lingerMs: number, routes: RegExp): { front: Front; retarget: (t: ResolvedTarget) => ResolvedTarget } {
  const replaced = new Map<string, { by: string; at: number }>();
  const front: Front = (upstream) =>
    frontServer(upstream, (req, _body, res, forward) => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const grant = replaced.get(String(req.headers.authorization ?? ''));
      if (routes.test(`${req.method} ${path}`) && grant !== undefined && Date.now() - grant.at < lingerMs) req.headers.authorization = grant.by;
      const sent = String(req.headers.authorization ?? '');
      forwardWhole(forward, req.url ?? '/', (reply) => {
        if (req.method === 'POST' && /\/user\/tokens$/.test(path) && reply.status < 300) {
          const key = (JSON.parse(reply.body) as { api_key?: unknown }).api_key;
          if (typeof key === 'string') replaced.set(sent, { by: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, at: Date.now() });
        }
        sendText(res, reply.status, reply.headers, reply.body);
      });
    });
  return { front, retarget: (t) => ({ ...t, interfaceB: { ...t.interfaceB, replacedKeyMs: 1_000 } }) };
}
