import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { withoutHopByHop } from './gateway-parts.ts';

/**
 * A gateway that serves an upstream under a path prefix of its own (`https://gw.example.com/etl`),
 * as the spec lets each base URL have a host and a path: `{prefix}/...` is passed on to `upstream`
 * without the prefix, anything else is refused and recorded (`strays`: none, when every URL was
 * built from its base). No Link header is rewritten, as a plain prefix gateway (or nginx's
 * proxy_redirect) does not.
 */
export interface PrefixGateway {
  base: string;
  /** Requests that came in outside the prefix. */
  strays: string[];
  close(): Promise<void>;
}

export async function startPrefixGateway(upstream: string, prefix: string): Promise<PrefixGateway> {
  const strays: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(`${prefix}/`)) {
      strays.push(`${req.method} ${url}`);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found."}');
      return;
    }
    const forwarded = http.request(`${upstream}${url.slice(prefix.length)}`, { method: req.method, headers: withoutHopByHop(req.headers) }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      answer.pipe(res);
    });
    forwarded.on('error', () => res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"Bad gateway."}'));
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`;
  return {
    base,
    strays,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
